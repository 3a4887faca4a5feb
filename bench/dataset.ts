// Builds a benchmark dataset into a fresh SQLite store through the real store code
// (writePlayerPool, then the league snapshot write for every league, many leagues per
// transaction so 10,000 leagues take well under a minute).
//   small: the bundled demo (17 leagues; the bench user sees all 17);
//   large: 10,000 leagues over 50,000 players per sport on five platforms (10,000 per pool);
//          the bench user sees 16 of them, spread over sports and seasons.
// Both add a probe set on one more platform: pools of exactly 5,000 players (the name-search
// figures) and leagues of their own; the `cold` user is a member of the leagues the cold-path
// figures request.
import { join } from 'node:path';
import type { Platform } from '../src/domain/catalog.ts';
import type { LeagueSnapshot, PlayerPoolSnapshot, PlayerRecord } from '../src/domain/records.ts';
import {
  DEFAULT_DEMO_SEED,
  generateDemoData,
  generateDemoDataset,
} from '../src/platforms/demo/index.ts';
import { SQLITE_FILE_NAME, openStore, writeTransaction } from '../src/storage/db.ts';
import type { Store } from '../src/storage/db.ts';
import { checkLeagueSnapshot } from '../src/storage/repositories/snapshot-checks.ts';
import { applyLeagueSnapshot, writePlayerPool } from '../src/storage/repositories/snapshots.ts';
import { issueToken } from '../src/storage/repositories/tokens.ts';
import { createUser } from '../src/storage/repositories/users.ts';

export type Size = 'small' | 'large';

export const PROBE_POOL_SIZE = 5000;
const PROBE_LEAGUES = 120;
const LARGE_LEAGUES = 10_000;
const LARGE_PLAYERS_PER_SPORT = 50_000;
const LARGE_PLATFORMS: readonly Platform[] = ['sleeper', 'espn', 'yahoo', 'mfl', 'fleaflicker'];
const HOT_LEAGUES_LARGE = 16;
const COLD_LEAGUES_LARGE = 300;
const LEAGUES_PER_TRANSACTION = 100;

export interface BuiltDataset {
  size: Size;
  dataDir: string;
  file: string;
  /** The bench user's token (every product) and league ids. */
  token: string;
  hotLeagueIds: number[];
  /** The cold user's token and the leagues the cold-path figures request after a re-sync. */
  coldToken: string;
  coldLeagues: Array<{ leagueId: number; snapshot: LeagueSnapshot }>;
  /** Leagues on the 5,000-player probe pools, visible to the cold user. */
  probeLeagueIds: number[];
  probePools: PlayerPoolSnapshot[];
  /** The hot league and one of its rostered players, for the by-id and by-name paths. */
  hotLeague: LeagueSnapshot;
  hotPlayer: PlayerRecord;
  counts: { leagues: number; players: number; pools: number; buildSeconds: number };
}

interface Member {
  userId: number;
  accountId: null;
}

export async function buildDataset(size: Size, dataDir: string): Promise<BuiltDataset> {
  const started = performance.now();
  const store = await openStore({ dataDir });
  try {
    const bench = await createUser(store.db, 'bench');
    const cold = await createUser(store.db, 'cold');
    const main =
      size === 'small'
        ? generateDemoData(DEFAULT_DEMO_SEED)
        : generateDemoDataset({
            seed: 11,
            leagues: LARGE_LEAGUES,
            playersPerSport: LARGE_PLAYERS_PER_SPORT,
            platforms: LARGE_PLATFORMS,
          });
    const probe = generateDemoDataset({
      seed: 23,
      leagues: PROBE_LEAGUES,
      playersPerSport: PROBE_POOL_SIZE,
      platforms: [size === 'small' ? 'sleeper' : 'demo'],
    });
    for (const pool of [...main.pools, ...probe.pools]) await writePlayerPool(store, pool);

    const hotIndexes = new Set(
      size === 'small'
        ? main.leagues.map((_, i) => i)
        : spread(main.leagues.length, HOT_LEAGUES_LARGE, 7),
    );
    const coldIndexes = new Set(
      size === 'small' ? [] : spread(main.leagues.length, COLD_LEAGUES_LARGE, 3),
    );
    const mainIds = await writeLeagues(store, main.leagues, (i) => [
      ...(hotIndexes.has(i) ? [{ userId: bench.id, accountId: null } as const] : []),
      ...(coldIndexes.has(i) ? [{ userId: cold.id, accountId: null } as const] : []),
    ]);
    const probeIds = await writeLeagues(store, probe.leagues, () => [
      { userId: cold.id, accountId: null },
    ]);

    const hotLeagueIds = [...hotIndexes].map((i) => mainIds[i] as number);
    // The hot league: the first football league the bench user sees with the most teams.
    const hotIndex = [...hotIndexes]
      .filter((i) => main.leagues[i]?.sport === 'football')
      .sort((a, b) => (main.leagues[b]?.numTeams ?? 0) - (main.leagues[a]?.numTeams ?? 0))[0];
    const coldSource = size === 'small' ? probe.leagues : main.leagues;
    const coldIds = size === 'small' ? probeIds : mainIds;
    const coldList = size === 'small' ? probe.leagues.map((_, i) => i) : [...coldIndexes];
    const players = [...main.pools, ...probe.pools].reduce((n, p) => n + p.players.length, 0);
    const hotLeague = main.leagues[hotIndex as number] as LeagueSnapshot;
    const hotPool = main.pools.find(
      (p) => p.platform === hotLeague.platform && p.sport === hotLeague.sport,
    );
    const rostered = new Set(hotLeague.rosterEntries.map((e) => e.playerId));
    const hotPlayer = [...hotLeague.players, ...(hotPool?.players ?? [])].find(
      (p) => rostered.has(p.playerId) && p.fullName.includes(' '),
    );
    if (hotPlayer === undefined) throw new Error('the hot league rosters nobody');
    return {
      size,
      dataDir,
      file: join(dataDir, SQLITE_FILE_NAME),
      token: await issueTestToken(store, bench.id),
      hotLeagueIds: [
        mainIds[hotIndex as number] as number,
        ...hotLeagueIds.filter((id) => id !== mainIds[hotIndex as number]),
      ],
      coldToken: await issueTestToken(store, cold.id),
      coldLeagues: coldList.map((i) => ({
        leagueId: coldIds[i] as number,
        snapshot: coldSource[i] as LeagueSnapshot,
      })),
      probeLeagueIds: probeIds,
      probePools: probe.pools,
      hotLeague,
      hotPlayer,
      counts: {
        leagues: main.leagues.length + probe.leagues.length,
        players,
        pools: main.pools.length + probe.pools.length,
        buildSeconds: (performance.now() - started) / 1000,
      },
    };
  } finally {
    await store.close();
  }
}

/** `count` indexes spread evenly over 0..length-1, starting at `offset`. */
function spread(length: number, count: number, offset: number): number[] {
  const step = Math.floor(length / count);
  return Array.from({ length: count }, (_, i) => (offset + i * step) % length);
}

/** Writes leagues in batches, each batch one transaction of the store's own snapshot writes. */
async function writeLeagues(
  store: Store,
  leagues: readonly LeagueSnapshot[],
  members: (index: number) => Member[],
): Promise<number[]> {
  const ids: number[] = [];
  for (let start = 0; start < leagues.length; start += LEAGUES_PER_TRANSACTION) {
    const batch = leagues.slice(start, start + LEAGUES_PER_TRANSACTION);
    await writeTransaction(store, async (tx) => {
      for (const [offset, snapshot] of batch.entries()) {
        checkLeagueSnapshot(snapshot);
        const [first, ...others] = members(start + offset);
        const { leagueId } = await applyLeagueSnapshot(tx, snapshot, first);
        for (const member of others) await applyLeagueSnapshot(tx, snapshot, member);
        ids.push(leagueId);
      }
    });
  }
  return ids;
}

async function issueTestToken(store: Store, userId: number): Promise<string> {
  const { token } = await issueToken(store.db, {
    userId,
    products: ['league', 'player', 'roster'],
  });
  return token;
}

/** The same league with another name: a re-sync that changed it (the pool stays as it was). */
export function resynced(snapshot: LeagueSnapshot, round: number): LeagueSnapshot {
  return { ...snapshot, name: `${snapshot.name} (re-sync ${round})` };
}

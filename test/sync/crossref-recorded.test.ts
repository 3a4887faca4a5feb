// Cross-platform ids from the dumps: MFL's recorded 2020 player list (../shared/fixtures/mfl) and
// the project's Sleeper dump, each fetched by its connector from a fake on 127.0.0.1 and written
// as a pool. What the store then ties together is checked against the DynastyProcess crosswalk
// in ../shared/fixtures/crossref (a reference to check against, never shipped nor read by src/).
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { isIdPlatform } from '../../src/domain/crossref.ts';
import type { PlayerPoolSnapshot } from '../../src/domain/records.ts';
import { createMflConnector } from '../../src/platforms/mfl/index.ts';
import { createSleeperConnector } from '../../src/platforms/sleeper/index.ts';
import { findSamePlayer } from '../../src/storage/repositories/crossref.ts';
import { writePlayerPool } from '../../src/storage/repositories/snapshots.ts';
import { poolOf } from '../helpers/connectors.ts';
import { MFL_FIXTURES_SKIP, startFakeMfl } from '../helpers/fake-mfl.ts';
import { SLEEPER_OWN_FIXTURES_DIR, startFakeSleeper } from '../helpers/fake-platform.ts';
import { describeEachBackend } from '../storage/backends.ts';

const CROSSWALK = fileURLToPath(
  new URL(
    '../../../shared/fixtures/crossref/dynastyprocess-db_playerids-2021-06.csv',
    import.meta.url,
  ),
);
const SKIP = MFL_FIXTURES_SKIP || (existsSync(CROSSWALK) ? false : 'no crosswalk in ../shared');

/** The crosswalk's rows by mfl_id (its values hold no commas or quotes but names, not read). */
function crosswalkByMflId(): Map<string, Record<string, string>> {
  const [header, ...lines] = readFileSync(CROSSWALK, 'utf8').trim().split('\n');
  const columns = (header as string).split(',');
  const rows = new Map<string, Record<string, string>>();
  for (const line of lines) {
    const cells = line.split(',');
    const row = Object.fromEntries(columns.map((column, i) => [column, cells[i] ?? '']));
    if (row.mfl_id && row.mfl_id !== 'NA') rows.set(row.mfl_id, row);
  }
  return rows;
}

async function dumps(): Promise<PlayerPoolSnapshot[]> {
  const mfl = await startFakeMfl();
  const sleeper = await startFakeSleeper({ fixturesDir: SLEEPER_OWN_FIXTURES_DIR });
  try {
    const account = { platform: 'mfl' as const, externalUserId: 'public-leagues' };
    const fromMfl = await createMflConnector({ baseUrl: mfl.baseUrl }).fetchPlayerPool(
      poolOf('mfl', 'football', 2020),
      account,
    );
    const fromSleeper = await createSleeperConnector({ baseUrl: sleeper.baseUrl }).fetchPlayerPool(
      poolOf('sleeper', 'football'),
      { ...account, platform: 'sleeper' },
    );
    assert.ok(fromMfl && fromSleeper);
    return [fromMfl, fromSleeper];
  } finally {
    await mfl.close();
    await sleeper.close();
  }
}

describeEachBackend('cross-platform ids of the recorded dumps', ({ store, dialect }) => {
  it(
    'Sleeper 4046, ESPN 3139477 and MFL 13116 are one player; MFL ties agree with the crosswalk',
    { skip: SKIP },
    async (t) => {
      for (const pool of await dumps()) await writePlayerPool(store(), pool);
      const db = store().db;
      const same = (platform: 'mfl' | 'sleeper' | 'espn', playerId: string) =>
        findSamePlayer(db, { platform, sport: 'football', playerId });
      assert.deepEqual(await same('sleeper', '4046'), [
        { platform: 'espn', playerId: '3139477' },
        { platform: 'mfl', playerId: '13116' },
        { platform: 'yahoo', playerId: '30123' },
      ]);
      assert.deepEqual(await same('mfl', '13116'), [
        { platform: 'espn', playerId: '3139477' },
        { platform: 'sleeper', playerId: '4046' },
        { platform: 'yahoo', playerId: '30123' },
      ]);
      assert.deepEqual(await same('espn', '3139477'), [
        { platform: 'mfl', playerId: '13116' },
        { platform: 'sleeper', playerId: '4046' },
        { platform: 'yahoo', playerId: '30123' },
      ]);

      // The whole list once (on SQLite; PostgreSQL runs the same queries above).
      if (dialect !== 'sqlite') return;
      // Every player of each dump, checked against the crosswalk's row for his MFL id.
      const crosswalk = crosswalkByMflId();
      // Only MFL players with an id that can tie (a platform's id, or one another dump also
      // gives) are asked about; findSamePlayer then follows the ties.
      const ids = await db.selectFrom('player_external_ids').selectAll().execute();
      const elsewhere = new Set(
        ids.filter((r) => r.platform !== 'mfl').map((r) => `${r.id_type}:${r.external_id}`),
      );
      const candidates = new Set(
        ids
          .filter(
            (r) =>
              r.platform === 'mfl' &&
              (isIdPlatform(r.id_type) || elsewhere.has(`${r.id_type}:${r.external_id}`)),
          )
          .map((r) => r.player_id),
      );
      const column = {
        espn: 'espn_id',
        fleaflicker: 'fleaflicker_id',
        sleeper: 'sleeper_id',
        yahoo: 'yahoo_id',
      } as const;
      const tied = { players: 0, espn: 0, fleaflicker: 0, sleeper: 0, yahoo: 0, checked: 0 };
      for (const mflId of candidates) {
        const others = await same('mfl', mflId);
        if (others.length === 0) continue;
        tied.players++;
        const row = crosswalk.get(mflId);
        for (const other of others) {
          if (other.platform === 'mfl') continue;
          tied[other.platform]++;
          const expected = row?.[column[other.platform]];
          if (expected === undefined || expected === 'NA') continue;
          tied.checked++;
          assert.equal(other.playerId, expected, `MFL ${mflId} on ${other.platform}`);
        }
      }
      t.diagnostic(`MFL players tied to another platform: ${JSON.stringify(tied)}`);
      // MFL's own list names ESPN for 851 players and Fleaflicker for 160 (879 players, 132
      // both); Sleeper's dump adds Mahomes and Jefferson, met through their Sportradar ids.
      assert.deepEqual(tied, {
        players: 881,
        espn: 853,
        fleaflicker: 160,
        sleeper: 2,
        yahoo: 2,
        checked: 1017,
      });
    },
  );
});

// Cross-platform ids from the dumps: MFL's recorded 2020 player list (../shared/fixtures/mfl),
// the project's Sleeper dump and Fleaflicker's recorded player listing (two pages, with Sportradar
// ids), each fetched by its connector from a fake on 127.0.0.1 and written as a pool. What the store then ties together is checked against the DynastyProcess crosswalk
// in ../shared/fixtures/crossref (a reference to check against, never shipped nor read by src/).
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { isIdPlatform } from '../../src/domain/crossref.ts';
import type { IdPlatform } from '../../src/domain/crossref.ts';
import type { PlayerPoolSnapshot } from '../../src/domain/records.ts';
import { createFleaflickerConnector } from '../../src/platforms/fleaflicker/index.ts';
import { createMflConnector } from '../../src/platforms/mfl/index.ts';
import { createSleeperConnector } from '../../src/platforms/sleeper/index.ts';
import { findSamePlayer } from '../../src/storage/repositories/crossref.ts';
import type { PlatformPlayerId } from '../../src/storage/repositories/crossref.ts';
import type { Tx } from '../../src/storage/db.ts';
import { writePlayerPool } from '../../src/storage/repositories/snapshots.ts';
import { poolOf } from '../helpers/connectors.ts';
import {
  FLEAFLICKER_FIXTURES_SKIP,
  RECORDED_FLEAFLICKER_EMAIL,
  startFakeFleaflicker,
} from '../helpers/fake-fleaflicker.ts';
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

/** The crosswalk's rows by one id column (its values hold no commas or quotes but names, not read). */
function crosswalkBy(key: 'mfl_id' | 'fleaflicker_id'): Map<string, Record<string, string>> {
  const [header, ...lines] = readFileSync(CROSSWALK, 'utf8').trim().split('\n');
  const columns = (header as string).split(',');
  const rows = new Map<string, Record<string, string>>();
  for (const line of lines) {
    const cells = line.split(',');
    const row = Object.fromEntries(columns.map((column, i) => [column, cells[i] ?? '']));
    const id = row[key];
    if (id && id !== 'NA') rows.set(id, row);
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

/** The crosswalk's column for each platform's ids (it has none for Fantrax's). */
const CROSSWALK_COLUMN: Readonly<Partial<Record<IdPlatform, string>>> = {
  espn: 'espn_id',
  fleaflicker: 'fleaflicker_id',
  mfl: 'mfl_id',
  sleeper: 'sleeper_id',
  yahoo: 'yahoo_id',
};

/**
 * How many of `ids` (football players of `platform`) findSamePlayer ties to players elsewhere,
 * and to how many on each platform; each tie is checked against the crosswalk's row for the
 * player where the row has the other platform's id (`checked` counts those), and by `check`.
 */
async function tallyTies(
  db: Tx,
  platform: IdPlatform,
  ids: Iterable<string>,
  crosswalk: ReadonlyMap<string, Record<string, string>>,
  check?: (playerId: string, other: PlatformPlayerId) => void,
): Promise<Record<string, number>> {
  const tied: Record<string, number> & { players: number; checked: number } = {
    players: 0,
    checked: 0,
  };
  for (const playerId of ids) {
    const found = await findSamePlayer(db, { platform, sport: 'football', playerId });
    const others = found.filter((other) => other.platform !== platform);
    if (others.length === 0) continue;
    tied.players++;
    const row = crosswalk.get(playerId);
    for (const other of others) {
      tied[other.platform] = (tied[other.platform] ?? 0) + 1;
      check?.(playerId, other);
      const column = CROSSWALK_COLUMN[other.platform];
      const expected = column === undefined ? undefined : row?.[column];
      if (expected === undefined || expected === 'NA') continue;
      tied.checked++;
      assert.equal(other.playerId, expected, `${platform} ${playerId} on ${other.platform}`);
    }
  }
  return tied;
}

/** Fleaflicker's football pool: the recorded listing (two pages) of league 312861. */
async function fleaflickerDump(): Promise<PlayerPoolSnapshot> {
  const fake = await startFakeFleaflicker({ onlyRecordedLeagues: true });
  try {
    const connector = createFleaflickerConnector({ baseUrl: fake.baseUrl });
    const account = {
      platform: 'fleaflicker' as const,
      externalUserId: RECORDED_FLEAFLICKER_EMAIL,
    };
    // The league list names the league the listing is read through.
    await connector.listLeagues(account, { sports: ['football'], seasons: [2020] });
    const pool = await connector.fetchPlayerPool(poolOf('fleaflicker', 'football'), account);
    assert.ok(pool);
    return pool;
  } finally {
    await fake.close();
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
      const crosswalk = crosswalkBy('mfl_id');
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
      const tied = await tallyTies(db, 'mfl', candidates, crosswalk);
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

  it(
    "Fleaflicker's listing ties its players to MFL, ESPN and Sleeper through Sportradar ids",
    { skip: SKIP || FLEAFLICKER_FIXTURES_SKIP },
    async (t) => {
      for (const pool of [...(await dumps()), await fleaflickerDump()]) {
        await writePlayerPool(store(), pool);
      }
      const db = store().db;
      // Patrick Mahomes: Fleaflicker 12894 gives the Sportradar id MFL and Sleeper give, so each
      // of his records leads to all the others.
      const mahomes: readonly PlatformPlayerId[] = [
        { platform: 'espn', playerId: '3139477' },
        { platform: 'fleaflicker', playerId: '12894' },
        { platform: 'mfl', playerId: '13116' },
        { platform: 'sleeper', playerId: '4046' },
        { platform: 'yahoo', playerId: '30123' },
      ];
      for (const { platform, playerId } of mahomes) {
        assert.deepEqual(
          await findSamePlayer(db, { platform, sport: 'football', playerId }),
          mahomes.filter((other) => other.platform !== platform),
        );
      }

      if (dialect !== 'sqlite') return;
      // Every listed player: the MFL player he is tied to bears his name, and his ties agree with
      // the crosswalk's row for his Fleaflicker id where it has one.
      const crosswalk = crosswalkBy('fleaflicker_id');
      const names = new Map<string, string>();
      for (const p of await db.selectFrom('players').selectAll().execute()) {
        if (p.platform === 'fleaflicker' || p.platform === 'mfl') {
          names.set(`${p.platform}:${p.player_id}`, p.full_name);
        }
      }
      const listed = [...names.keys()].flatMap((key) =>
        key.startsWith('fleaflicker:') ? [key.slice('fleaflicker:'.length)] : [],
      );
      const tied = await tallyTies(db, 'fleaflicker', listed, crosswalk, (fleaId, other) => {
        if (other.platform !== 'mfl') return;
        const name = names.get(`fleaflicker:${fleaId}`);
        assert.equal(names.get(`mfl:${other.playerId}`), name, `MFL ${other.playerId}`);
      });
      t.diagnostic(`Fleaflicker players tied to another platform: ${JSON.stringify(tied)}`);
      // Before the Sportradar ids, only MFL's own fleaflicker_id tied 5 of these 60 players.
      assert.equal(listed.length, 60);
      assert.deepEqual(tied, { players: 60, espn: 35, mfl: 60, sleeper: 2, yahoo: 2, checked: 18 });
    },
  );
});

// The snapshot cache's reads of pools: in pages (keyset on player_id) with a check that no write
// fell between them, and the pools the warm-up at start loads (most used first).
import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { PlayerRecord } from '../../src/domain/records.ts';
import {
  countPoolPlayers,
  listPoolNames,
  listPoolNamesPaged,
  listUsedPools,
} from '../../src/storage/repositories/snapshot-reads.ts';
import type { PoolName } from '../../src/storage/repositories/snapshot-reads.ts';
import { writeLeagueSnapshot, writePlayerPool } from '../../src/storage/repositories/snapshots.ts';
import { createUser } from '../../src/storage/repositories/users.ts';
import { buildLeagueSnapshot, buildPlayer } from '../helpers/records.ts';
import { describeEachBackend } from './backends.ts';

const POOL = { platform: 'sleeper', sport: 'football', season: 0 } as const;

/** Ids of every shape a platform uses: numbers of any length and sign, team codes, mixed case. */
function players(count: number, name: (i: number) => string): PlayerRecord[] {
  const shapes = [
    (i: number) => String(i),
    (i: number) => `-${i}`,
    (i: number) => `T${i}`,
    (i: number) => `t${i}x`,
    (i: number) => `0${i}`,
  ];
  return Array.from({ length: count }, (_, i) =>
    buildPlayer({
      playerId: (shapes[i % shapes.length] as (i: number) => string)(i),
      fullName: name(i),
      active: i % 3 !== 0,
    }),
  );
}

const byId = (names: readonly PoolName[]): PoolName[] =>
  [...names].sort((a, b) => (a.playerId < b.playerId ? -1 : a.playerId > b.playerId ? 1 : 0));

describeEachBackend('listPoolNamesPaged', ({ store }) => {
  it('reads what one query reads, a page at a time', async () => {
    await writePlayerPool(store(), { ...POOL, players: players(2500, (i) => `Player ${i}`) });
    let pauses = 0;
    const paged = await listPoolNamesPaged(store().db, POOL, {
      pageRows: 1000,
      between: async () => {
        pauses += 1;
      },
    });
    const whole = await listPoolNames(store().db, POOL);
    assert.equal(paged.length, 2500);
    assert.deepEqual(byId(paged), byId(whole));
    assert.equal(new Set(paged.map((p) => p.playerId)).size, 2500, 'no row read twice');
    assert.equal(pauses, 2, 'a pause after each full page');
  });

  it('reads an empty or unknown pool without pausing', async () => {
    let pauses = 0;
    const between = async (): Promise<void> => {
      pauses += 1;
    };
    assert.deepEqual(await listPoolNamesPaged(store().db, POOL, { pageRows: 10, between }), []);
    assert.equal(pauses, 0);
  });

  it('never returns a mix of two states when a write falls between pages', async () => {
    await writePlayerPool(store(), { ...POOL, players: players(30, (i) => `Old ${i}`) });
    let written = false;
    const read = await listPoolNamesPaged(store().db, POOL, {
      pageRows: 10,
      between: async () => {
        if (written) return;
        written = true;
        // A sync renaming every player commits after the first page was read.
        await writePlayerPool(store(), { ...POOL, players: players(30, (i) => `New ${i}`) });
      },
    });
    assert.ok(written);
    assert.equal(read.length, 30);
    assert.deepEqual(
      read.filter((p) => !p.fullName.startsWith('New')).map((p) => p.fullName),
      [],
      'every row from after the write',
    );
  });
});

describeEachBackend('the pools the warm-up loads', ({ store }) => {
  it('lists the pools of served leagues with members, the most used first', async () => {
    const ann = await createUser(store().db, 'ann');
    const bob = await createUser(store().db, 'bob');
    const member = (userId: number) => ({ userId, accountId: null });
    const league = (key: string, extra: Parameters<typeof buildLeagueSnapshot>[0] = {}) =>
      buildLeagueSnapshot({ platformLeagueKey: key, ...extra });
    // sleeper keeps one pool for every season: 2020 and 2021 leagues share it.
    await writeLeagueSnapshot(store(), league('s1'), member(ann.id));
    await writeLeagueSnapshot(store(), league('s1'), member(bob.id));
    await writeLeagueSnapshot(store(), league('s2', { season: 2020 }), member(ann.id));
    await writeLeagueSnapshot(store(), league('s3', { season: 2019 }), member(ann.id));
    // ESPN's pools are per season.
    const espn = { platform: 'espn', leagueUrl: undefined } as const;
    await writeLeagueSnapshot(store(), league('e1', espn), member(bob.id));
    await writeLeagueSnapshot(store(), league('e2', espn), member(bob.id));
    await writeLeagueSnapshot(store(), league('e3', { ...espn, season: 2020 }), member(bob.id));
    // Without members a league serves nobody; of an unserved season it is never shown.
    await writeLeagueSnapshot(store(), league('s4'));
    await writeLeagueSnapshot(store(), league('s5', { season: 2016 }), member(ann.id));

    const ids = new Map<string, number>();
    for (const key of ['s1', 's2', 's3', 'e2', 'e3']) {
      const found = await store()
        .db.selectFrom('leagues')
        .select('id')
        .where('platform_league_key', '=', key)
        .executeTakeFirstOrThrow();
      ids.set(key, found.id);
    }
    // The member is one of the pool's most recently written league (its lowest user).
    assert.deepEqual(await listUsedPools(store().db, [2019, 2020, 2021]), [
      {
        pool: { platform: 'sleeper', sport: 'football', season: 0 },
        leagues: 3,
        member: { userId: ann.id, leagueId: ids.get('s3') },
      },
      {
        pool: { platform: 'espn', sport: 'football', season: 2021 },
        leagues: 2,
        member: { userId: bob.id, leagueId: ids.get('e2') },
      },
      {
        pool: { platform: 'espn', sport: 'football', season: 2020 },
        leagues: 1,
        member: { userId: bob.id, leagueId: ids.get('e3') },
      },
    ]);
    assert.deepEqual(await listUsedPools(store().db, [2020]), [
      {
        pool: { platform: 'espn', sport: 'football', season: 2020 },
        leagues: 1,
        member: { userId: bob.id, leagueId: ids.get('e3') },
      },
      {
        pool: { platform: 'sleeper', sport: 'football', season: 0 },
        leagues: 1,
        member: { userId: ann.id, leagueId: ids.get('s2') },
      },
    ]);
    assert.deepEqual(await listUsedPools(store().db, []), []);
    // Counted over the newest memberships only: its reading does not grow with the store.
    assert.deepEqual(
      (await listUsedPools(store().db, [2019, 2020, 2021], 3)).map((use) => [
        use.pool.platform,
        use.pool.season,
        use.leagues,
      ]),
      [
        ['espn', 2021, 2],
        ['espn', 2020, 1],
      ],
    );
    // s1 is written again for bob: both its members are counted once, and ann (the lower id) is named.
    await writeLeagueSnapshot(store(), league('s1', { name: 'Renamed' }), member(bob.id));
    const [first] = await listUsedPools(store().db, [2021], 2);
    assert.deepEqual(first?.member, { userId: ann.id, leagueId: ids.get('s1') });
    assert.equal(first?.leagues, 1);

    assert.equal(await countPoolPlayers(store().db, POOL), 3);
    assert.equal(await countPoolPlayers(store().db, { ...POOL, sport: 'baseball' }), 0);
  });
});

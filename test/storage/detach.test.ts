import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { Platform, Sport } from '../../src/domain/catalog.ts';
import { findLeaguesForUser } from '../../src/storage/repositories/leagues.ts';
import { detachLeagues, writeLeagueSnapshot } from '../../src/storage/repositories/snapshots.ts';
import { createUser } from '../../src/storage/repositories/users.ts';
import type { TestStore } from '../helpers/store.ts';
import { buildLeagueSnapshot } from '../helpers/records.ts';
import { describeEachBackend } from './backends.ts';
import { readStoreState } from './state.ts';

async function join(
  store: TestStore,
  userId: number,
  platform: Platform,
  sport: Sport,
  season: number,
): Promise<number> {
  // The id is per (platform, key, season): one key per sport keeps the sports' leagues apart.
  const platformLeagueKey = `${sport}-league`;
  const snapshot = buildLeagueSnapshot({ platform, platformLeagueKey, sport, season, players: [] });
  return (await writeLeagueSnapshot(store, snapshot, { userId, accountId: null })).leagueId;
}

describeEachBackend('detachLeagues', ({ store }) => {
  async function setUp() {
    const alice = await createUser(store().db, 'alice');
    const bob = await createUser(store().db, 'bob');
    const ids = {
      f21: await join(store(), alice.id, 'sleeper', 'football', 2021),
      f20: await join(store(), alice.id, 'sleeper', 'football', 2020),
      b21: await join(store(), alice.id, 'sleeper', 'baseball', 2021),
      espn: await join(store(), alice.id, 'espn', 'football', 2021),
    };
    await join(store(), bob.id, 'sleeper', 'football', 2021);
    return { alice, bob, ids };
  }

  async function leagueIds(userId: number): Promise<number[]> {
    const leagues = await findLeaguesForUser(store().db, userId, { sports: [], seasons: [] });
    return leagues.map((l) => l.leagueId).sort((a, b) => a - b);
  }

  it("removes the user's memberships in scope except those kept; leagues stay", async () => {
    const { alice, bob, ids } = await setUp();
    const seqBefore = (await readStoreState(store())).dataSeq;
    const removed = await detachLeagues(store(), {
      userId: alice.id,
      platform: 'sleeper',
      sports: ['football'],
      seasons: [],
      keepLeagueIds: [ids.f21],
    });
    assert.equal(removed, 1);
    assert.deepEqual(
      await leagueIds(alice.id),
      [ids.f21, ids.b21, ids.espn].sort((a, b) => a - b),
    );
    assert.deepEqual(await leagueIds(bob.id), [ids.f21], "another user's membership stays");
    const state = await readStoreState(store());
    assert.equal(state.leagues.length, 4, 'leagues are never deleted here');
    assert.equal(state.dataSeq, seqBefore + 1);
    assert.equal(state.users.find((u) => u.id === alice.id)?.data_seq, state.dataSeq);
  });

  it('treats empty sports and seasons as all, within the platform only', async () => {
    const { alice, ids } = await setUp();
    const removed = await detachLeagues(store(), {
      userId: alice.id,
      platform: 'sleeper',
      sports: [],
      seasons: [],
      keepLeagueIds: [],
    });
    assert.equal(removed, 3);
    assert.deepEqual(await leagueIds(alice.id), [ids.espn]);
  });

  it('limits to the seasons given', async () => {
    const { alice, ids } = await setUp();
    const removed = await detachLeagues(store(), {
      userId: alice.id,
      platform: 'sleeper',
      sports: [],
      seasons: [2021],
      keepLeagueIds: [],
    });
    assert.equal(removed, 2);
    assert.deepEqual(
      await leagueIds(alice.id),
      [ids.f20, ids.espn].sort((a, b) => a - b),
    );
  });

  it('changes nothing, not even data_seq, when nothing is to be removed', async () => {
    const { alice, ids } = await setUp();
    const before = await readStoreState(store());
    const removed = await detachLeagues(store(), {
      userId: alice.id,
      platform: 'sleeper',
      sports: [],
      seasons: [],
      keepLeagueIds: [ids.f21, ids.f20, ids.b21],
    });
    assert.equal(removed, 0);
    assert.deepEqual(await readStoreState(store()), before);
  });

  it('lets a later sync attach the league again', async () => {
    const { alice, ids } = await setUp();
    await detachLeagues(store(), {
      userId: alice.id,
      platform: 'espn',
      sports: [],
      seasons: [],
      keepLeagueIds: [],
    });
    assert.equal(await join(store(), alice.id, 'espn', 'football', 2021), ids.espn);
    assert.ok((await leagueIds(alice.id)).includes(ids.espn));
  });
});

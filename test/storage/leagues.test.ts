import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { Sport } from '../../src/domain/catalog.ts';
import { findLeagueForUser, findLeaguesForUser } from '../../src/storage/repositories/leagues.ts';
import { writeLeagueSnapshot } from '../../src/storage/repositories/snapshots.ts';
import { createUser } from '../../src/storage/repositories/users.ts';
import type { TestStore } from '../helpers/store.ts';
import { buildLeagueSnapshot } from '../helpers/records.ts';
import { describeEachBackend } from './backends.ts';

const ALL = { sports: [], seasons: [] };

async function addLeague(
  store: TestStore,
  userId: number,
  key: string,
  fields: { season: number; sport: Sport; name: string },
): Promise<number> {
  const snapshot = buildLeagueSnapshot({ platformLeagueKey: key, ...fields, players: [] });
  const { leagueId } = await writeLeagueSnapshot(store, snapshot, { userId, accountId: null });
  return leagueId;
}

describeEachBackend('leagues repository', ({ store }) => {
  it('maps every League field and omits the absent optional ones', async () => {
    const user = await createUser(store().db, 'alice');
    const full = buildLeagueSnapshot({ leagueAvatar: 'https://example.test/a.png' });
    const bare = buildLeagueSnapshot({
      platformLeagueKey: 'bare',
      name: 'Bare',
      numTeams: undefined,
      leagueUrl: undefined,
      leagueAvatar: undefined,
    });
    const member = { userId: user.id, accountId: null };
    const fullId = (await writeLeagueSnapshot(store(), full, member)).leagueId;
    const bareId = (await writeLeagueSnapshot(store(), bare, member)).leagueId;
    assert.deepEqual(await findLeagueForUser(store().db, user.id, fullId), {
      leagueId: fullId,
      platform: 'sleeper',
      name: 'Dynasty Friends',
      sport: 'football',
      season: 2021,
      numTeams: 2,
      leagueUrl: 'https://sleeper.com/leagues/784462448236363776',
      leagueAvatar: 'https://example.test/a.png',
    });
    const found = await findLeagueForUser(store().db, user.id, bareId);
    assert.deepEqual(found, {
      leagueId: bareId,
      platform: 'sleeper',
      name: 'Bare',
      sport: 'football',
      season: 2021,
    });
    assert.deepEqual(Object.keys(found ?? {}).sort(), [
      'leagueId',
      'name',
      'platform',
      'season',
      'sport',
    ]);
  });

  it('orders by season descending, then sport, name and league id', async () => {
    const user = await createUser(store().db, 'alice');
    const ids = {
      f20: await addLeague(store(), user.id, 'k1', { season: 2020, sport: 'football', name: 'A' }),
      b21z: await addLeague(store(), user.id, 'k2', {
        season: 2021,
        sport: 'baseball',
        name: 'Zed',
      }),
      f21: await addLeague(store(), user.id, 'k3', { season: 2021, sport: 'football', name: 'A' }),
      b21a2: await addLeague(store(), user.id, 'k4', {
        season: 2021,
        sport: 'baseball',
        name: 'Alpha',
      }),
      b21a1: await addLeague(store(), user.id, 'k5', {
        season: 2021,
        sport: 'baseball',
        name: 'Alpha',
      }),
      b21lower: await addLeague(store(), user.id, 'k6', {
        season: 2021,
        sport: 'baseball',
        name: 'alpha',
      }),
      k19: await addLeague(store(), user.id, 'k7', {
        season: 2019,
        sport: 'basketball',
        name: 'Hoops',
      }),
    };
    const leagues = await findLeaguesForUser(store().db, user.id, ALL);
    // Equal names fall back to the lower league id; names compare by code unit ('Z' < 'a').
    assert.deepEqual(
      leagues.map((l) => l.leagueId),
      [ids.b21a2, ids.b21a1, ids.b21z, ids.b21lower, ids.f21, ids.f20, ids.k19],
    );
  });

  it('filters by sports and seasons; empty lists mean all', async () => {
    const user = await createUser(store().db, 'alice');
    const f20 = await addLeague(store(), user.id, 'a', {
      season: 2020,
      sport: 'football',
      name: 'A',
    });
    const f21 = await addLeague(store(), user.id, 'b', {
      season: 2021,
      sport: 'football',
      name: 'B',
    });
    const b21 = await addLeague(store(), user.id, 'c', {
      season: 2021,
      sport: 'baseball',
      name: 'C',
    });
    const k19 = await addLeague(store(), user.id, 'd', {
      season: 2019,
      sport: 'basketball',
      name: 'D',
    });
    const ids = async (sports: Sport[], seasons: number[]) =>
      (await findLeaguesForUser(store().db, user.id, { sports, seasons })).map((l) => l.leagueId);
    assert.deepEqual(await ids([], []), [b21, f21, f20, k19]);
    assert.deepEqual(await ids(['football'], []), [f21, f20]);
    assert.deepEqual(await ids([], [2021]), [b21, f21]);
    assert.deepEqual(await ids(['football', 'basketball'], [2019, 2020]), [f20, k19]);
    assert.deepEqual(await ids(['baseball'], [2020]), []);
  });

  it('shows a user only the leagues they are a member of', async () => {
    const alice = await createUser(store().db, 'alice');
    const bob = await createUser(store().db, 'bob');
    const carol = await createUser(store().db, 'carol');
    const shared = await addLeague(store(), alice.id, 's', {
      season: 2021,
      sport: 'football',
      name: 'S',
    });
    await writeLeagueSnapshot(
      store(),
      buildLeagueSnapshot({
        platformLeagueKey: 's',
        season: 2021,
        sport: 'football',
        name: 'S',
        players: [],
      }),
      { userId: bob.id, accountId: null },
    );
    const mine = await addLeague(store(), alice.id, 'm', {
      season: 2021,
      sport: 'football',
      name: 'M',
    });
    assert.deepEqual(
      (await findLeaguesForUser(store().db, bob.id, ALL)).map((l) => l.leagueId),
      [shared],
    );
    assert.deepEqual(await findLeaguesForUser(store().db, carol.id, ALL), []);
    assert.equal(await findLeagueForUser(store().db, bob.id, mine), undefined);
    assert.equal((await findLeagueForUser(store().db, alice.id, mine))?.leagueId, mine);
    assert.equal(await findLeagueForUser(store().db, alice.id, mine + 1000), undefined);
  });
});

// Which seasons a sync asks the platform about (src/sync/seasons.ts): the current season on every
// run; a finished season until the account has synced it in full, then never again unless named;
// leagues of seasons a run did not look at are never detached. The clock is the engine's `now`.
import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { seasonsBetween } from '../../src/domain/seasons.ts';
import { PlatformError } from '../../src/platforms/connector.ts';
import { linkAccount } from '../../src/storage/repositories/accounts.ts';
import { findLeaguesForUser } from '../../src/storage/repositories/leagues.ts';
import { createUser } from '../../src/storage/repositories/users.ts';
import { GONE_SYNCS_TO_DETACH, syncUser } from '../../src/sync/engine.ts';
import type { SyncOptions, SyncProgressEvent } from '../../src/sync/types.ts';
import { buildLeagueSnapshot } from '../helpers/records.ts';
import { createTestStore, testBackends } from '../helpers/store.ts';
import type { TestStore } from '../helpers/store.ts';
import { createScriptedConnector } from './scripted-connector.ts';
import type { ScriptedConnector } from './scripted-connector.ts';

const ALL = { sports: [], seasons: [] } as const;
const CONTRACT = seasonsBetween(2017, 2021);
/** Mid-season 2021: 2021 still changes, 2017-2020 are over (they end before July 2021). */
const OCTOBER_2021 = new Date('2021-10-01T12:00:00Z');

function accountLeagues() {
  return [
    buildLeagueSnapshot({ platformLeagueKey: '100', name: 'Current', season: 2021 }),
    buildLeagueSnapshot({ platformLeagueKey: '200', name: 'Last year', season: 2020 }),
    buildLeagueSnapshot({ platformLeagueKey: '201', name: 'Last year too', season: 2020 }),
    buildLeagueSnapshot({
      platformLeagueKey: '300',
      name: 'Old hoops',
      sport: 'basketball',
      season: 2019,
    }),
  ];
}

/** The league fetches of the calls, sorted. */
const fetches = (calls: readonly string[]) =>
  calls.filter((call) => call.startsWith('league ')).sort();

for (const dialect of testBackends()) {
  describe(`seasons a sync looks at (${dialect})`, () => {
    let store: TestStore;
    let connector: ScriptedConnector;
    let alice: number;
    let bob: number;
    let events: SyncProgressEvent[];
    const sync = (userId: number, extra: Partial<SyncOptions> = {}) =>
      syncUser(
        store,
        { sleeper: connector },
        {
          userId,
          ...ALL,
          supportedSeasons: CONTRACT,
          trigger: 'test',
          now: () => OCTOBER_2021,
          onProgress: (event) => events.push(event),
          ...extra,
        },
      );
    const names = async (userId: number) =>
      (await findLeaguesForUser(store.db, userId, ALL)).map((l) => l.name).sort();

    before(async () => {
      store = await createTestStore(dialect);
      alice = (await createUser(store.db, 'alice')).id;
      bob = (await createUser(store.db, 'bob')).id;
      await linkAccount(store.db, { userId: alice, platform: 'sleeper', externalUserId: 'A' });
      await linkAccount(store.db, { userId: bob, platform: 'sleeper', externalUserId: 'B' });
      connector = createScriptedConnector();
      connector.leagues.set('A', accountLeagues());
    });
    beforeEach(() => {
      connector.calls = [];
      connector.scopes = [];
      events = [];
    });
    after(() => store.destroy());

    it('a first run looks at every supported season; a failed league keeps its season open', async () => {
      connector.leagueFailures.set('201', new PlatformError('sleeper', 'down', 'unavailable'));
      const summary = await sync(alice);
      assert.deepEqual(connector.scopes, [
        { sports: ['baseball', 'football', 'basketball'], seasons: CONTRACT },
      ]);
      assert.equal(summary.leaguesWritten, 3);
      assert.equal(summary.leaguesFailed, 1);
    });

    it('the next run skips finished seasons synced in full, and keeps leagues already final', async () => {
      connector.leagueFailures.clear();
      const summary = await sync(alice);
      // 2017-2018 had nothing, 2019 was written whole: left alone. 2020 had a failure: asked
      // again, but its league synced after the season ended is kept as stored, not fetched.
      assert.deepEqual(connector.scopes[0]?.seasons, [2020, 2021]);
      assert.deepEqual(fetches(connector.calls), ['league 100', 'league 201']);
      assert.deepEqual(
        events.find((e) => e.type === 'seasons-skipped'),
        { type: 'seasons-skipped', platform: 'sleeper', seasons: [2017, 2018, 2019] },
      );
      const kept = summary.accounts[0]?.leagues.find((l) => l.platformLeagueKey === '200');
      assert.deepEqual(
        kept && [kept.outcome, kept.teams, kept.rosterEntries],
        ['unchanged', 2, 3],
        'a kept league is reported with what the store holds',
      );
      assert.equal(summary.leaguesFailed, 0);
      assert.equal(summary.leaguesDetached, 0);
      assert.deepEqual(await names(alice), ['Current', 'Last year', 'Last year too', 'Old hoops']);
    });

    it('then only the current season is asked about, run after run', async () => {
      for (let run = 0; run < 2; run++) {
        connector.calls = [];
        connector.scopes = [];
        await sync(alice);
        assert.deepEqual(
          connector.scopes.map((s) => s.seasons),
          [[2021]],
        );
        assert.deepEqual(fetches(connector.calls), ['league 100']);
      }
    });

    it('once the season is over and synced, nothing at all is asked', async () => {
      const later = new Date('2022-08-01T00:00:00Z');
      await sync(alice, { now: () => later });
      assert.deepEqual(
        connector.scopes.map((s) => s.seasons),
        [[2021]],
      );
      connector.calls = [];
      connector.scopes = [];
      const summary = await sync(alice, { now: () => later });
      assert.deepEqual(connector.calls, []);
      assert.equal(summary.outcome, 'unchanged');
      // Nothing asked, yet the account's leagues are reported: found, and all unchanged.
      assert.deepEqual(
        [summary.leaguesFound, summary.leaguesWritten, summary.leaguesUnchanged],
        [4, 0, 4],
      );
      assert.deepEqual(await names(alice), ['Current', 'Last year', 'Last year too', 'Old hoops']);
    });

    it('a league gone from a skipped season stays attached; naming the season detaches it', async () => {
      connector.leagues.set(
        'A',
        accountLeagues().filter((l) => l.platformLeagueKey !== '201'),
      );
      await sync(alice);
      assert.deepEqual(await names(alice), ['Current', 'Last year', 'Last year too', 'Old hoops']);
      connector.calls = [];
      const named = await sync(alice, { seasons: [2020] });
      assert.deepEqual(connector.scopes.at(-1)?.seasons, [2020]);
      // Named: fetched whatever the store holds.
      assert.deepEqual(fetches(connector.calls), ['league 200']);
      // Gone from the named season's list: detached on the last of GONE_SYNCS_TO_DETACH syncs.
      assert.equal(named.leaguesDetached, 0);
      for (let run = 2; run < GONE_SYNCS_TO_DETACH; run++) {
        assert.equal((await sync(alice, { seasons: [2020] })).leaguesDetached, 0);
      }
      assert.equal((await sync(alice, { seasons: [2020] })).leaguesDetached, 1);
      assert.deepEqual(await names(alice), ['Current', 'Last year', 'Old hoops']);
    });

    it('leagues of seasons no longer supported are neither asked about nor detached', async () => {
      const summary = await sync(alice, { supportedSeasons: [2021] });
      assert.deepEqual(
        connector.scopes.map((s) => s.seasons),
        [[2021]],
      );
      assert.equal(summary.leaguesDetached, 0);
      assert.deepEqual(await names(alice), ['Current', 'Last year', 'Old hoops']);
    });

    it("another account's final league is attached without a fetch", async () => {
      connector.leagues.set('B', [
        buildLeagueSnapshot({ platformLeagueKey: '200', name: 'Last year', season: 2020 }),
      ]);
      const summary = await sync(bob);
      assert.deepEqual(fetches(connector.calls), []);
      assert.equal(summary.leaguesUnchanged, 1);
      assert.deepEqual(await names(bob), ['Last year']);
    });

    it('a run whose league list fails marks nothing complete', async () => {
      const carol = (await createUser(store.db, 'carol')).id;
      await linkAccount(store.db, { userId: carol, platform: 'sleeper', externalUserId: 'A' });
      connector.listFailure = new PlatformError('sleeper', 'down', 'unavailable');
      try {
        assert.equal((await sync(carol)).outcome, 'failed');
      } finally {
        connector.listFailure = undefined;
      }
      await sync(carol);
      assert.deepEqual(connector.scopes.at(-1)?.seasons, CONTRACT);
    });

    it('linking the account again forgets which seasons were complete', async () => {
      await sync(alice);
      assert.deepEqual(connector.scopes.at(-1)?.seasons, [2021]);
      await linkAccount(store.db, { userId: alice, platform: 'sleeper', externalUserId: 'A' });
      await sync(alice);
      assert.deepEqual(connector.scopes.at(-1)?.seasons, CONTRACT);
    });
  });
}

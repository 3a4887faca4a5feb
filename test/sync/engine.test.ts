// The sync engine against a real store (SQLite, and PostgreSQL when TEST_DATABASE_URL is set),
// driven by a connector the test scripts.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { PlatformError } from '../../src/platforms/connector.ts';
import { linkAccount } from '../../src/storage/repositories/accounts.ts';
import { findLeagueForUser, findLeaguesForUser } from '../../src/storage/repositories/leagues.ts';
import { getDataSeq } from '../../src/storage/repositories/snapshots.ts';
import { listLeagueSyncStatus } from '../../src/storage/repositories/syncs.ts';
import { createUser } from '../../src/storage/repositories/users.ts';
import { GONE_SYNCS_TO_DETACH, syncUser } from '../../src/sync/engine.ts';
import type { SyncOptions, SyncProgressEvent } from '../../src/sync/types.ts';
import { createSecretBox } from '../../src/secrets.ts';
import { buildLeagueSnapshot } from '../helpers/records.ts';
import { createTestStore, testBackends } from '../helpers/store.ts';
import type { TestStore } from '../helpers/store.ts';
import { createScriptedConnector } from './scripted-connector.ts';
import type { ScriptedConnector } from './scripted-connector.ts';
import { seasonsBetween } from '../../src/domain/seasons.ts';

const ALL = { sports: [], seasons: [] } as const;
/**
 * Every season named, as `sync --season` does: each run syncs every league, whatever the store
 * holds. Leaving finished seasons alone is seasons.test.ts's subject.
 */
const CONTRACT = seasonsBetween(2017, 2021);
const SCOPE = { sports: [], seasons: CONTRACT, supportedSeasons: CONTRACT } as const;

function leagues(): ReturnType<typeof buildLeagueSnapshot>[] {
  return [
    buildLeagueSnapshot({ platformLeagueKey: '100', name: 'Alpha', season: 2021 }),
    buildLeagueSnapshot({ platformLeagueKey: '200', name: 'Bravo', season: 2020 }),
    buildLeagueSnapshot({
      platformLeagueKey: '300',
      name: 'Hoops',
      sport: 'basketball',
      season: 2021,
    }),
  ];
}

async function runs(store: TestStore) {
  return store.db.selectFrom('sync_runs').selectAll().orderBy('id').execute();
}

async function leagueSyncs(store: TestStore) {
  return store.db.selectFrom('league_syncs').selectAll().orderBy('id').execute();
}

for (const dialect of testBackends()) {
  describe(`sync engine (${dialect})`, () => {
    let store: TestStore;
    let connector: ScriptedConnector;
    let alice: number;
    let bob: number;
    const sync = (userId: number, extra: Partial<SyncOptions> = {}) =>
      syncUser(store, { sleeper: connector }, { userId, ...SCOPE, trigger: 'test', ...extra });
    /** The syncs that find a league gone, up to the one that detaches it; that one's summary. */
    const syncUntilDetached = async (userId: number, extra: Partial<SyncOptions> = {}) => {
      for (let run = 1; run < GONE_SYNCS_TO_DETACH; run++) {
        assert.equal((await sync(userId, extra)).leaguesDetached, 0, `sync ${run}`);
      }
      return sync(userId, extra);
    };

    before(async () => {
      store = await createTestStore(dialect);
      alice = (await createUser(store.db, 'alice')).id;
      bob = (await createUser(store.db, 'bob')).id;
      await linkAccount(store.db, {
        userId: alice,
        platform: 'sleeper',
        externalUserId: 'A',
        username: 'alice_s',
      });
      await linkAccount(store.db, {
        userId: bob,
        platform: 'sleeper',
        externalUserId: 'B',
        username: 'bob_s',
      });
    });
    after(() => store.destroy());

    it('writes every listed league, records the run, and a second run changes nothing', async () => {
      connector = createScriptedConnector();
      connector.leagues.set('A', leagues());
      const events: SyncProgressEvent[] = [];
      const first = await sync(alice, { onProgress: (e) => events.push(e) });
      assert.equal(first.outcome, 'ok');
      assert.equal(first.leaguesFound, 3);
      assert.equal(first.leaguesWritten, 3);
      assert.equal(first.leaguesFailed, 0);
      const account = first.accounts[0];
      assert.ok(account);
      assert.deepEqual(
        account.leagues.map((l) => [l.name, l.outcome, l.teams, l.rosterEntries]),
        [
          // Written in a fixed order: sport, newest season, key.
          ['Hoops', 'written', 2, 3],
          ['Alpha', 'written', 2, 3],
          ['Bravo', 'written', 2, 3],
        ],
      );
      assert.deepEqual((await findLeaguesForUser(store.db, alice, ALL)).map((l) => l.name).sort(), [
        'Alpha',
        'Bravo',
        'Hoops',
      ]);
      assert.equal(events[0]?.type, 'account-started');
      assert.deepEqual(events[1], { type: 'leagues-found', platform: 'sleeper', count: 3 });
      assert.equal(events.filter((e) => e.type === 'league-written').length, 3);

      const seq = await getDataSeq(store.db);
      const second = await sync(alice);
      assert.equal(second.outcome, 'unchanged');
      assert.equal(second.leaguesUnchanged, 3);
      assert.equal(second.leaguesWritten, 0);
      assert.equal(await getDataSeq(store.db), seq, 'an unchanged re-sync must not bump data_seq');

      const recorded = await runs(store);
      assert.deepEqual(
        recorded.map((r) => [
          r.outcome,
          r.leagues_found,
          r.leagues_written,
          r.leagues_unchanged,
          r.trigger,
        ]),
        [
          ['ok', 3, 3, 0, 'test'],
          ['ok', 3, 0, 3, 'test'],
        ],
      );
      assert.ok(recorded.every((r) => r.finished_at !== null));
      assert.equal((await leagueSyncs(store)).length, 6);
    });

    it('keeps the earlier snapshot of a league that fails, records why, and syncs the others', async () => {
      const changed = leagues().map((l) => ({ ...l, name: `${l.name} v2` }));
      connector.leagues.set('A', changed);
      connector.leagueFailures.set(
        '100',
        new PlatformError('sleeper', 'HTTP 500 from /league/100', 'unavailable'),
      );
      // Bad data the store refuses: a player rostered on a team the league does not have.
      const broken = changed[1];
      assert.ok(broken);
      broken.rosterEntries = [...broken.rosterEntries, { rosterId: '99', playerId: '1234' }];
      const before = await findLeaguesForUser(store.db, alice, ALL);
      const alpha = before.find((l) => l.name === 'Alpha');
      const bravo = before.find((l) => l.name === 'Bravo');
      assert.ok(alpha && bravo);

      const summary = await sync(alice);
      assert.equal(summary.outcome, 'partial');
      assert.equal(summary.leaguesFailed, 2);
      assert.equal(summary.leaguesWritten, 1);
      assert.deepEqual(await findLeagueForUser(store.db, alice, alpha.leagueId), alpha);
      assert.deepEqual(await findLeagueForUser(store.db, alice, bravo.leagueId), bravo);
      assert.equal(
        (await findLeaguesForUser(store.db, alice, ALL)).find((l) => l.sport === 'basketball')
          ?.name,
        'Hoops v2',
      );

      const failed = (await leagueSyncs(store)).filter((r) => r.outcome === 'failed');
      assert.deepEqual(
        failed.map((r) => [r.platform_league_key, Number(r.league_id)]),
        [
          ['100', alpha.leagueId],
          ['200', bravo.leagueId],
        ].sort(),
      );
      assert.match(failed.find((r) => r.platform_league_key === '100')?.error ?? '', /HTTP 500/);
      assert.match(
        failed.find((r) => r.platform_league_key === '200')?.error ?? '',
        /invalid data: .*team "99"/,
      );
      const status = await listLeagueSyncStatus(store.db, { userId: alice });
      const alphaStatus = status.find((s) => s.platformLeagueKey === '100');
      assert.equal(alphaStatus?.lastOutcome, 'failed');
      assert.match(alphaStatus?.lastError ?? '', /HTTP 500/);
      assert.ok(alphaStatus?.lastSyncedAt, 'the earlier successful sync is still reported');
      assert.equal((await runs(store)).at(-1)?.outcome, 'partial');
      connector.leagueFailures.clear();
      connector.leagues.set(
        'A',
        leagues().map((l) => ({ ...l, name: `${l.name} v2` })),
      );
      assert.equal((await sync(alice)).leaguesWritten, 2);
    });

    it('detaches leagues no longer listed, leaving them to others who share them', async () => {
      const [alpha] = leagues();
      assert.ok(alpha);
      connector.leagues.set('B', [alpha]);
      connector.leagues.set('A', [alpha]);
      await sync(bob);
      // Gone on GONE_SYNCS_TO_DETACH syncs in a row: served until the last of them.
      for (let run = 1; run < GONE_SYNCS_TO_DETACH; run++) {
        assert.equal((await sync(alice)).leaguesDetached, 0);
        assert.equal((await findLeaguesForUser(store.db, alice, ALL)).length, 3);
      }
      const summary = await sync(alice);
      assert.equal(summary.leaguesDetached, 2);
      const aliceLeagues = await findLeaguesForUser(store.db, alice, ALL);
      assert.deepEqual(
        aliceLeagues.map((l) => l.name),
        ['Alpha'],
      );

      connector.leagues.set('A', []);
      const emptied = await syncUntilDetached(alice);
      assert.equal(emptied.leaguesDetached, 1);
      assert.deepEqual(await findLeaguesForUser(store.db, alice, ALL), []);
      const bobLeagues = await findLeaguesForUser(store.db, bob, ALL);
      assert.deepEqual(
        bobLeagues.map((l) => l.name),
        ['Alpha'],
        'the league itself stays for bob',
      );
      const rows = await store.db.selectFrom('leagues').select('name').execute();
      assert.equal(rows.length, 3, 'no league is deleted');
    });

    it('keeps a league that vanishes between listing and fetching, recorded as not found', async () => {
      const [alpha] = leagues();
      assert.ok(alpha);
      connector.leagues.set('A', [alpha]);
      await sync(alice);
      const [stored] = await findLeaguesForUser(store.db, alice, ALL);
      assert.ok(stored);
      // Listed, but gone when fetched.
      connector.leagues.set('A', []);
      connector.listOnly.set('A', [
        { platformLeagueKey: '100', season: 2021, sport: 'football', name: 'Alpha' },
      ]);
      const summary = await sync(alice);
      assert.equal(summary.outcome, 'failed');
      assert.equal(summary.leaguesDetached, 0);
      assert.deepEqual(await findLeaguesForUser(store.db, alice, ALL), [stored]);
      const last = (await leagueSyncs(store)).at(-1);
      assert.equal(last?.outcome, 'failed');
      assert.equal(Number(last?.league_id), stored.leagueId);
      assert.match(last?.error ?? '', /not found/);
      // "Not found" is the platform saying it is gone: on the last of enough syncs in a row, it goes.
      for (let run = 2; run < GONE_SYNCS_TO_DETACH; run++) {
        assert.equal((await sync(alice)).leaguesDetached, 0);
      }
      const gone = await sync(alice);
      connector.listOnly.clear();
      assert.equal(gone.leaguesDetached, 1);
      assert.deepEqual(await findLeaguesForUser(store.db, alice, ALL), []);
    });

    it('detaches nothing when the league list itself cannot be fetched', async () => {
      const [alpha] = leagues();
      assert.ok(alpha);
      connector.leagues.set('A', [alpha]);
      await sync(alice);
      connector.listFailure = new PlatformError('sleeper', 'timed out after 10000 ms', 'timeout');
      const summary = await sync(alice);
      connector.listFailure = undefined;
      assert.equal(summary.outcome, 'failed');
      assert.match(summary.accounts[0]?.error ?? '', /timed out/);
      assert.equal((await findLeaguesForUser(store.db, alice, ALL)).length, 1);
      const run = (await runs(store)).at(-1);
      assert.equal(run?.outcome, 'failed');
      assert.match(run?.error ?? '', /timed out/);
    });

    it('detaches only within the synced scope', async () => {
      connector.leagues.set('A', leagues());
      await sync(alice);
      connector.leagues.set('A', []);
      const summary = await syncUntilDetached(alice, { sports: ['basketball'] });
      assert.equal(summary.leaguesDetached, 1);
      assert.deepEqual(
        (await findLeaguesForUser(store.db, alice, ALL)).map((l) => l.sport),
        ['football', 'football'],
      );
    });

    it('reports an account whose platform has no connector, and records the failed run', async () => {
      const summary = await syncUser(store, {}, { userId: alice, ...SCOPE, trigger: 'test' });
      assert.equal(summary.outcome, 'failed');
      assert.match(summary.accounts[0]?.error ?? '', /no connector for platform sleeper/);
      assert.equal((await runs(store)).at(-1)?.outcome, 'failed');
    });

    it('refuses a user with no linked account of the platform', async () => {
      await assert.rejects(
        syncUser(
          store,
          { sleeper: connector },
          { userId: alice, platform: 'espn', ...SCOPE, trigger: 'test' },
        ),
        /no linked espn account/,
      );
    });

    it('treats a snapshot of another league than the one asked for as invalid data', async () => {
      const [alpha] = leagues();
      assert.ok(alpha);
      connector.leagues.set('A', [alpha]);
      const original = connector.fetchLeague;
      connector.fetchLeague = async (account, ref, context) => ({
        ...(await original(account, ref, context)),
        season: 2019,
      });
      try {
        const summary = await sync(alice);
        assert.equal(summary.leaguesFailed, 1);
        assert.match(
          summary.accounts[0]?.leagues[0]?.error ?? '',
          /invalid data: asked for league 100/,
        );
      } finally {
        connector.fetchLeague = original;
      }
    });

    it('passes decrypted credentials to the connector and never stores them in clear', async () => {
      const config = { secretKey: 'ab'.repeat(32), dataDir: '/nonexistent' };
      const secrets = createSecretBox(config);
      await linkAccount(store.db, {
        userId: bob,
        platform: 'sleeper',
        externalUserId: 'B',
        credentialsEncrypted: secrets.encrypt('cookie=s3cret'),
      });
      connector.credentialsSeen.length = 0;
      await sync(bob, { secrets });
      assert.deepEqual(connector.credentialsSeen, ['cookie=s3cret']);
      const stored = await store.db
        .selectFrom('platform_accounts')
        .select('credentials_encrypted')
        .execute();
      assert.ok(stored.every((row) => !String(row.credentials_encrypted).includes('s3cret')));
      const withoutKey = await sync(bob);
      assert.equal(withoutKey.outcome, 'failed');
      assert.match(withoutKey.accounts[0]?.error ?? '', /secret key/);
    });

    it('fetches at most `concurrency` leagues at once', async () => {
      connector.leagues.set(
        'A',
        Array.from({ length: 9 }, (_, i) =>
          buildLeagueSnapshot({ platformLeagueKey: `c${i}`, name: `C${i}` }),
        ),
      );
      const original = connector.fetchLeague;
      let inFlight = 0;
      let most = 0;
      connector.fetchLeague = async (account, ref, context) => {
        inFlight++;
        most = Math.max(most, inFlight);
        await new Promise((resolve) => setImmediate(resolve));
        inFlight--;
        return original(account, ref, context);
      };
      try {
        const summary = await sync(alice, { concurrency: 3 });
        assert.equal(summary.leaguesWritten, 9);
        assert.equal(most, 3);
      } finally {
        connector.fetchLeague = original;
      }
    });

    it('stops on abort: started leagues are recorded as cancelled and nothing is detached', async () => {
      connector.leagues.set('A', leagues());
      await sync(alice);
      const attached = (await findLeaguesForUser(store.db, alice, ALL)).length;
      const controller = new AbortController();
      const original = connector.fetchLeague;
      connector.fetchLeague = async (account, ref, context) => {
        if (ref.platformLeagueKey === '200') controller.abort();
        return original(account, ref, context);
      };
      connector.leagues.set(
        'A',
        [leagues()[0], leagues()[1]].filter((l) => l !== undefined),
      );
      try {
        const summary = await sync(alice, { concurrency: 1, signal: controller.signal });
        assert.equal(summary.outcome, 'failed');
        assert.equal(summary.accounts[0]?.error, 'sync cancelled');
        assert.equal(summary.leaguesDetached, 0);
        assert.equal((await findLeaguesForUser(store.db, alice, ALL)).length, attached);
        assert.equal((await runs(store)).at(-1)?.error, 'sync cancelled');
      } finally {
        connector.fetchLeague = original;
      }
    });

    it('records invalid input from the store as the league error, not as a crash', async () => {
      connector.leagues.set('A', [buildLeagueSnapshot({ platformLeagueKey: '900', name: ' ' })]);
      const summary = await sync(alice);
      assert.equal(summary.leaguesFailed, 1);
      assert.match(summary.accounts[0]?.leagues[0]?.error ?? '', /^invalid data: .*no name/);
    });
  });
}

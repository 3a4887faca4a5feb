// Webhook events recorded by the sync side, each in the transaction of the write it reports:
// sync.finished with its counts and the leagues it wrote, link.needs_relink with the refused
// credentials' mark, link.completed and link.failed with a link; a write that fails leaves no
// event, and an event that cannot be recorded undoes the write.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { PlatformError } from '../../src/platforms/connector.ts';
import { createSecretBox } from '../../src/secrets.ts';
import { linkAccount, listAccounts } from '../../src/storage/repositories/accounts.ts';
import { findLeaguesForUser } from '../../src/storage/repositories/leagues.ts';
import {
  createWebhookEndpoint,
  listWebhookEvents,
} from '../../src/storage/repositories/webhooks.ts';
import { createUser } from '../../src/storage/repositories/users.ts';
import { syncUser } from '../../src/sync/engine.ts';
import { MemoryAttemptStore } from '../../src/sync/attempts.ts';
import { LinkAttempts } from '../../src/sync/link-attempts.ts';
import { linkPlatformAccount } from '../../src/sync/linking.ts';
import { seasonsBetween } from '../../src/domain/seasons.ts';
import type { WebhookEventType } from '../../src/domain/webhooks.ts';
import { buildLeagueSnapshot } from '../helpers/records.ts';
import { createTestStore, testBackends } from '../helpers/store.ts';
import type { TestStore } from '../helpers/store.ts';
import { createScriptedConnector } from './scripted-connector.ts';

const CONTRACT = seasonsBetween(2017, 2021);
const SCOPE = { sports: [], seasons: CONTRACT, supportedSeasons: CONTRACT } as const;
const secrets = createSecretBox({ secretKey: 'a'.repeat(64), dataDir: '/nonexistent' });

for (const dialect of testBackends()) {
  describe(`webhook events of syncs and links (${dialect})`, () => {
    let store: TestStore;
    let userId: number;

    before(async () => {
      store = await createTestStore(dialect);
      userId = (await createUser(store.db, 'alice')).id;
      await createWebhookEndpoint(store.db, {
        url: 'http://127.0.0.1:1/hooks',
        events: ['sync.finished', 'link.needs_relink', 'link.completed', 'link.failed'],
        secretEncrypted: secrets.encrypt('whsec_' + Buffer.alloc(32, 1).toString('base64')),
      });
    });
    after(() => store.destroy());

    const events = async (type?: WebhookEventType) =>
      (await listWebhookEvents(store.db, { userId, ...(type !== undefined && { type }) })).map(
        (e) => JSON.parse(e.payload) as { type: string; data: Record<string, unknown> },
      );
    const deliveries = async () =>
      (await store.db.selectFrom('webhook_deliveries').select('id').execute()).length;

    it('records link.completed with a link, and link.failed for a refused one', async () => {
      const connector = createScriptedConnector();
      const link = (username: string) =>
        linkPlatformAccount(store, { sleeper: connector }, secrets, {
          userId,
          platform: 'sleeper',
          request: { username },
        });
      await link('alice_s');
      const [completed] = await events('link.completed');
      const [account] = await listAccounts(store.db, { userId });
      assert.deepEqual(completed?.data, {
        user_id: userId,
        platform: 'sleeper',
        account_id: account?.id,
        external_user_id: 'id-alice_s',
        username: 'alice_s',
      });
      connector.link = async () => {
        throw new PlatformError('sleeper', 'no Sleeper user "ghost"', 'not_found');
      };
      await assert.rejects(link('ghost'), PlatformError);
      const [failed] = await events('link.failed');
      // What the person typed is not in the event: only the platform and a reason code.
      assert.deepEqual(failed?.data, { user_id: userId, platform: 'sleeper', reason: 'not_found' });
      assert.ok(!JSON.stringify(failed).includes('ghost'), JSON.stringify(failed));

      // From the connect page: the session it came from, still nothing typed.
      connector.link = async () => {
        throw new PlatformError('sleeper', 'no Sleeper user "typed.name@example.com"', 'not_found');
      };
      await assert.rejects(
        linkPlatformAccount(store, { sleeper: connector }, secrets, {
          userId,
          platform: 'sleeper',
          request: { username: 'typed.name@example.com' },
          attempts: {
            limits: new LinkAttempts(new MemoryAttemptStore(), { perSession: 0, perUser: 0 }),
            caller: { connectSessionId: 42 },
          },
        }),
        PlatformError,
      );
      const fromPage = (await events('link.failed'))[1];
      assert.deepEqual(fromPage?.data, {
        user_id: userId,
        platform: 'sleeper',
        reason: 'not_found',
        connect_session_id: 42,
      });
      assert.ok(!JSON.stringify(fromPage).includes('typed.name'), JSON.stringify(fromPage));
    });

    it('records sync.finished with the counts and the league ids written', async () => {
      const connector = createScriptedConnector();
      connector.leagues.set('id-alice_s', [
        buildLeagueSnapshot({ platformLeagueKey: '100', name: 'Alpha', season: 2021 }),
        buildLeagueSnapshot({ platformLeagueKey: '200', name: 'Bravo', season: 2020 }),
      ]);
      const sync = () =>
        syncUser(store, { sleeper: connector }, { userId, ...SCOPE, trigger: 'test' });
      const summary = await sync();
      const leagueIds = (await findLeaguesForUser(store.db, userId, { sports: [], seasons: [] }))
        .map((l) => l.leagueId)
        .sort((a, b) => a - b);
      assert.equal(leagueIds.length, 2);
      await sync();
      const finished = await events('sync.finished');
      assert.equal(finished.length, 2);
      assert.deepEqual(finished[0]?.data, {
        user_id: userId,
        platform: 'sleeper',
        account_id: summary.accounts[0]?.accountId,
        run_id: summary.accounts[0]?.runId,
        outcome: 'ok',
        leagues_found: 2,
        leagues_written: 2,
        leagues_unchanged: 0,
        leagues_failed: 0,
        leagues_detached: 0,
        pools_refreshed: 0,
        changed_league_ids: leagueIds,
        needs_relink: false,
      });
      assert.equal(finished[1]?.data.outcome, 'unchanged');
      assert.deepEqual(finished[1]?.data.changed_league_ids, [], 'nothing changed the second time');
    });

    it('records link.needs_relink when the platform refuses the credentials', async () => {
      const connector = createScriptedConnector();
      connector.listFailure = new PlatformError(
        'sleeper',
        'the session expired',
        'credentials_rejected',
      );
      await syncUser(store, { sleeper: connector }, { userId, ...SCOPE, trigger: 'test' });
      const [relink] = await events('link.needs_relink');
      const [account] = await listAccounts(store.db, { userId });
      assert.equal(account?.linkProblem, 'sleeper: the session expired');
      assert.deepEqual(relink?.data, {
        user_id: userId,
        platform: 'sleeper',
        account_id: account?.id,
        problem: 'sleeper: the session expired',
      });
      const [, , last] = await events('sync.finished');
      assert.equal(last?.data.needs_relink, true);
      assert.equal(last?.data.outcome, 'failed');
      assert.equal(last?.data.error, 'sleeper: the session expired');
      // Linked again: the mark goes (a new link), and so does its event's cause.
      await linkAccount(store.db, { userId, platform: 'sleeper', externalUserId: 'id-alice_s' });
    });

    it('leaves no event when the run cannot be recorded finished', async () => {
      const before = { events: (await events()).length, deliveries: await deliveries() };
      await failUpdatesOf(store, 'sync_runs', true);
      try {
        const connector = createScriptedConnector();
        await assert.rejects(
          syncUser(store, { sleeper: connector }, { userId, ...SCOPE, trigger: 'test' }),
        );
      } finally {
        await failUpdatesOf(store, 'sync_runs', false);
      }
      assert.equal((await events()).length, before.events, 'no event for a run left unfinished');
      assert.equal(await deliveries(), before.deliveries);
    });

    it('undoes the run finishing when its event cannot be recorded', async () => {
      const runsBefore = await store.db.selectFrom('sync_runs').select('id').execute();
      await failInsertsInto(store, 'webhook_events', true);
      try {
        const connector = createScriptedConnector();
        await assert.rejects(
          syncUser(store, { sleeper: connector }, { userId, ...SCOPE, trigger: 'test' }),
        );
      } finally {
        await failInsertsInto(store, 'webhook_events', false);
      }
      const [run] = await store.db
        .selectFrom('sync_runs')
        .selectAll()
        .where('id', 'not in', runsBefore.length > 0 ? runsBefore.map((r) => r.id) : [0])
        .execute();
      assert.equal(run?.outcome, 'running', 'the finish was rolled back with the event');
      assert.equal(run?.finished_at, null);
    });
  });
}

/** A trigger that makes every update of `table` fail (on) or no trigger (off). */
async function failUpdatesOf(store: TestStore, table: string, on: boolean): Promise<void> {
  await failing(store, table, 'update', on);
}

async function failInsertsInto(store: TestStore, table: string, on: boolean): Promise<void> {
  await failing(store, table, 'insert', on);
}

async function failing(
  store: TestStore,
  table: string,
  operation: 'update' | 'insert',
  on: boolean,
): Promise<void> {
  const name = sql.raw(`fail_${operation}_${table}`);
  const target = sql.raw(table);
  const op = sql.raw(operation);
  if (store.dialect === 'sqlite') {
    await sql`drop trigger if exists ${name}`.execute(store.db);
    if (on) {
      await sql`create trigger ${name} before ${op} on ${target}
        begin select raise(abort, 'refused by the test'); end`.execute(store.db);
    }
    return;
  }
  await sql`drop trigger if exists ${name} on ${target}`.execute(store.db);
  if (on) {
    await sql`create or replace function refuse_by_test() returns trigger language plpgsql as
      $$ begin raise exception 'refused by the test'; end $$`.execute(store.db);
    await sql`create trigger ${name} before ${op} on ${target}
      for each row execute function refuse_by_test()`.execute(store.db);
  }
}

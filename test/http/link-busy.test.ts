// A link while the platform's call budget is in use by syncs (a budget of one call a minute,
// spent): the admin API answers 503 platform_busy with Retry-After and the connect page shows
// why (503), at once and storing nothing, while a background sync on the same budget waits its
// turn and then goes through. The budget's clock is fake: its waits are recorded, never slept.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { loadConfig } from '../../src/config.ts';
import { MemoryBudgetStore } from '../../src/platforms/request-budget.ts';
import { listAccounts } from '../../src/storage/repositories/accounts.ts';
import { createConnectorRegistry } from '../../src/sync/connectors.ts';
import { LINK_WAIT_LIMIT_MS } from '../../src/sync/linking.ts';
import { startTestApp } from '../helpers/app.ts';
import type { TestApp } from '../helpers/app.ts';
import { MANY_SEASON_RANGE, startFakeSleeperMany } from '../helpers/fake-sleeper-many.ts';
import type { FakeSleeperMany } from '../helpers/fake-sleeper-many.ts';
import { testBackends } from '../helpers/store.ts';
import { createSession, csrfOf, postForm } from '../connect/page-helpers.ts';
import { adminClient } from './admin-helpers.ts';
import type { AdminClient, SyncBody } from './admin-helpers.ts';

const BUSY =
  "sleeper: this service's call budget for sleeper is in use by background syncs and other " +
  'links; nothing was changed, try again in 60 s';

for (const dialect of testBackends()) {
  describe(`linking while the platform's call budget is in use (${dialect})`, () => {
    let fake: FakeSleeperMany;
    let t: TestApp;
    let admin: AdminClient;
    let alice: number;
    let bob: number;
    const time = { now: 0 };
    const slept: number[] = [];

    before(async () => {
      fake = await startFakeSleeperMany({ users: 2, leagues: 2 });
      const config = loadConfig({
        SLEEPER_BASE_URL: fake.url,
        SUPPORTED_SEASONS: MANY_SEASON_RANGE,
        SLEEPER_REQUESTS_PER_MINUTE: '1',
      });
      const connectors = createConnectorRegistry(config, {
        budgetStore: new MemoryBudgetStore(() => time.now),
        budgetSleep: async (ms) => {
          slept.push(ms);
          time.now += ms;
        },
      });
      t = await startTestApp({
        dialect,
        config: { platforms: config.platforms, supportedSeasons: config.supportedSeasons },
        connectors,
      });
      admin = await adminClient(t);
      alice = (await admin.json<{ user_id: number }>('POST', '/admin/users', { name: 'alice' }))
        .body.user_id;
      bob = (await admin.json<{ user_id: number }>('POST', '/admin/users', { name: 'bob' })).body
        .user_id;
      // Alice's link spends the minute's one call.
      const linked = await admin.json('POST', `/admin/users/${alice}/links/sleeper`, {
        username: 'sleeper0',
      });
      assert.equal(linked.status, 200, JSON.stringify(linked.body));
    });
    after(async () => {
      await t?.close();
      await fake?.close();
    });

    const links = () => listAccounts(t.store.db, {});

    it('the admin API answers 503 platform_busy with Retry-After at once, storing nothing', async () => {
      const before = await links();
      const calls = fake.calls.length;
      for (const [userId, username] of [
        [bob, 'sleeper1'],
        [alice, 'sleeper1'],
      ] as const) {
        const answer = await admin.json<{ code: string; detail: string; status: number }>(
          'POST',
          `/admin/users/${userId}/links/sleeper`,
          { username },
        );
        assert.equal(answer.status, 503);
        assert.equal(answer.body.code, 'platform_busy');
        assert.equal(answer.body.detail, BUSY);
        assert.equal(answer.response.headers.get('retry-after'), '60');
      }
      assert.deepEqual(slept, [], 'the links did not wait for the budget');
      assert.equal(fake.calls.length, calls, 'no call went to the platform');
      assert.deepEqual(await links(), before);
    });

    it('the connect page shows why with a 503 and Retry-After, and starts no sync', async () => {
      const before = await links();
      const session = await createSession(admin, bob, { platforms: ['sleeper'] });
      const csrf = csrfOf(await (await fetch(session.url)).text());
      const answer = await postForm(t, `${session.path}/link/sleeper`, {
        csrf,
        username: 'sleeper1',
      });
      assert.equal(answer.status, 503);
      assert.equal(answer.headers.get('retry-after'), '60');
      const html = await answer.text();
      assert.match(
        html,
        /Sleeper is busy answering other requests\. Wait 60 seconds, then try again\./,
      );
      assert.ok(
        !html.includes(BUSY.replaceAll("'", '&#39;')),
        'the technical text stays in the log',
      );
      assert.match(html, /value="sleeper1"/, 'what was typed is kept');
      assert.deepEqual(slept, []);
      assert.deepEqual(await links(), before);
      assert.deepEqual(await t.store.db.selectFrom('sync_requests').selectAll().execute(), []);
    });

    it('a background sync on the same budget waits its turn and then goes through', async () => {
      const started = await admin.json<SyncBody>('POST', `/admin/users/${alice}/syncs`, {});
      assert.equal(started.status, 202);
      const done = await admin.waitForSync(started.body.sync_id);
      assert.equal(done.status, 'ok', done.error);
      assert.equal(done.progress.leagues_written, 2);
      assert.ok(
        slept.some((ms) => ms > LINK_WAIT_LIMIT_MS),
        `the sync waited for the budget longer than a link may: ${slept.join(', ')}`,
      );
    });
  });
}

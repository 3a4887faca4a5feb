// Starting a sync while the queue's Redis is down (every connection to it refused, through a
// proxy this test closes): the admin API answers 503 queue_unavailable with Retry-After, in
// plain words with no Redis internals, and records nothing, rather than 202 and a sync that
// then reads 'failed' with ioredis's message.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { silentLogger } from '../../../src/logger.ts';
import { linkAccount } from '../../../src/storage/repositories/accounts.ts';
import { createUser } from '../../../src/storage/repositories/users.ts';
import { connectQueueSyncJobs } from '../../../src/sync/jobs/bullmq.ts';
import type { QueueSyncJobs } from '../../../src/sync/jobs/bullmq.ts';
import { startTestApp } from '../../helpers/app.ts';
import type { FakeSleeper } from '../../helpers/fake-platform.ts';
import { SYNTHETIC_SLEEPER, SYNTHETIC_SLEEPER_USER } from '../../helpers/sleeper-data.ts';
import type { TestApp } from '../../helpers/app.ts';
import { testBackends } from '../../helpers/store.ts';
import { startTcpProxy } from '../../helpers/tcp-proxy.ts';
import { createSession, csrfOf, postForm } from '../../connect/page-helpers.ts';
import type { TcpProxy } from '../../helpers/tcp-proxy.ts';
import { adminClient } from '../../http/admin-helpers.ts';
import type { AdminClient } from '../../http/admin-helpers.ts';
import { expectProblem } from '../../http/expect.ts';
import { SKIP_WITHOUT_REDIS, TEST_REDIS_URL, deleteKeys, uniquePrefix } from '../../http/redis.ts';

for (const dialect of testBackends()) {
  const skip = SKIP_WITHOUT_REDIS;
  describe(`a sync started while Redis is down (${dialect})`, { skip }, () => {
    const base = uniquePrefix();
    let proxy: TcpProxy;
    let jobs: QueueSyncJobs;
    let t: TestApp;
    let admin: AdminClient;
    let sleeper: FakeSleeper;

    before(async () => {
      sleeper = await SYNTHETIC_SLEEPER.start();
      const target = new URL(TEST_REDIS_URL as string);
      proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 6379) });
      const through = new URL(TEST_REDIS_URL as string);
      through.hostname = '127.0.0.1';
      through.port = String(proxy.port);
      jobs = await connectQueueSyncJobs({
        url: through.href,
        prefix: `${base}q`,
        logger: silentLogger(),
      });
      t = await startTestApp({
        dialect,
        syncJobs: jobs,
        platforms: { sleeperBaseUrl: sleeper.baseUrl },
      });
      admin = await adminClient(t);
    });
    after(async () => {
      await t?.close();
      await jobs?.close().catch(() => undefined);
      await deleteKeys(base);
      await sleeper?.close();
    });

    it('answers 503 queue_unavailable with Retry-After and records nothing', async () => {
      const user = await createUser(t.store.db, 'alice');
      await linkAccount(t.store.db, {
        userId: user.id,
        platform: 'sleeper',
        externalUserId: '1',
        username: 'alice1',
      });
      await proxy.close();
      const response = await admin.call('POST', `/admin/users/${user.id}/syncs`, {});
      assert.equal(response.headers.get('retry-after'), '10');
      const problem = await expectProblem(response, 'queue_unavailable');
      assert.match(problem.detail, /nothing was started or recorded/);
      assert.doesNotMatch(problem.detail, /ECONNREFUSED|max retries|ioredis|127\.0\.0\.1/i);
      const requests = await t.store.db.selectFrom('sync_requests').selectAll().execute();
      assert.deepEqual(requests, []);
      const listed = await admin.json<unknown[]>('GET', `/admin/users/${user.id}/syncs`);
      assert.deepEqual(listed.body, []);
    });

    it("tells the connect page's user the account is linked and to try again shortly", async () => {
      // The proxy to Redis stays closed from the test before.
      const user = await createUser(t.store.db, 'bob');
      const session = await createSession(admin, user.id, { platforms: ['sleeper'] });
      const csrf = csrfOf(await (await fetch(session.url)).text());
      const page = await postForm(t, `${session.path}/link/sleeper`, {
        csrf,
        username: SYNTHETIC_SLEEPER_USER.username,
      });
      assert.equal(page.status, 503);
      assert.equal(page.headers.get('retry-after'), '10');
      const html = await page.text();
      assert.match(html, /Your account is linked, but reading its leagues could not start/);
      assert.doesNotMatch(html, /Redis|queue|ECONNREFUSED/i);
      const accounts = await t.store.db
        .selectFrom('platform_accounts')
        .select('platform')
        .where('user_id', '=', user.id)
        .execute();
      assert.deepEqual(accounts, [{ platform: 'sleeper' }]);
    });
  });
}

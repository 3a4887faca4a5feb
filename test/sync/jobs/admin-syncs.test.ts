// With REDIS_URL, syncs asked for over HTTP are jobs on the queue run by the workers: the serving
// process syncs nothing. A sync started on the admin API and the connect page's first sync after
// a link wait in the queue, the platform unasked, until a worker process starts; that worker
// (its pid is on the runs) syncs both, and the admin API and the page follow them to their end.
import assert from 'node:assert/strict';
import { hostname } from 'node:os';
import { setTimeout as delay } from 'node:timers/promises';
import { after, before, describe, it } from 'node:test';
import { silentLogger } from '../../../src/logger.ts';
import { linkAccount } from '../../../src/storage/repositories/accounts.ts';
import { createUser } from '../../../src/storage/repositories/users.ts';
import { Queue } from 'bullmq';
import { connectQueueSyncJobs } from '../../../src/sync/jobs/bullmq.ts';
import { QUEUE_NAME, connectRedis } from '../../../src/sync/jobs/queue.ts';
import type { QueueSyncJobs } from '../../../src/sync/jobs/bullmq.ts';
import { createSession, csrfOf, pageWhenSynced, postForm } from '../../connect/page-helpers.ts';
import { startTestApp } from '../../helpers/app.ts';
import type { TestApp } from '../../helpers/app.ts';
import { manyAppConfig, startFakeSleeperMany } from '../../helpers/fake-sleeper-many.ts';
import type { FakeSleeperMany } from '../../helpers/fake-sleeper-many.ts';
import { testBackends } from '../../helpers/store.ts';
import { adminClient } from '../../http/admin-helpers.ts';
import type { AdminClient, SyncBody } from '../../http/admin-helpers.ts';
import { SKIP_WITHOUT_REDIS, TEST_REDIS_URL, deleteKeys, uniquePrefix } from '../../http/redis.ts';
import { spawnWorker } from './harness.ts';
import type { WorkerProcess } from './harness.ts';

/** Jobs waiting in the queue for a worker. */
async function waitingJobs(url: string, prefix: string): Promise<number> {
  const connection = await connectRedis(url, { blocking: false });
  const queue = new Queue(QUEUE_NAME, { connection, prefix });
  try {
    return await queue.getWaitingCount();
  } finally {
    await queue.close();
    await connection.quit();
  }
}

for (const dialect of testBackends()) {
  describe(
    `syncs asked for over HTTP, with a queue (${dialect})`,
    { skip: SKIP_WITHOUT_REDIS },
    () => {
      const url = TEST_REDIS_URL as string;
      const base = uniquePrefix();
      const prefixes = { queuePrefix: `${base}q`, budgetKeyPrefix: `${base}budget:` };
      let fake: FakeSleeperMany;
      let jobs: QueueSyncJobs;
      let t: TestApp;
      let admin: AdminClient;
      let worker: WorkerProcess | undefined;

      before(async () => {
        fake = await startFakeSleeperMany({ users: 2, leagues: 2 });
        jobs = await connectQueueSyncJobs({
          url,
          prefix: prefixes.queuePrefix,
          logger: silentLogger(),
        });
        // The app reaches the fake Sleeper (the connect page links through it), yet syncs nothing.
        t = await startTestApp({
          dialect,
          syncJobs: jobs,
          config: manyAppConfig(fake.url),
        });
        admin = await adminClient(t);
      });
      after(async () => {
        await worker?.stop();
        await t?.close();
        await jobs?.close();
        await fake?.close();
        await deleteKeys(base);
      });

      it('queues them for a worker process, which runs them', async () => {
        // Alice is linked already; her sync is started on the admin API.
        const alice = await createUser(t.store.db, 'alice');
        await linkAccount(t.store.db, {
          userId: alice.id,
          platform: 'sleeper',
          externalUserId: fake.userId(0),
          username: 'sleeper0',
        });
        const started = await admin.json<SyncBody>('POST', `/admin/users/${alice.id}/syncs`, {});
        assert.equal(started.status, 202);
        assert.equal(started.body.status, 'running');
        // Bob links on the connect page, which starts his first sync.
        const bob = await createUser(t.store.db, 'bob');
        const session = await createSession(admin, bob.id, { platforms: ['sleeper'] });
        const csrf = csrfOf(await (await fetch(session.url)).text());
        const linked = await postForm(t, `${session.path}/link/sleeper`, {
          csrf,
          username: 'sleeper1',
        });
        assert.equal(linked.status, 303);
        const bobs = (await admin.json<SyncBody[]>('GET', `/admin/users/${bob.id}/syncs`)).body;
        assert.equal(bobs.length, 1);
        const syncIds = [started.body.sync_id, bobs[0]?.sync_id as number];

        // No worker yet: both wait in the queue, and this process asked Sleeper nothing but Bob's
        // name (the link).
        await delay(500);
        for (const id of syncIds) {
          const { body } = await admin.json<SyncBody>('GET', `/admin/syncs/${id}`);
          assert.deepEqual([body.status, body.progress.accounts_done], ['running', 0]);
        }
        assert.equal(fake.calls.length, 1);
        assert.equal(await waitingJobs(url, prefixes.queuePrefix), 2);
        assert.deepEqual(await t.store.db.selectFrom('sync_runs').selectAll().execute(), []);

        worker = await spawnWorker({ store: t.store, fake, ...prefixes }, url);
        for (const id of syncIds) {
          const done = await admin.waitForSync(id);
          assert.equal(done.status, 'ok', done.error);
          assert.deepEqual([done.progress.accounts_done, done.progress.leagues_written], [1, 2]);
        }
        assert.match(await pageWhenSynced(t, session.path), /data-sync="ok"/);
        const runs = await t.store.db
          .selectFrom('sync_runs')
          .selectAll()
          .orderBy('user_id')
          .execute();
        assert.deepEqual(
          runs.map((run) => [run.user_id, run.owner, run.trigger]),
          [alice.id, bob.id].map((id) => [id, `${hostname()}:${worker?.pid}`, 'api']),
        );
      });
    },
  );
}

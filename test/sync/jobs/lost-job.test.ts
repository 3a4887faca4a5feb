// A sync asked for over HTTP waits on its queued job; a queue that loses it (its Redis flushed, or
// restarted without persistence, before a worker took the job) must not leave the sync 'running'
// forever. The admin API's next read finds the job gone and ends the sync 'interrupted', saying
// why, in the store (every instance reads the same). So does one whose job finished without
// answering it. A sync whose job is still to run, or whose account a live run is syncing, stays
// as it is. No sync worker runs here: the jobs stay queued, or a bare worker finishes one.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Worker } from 'bullmq';
import { silentLogger } from '../../../src/logger.ts';
import { linkAccount } from '../../../src/storage/repositories/accounts.ts';
import type { LinkedAccount } from '../../../src/storage/repositories/accounts.ts';
import {
  NO_ACCOUNT_PROGRESS,
  findSyncRequest,
  recordAccountProgress,
} from '../../../src/storage/repositories/sync-requests.ts';
import { startSyncRun } from '../../../src/storage/repositories/syncs.ts';
import { createUser } from '../../../src/storage/repositories/users.ts';
import { connectQueueSyncJobs } from '../../../src/sync/jobs/bullmq.ts';
import type { QueueSyncJobs } from '../../../src/sync/jobs/bullmq.ts';
import { QUEUE_NAME, connectRedis } from '../../../src/sync/jobs/queue.ts';
import type { AccountJobData } from '../../../src/sync/jobs/queue.ts';
import { LOST_JOB } from '../../../src/sync/requests.ts';
import { runOwner } from '../../../src/sync/run-lease.ts';
import { startTestApp } from '../../helpers/app.ts';
import type { TestApp } from '../../helpers/app.ts';
import { testBackends } from '../../helpers/store.ts';
import { adminClient } from '../../http/admin-helpers.ts';
import type { AdminClient, SyncBody } from '../../http/admin-helpers.ts';
import { SKIP_WITHOUT_REDIS, TEST_REDIS_URL, deleteKeys, uniquePrefix } from '../../http/redis.ts';

for (const dialect of testBackends()) {
  describe(`a sync whose queued job was lost (${dialect})`, { skip: SKIP_WITHOUT_REDIS }, () => {
    const base = uniquePrefix();
    const queuePrefix = `${base}q`;
    let jobs: QueueSyncJobs;
    let t: TestApp;
    let admin: AdminClient;

    before(async () => {
      jobs = await connectQueueSyncJobs({
        url: TEST_REDIS_URL as string,
        prefix: queuePrefix,
        logger: silentLogger(),
      });
      t = await startTestApp({ dialect, syncJobs: jobs });
      admin = await adminClient(t);
    });
    after(async () => {
      await t?.close();
      await jobs?.close();
      await deleteKeys(base);
    });

    async function linkedUser(name: string): Promise<LinkedAccount> {
      const user = await createUser(t.store.db, name);
      return linkAccount(t.store.db, {
        userId: user.id,
        platform: 'sleeper',
        externalUserId: `${name}-sleeper`,
      });
    }

    async function startSync(userId: number): Promise<number> {
      const started = await admin.json<SyncBody>('POST', `/admin/users/${userId}/syncs`, {});
      assert.equal(started.status, 202);
      assert.equal(started.body.status, 'running');
      return started.body.sync_id;
    }

    const get = async (id: number): Promise<SyncBody> =>
      (await admin.json<SyncBody>('GET', `/admin/syncs/${id}`)).body;

    it('ends interrupted, saying why, while a sync whose job is there waits on', async () => {
      const alice = await linkedUser('alice');
      const lostId = await startSync(alice.userId);
      // The queue's Redis loses everything (a restart without persistence) before any worker.
      await deleteKeys(queuePrefix);
      // A sync asked for afterwards is queued anew; its job may get the lost job's id.
      const bob = await linkedUser('bob');
      const keptId = await startSync(bob.userId);

      const lost = await get(lostId);
      assert.equal(lost.status, 'interrupted');
      assert.equal(lost.error, `sleeper: ${LOST_JOB}`);
      assert.equal(lost.progress.accounts_done, 1);
      // Recorded, not worked out by this instance: the store says so to every instance.
      const stored = await findSyncRequest(t.store.db, lostId);
      assert.deepEqual([stored?.status, stored?.error], ['interrupted', `sleeper: ${LOST_JOB}`]);
      const listed = (await admin.json<SyncBody[]>('GET', `/admin/users/${alice.userId}/syncs`))
        .body;
      assert.deepEqual(
        listed.map((s) => [s.sync_id, s.status]),
        [[lostId, 'interrupted']],
      );

      const kept = await get(keptId);
      assert.deepEqual([kept.status, kept.error], ['running', undefined]);
      assert.equal((await findSyncRequest(t.store.db, keptId))?.status, 'running');
    });

    it('ends interrupted when its job finished without answering it', async () => {
      const dave = await linkedUser('dave');
      const id = await startSync(dave.userId);
      // A worker ran the job and recorded its end for the syncs waiting then; this one joined
      // just after, before the job was marked finished. (This worker records nothing: as far as
      // the sync can tell, the same.)
      const connection = await connectRedis(TEST_REDIS_URL as string, { blocking: true });
      const finished = new Promise<void>((resolve) => {
        const worker = new Worker(QUEUE_NAME, async () => undefined, {
          connection,
          prefix: queuePrefix,
        });
        worker.on('completed', (job) => {
          if ((job.data as AccountJobData).accountId !== dave.id) return;
          void worker.close().then(() => resolve());
        });
      });
      await finished;
      await connection.quit();
      const ended = await get(id);
      assert.deepEqual([ended.status, ended.error], ['interrupted', `sleeper: ${LOST_JOB}`]);
    });

    it('waits on while a live run syncs the account, its job lost or not', async () => {
      const carol = await linkedUser('carol');
      const id = await startSync(carol.userId);
      // A worker took the job and its run is under way (its lease alive) when Redis is lost.
      const run = await startSyncRun(t.store.db, {
        userId: carol.userId,
        platform: 'sleeper',
        trigger: 'api',
        owner: runOwner(),
      });
      await recordAccountProgress(t.store.db, carol.id, run, NO_ACCOUNT_PROGRESS);
      await deleteKeys(queuePrefix);
      assert.equal((await get(id)).status, 'running');
      assert.equal((await findSyncRequest(t.store.db, id))?.status, 'running');
    });
  });
}

// A worker killed with SIGKILL in the middle of its jobs: once their locks lapse another worker
// takes them over and completes every account; no league is left half-written (each is one
// transaction), and the dead worker's runs say they were interrupted and taken over.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Queue } from 'bullmq';
import { silentLogger } from '../../../src/logger.ts';
import { connectQueueSyncJobs } from '../../../src/sync/jobs/bullmq.ts';
import type { QueueSyncJobs } from '../../../src/sync/jobs/bullmq.ts';
import { QUEUE_NAME } from '../../../src/sync/jobs/queue.ts';
import { SKIP_WITHOUT_REDIS, TEST_REDIS_URL } from '../../http/redis.ts';
import { assertLeaguesWhole, runsOf } from './checks.ts';
import { createWorld, eventually, spawnWorker } from './harness.ts';
import type { World, WorkerProcess } from './harness.ts';

const USERS = 6;
const LEAGUES = 5;
const LOCKS = { lockDurationMs: 4000, stalledIntervalMs: 2000, concurrency: 6 };

describe('a sync worker killed mid-job', { skip: SKIP_WITHOUT_REDIS }, () => {
  const redisUrl = TEST_REDIS_URL as string;
  let world: World;
  let jobs: QueueSyncJobs;
  const workers: WorkerProcess[] = [];

  before(async () => {
    world = await createWorld(USERS, LEAGUES);
    jobs = await connectQueueSyncJobs({
      url: redisUrl,
      prefix: world.queuePrefix,
      logger: silentLogger(),
    });
  });
  after(async () => {
    await Promise.all(workers.map((w) => w.stop()));
    await jobs?.close();
    await world?.destroy();
  });

  it('is replaced by another worker that completes every account', async () => {
    world.fake.delayMs = 300; // an account takes seconds: long enough to die in the middle
    const doomed = await spawnWorker(world, redisUrl, LOCKS);
    workers.push(doomed);
    const queued = await jobs.enqueue(world.accounts, { sports: [], seasons: [], trigger: 'cli' });
    assert.equal(queued.length, USERS);
    const reads = (): number => [...world.fake.leagueReads.values()].reduce((a, b) => a + b, 0);
    await eventually('leagues being read', () => reads() >= 3, 60_000);
    doomed.child.kill('SIGKILL');
    assert.equal(await doomed.exited, 'SIGKILL');
    const readsAtDeath = reads();
    assert.ok(readsAtDeath < USERS * LEAGUES, 'killed before it read every league');

    world.fake.delayMs = 20;
    workers.push(await spawnWorker(world, redisUrl, LOCKS));
    const queue = new Queue(QUEUE_NAME, {
      connection: { url: redisUrl },
      prefix: world.queuePrefix,
    });
    try {
      await eventually(
        'every job completed',
        async () => (await queue.getJobCounts('completed')).completed === USERS,
        60_000,
      );
      const done = await queue.getJobs(['completed'], 0, -1);
      for (const job of done) {
        assert.equal((job.returnvalue as { outcome: string }).outcome, 'ok', `job ${job.id}`);
      }
    } finally {
      await queue.close();
    }
    await assertLeaguesWhole(world, USERS);

    const runs = await runsOf(world);
    const dead = runs.filter((r) => r.owner?.endsWith(`:${doomed.pid}`));
    assert.ok(dead.length > 0, 'the killed worker had started runs');
    for (const run of dead) {
      assert.equal(run.outcome, 'interrupted', `run ${run.id}`);
      assert.match(run.error ?? '', /stopped before the run finished; job .* was taken over by/);
    }
    // Every account ended with one good run, after at most the one that was interrupted.
    for (const account of world.accounts) {
      const ofUser = runs.filter((r) => r.user_id === account.userId);
      assert.equal(ofUser.filter((r) => r.outcome === 'ok').length, 1, `user ${account.userId}`);
      assert.ok(ofUser.length <= 2, `user ${account.userId}: ${ofUser.length} runs`);
    }
  });
});

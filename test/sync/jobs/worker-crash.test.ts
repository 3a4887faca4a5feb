// A worker killed with SIGKILL in the middle of its jobs: once their locks lapse another worker
// takes them over and completes every account; no league is left half-written (each is one
// transaction), and the dead worker's runs say they were interrupted and taken over.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { SKIP_WITHOUT_REDIS } from '../../http/redis.ts';
import { assertLeaguesWhole, runsOf } from './checks.ts';
import { createQueueWorld, eventually } from './harness.ts';
import type { QueueWorld } from './harness.ts';

const USERS = 6;
const LEAGUES = 5;
const LOCKS = { lockDurationMs: 4000, stalledIntervalMs: 2000, concurrency: 6 };

describe('a sync worker killed mid-job', { skip: SKIP_WITHOUT_REDIS }, () => {
  let world: QueueWorld;

  before(async () => {
    world = await createQueueWorld(USERS, LEAGUES);
  });
  after(() => world?.destroy());

  it('is replaced by another worker that completes every account', async () => {
    world.fake.delayMs = 300; // an account takes seconds: long enough to die in the middle
    const doomed = await world.spawnWorker(LOCKS);
    const queued = await world.jobs.enqueue(world.accounts, {
      sports: [],
      seasons: [],
      trigger: 'cli',
    });
    assert.equal(queued.length, USERS);
    const reads = (): number => [...world.fake.leagueReads.values()].reduce((a, b) => a + b, 0);
    await eventually('leagues being read', () => reads() >= 3, 60_000);
    doomed.child.kill('SIGKILL');
    assert.equal(await doomed.exited, 'SIGKILL');
    const readsAtDeath = reads();
    assert.ok(readsAtDeath < USERS * LEAGUES, 'killed before it read every league');

    world.fake.delayMs = 20;
    await world.spawnWorker(LOCKS);
    const queue = world.queue();
    await eventually(
      'every job completed',
      async () => (await queue.getJobCounts('completed')).completed === USERS,
      60_000,
    );
    const done = await queue.getJobs(['completed'], 0, -1);
    for (const job of done) {
      assert.equal((job.returnvalue as { outcome: string }).outcome, 'ok', `job ${job.id}`);
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

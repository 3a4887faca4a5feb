// A sync worker process whose PostgreSQL connections are terminated in the middle of its jobs
// (what a restart or a failover does): it stays up, the runs it was in end (failed, saying why)
// rather than hang or stay 'running', and it keeps taking jobs, which then complete.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import {
  URL_PASSWORD,
  outageUrl,
  terminateBackends,
  uniqueAppName,
} from '../../helpers/pg-outage.ts';
import { TEST_DATABASE_URL } from '../../helpers/store.ts';
import { SKIP_WITHOUT_REDIS } from '../../http/redis.ts';
import { assertLeaguesWhole, runsOf } from './checks.ts';
import { createQueueWorld, eventually } from './harness.ts';
import type { QueueWorld } from './harness.ts';

const USERS = 4;
const LEAGUES = 5;
const REQUEST = { sports: [], seasons: [], trigger: 'cli' } as const;

describe(
  'a sync worker losing its PostgreSQL connections',
  { skip: SKIP_WITHOUT_REDIS || (TEST_DATABASE_URL ? false : 'TEST_DATABASE_URL is not set') },
  () => {
    let world: QueueWorld;

    before(async () => {
      world = await createQueueWorld(USERS, LEAGUES);
    });
    after(() => world?.destroy());

    it('stays up, fails the runs it was in, and completes the next jobs', async () => {
      const appName = uniqueAppName();
      const worker = await world.spawnWorker({
        store: {
          ...world.store.options,
          databaseUrl: outageUrl(TEST_DATABASE_URL as string, { appName }),
        },
      });
      world.fake.delayMs = 200; // an account takes seconds: long enough to be cut mid-way
      await world.jobs.enqueue(world.accounts, { ...REQUEST });
      const reads = (): number => [...world.fake.leagueReads.values()].reduce((a, b) => a + b, 0);
      await eventually('leagues being read', () => reads() >= 2, 60_000);
      // Again and again for a while, so queries in flight are cut too, not only idle connections.
      let terminated = 0;
      for (let i = 0; i < 20; i++) {
        terminated += await terminateBackends(appName);
        await delay(75);
      }
      assert.ok(terminated > 0, 'the worker had connections to terminate');
      const queue = world.queue();
      await eventually(
        'every job ended',
        async () => {
          // Delayed: failed, to be tried again later (an unattended job's backoff).
          const counts = await queue.getJobCounts('completed', 'failed', 'delayed');
          return (counts.completed ?? 0) + (counts.failed ?? 0) + (counts.delayed ?? 0) === USERS;
        },
        60_000,
      );
      assert.equal(worker.child.exitCode, null, `the worker is still running: ${worker.stderr()}`);

      // The same worker takes the next jobs, and the store is whole again.
      world.fake.delayMs = 0;
      await queue.obliterate({ force: true });
      await world.jobs.enqueue(world.accounts, { ...REQUEST });
      await eventually(
        'the next jobs completed',
        async () => (await queue.getJobCounts('completed')).completed === USERS,
        60_000,
      );
      await assertLeaguesWhole(world, USERS);
      const runs = await runsOf(world);
      assert.deepEqual(
        runs.filter((r) => r.outcome === 'running'),
        [],
        'no run is left running',
      );
      for (const run of runs.filter((r) => r.outcome === 'failed' || r.outcome === 'interrupted')) {
        assert.ok(run.error, `run ${run.id} (${run.outcome}) says why`);
      }
      assert.match(worker.stderr(), /a PostgreSQL connection failed/);
      assert.ok(!worker.stderr().includes(URL_PASSWORD), "never the URL's password");
    });
  },
);

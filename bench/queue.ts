// Sync throughput on the queue: accounts synced per minute against a fake Sleeper (no latency,
// no budget in the way) by 1 and by 2 worker processes, for a first sync (every league written)
// and a re-sync (nothing changed). Prints one line per run and what bounds it in production.
//   TEST_REDIS_URL=redis://127.0.0.1:6379 [TEST_DATABASE_URL=postgresql://...] npm run bench:queue
// Uses the queue tests' fake and worker process (test/sync/jobs/harness.ts).
import { availableParallelism, loadavg } from 'node:os';
import { Queue } from 'bullmq';
import { silentLogger } from '../src/logger.ts';
import { connectQueueSyncJobs } from '../src/sync/jobs/bullmq.ts';
import { QUEUE_NAME } from '../src/sync/jobs/queue.ts';
import { TEST_DATABASE_URL } from '../test/helpers/store.ts';
import { createWorld, eventually, spawnWorker } from '../test/sync/jobs/harness.ts';
import type { WorkerProcess } from '../test/sync/jobs/harness.ts';

const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 60);
const LEAGUES = 5;
const CONCURRENCY = 4;
const SLEEPER_BUDGET_PER_MINUTE = 900;

async function measure(workerCount: number, url: string): Promise<void> {
  const world = await createWorld(ACCOUNTS, LEAGUES);
  const jobs = await connectQueueSyncJobs({
    url,
    prefix: world.queuePrefix,
    logger: silentLogger(),
  });
  const queue = new Queue(QUEUE_NAME, { connection: { url }, prefix: world.queuePrefix });
  const workers: WorkerProcess[] = [];
  try {
    for (let i = 0; i < workerCount; i++) {
      workers.push(await spawnWorker(world, url, { concurrency: CONCURRENCY }));
    }
    for (const round of ['first sync', 're-sync']) {
      const before = (await queue.getJobCounts('completed')).completed ?? 0;
      const calls = world.fake.calls.length;
      const started = performance.now();
      await jobs.enqueue(world.accounts, { sports: [], seasons: [], trigger: 'bench' });
      await eventually(
        'all synced',
        async () => (await queue.getJobCounts('completed')).completed === before + ACCOUNTS,
        600_000,
      );
      const seconds = (performance.now() - started) / 1000;
      const perCall = (world.fake.calls.length - calls) / ACCOUNTS;
      console.log(
        `${workerCount} worker(s) x ${CONCURRENCY}, ${round}: ${ACCOUNTS} accounts in ` +
          `${seconds.toFixed(1)} s = ${Math.round((ACCOUNTS / seconds) * 60)} accounts/min, ` +
          `${Math.round((world.fake.calls.length - calls) / seconds)} calls/s, ` +
          `${perCall.toFixed(1)} calls/account; ` +
          `Sleeper's budget (${SLEEPER_BUDGET_PER_MINUTE}/min) allows ` +
          `${Math.floor(SLEEPER_BUDGET_PER_MINUTE / perCall)} accounts/min`,
      );
    }
  } finally {
    await Promise.all(workers.map((w) => w.stop()));
    await queue.close();
    await jobs.close();
    await world.destroy();
  }
}

const url = process.env.TEST_REDIS_URL;
if (!url) {
  console.error('set TEST_REDIS_URL (e.g. redis://127.0.0.1:6379)');
  process.exit(2);
}
console.log(
  `store: ${TEST_DATABASE_URL ? 'PostgreSQL' : 'SQLite'}; ${ACCOUNTS} accounts x ${LEAGUES} ` +
    `leagues; ${availableParallelism()} cores, load ${loadavg()[0]?.toFixed(1)}`,
);
await measure(1, url);
await measure(2, url);

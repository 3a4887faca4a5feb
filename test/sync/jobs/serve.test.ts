// `serve` with REDIS_URL: it sets the deployment's one schedule in Redis (every instance the same
// one) and runs a sync worker unless SYNC_WORKER_IN_SERVE is false; `worker` needs REDIS_URL.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { Queue } from 'bullmq';
import { ConfigError, loadConfig } from '../../../src/config.ts';
import { startServer } from '../../../src/main.ts';
import type { RunningServer } from '../../../src/main.ts';
import { QUEUE_NAME, SCHEDULER_ID } from '../../../src/sync/jobs/queue.ts';
import { startWorkerProcess } from '../../../src/worker.ts';
import { SKIP_WITHOUT_REDIS, TEST_REDIS_URL, deleteKeys, uniquePrefix } from '../../http/redis.ts';

describe('serve with a sync queue', { skip: SKIP_WITHOUT_REDIS }, () => {
  const prefix = uniquePrefix();
  const dir = mkdtempSync(join(tmpdir(), 'fantasy-queue-serve-'));
  const servers: RunningServer[] = [];
  const queue = new Queue(QUEUE_NAME, {
    connection: { url: TEST_REDIS_URL ?? '' },
    prefix: `${prefix}q`,
  });
  after(async () => {
    for (const server of servers) await server.close();
    await queue.close();
    rmSync(dir, { recursive: true, force: true });
    await deleteKeys(prefix);
  });
  const start = async (env: Record<string, string>): Promise<RunningServer> => {
    const config = loadConfig({
      FANTASY_DATA_DIR: dir,
      PORT: '0',
      REDIS_URL: TEST_REDIS_URL,
      RATE_LIMIT_PER_MINUTE: '0',
      ...env,
    });
    const server = await startServer(config, {
      queuePrefix: `${prefix}q`,
      budgetKeyPrefix: `${prefix}budget:`,
    });
    servers.push(server);
    return server;
  };

  it('keeps one schedule for all instances and runs a worker unless told not to', async () => {
    const first = await start({ SYNC_INTERVAL_MINUTES: '30' });
    assert.equal(first.syncJobs.kind, 'queue');
    assert.equal(first.scheduler, undefined, 'no timer of its own');
    await start({ SYNC_INTERVAL_MINUTES: '30', SYNC_WORKER_IN_SERVE: 'false' });
    const schedulers = await queue.getJobSchedulers();
    assert.deepEqual(
      schedulers.map((s) => [s.key, s.every]),
      [[SCHEDULER_ID, 30 * 60_000]],
    );
    assert.equal(await queue.getWorkersCount(), 1, 'only the first runs a worker');
    await start({ SYNC_INTERVAL_MINUTES: '0', SYNC_WORKER_IN_SERVE: 'false' });
    assert.deepEqual(await queue.getJobSchedulers(), [], 'interval 0 removes the schedule');
  });

  it('a worker process needs REDIS_URL', async () => {
    await assert.rejects(
      startWorkerProcess(loadConfig({ FANTASY_DATA_DIR: dir })),
      (error) => error instanceof ConfigError && error.variable === 'REDIS_URL',
    );
  });
});

// The queue as the command line uses it: `run` refuses to wait when no worker listens, and with
// one it waits for every account, forwarding the engine's progress, and returns the summary;
// a second request for an account already queued joins that job. And the shared request budget
// in Redis answers like the in-process one, failing open when Redis cannot be reached.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { silentLogger } from '../../../src/logger.ts';
import { MemoryBudgetStore } from '../../../src/platforms/request-budget.ts';
import { RedisBudgetStore } from '../../../src/sync/budget-redis.ts';
import { createConnectorRegistry } from '../../../src/sync/connectors.ts';
import { startSyncWorker } from '../../../src/sync/jobs/worker.ts';
import type { SyncProgressEvent } from '../../../src/sync/types.ts';
import { loadConfig } from '../../../src/config.ts';
import {
  SKIP_WITHOUT_REDIS,
  TEST_REDIS_URL,
  closedPort,
  deleteKeys,
  uniquePrefix,
} from '../../http/redis.ts';
import { createQueueWorld, eventually } from './harness.ts';
import type { QueueWorld } from './harness.ts';
import { MANY_SEASON_RANGE } from '../../helpers/fake-sleeper-many.ts';

describe('sync jobs on the queue, waited for', { skip: SKIP_WITHOUT_REDIS }, () => {
  let world: QueueWorld;

  before(async () => {
    world = await createQueueWorld(3, 2);
  });
  after(() => world?.destroy());

  it('refuses to wait with no worker, then waits for each account with progress', async () => {
    const request = { sports: [], seasons: [], trigger: 'cli' } as const;
    await assert.rejects(world.jobs.run(world.accounts, request), /no sync worker is connected/);
    const config = loadConfig({
      SLEEPER_BASE_URL: world.fake.url,
      SUPPORTED_SEASONS: MANY_SEASON_RANGE,
    });
    const worker = await startSyncWorker({
      url: world.redisUrl,
      prefix: world.queuePrefix,
      store: world.store,
      connectors: createConnectorRegistry(config),
      logger: silentLogger(),
      concurrency: 2,
      supportedSeasons: config.supportedSeasons,
    });
    try {
      const events: SyncProgressEvent[] = [];
      world.fake.delayMs = 100;
      const running = world.jobs.run(world.accounts, {
        ...request,
        onProgress: (e) => events.push(e),
      });
      await eventually('the first job started', () => events.length > 0, 30_000);
      // The same accounts asked again meanwhile: joined to the jobs queued or running.
      const again = await world.jobs.enqueue(world.accounts, request);
      const summary = await running;
      assert.equal(summary.outcome, 'ok');
      assert.equal(summary.accounts.length, 3);
      assert.equal(summary.leaguesWritten, 6);
      assert.equal(events.filter((e) => e.type === 'league-written').length, 6);
      assert.equal(events.filter((e) => e.type === 'account-started').length, 3);
      const runs = await world.store.db.selectFrom('sync_runs').select('id').execute();
      assert.ok(again.length === 3 && runs.length >= 3 && runs.length <= 6);
      for (const reads of world.fake.leagueReads.values()) assert.ok(reads <= 2);
    } finally {
      await worker.close();
    }
  });
});

describe('the request budget in Redis', { skip: SKIP_WITHOUT_REDIS }, () => {
  const prefix = uniquePrefix();
  after(() => deleteKeys(prefix));

  it('answers like the in-process budget, shared by every store on the key', async () => {
    const logger = silentLogger();
    const a = new RedisBudgetStore(TEST_REDIS_URL as string, { logger, keyPrefix: prefix });
    const b = new RedisBudgetStore(TEST_REDIS_URL as string, { logger, keyPrefix: prefix });
    const memory = new MemoryBudgetStore();
    try {
      assert.equal(await a.ready(), true);
      assert.equal(await b.ready(), true);
      const shared = [];
      const local = [];
      for (let i = 0; i < 5; i++) {
        shared.push(await (i % 2 === 0 ? a : b).take('sleeper', 3, 60_000));
        local.push(memory.take('sleeper', 3, 60_000));
      }
      assert.deepEqual(shared.slice(0, 3), [0, 0, 0]);
      assert.deepEqual(local.slice(0, 3), [0, 0, 0]);
      for (const wait of [...shared.slice(3), ...local.slice(3)]) {
        assert.ok(wait > 59_000 && wait <= 60_000, `waits for the first call to leave: ${wait}`);
      }
      assert.equal(await a.take('espn', 3, 60_000), 0, 'each platform has its own budget');
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('fails open to a budget of this process when Redis cannot be reached', async () => {
    const store = new RedisBudgetStore(`redis://127.0.0.1:${await closedPort()}`, {
      logger: silentLogger(),
      keyPrefix: prefix,
      failuresToPause: 2,
    });
    try {
      const answers = [];
      for (let i = 0; i < 4; i++) answers.push(await store.take('sleeper', 3, 60_000));
      assert.deepEqual(answers.slice(0, 3), [0, 0, 0], 'counted locally');
      assert.ok((answers[3] ?? 0) > 0, 'and limited locally');
    } finally {
      await store.close();
    }
  });
});

// Links and syncs spend one request budget per platform, wherever the connectors are built: the
// sync side spends Sleeper's one call a minute, and then a link (the admin API's, the OAuth
// callback's) answers platform_busy without calling the platform. In one process the budgets
// live in its memory store; with Redis, serve's links and a worker's syncs share them there.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { loadConfig } from '../../src/config.ts';
import { silentLogger } from '../../src/logger.ts';
import { startServer } from '../../src/main.ts';
import type { RunningServer } from '../../src/main.ts';
import { createAdminKey } from '../../src/storage/repositories/admin-keys.ts';
import { listAccounts } from '../../src/storage/repositories/accounts.ts';
import { createUser } from '../../src/storage/repositories/users.ts';
import { createAccountServices } from '../../src/sync/account-services.ts';
import { createConnectorRegistry } from '../../src/sync/connectors.ts';
import { LinkBusyError } from '../../src/sync/errors.ts';
import type { SyncJobs } from '../../src/sync/jobs/types.ts';
import { openPlatformBudgets } from '../../src/sync/platform-budgets.ts';
import type { PlatformBudgets } from '../../src/sync/platform-budgets.ts';
import { startFakeSleeperMany } from '../helpers/fake-sleeper-many.ts';
import type { FakeSleeperMany } from '../helpers/fake-sleeper-many.ts';
import { createTestStore } from '../helpers/store.ts';
import type { TestStore } from '../helpers/store.ts';
import { SKIP_WITHOUT_REDIS, TEST_REDIS_URL, deleteKeys, uniquePrefix } from '../http/redis.ts';

/** Sleeper allows one call a minute here: whoever makes it spends the budget. */
const ONE_CALL = { SLEEPER_REQUESTS_PER_MINUTE: '1' };

describe('links and syncs of one process share its memory budgets', () => {
  let fake: FakeSleeperMany;
  let store: TestStore;
  let budgets: PlatformBudgets;
  before(async () => {
    fake = await startFakeSleeperMany({ users: 2, leagues: 1 });
    store = await createTestStore();
  });
  after(async () => {
    await budgets?.close();
    await store?.destroy();
    await fake?.close();
  });

  it('a sync spends the budget; the link and the OAuth callback answer busy, calling nothing', async () => {
    const config = loadConfig({
      ...ONE_CALL,
      SLEEPER_BASE_URL: fake.url,
      PUBLIC_BASE_URL: 'https://fantasy.example.com',
    });
    budgets = await openPlatformBudgets(config, { logger: silentLogger() });
    assert.equal(budgets.kind, 'memory');
    const syncs = createConnectorRegistry(config, { budgetStore: budgets.store });
    const accounts = createAccountServices({
      store,
      config,
      logger: silentLogger(),
      budgetStore: budgets.store,
      // Nothing here asks for a sync.
      jobs: {} as SyncJobs,
    });
    const alice = await createUser(store.db, 'alice');
    await syncs.sleeper?.link({ username: 'sleeper0' }, undefined);
    const calls = fake.calls.length;
    for (const redirect of ['configured', 'callback'] as const) {
      await assert.rejects(
        accounts.link(alice.id, 'sleeper', { username: 'sleeper1' }, redirect),
        LinkBusyError,
      );
    }
    assert.equal(fake.calls.length, calls, 'no link called the platform');
    assert.deepEqual(await listAccounts(store.db, {}), []);
    await accounts.close();
  });
});

describe(
  "serve's links and a worker's syncs share the budgets in Redis",
  {
    skip: SKIP_WITHOUT_REDIS,
  },
  () => {
    const prefix = uniquePrefix();
    const dir = mkdtempSync(join(tmpdir(), 'fantasy-link-budget-'));
    let fake: FakeSleeperMany;
    let server: RunningServer;
    let worker: PlatformBudgets;
    before(async () => {
      fake = await startFakeSleeperMany({ users: 2, leagues: 1 });
    });
    after(async () => {
      await server?.close();
      await worker?.close();
      await fake?.close();
      rmSync(dir, { recursive: true, force: true });
      await deleteKeys(prefix);
    });

    it('the worker spends the budget; the admin API link answers 503 platform_busy', async () => {
      const config = loadConfig({
        ...ONE_CALL,
        FANTASY_DATA_DIR: dir,
        HOST: '127.0.0.1',
        PORT: '0',
        REDIS_URL: TEST_REDIS_URL,
        RATE_LIMIT_PER_MINUTE: '0',
        SYNC_INTERVAL_MINUTES: '0',
        SYNC_WORKER_IN_SERVE: 'false',
        FANTASY_DEMO_ON_EMPTY: 'false',
        SLEEPER_BASE_URL: fake.url,
      });
      const budgetKeyPrefix = `${prefix}budget:`;
      server = await startServer(config, { queuePrefix: `${prefix}q`, budgetKeyPrefix });
      // The worker's side, built as startConfiguredWorker builds it.
      worker = await openPlatformBudgets(config, {
        logger: silentLogger(),
        keyPrefix: budgetKeyPrefix,
      });
      assert.equal(worker.kind, 'redis');
      const syncs = createConnectorRegistry(config, { budgetStore: worker.store });
      await syncs.sleeper?.link({ username: 'sleeper0' }, undefined);
      const calls = fake.calls.length;

      const { key } = await createAdminKey(server.store.db, 'budget-test');
      const alice = await createUser(server.store.db, 'alice');
      const answer = await fetch(`${server.url}/admin/users/${alice.id}/links/sleeper`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'sleeper1' }),
      });
      const body = (await answer.json()) as { code: string };
      assert.equal(answer.status, 503, JSON.stringify(body));
      assert.equal(body.code, 'platform_busy');
      assert.ok(answer.headers.get('retry-after'));
      assert.equal(fake.calls.length, calls, 'the link did not call the platform');
      assert.deepEqual(await listAccounts(server.store.db, {}), []);
    });
  },
);

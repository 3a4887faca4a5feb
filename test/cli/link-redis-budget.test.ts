// `fantasy-data link` with REDIS_URL spends the budget the deployment's workers spend (in Redis,
// under the default key prefix, as an operator's CLI and workers find it): when a worker's sync
// has used Sleeper's one call of the minute, the CLI's link says the budget is in use and calls
// nothing. Without REDIS_URL the same link has its own memory budget and goes through, which is
// what shows the refusal comes from the shared one.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { loadConfig } from '../../src/config.ts';
import { silentLogger } from '../../src/logger.ts';
import { BUDGET_KEY_PREFIX } from '../../src/sync/budget-redis.ts';
import { createConnectorRegistry } from '../../src/sync/connectors.ts';
import { openPlatformBudgets } from '../../src/sync/platform-budgets.ts';
import { startFakeSleeperMany } from '../helpers/fake-sleeper-many.ts';
import type { FakeSleeperMany } from '../helpers/fake-sleeper-many.ts';
import { SKIP_WITHOUT_REDIS, TEST_REDIS_URL, deleteKeys } from '../http/redis.ts';
import { runCli, tempDataDir } from './run-cli.ts';
import type { TempDir } from './run-cli.ts';

const BUSY =
  /^fantasy-data link: sleeper: this service's call budget for sleeper is in use by background syncs and other links; nothing was changed, try again in \d+ s$/m;

describe('the CLI link shares the platform budgets in Redis', { skip: SKIP_WITHOUT_REDIS }, () => {
  let fake: FakeSleeperMany;
  let dir: TempDir;
  let env: Record<string, string>;
  before(async () => {
    await deleteKeys(BUDGET_KEY_PREFIX);
    fake = await startFakeSleeperMany({ users: 2, leagues: 1 });
    dir = tempDataDir();
    env = {
      FANTASY_DATA_DIR: dir.path,
      SLEEPER_BASE_URL: fake.url,
      SLEEPER_REQUESTS_PER_MINUTE: '1',
    };
    for (const name of ['alice', 'bob']) {
      const created = await runCli(['users', 'create', name], env);
      assert.equal(created.code, 0, created.stderr);
    }
  });
  after(async () => {
    await fake?.close();
    dir?.remove();
    await deleteKeys(BUDGET_KEY_PREFIX);
  });

  it("after a worker's sync spent the minute's call, the link exits 1 and calls nothing", async () => {
    // The worker's side, built as startConfiguredWorker builds it, on the default prefix.
    const config = loadConfig({ ...env, REDIS_URL: TEST_REDIS_URL ?? '' });
    const worker = await openPlatformBudgets(config, { logger: silentLogger() });
    try {
      assert.equal(worker.kind, 'redis');
      const syncs = createConnectorRegistry(config, { budgetStore: worker.store });
      await syncs.sleeper?.link({ username: 'sleeper0' }, undefined);
    } finally {
      await worker.close();
    }
    const calls = fake.calls.length;

    const link = ['link', 'sleeper', '--user', 'alice', '--username', 'sleeper1'];
    const busy = await runCli(link, { ...env, REDIS_URL: TEST_REDIS_URL ?? '' });
    assert.equal(busy.code, 1, busy.stderr);
    assert.match(busy.stderr, BUSY);
    assert.equal(fake.calls.length, calls, 'the link did not call the platform');
    const list = await runCli(['users', 'list'], env);
    assert.match(list.stdout, /^\d+\s+alice\s+\S+\s*$/m, 'alice has no account');

    // Without Redis the CLI counts in its own memory: the same link goes through.
    const alone = await runCli(link, env);
    assert.equal(alone.code, 0, alone.stderr);
    assert.ok(fake.calls.length > calls, 'the link called the platform');
  });
});

// `fantasy-data sync --all` with a queue, when the queue loses its jobs while the command waits
// (what a Redis restarted without persistence does to it; simulated by deleting the queue's keys,
// in a Redis database of this test's own, while one account's sync is running in a worker and
// the others wait): the command ends with exit 1, naming each lost job, and reports the sync that
// finished meanwhile as finished, with its leagues, read from the store; it never waits forever.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { after, before, describe, it } from 'node:test';
import { Redis } from 'ioredis';
import { openStore } from '../../src/storage/db.ts';
import type { Store } from '../../src/storage/db.ts';
import { linkAccount } from '../../src/storage/repositories/accounts.ts';
import { createUser } from '../../src/storage/repositories/users.ts';
import { DEFAULT_QUEUE_PREFIX } from '../../src/sync/jobs/queue.ts';
import { eventually } from '../helpers/eventually.ts';
import { MANY_SEASON_RANGE, startFakeSleeperMany } from '../helpers/fake-sleeper-many.ts';
import type { FakeSleeperMany } from '../helpers/fake-sleeper-many.ts';
import type { TestStore } from '../helpers/store.ts';
import { SKIP_WITHOUT_REDIS, TEST_REDIS_URL, uniquePrefix } from '../http/redis.ts';
import { spawnWorker } from '../sync/jobs/harness.ts';
import type { WorkerProcess } from '../sync/jobs/harness.ts';
import { CLI_ENTRY, REPO_ROOT, cliEnv, tempDataDir } from './run-cli.ts';
import type { CliResult, TempDir } from './run-cli.ts';

/** The CLI queues under the default prefix: in a database of its own, no one else's keys go. */
const REDIS_DB = 11;
const DEADLINE_MS = 60_000;

/** Deletes the keys under `prefix` in the test's database. */
async function deleteKeys(redis: Redis, prefix: string): Promise<number> {
  let deleted = 0;
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
    if (keys.length > 0) deleted += await redis.del(...keys);
    cursor = next;
  } while (cursor !== '0');
  return deleted;
}

/** The real CLI, killed past `deadlineMs` (then `code` is null). */
function runCliWithDeadline(
  args: string[],
  env: Record<string, string>,
  deadlineMs: number,
): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CLI_ENTRY, ...args], {
      cwd: REPO_ROOT,
      env: cliEnv(env),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), deadlineMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

describe('sync --all when the queue loses its jobs', { skip: SKIP_WITHOUT_REDIS }, () => {
  const queueKeys = `${DEFAULT_QUEUE_PREFIX}:`;
  const budgetKeyPrefix = `${uniquePrefix()}budget:`;
  let redisUrl: string;
  let redis: Redis;
  let dir: TempDir;
  let store: Store;
  let fake: FakeSleeperMany;
  let worker: WorkerProcess | undefined;

  before(async () => {
    const url = new URL(TEST_REDIS_URL as string);
    url.pathname = `/${REDIS_DB}`;
    redisUrl = url.href;
    redis = new Redis(redisUrl);
    await deleteKeys(redis, queueKeys);
    dir = tempDataDir();
    store = await openStore({ dataDir: dir.path });
    fake = await startFakeSleeperMany({ users: 3, leagues: 2 });
    for (let i = 0; i < 3; i++) {
      const user = await createUser(store.db, `user${i}`);
      await linkAccount(store.db, {
        userId: user.id,
        platform: 'sleeper',
        externalUserId: fake.userId(i),
        username: `sleeper${i}`,
      });
    }
  });
  after(async () => {
    await worker?.stop();
    await deleteKeys(redis, queueKeys);
    await deleteKeys(redis, budgetKeyPrefix);
    redis.disconnect();
    await fake?.close();
    await store?.close();
    dir?.remove();
  });

  it('exits 1 naming the lost jobs, and reports the sync that finished meanwhile', async () => {
    // Slow until the keys are gone, so the first account's sync is still under way then however
    // loaded the machine is; then quick, so it finishes during the outage.
    fake.delayMs = 3000;
    worker = await spawnWorker(
      {
        store: { options: { dataDir: dir.path } } as TestStore,
        fake,
        queuePrefix: DEFAULT_QUEUE_PREFIX,
        budgetKeyPrefix,
      },
      redisUrl,
      { concurrency: 1 },
    );
    const waiting = runCliWithDeadline(
      ['sync', '--all'],
      {
        FANTASY_DATA_DIR: dir.path,
        REDIS_URL: redisUrl,
        SLEEPER_BASE_URL: fake.url,
        SUPPORTED_SEASONS: MANY_SEASON_RANGE,
        FANTASY_SECRET_KEY: '0'.repeat(64),
      },
      DEADLINE_MS,
    );
    // One account's sync is under way in the worker; the other two wait in the queue.
    await eventually(
      'a run under way',
      async () =>
        (
          await store.db
            .selectFrom('sync_runs')
            .select('id')
            .where('outcome', '=', 'running')
            .execute()
        ).length > 0,
      60_000,
    );
    assert.ok((await deleteKeys(redis, queueKeys)) > 0, 'the queue had keys to lose');
    fake.delayMs = 400;
    const result = await waiting;
    assert.equal(
      result.code,
      1,
      `exit code (null: still waiting at the deadline)\n${result.stderr}`,
    );
    const output = result.stdout + result.stderr;
    const lost = [...output.matchAll(/the queue lost job (\d+)/g)].map((m) => m[1]);
    assert.deepEqual([...new Set(lost)].sort(), ['2', '3'], output);
    assert.doesNotMatch(output, /stopped waiting/);
    // The first account's sync finished during the outage: its leagues, as written.
    const runs = await store.db.selectFrom('sync_runs').selectAll().orderBy('id').execute();
    assert.equal(runs.length, 1, 'only the first account was synced');
    assert.equal(runs[0]?.outcome, 'ok');
    for (const key of fake.leagueIds(0)) {
      assert.match(
        result.stdout,
        new RegExp(`^sleeper +${key} +\\d+ +\\d+ +football +written `, 'm'),
      );
    }
    assert.match(result.stdout, /^partial: 2 leagues found, 2 written/m);
  });
});

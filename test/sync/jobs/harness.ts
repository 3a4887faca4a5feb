// What the queue tests share: a store (PostgreSQL when TEST_DATABASE_URL is set, else a SQLite
// file) with `users` users each linked to the fake Sleeper, worker processes, and Redis prefixes
// of their own so the tests can run side by side.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Queue } from 'bullmq';
import { silentLogger } from '../../../src/logger.ts';
import { connectQueueSyncJobs } from '../../../src/sync/jobs/bullmq.ts';
import type { QueueSyncJobs } from '../../../src/sync/jobs/bullmq.ts';
import { QUEUE_NAME } from '../../../src/sync/jobs/queue.ts';
import { linkAccount } from '../../../src/storage/repositories/accounts.ts';
import type { LinkedAccount } from '../../../src/storage/repositories/accounts.ts';
import { createUser } from '../../../src/storage/repositories/users.ts';
import { eventually as pollUntil } from '../../helpers/eventually.ts';
import { startFakeSleeperMany } from '../../helpers/fake-sleeper-many.ts';
import type { FakeSleeperMany } from '../../helpers/fake-sleeper-many.ts';
import { TEST_DATABASE_URL, createTestStore } from '../../helpers/store.ts';
import type { TestStore } from '../../helpers/store.ts';
import { TEST_REDIS_URL, deleteKeys, uniquePrefix } from '../../http/redis.ts';
import type { WorkerChildOptions } from './worker.child.ts';

const CHILD = fileURLToPath(new URL('./worker.child.ts', import.meta.url));

export interface World {
  store: TestStore;
  fake: FakeSleeperMany;
  accounts: LinkedAccount[];
  /** Redis key prefixes of this test: the queue's and the budgets'. */
  queuePrefix: string;
  budgetKeyPrefix: string;
  destroy(): Promise<void>;
}

export async function createWorld(users: number, leagues: number): Promise<World> {
  const store = await createTestStore(TEST_DATABASE_URL ? 'postgres' : 'sqlite');
  const fake = await startFakeSleeperMany({ users, leagues });
  const accounts: LinkedAccount[] = [];
  for (let i = 0; i < users; i++) {
    const user = await createUser(store.db, `user${i}`);
    accounts.push(
      await linkAccount(store.db, {
        userId: user.id,
        platform: 'sleeper',
        externalUserId: fake.userId(i),
        username: `sleeper${i}`,
      }),
    );
  }
  const base = uniquePrefix();
  const queuePrefix = `${base}q`;
  const budgetKeyPrefix = `${base}budget:`;
  return {
    store,
    fake,
    accounts,
    queuePrefix,
    budgetKeyPrefix,
    async destroy() {
      await fake.close();
      await store.destroy();
      await deleteKeys(base);
    },
  };
}

/** A world on TEST_REDIS_URL with the queue's side connected, as the queue tests use it. */
export interface QueueWorld extends World {
  redisUrl: string;
  /** The queue as `serve` and `sync` connect to it. */
  jobs: QueueSyncJobs;
  /** The workers `spawnWorker` started: `destroy` stops them before anything else. */
  workers: WorkerProcess[];
  /** A worker process on this world (through another Redis address when given). */
  spawnWorker(overrides?: Partial<WorkerChildOptions>, redisUrl?: string): Promise<WorkerProcess>;
  /** The BullMQ queue itself, to read the jobs' states (opened on first use). */
  queue(): Queue;
}

export async function createQueueWorld(users: number, leagues: number): Promise<QueueWorld> {
  const redisUrl = TEST_REDIS_URL as string;
  const world = await createWorld(users, leagues);
  const jobs = await connectQueueSyncJobs({
    url: redisUrl,
    prefix: world.queuePrefix,
    logger: silentLogger(),
  }).catch(async (error: unknown) => {
    await world.destroy();
    throw error;
  });
  const workers: WorkerProcess[] = [];
  let queue: Queue | undefined;
  return {
    ...world,
    redisUrl,
    jobs,
    workers,
    async spawnWorker(overrides = {}, url = redisUrl) {
      const worker = await spawnWorker(world, url, overrides);
      workers.push(worker);
      return worker;
    },
    queue() {
      queue ??= new Queue(QUEUE_NAME, { connection: { url: redisUrl }, prefix: world.queuePrefix });
      return queue;
    },
    async destroy() {
      await Promise.all(workers.map((w) => w.stop()));
      await jobs.close();
      await queue?.close();
      await world.destroy();
    },
  };
}

export interface WorkerProcess {
  child: ChildProcess;
  pid: number;
  /** Resolves with the exit code or signal. */
  exited: Promise<number | NodeJS.Signals | null>;
  /** What it logged (warnings and errors) so far. */
  stderr(): string;
  stop(): Promise<void>;
}

export async function spawnWorker(
  world: Pick<World, 'store' | 'fake' | 'queuePrefix' | 'budgetKeyPrefix'>,
  redisUrl: string,
  overrides: Partial<WorkerChildOptions> = {},
): Promise<WorkerProcess> {
  const options: WorkerChildOptions = {
    store: world.store.options,
    redisUrl,
    sleeperUrl: world.fake.url,
    budgetPerWindow: 10_000,
    budgetWindowMs: 60_000,
    queuePrefix: world.queuePrefix,
    budgetKeyPrefix: world.budgetKeyPrefix,
    concurrency: 4,
    lockDurationMs: 30_000,
    stalledIntervalMs: 30_000,
    ...overrides,
  };
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, JSON.stringify(options)], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<number | NodeJS.Signals | null>((resolve) =>
    child.once('exit', (code, signal) => resolve(signal ?? code)),
  );
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`worker not ready in 60 s: ${stderr}`)),
      60_000,
    );
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) {
        clearTimeout(timer);
        resolve();
      }
    });
    void exited.then((how) => {
      clearTimeout(timer);
      reject(new Error(`worker exited (${String(how)}) before ready: ${stderr}`));
    });
  });
  return {
    child,
    pid: child.pid as number,
    exited,
    stderr: () => stderr,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** `eventually`, polling every 100 ms: the checks ask Redis or the store. */
export function eventually(
  what: string,
  check: () => Promise<boolean> | boolean,
  timeoutMs: number,
): Promise<void> {
  return pollUntil(what, check, timeoutMs, 100);
}

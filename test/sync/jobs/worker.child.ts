// A sync worker process for the queue tests: the store of the test (its SQLite file or
// PostgreSQL schema, given as JSON), the fake Sleeper and the test's Redis prefixes. Prints
// "ready" once it takes jobs; SIGTERM closes it gracefully.
import { loadConfig } from '../../../src/config.ts';
import { MANY_SEASON_RANGE } from '../../helpers/fake-sleeper-many.ts';
import { createLogger } from '../../../src/logger.ts';
import { createSecretBox } from '../../../src/secrets.ts';
import { openStore } from '../../../src/storage/db.ts';
import type { StoreOptions } from '../../../src/storage/db.ts';
import { startConfiguredWorker } from '../../../src/sync/jobs/index.ts';

export interface WorkerChildOptions {
  store: StoreOptions;
  redisUrl: string;
  sleeperUrl: string;
  budgetPerWindow: number;
  budgetWindowMs: number;
  queuePrefix: string;
  budgetKeyPrefix: string;
  concurrency: number;
  lockDurationMs: number;
  stalledIntervalMs: number;
}

const options = JSON.parse(process.argv[2] ?? '{}') as WorkerChildOptions;
const config = loadConfig({
  REDIS_URL: options.redisUrl,
  SLEEPER_BASE_URL: options.sleeperUrl,
  SLEEPER_REQUESTS_PER_MINUTE: String(options.budgetPerWindow),
  FANTASY_SECRET_KEY: '0'.repeat(64),
  SUPPORTED_SEASONS: MANY_SEASON_RANGE,
});
const logger = createLogger({ level: 'warn', destination: process.stderr });
const store = await openStore({ ...options.store, logger });
const worker = await startConfiguredWorker(
  { ...config, redisUrl: options.redisUrl },
  {
    store,
    secrets: createSecretBox(config),
    logger,
    concurrency: options.concurrency,
    queuePrefix: options.queuePrefix,
    budgetKeyPrefix: options.budgetKeyPrefix,
    budgetWindowMs: options.budgetWindowMs,
    lockDurationMs: options.lockDurationMs,
    stalledIntervalMs: options.stalledIntervalMs,
  },
);
process.stdout.write('ready\n');
process.once('SIGTERM', () => {
  void worker
    .close()
    .then(() => store.close())
    .then(() => process.exit(0));
});

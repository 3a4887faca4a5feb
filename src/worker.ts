// The composition root of a sync worker process (`fantasy-data worker`): config -> store ->
// the platforms' budgets in Redis -> connectors -> a worker taking sync jobs from the queue.
import { ConfigError } from './config.ts';
import type { Config } from './config.ts';
import { silentLogger } from './logger.ts';
import type { Logger } from './logger.ts';
import { createSecretBox } from './secrets.ts';
import { checkSecretKey } from './secret-key-check.ts';
import { openStore } from './storage/db.ts';
import type { Store } from './storage/db.ts';
import { pseudonymizeStoredEmails } from './sync/legacy-links.ts';
import { startConfiguredWorker } from './sync/jobs/index.ts';
import type { RedisPrefixes, WorkerDeps } from './sync/jobs/index.ts';
import { sweepInterruptedRuns } from './sync/run-lease.ts';
import { relaySettings, startWebhookRelay } from './webhooks/relay.ts';
import type { WebhookRelayOptions } from './webhooks/relay.ts';

export interface WorkerProcessOptions
  extends
    RedisPrefixes,
    Pick<WorkerDeps, 'connectors' | 'budgetWindowMs' | 'lockDurationMs' | 'stalledIntervalMs'> {
  logger?: Logger;
  /** Accounts synced at once; SYNC_WORKER_CONCURRENCY when absent. */
  concurrency?: number;
  /** The webhook relay's timings (tests). */
  webhooks?: Pick<WebhookRelayOptions, 'scheduleMs' | 'pollMs' | 'timeoutMs'>;
}

export interface RunningWorker {
  store: Store;
  /** Stops taking jobs, lets the running ones finish, and closes everything. */
  close(): Promise<void>;
}

export async function startWorkerProcess(
  config: Config,
  options: WorkerProcessOptions = {},
): Promise<RunningWorker> {
  const { redisUrl } = config;
  if (redisUrl === undefined) {
    throw new ConfigError(
      'REDIS_URL',
      'a sync worker takes its jobs from the queue in Redis: set REDIS_URL ' +
        '(without it, serve and sync run syncs in their own process)',
    );
  }
  const logger = options.logger ?? silentLogger();
  // A worker has nothing to sync in a store nobody created (serve or users create make one).
  const store = await openStore({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    mustExist: true,
    logger,
  });
  try {
    // A worker with another key would fail every account whose credentials it cannot read.
    await checkSecretKey(store, config);
    await pseudonymizeStoredEmails(store, createSecretBox(config));
    const interrupted = await sweepInterruptedRuns(store.db);
    if (interrupted > 0) logger.warn({ runs: interrupted }, 'sync runs found interrupted');
    const { logger: _logger, concurrency, webhooks, ...rest } = options;
    const secrets = createSecretBox(config);
    const worker = await startConfiguredWorker(
      { ...config, redisUrl },
      {
        ...rest,
        store,
        secrets,
        logger,
        concurrency: concurrency ?? config.syncWorkerConcurrency,
      },
    );
    // With a queue the workers post the webhooks (docs/webhooks.md).
    const relay = startWebhookRelay({
      store,
      secrets,
      logger,
      ...relaySettings(config.webhooks),
      ...webhooks,
    });
    return {
      store,
      async close() {
        await worker.close();
        await relay.close();
        await store.close();
      },
    };
  } catch (error) {
    await store.close();
    throw error;
  }
}

// Which way sync work runs, from config: with REDIS_URL as jobs on a queue shared by every
// process (bullmq.ts, worker.ts) and with the platforms' budgets counted in Redis; without it in
// this process, as the service always did with no other service.
import type { Config } from '../../config.ts';
import type { Logger } from '../../logger.ts';
import type { SecretBox } from '../../secrets.ts';
import type { Store } from '../../storage/db.ts';
import { createConnectorRegistry } from '../connectors.ts';
import { startLiveRefreshes } from '../live/index.ts';
import type { LiveRefreshEvent } from '../live/index.ts';
import { openPlatformBudgets } from '../platform-budgets.ts';
import type { ConnectorRegistry, SyncOptions } from '../types.ts';
import { createInProcessSyncJobs } from './in-process.ts';
import type { SyncJobs } from './types.ts';
import type { SyncWorker } from './worker.ts';

export type { QueuedSync, SyncJobs, SyncRequest } from './types.ts';
export type { SyncWorker } from './worker.ts';

/** Where a process's queue and budgets live in Redis (tests and benchmarks isolate themselves). */
export interface RedisPrefixes {
  queuePrefix?: string;
  budgetKeyPrefix?: string;
}

export interface SyncJobsDeps extends RedisPrefixes {
  store: Store;
  /** Runs syncs in this process when there is no queue. */
  connectors: ConnectorRegistry;
  secrets?: SecretBox;
  logger: Logger;
  /** Told of each account the in-process schedule synced (metrics). */
  onAccountSynced?: SyncOptions['onAccountSynced'];
}

export async function openSyncJobs(
  config: Pick<Config, 'redisUrl' | 'supportedSeasons'>,
  deps: SyncJobsDeps,
): Promise<SyncJobs> {
  if (config.redisUrl === undefined) {
    return createInProcessSyncJobs({ ...deps, supportedSeasons: config.supportedSeasons });
  }
  // BullMQ and ioredis (about 14 MB of RSS) are loaded only when there is a queue.
  const { connectQueueSyncJobs } = await import('./bullmq.ts');
  return connectQueueSyncJobs({
    url: config.redisUrl,
    logger: deps.logger,
    store: deps.store,
    ...(deps.queuePrefix !== undefined && { prefix: deps.queuePrefix }),
  });
}

export interface WorkerDeps extends RedisPrefixes {
  store: Store;
  secrets?: SecretBox;
  logger: Logger;
  concurrency: number;
  /** Instead of the configured platforms: serve's (the budgets it counts in), or a test's. */
  connectors?: ConnectorRegistry;
  /** The budgets' window, a minute unless a benchmark or test shortens it. */
  budgetWindowMs?: number;
  lockDurationMs?: number;
  stalledIntervalMs?: number;
  onAccountSynced?: SyncOptions['onAccountSynced'];
  /** Each live refresh of the worker's live scheduler (metrics). */
  onLiveRefresh?: (event: LiveRefreshEvent) => void;
}

/**
 * A worker whose connectors share each platform's request budget with every other process: it
 * opens the budgets in Redis itself unless it is handed the connectors of its process (serve's,
 * which count in the same store).
 */
export async function startConfiguredWorker(
  config: Pick<
    Config,
    'redisUrl' | 'platforms' | 'supportedSeasons' | 'liveRefresh' | 'liveRefreshSeconds'
  > & { redisUrl: string },
  deps: WorkerDeps,
): Promise<SyncWorker> {
  const { startSyncWorker } = await import('./worker.ts');
  // The queue below fails fast without Redis; the budget counts locally until it answers.
  const budgets =
    deps.connectors === undefined
      ? await openPlatformBudgets(config, {
          logger: deps.logger,
          ...(deps.budgetKeyPrefix !== undefined && { keyPrefix: deps.budgetKeyPrefix }),
        })
      : undefined;
  const connectors =
    deps.connectors ??
    createConnectorRegistry(config, {
      ...(budgets && { budgetStore: budgets.store }),
      ...(deps.budgetWindowMs !== undefined && { budgetWindowMs: deps.budgetWindowMs }),
    });
  let worker: SyncWorker;
  try {
    worker = await startSyncWorker({
      url: config.redisUrl,
      store: deps.store,
      connectors,
      logger: deps.logger,
      concurrency: deps.concurrency,
      supportedSeasons: config.supportedSeasons,
      ...(deps.secrets && { secrets: deps.secrets }),
      ...(deps.queuePrefix !== undefined && { prefix: deps.queuePrefix }),
      ...(deps.lockDurationMs !== undefined && { lockDurationMs: deps.lockDurationMs }),
      ...(deps.stalledIntervalMs !== undefined && { stalledIntervalMs: deps.stalledIntervalMs }),
      ...(deps.onAccountSynced && { onAccountSynced: deps.onAccountSynced }),
    });
  } catch (error) {
    await budgets?.close();
    throw error;
  }
  // Live periods are refreshed where syncs run (sync/live/), on by default (LIVE_REFRESH).
  const live = startLiveRefreshes(config, {
    store: deps.store,
    connectors,
    logger: deps.logger,
    ...(deps.secrets && { secrets: deps.secrets }),
    ...(deps.onLiveRefresh && { onRefresh: deps.onLiveRefresh }),
  });
  return {
    async close() {
      await live?.stop();
      await worker.close();
      await budgets?.close();
    },
  };
}

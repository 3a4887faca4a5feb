// What the queue's producers (bullmq.ts) and workers (worker.ts) agree on: the queue's name and
// key prefix, the two kinds of job, their data and their options, and how to reach Redis.
import { setTimeout as delay } from 'node:timers/promises';
import type { JobsOptions } from 'bullmq';
import { Redis } from 'ioredis';
import { ConfigError, describeRedisUrl } from '../../config.ts';
import type { Sport } from '../../domain/catalog.ts';
import type { AccountSyncSummary } from '../types.ts';

export const QUEUE_NAME = 'sync';
/** BullMQ's keys live under `<prefix>:sync:...`; tests use a prefix of their own. */
export const DEFAULT_QUEUE_PREFIX = 'fld:q';
/** One account's sync. */
export const ACCOUNT_JOB = 'sync-account';
/** The schedule's tick: queues one account job per linked account. */
export const SCHEDULE_JOB = 'sync-schedule';
/** The one job scheduler of the deployment (every process upserts the same one). */
export const SCHEDULER_ID = 'sync-every-account';

export interface AccountJobData {
  accountId: number;
  sports: Sport[];
  seasons: number[];
  trigger: string;
  /** The sync_runs this job started, one per attempt (see worker.ts: taking over a dead one). */
  runIds?: number[];
}

/** What an account job returns: the engine's summary, plain JSON. */
export type AccountJobResult = AccountSyncSummary;

/** Finished jobs are kept a day (failed ones a week) for `sync --wait` and for inspection. */
export const KEEP_JOBS: Pick<JobsOptions, 'removeOnComplete' | 'removeOnFail'> = {
  removeOnComplete: { age: 24 * 3600, count: 100_000 },
  removeOnFail: { age: 7 * 24 * 3600, count: 100_000 },
};

/** Attempts of a job nobody waits for; a failed account sync is tried again 1 and 2 min later. */
export const UNATTENDED_ATTEMPTS = 3;

/** The key of the account's one job at a time: BullMQ maps it to that job's id. */
export function accountDeduplicationId(accountId: number): string {
  return `account-${accountId}`;
}

export function accountJobOptions(
  accountId: number,
  options: { attempts: number; jobId?: string },
): JobsOptions {
  return {
    // One sync per account at a time: a second request while one is queued or running joins it.
    deduplication: { id: accountDeduplicationId(accountId) },
    attempts: options.attempts,
    backoff: { type: 'exponential', delay: 60_000 },
    ...(options.jobId !== undefined && { jobId: options.jobId }),
    ...KEEP_JOBS,
  };
}

/**
 * A connection to Redis that answered a PING within `timeoutMs`, or a ConfigError naming
 * REDIS_URL. `blocking` connections (workers, queue events) wait for Redis when it goes away
 * instead of failing their commands, as BullMQ requires.
 */
export async function connectRedis(
  url: string,
  options: { blocking: boolean; timeoutMs?: number },
): Promise<Redis> {
  const redis = new Redis(url, {
    lazyConnect: true,
    ...(options.blocking
      ? { maxRetriesPerRequest: null }
      : { maxRetriesPerRequest: 1, enableOfflineQueue: true }),
    connectTimeout: 2000,
    retryStrategy: (attempt) => Math.min(attempt * 100, 2000),
  });
  let lastError = 'no answer';
  redis.on('error', (error: Error) => {
    lastError = error.message;
  });
  redis.connect().catch(() => undefined);
  const timeoutMs = options.timeoutMs ?? 3000;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (redis.status === 'ready') {
      try {
        await redis.ping();
        return redis;
      } catch (error) {
        lastError = (error as Error).message;
      }
    }
    if (Date.now() >= deadline) {
      redis.disconnect();
      throw new ConfigError(
        'REDIS_URL',
        `no answer from Redis at ${describeRedisUrl(url)} within ${timeoutMs} ms (${lastError})`,
      );
    }
    await delay(50);
  }
}

/** The summary as a job result: JSON only (a failed pool's error object stays behind). */
export function toJobResult(summary: AccountSyncSummary): AccountJobResult {
  return {
    ...summary,
    pools: summary.pools.map(({ failure: _failure, ...pool }) => pool),
  };
}

// Sync work as jobs on a Redis queue (BullMQ, https://docs.bullmq.io), run by worker processes
// (worker.ts): this side queues them, waits for them and keeps the deployment's one schedule.
import { Queue, QueueEvents } from 'bullmq';
import type { Job } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Logger } from '../../logger.ts';
import { throttledWarning } from '../../redis/throttled-warning.ts';
import type { Store } from '../../storage/db.ts';
import { lastEndedRunId } from '../../storage/repositories/account-runs.ts';
import type { LinkedAccount } from '../../storage/repositories/accounts.ts';
import { SyncError } from '../errors.ts';
import { summarize } from '../summary.ts';
import type { AccountSyncSummary, SyncProgressEvent } from '../types.ts';
import { failedSummary, watchJob } from './job-watch.ts';
import type { JobState, JobWatch, WatchedJob } from './job-watch.ts';
import {
  ACCOUNT_JOB,
  DEFAULT_QUEUE_PREFIX,
  KEEP_JOBS,
  QUEUE_NAME,
  SCHEDULER_ID,
  SCHEDULE_JOB,
  UNATTENDED_ATTEMPTS,
  accountDeduplicationId,
  accountJobOptions,
  connectRedis,
} from './queue.ts';
import type { AccountJobData, AccountJobResult } from './queue.ts';
import type { QueuedSync, SyncJobs, SyncRequest } from './types.ts';

type SyncQueue = Queue<AccountJobData | Record<string, never>, unknown, string>;

export interface QueueSyncJobsOptions {
  url: string;
  /** Key prefix of the queue in Redis; tests use their own. */
  prefix?: string;
  logger: Logger;
  /**
   * Where a wait reads how a job's sync ended when the queue lost the job (the runs); without
   * it, a lost job is still noticed but a sync that ended meanwhile is not told apart.
   */
  store?: Store;
  /** How often a wait looks at its jobs beyond the queue's events. Default 1 s. */
  watchIntervalMs?: number;
}

export interface QueueSyncJobs extends SyncJobs {
  enqueue(accounts: readonly LinkedAccount[], request: SyncRequest): Promise<QueuedSync[]>;
  findLost(queued: readonly QueuedSync[]): Promise<QueuedSync[]>;
}

/** Connects to the queue; a ConfigError naming REDIS_URL when Redis does not answer. */
export async function connectQueueSyncJobs(options: QueueSyncJobsOptions): Promise<QueueSyncJobs> {
  const prefix = options.prefix ?? DEFAULT_QUEUE_PREFIX;
  const connection = await connectRedis(options.url, { blocking: false });
  const queue: SyncQueue = new Queue(QUEUE_NAME, { connection, prefix });
  queue.on('error', throttledWarning(options.logger, 'sync queue error'));

  async function add(
    accounts: readonly LinkedAccount[],
    request: SyncRequest,
    attempts: number,
    onAdded: (jobId: string) => void = () => undefined,
  ): Promise<Array<{ account: LinkedAccount; job: Job }>> {
    const added: Array<{ account: LinkedAccount; job: Job }> = [];
    for (const account of accounts) {
      const data: AccountJobData = {
        accountId: account.id,
        sports: [...request.sports],
        seasons: [...request.seasons],
        trigger: request.trigger,
      };
      const job = await queue.add(ACCOUNT_JOB, data, accountJobOptions(account.id, { attempts }));
      onAdded(String(job.id));
      added.push({ account, job: job as Job });
    }
    return added;
  }

  /**
   * Whether the job of `jobId` is this account's and still to end, or another job of the
   * account is queued.
   */
  async function stillQueued({ accountId, jobId }: QueuedSync): Promise<boolean> {
    // A finished job recorded its end for the requests waiting when it did; a request still
    // open joined after that (between the record and the job's end) and would wait a day, until
    // the job is removed (KEEP_JOBS).
    return (await jobState(jobId, accountId)).kind === 'pending';
  }

  /** The job of `jobId` as the account's: pending also while another job of the account is. */
  async function jobState(jobId: string, accountId: number): Promise<JobState> {
    const stateOf = async (id: string): Promise<JobState> => {
      // Job ids count from 1 again once Redis lost its data: the id may be another account's.
      const job = await queue.getJob(id);
      if (job === undefined || (job.data as Partial<AccountJobData>).accountId !== accountId) {
        return { kind: 'gone' };
      }
      const state = await job.getState();
      if (state === 'completed') {
        return { kind: 'completed', result: job.returnvalue as AccountJobResult };
      }
      if (state === 'failed') return { kind: 'failed', reason: job.failedReason };
      return { kind: 'pending' };
    };
    const own = await stateOf(jobId);
    if (own.kind !== 'gone') return own;
    // One job per account at a time: a later one answers the account's syncs too.
    const current = await queue.getDeduplicationJobId(accountDeduplicationId(accountId));
    if (current === null || current === jobId) return own;
    return (await stateOf(current)).kind === 'pending' ? { kind: 'pending' } : own;
  }

  return {
    kind: 'queue',

    async findLost(queued) {
      const lost: QueuedSync[] = [];
      for (const sync of queued) if (!(await stillQueued(sync))) lost.push(sync);
      return lost;
    },

    async enqueue(accounts, request) {
      const added = await add(accounts, request, UNATTENDED_ATTEMPTS);
      return added.map(({ account, job }) => ({ accountId: account.id, jobId: String(job.id) }));
    },

    async run(accounts, request) {
      if (accounts.length === 0) return summarize([]);
      if ((await queue.getWorkersCount()) === 0) {
        throw new SyncError(
          'no sync worker is connected to the queue (REDIS_URL): start one with ' +
            '"fantasy-data worker" (or serve with SYNC_WORKER_IN_SERVE=true), or queue the ' +
            'sync without waiting: "fantasy-data sync ... --no-wait"',
        );
      }
      // Runs that ended before: a run after these is the sync of a job added now.
      const baselines = new Map<number, number>();
      if (options.store !== undefined) {
        for (const account of accounts) {
          baselines.set(account.id, await lastEndedRunId(options.store.db, account));
        }
      }
      const watch: JobWatch = {
        jobState,
        intervalMs: options.watchIntervalMs ?? 1000,
        ...(options.store !== undefined && { store: options.store }),
        onLost: (account, error) =>
          request.onProgress?.({ type: 'account-failed', platform: account.platform, error }),
      };
      const { events, connection: eventsConnection } = await openEvents(options.url, prefix);
      try {
        const ids = new Set<string>();
        // A worker may report on a job before its add has answered here: hold such events
        // until the adds are done, then hand over those of our jobs.
        let early: Array<{ jobId: string; data: unknown }> | undefined = [];
        events.on('progress', ({ jobId, data }) => {
          if (ids.has(jobId)) request.onProgress?.(data as SyncProgressEvent);
          else early?.push({ jobId, data });
        });
        // Someone is waiting: one attempt, shown at once (a stalled worker's job still moves on).
        const added = await add(accounts, request, 1, (id) => {
          ids.add(id);
          for (const event of early ?? []) {
            if (event.jobId === id) request.onProgress?.(event.data as SyncProgressEvent);
          }
        });
        early = undefined;
        return summarize(
          await Promise.all(
            added.map(({ account, job }) =>
              waitFor(
                job,
                { jobId: String(job.id), account, baselineRunId: baselines.get(account.id) ?? 0 },
                events,
                watch,
                request.signal,
              ),
            ),
          ),
        );
      } finally {
        await events.close();
        await eventsConnection.quit().catch(() => eventsConnection.disconnect());
      }
    },

    async schedule(intervalMs) {
      if (intervalMs <= 0) {
        await queue.removeJobScheduler(SCHEDULER_ID);
        return;
      }
      // The same id from every process: one schedule, the same ticks, however many upsert it.
      await queue.upsertJobScheduler(
        SCHEDULER_ID,
        { every: intervalMs },
        {
          name: SCHEDULE_JOB,
          data: {},
          opts: { attempts: 5, backoff: { type: 'exponential', delay: 5000 }, ...KEEP_JOBS },
        },
      );
    },

    async close() {
      await queue.close();
      await connection.quit().catch(() => connection.disconnect());
    },
  };
}

async function openEvents(
  url: string,
  prefix: string,
): Promise<{ events: QueueEvents; connection: Redis }> {
  const connection = await connectRedis(url, { blocking: true });
  const events = new QueueEvents(QUEUE_NAME, { connection, prefix });
  events.on('error', () => undefined);
  await events.waitUntilReady();
  return { events, connection };
}

/** BullMQ's words for a job whose keys are gone (finished-errors.js, ErrorCode.JobNotExist). */
export const MISSING_JOB = /Missing key for job /;

/**
 * The job's summary, from its event, or from watching the job and the store (an event lost with
 * the queue's data); a failed job, a lost one, or one given up on, as a failed account summary.
 */
async function waitFor(
  job: Job,
  watched: WatchedJob,
  events: QueueEvents,
  watch: JobWatch,
  signal: AbortSignal | undefined,
): Promise<AccountSyncSummary> {
  const { account } = watched;
  const done = new AbortController();
  const stopped = new Promise<AccountSyncSummary>((resolve) => {
    const stop = (): void =>
      resolve(
        failedSummary(
          account,
          `stopped waiting; the sync goes on in a worker (job ${String(job.id)})`,
        ),
      );
    if (signal?.aborted) stop();
    signal?.addEventListener('abort', stop, { once: true });
  });
  const finished = job.waitUntilFinished(events).then(
    (result) => result as AccountJobResult,
    (error: Error) =>
      // BullMQ's first look at the job, once its events listen (which can take a while on a
      // loaded machine), rejects so when the job's keys are already gone: not a failed sync but
      // a lost job, or one whose run ended meanwhile. The watch below tells which.
      MISSING_JOB.test(error.message)
        ? new Promise<AccountSyncSummary>(() => undefined)
        : failedSummary(account, `the sync job failed: ${error.message}`),
  );
  // Never settles once done aborts it: the race has its answer by then.
  const lookedAt = watchJob(watch, watched, done.signal).catch(
    () => new Promise<AccountSyncSummary>(() => undefined),
  );
  try {
    return await Promise.race([finished, stopped, lookedAt]);
  } finally {
    done.abort();
  }
}

// A sync worker: takes jobs from the queue (bullmq.ts) and runs them through the engine, at most
// `concurrency` accounts at once. BullMQ holds a lock on each job while it runs; a worker that
// dies (kill -9, a lost machine) stops renewing it, and after `lockDurationMs` another worker's
// stalled-job check puts the job back to be taken over. The new worker marks the dead worker's
// run 'interrupted' (the job carries the ids of the runs it started) before syncing the account
// again; leagues are written one transaction each, so none was left half-written.
import { Queue, Worker } from 'bullmq';
import type { Job } from 'bullmq';
import type { Logger } from '../../logger.ts';
import { throttledWarning } from '../../redis/throttled-warning.ts';
import type { SecretBox } from '../../secrets.ts';
import { nowIso } from '../../storage/db.ts';
import type { Store } from '../../storage/db.ts';
import { findAccount, listAccountIds } from '../../storage/repositories/accounts.ts';
import { listUnfinishedRuns, markRunInterrupted } from '../../storage/repositories/syncs.ts';
import { describeStoreError, isStoreUnavailable } from '../../storage/unavailable.ts';
import { syncAccount } from '../engine.ts';
import { runOwner } from '../run-lease.ts';
import type { ConnectorRegistry, SyncOptions } from '../types.ts';
import {
  ACCOUNT_JOB,
  DEFAULT_QUEUE_PREFIX,
  QUEUE_NAME,
  SCHEDULE_JOB,
  UNATTENDED_ATTEMPTS,
  accountJobOptions,
  connectRedis,
  toJobResult,
} from './queue.ts';
import type { AccountJobData, AccountJobResult } from './queue.ts';

export interface SyncWorkerOptions {
  url: string;
  prefix?: string;
  store: Store;
  connectors: ConnectorRegistry;
  secrets?: SecretBox;
  logger: Logger;
  /** Told of each account this worker synced (metrics). */
  onAccountSynced?: SyncOptions['onAccountSynced'];
  /** Accounts synced at once by this worker. */
  concurrency: number;
  /** The configured seasons (SUPPORTED_SEASONS): what "every season" means. */
  supportedSeasons: readonly number[];
  /** How long a job's lock lasts unrenewed before the job counts as stalled. Default 30 s. */
  lockDurationMs?: number;
  /** How often this worker looks for stalled jobs. Default 30 s. */
  stalledIntervalMs?: number;
}

export interface SyncWorker {
  /** Stops taking jobs and waits for the ones running to finish. */
  close(): Promise<void>;
}

/** Account jobs queued per call when the schedule fans out. */
const FAN_OUT_CHUNK = 500;

export async function startSyncWorker(options: SyncWorkerOptions): Promise<SyncWorker> {
  const { store, connectors, logger } = options;
  const prefix = options.prefix ?? DEFAULT_QUEUE_PREFIX;
  const producer = await connectRedis(options.url, { blocking: false });
  const blocking = await connectRedis(options.url, { blocking: true });
  const queue = new Queue(QUEUE_NAME, { connection: producer, prefix });
  queue.on('error', () => undefined);
  const secrets = options.secrets === undefined ? {} : { secrets: options.secrets };

  /**
   * The schedule's tick: one account job per linked account, named after the tick. Accounts are
   * read a page of ids at a time, so a tick over 100,000 accounts holds 500 ids, not every
   * account with its credentials.
   */
  async function fanOut(job: Job): Promise<{ accounts: number }> {
    // Re-running a tick (Redis lost mid-way) re-adds the same job ids, which BullMQ ignores.
    const tick = String(job.id).replace(/[^0-9A-Za-z]+/g, '-');
    let queued = 0;
    for (let after = 0; ;) {
      const ids = await listAccountIds(store.db, after, FAN_OUT_CHUNK);
      if (ids.length === 0) break;
      await queue.addBulk(
        ids.map((accountId) => ({
          name: ACCOUNT_JOB,
          data: { accountId, sports: [], seasons: [], trigger: 'schedule' },
          opts: accountJobOptions(accountId, {
            attempts: UNATTENDED_ATTEMPTS,
            jobId: `${tick}-account-${accountId}`,
          }),
        })),
      );
      queued += ids.length;
      after = ids[ids.length - 1] as number;
    }
    logger.info({ tick: job.id, accounts: queued }, 'scheduled syncs queued');
    return { accounts: queued };
  }

  /** Runs a previous attempt left 'running' belong to a worker that died: say so. */
  async function takeOver(job: Job<AccountJobData>): Promise<void> {
    const earlier = new Set(job.data.runIds ?? []);
    if (earlier.size === 0) return;
    for (const run of await listUnfinishedRuns(store.db)) {
      if (!earlier.has(run.id)) continue;
      const who = run.owner === undefined ? 'its worker' : `its worker (${run.owner})`;
      const why = `interrupted: ${who} stopped before the run finished; job ${String(job.id)} was taken over by ${runOwner()}`;
      if (await markRunInterrupted(store.db, run, why)) {
        logger.warn({ jobId: job.id, runId: run.id }, 'took over the job of a worker that died');
      }
    }
  }

  /**
   * The store stopped answering in the middle of a run, so the run could not record its end: say
   * so once the store answers again (at once after a lost connection), rather than leave it
   * 'running' until its lease runs out. The job fails, and is tried again if it has attempts left.
   */
  async function endRunOnStoreError(
    job: Job<AccountJobData>,
    runId: number | undefined,
    error: unknown,
  ): Promise<never> {
    if (runId !== undefined && isStoreUnavailable(error)) {
      const { reason } = describeStoreError(error);
      logger.warn(
        { jobId: job.id, runId, reason },
        'sync run cut short: the store does not answer',
      );
      const run = { id: runId, startedAt: nowIso(), lastSeenAt: nowIso() };
      const why = `interrupted: the store stopped answering during the run (${reason})`;
      await markRunInterrupted(store.db, run, why).catch(() => false);
    }
    throw error;
  }

  async function syncOne(
    job: Job<AccountJobData>,
    signal: AbortSignal | undefined,
  ): Promise<AccountJobResult | { skipped: string }> {
    await takeOver(job);
    const { data } = job;
    const account = await findAccount(store.db, data.accountId);
    if (account === undefined) return { skipped: 'the account is no longer linked' };
    // Attempts left: a failed account sync is thrown below, to be tried again with backoff.
    const retried = job.attemptsMade + 1 < (job.opts.attempts ?? 1);
    let runId: number | undefined;
    const summary = await syncAccount(store, connectors[account.platform], account, {
      sports: data.sports,
      seasons: data.seasons,
      supportedSeasons: options.supportedSeasons,
      trigger: data.trigger,
      ...(signal && { signal }),
      ...secrets,
      ...(options.onAccountSynced && { onAccountSynced: options.onAccountSynced }),
      onRunStarted: async (started) => {
        runId = started;
        const runIds = [...(job.data.runIds ?? []), started];
        // Without it a takeover cannot name the run; the run's lease still ends it in time.
        await job.updateData({ ...job.data, runIds }).catch(() => undefined);
      },
      onProgress: (event) => void job.updateProgress(event).catch(() => undefined),
      retriedOnFailure: retried,
    }).catch((error: unknown) => endRunOnStoreError(job, runId, error));
    // The last attempt's summary is the result.
    if (summary.outcome === 'failed' && summary.needsRelink !== true && retried) {
      throw new Error(summary.error ?? 'the sync failed');
    }
    logger.info(
      {
        jobId: job.id,
        accountId: account.id,
        platform: account.platform,
        outcome: summary.outcome,
        leaguesWritten: summary.leagues.filter((l) => l.outcome === 'written').length,
      },
      'account synced',
    );
    return toJobResult(summary);
  }

  const worker = new Worker(
    QUEUE_NAME,
    async (job: Job, _token?: string, signal?: AbortSignal) =>
      job.name === SCHEDULE_JOB ? fanOut(job) : syncOne(job as Job<AccountJobData>, signal),
    {
      connection: blocking,
      prefix,
      // Stored on each job it takes (processedBy): which process ran what.
      name: runOwner(),
      concurrency: options.concurrency,
      lockDuration: options.lockDurationMs ?? 30_000,
      stalledInterval: options.stalledIntervalMs ?? 30_000,
      // A job whose worker died twice is given up on (failed, kept a week) rather than looping.
      maxStalledCount: 2,
    },
  );
  worker.on('error', throttledWarning(logger, 'sync worker error'));
  worker.on('failed', (job, error) => {
    logger.warn(
      { jobId: job?.id, attempts: job?.attemptsMade, reason: error.message },
      'sync job failed',
    );
  });
  await worker.waitUntilReady();
  logger.info({ concurrency: options.concurrency }, 'sync worker started');

  return {
    async close() {
      await worker.close();
      await queue.close();
      for (const connection of [producer, blocking]) {
        await connection.quit().catch(() => connection.disconnect());
      }
    },
  };
}

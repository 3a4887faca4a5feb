// Syncs asked for over HTTP (the admin API, the hosted page): recorded, then handed to the sync
// jobs like every other sync. With REDIS_URL they are queued for the workers and the serving
// process syncs nothing; without it they run here, in the background. Whoever syncs an account
// records how it goes for the requests waiting on it (request-tracking.ts), so every instance
// answers how a request stands. A queue can lose a job (its Redis flushed, or restarted without
// persistence): reading a request checks the jobs its accounts wait on, and ends those whose job
// is gone 'interrupted', written to the store so every instance then answers the same.
import type { Platform } from '../domain/catalog.ts';
import type { Logger } from '../logger.ts';
import type { Store } from '../storage/db.ts';
import { listAccounts } from '../storage/repositories/accounts.ts';
import {
  createSyncRequest,
  deleteSyncRequest,
  endRequestAccounts,
  endSyncRequest,
  findSyncRequest,
  listSyncRequests,
  listWaitingOnJobs,
  recordRequestJobs,
} from '../storage/repositories/sync-requests.ts';
import type { SyncRequest } from '../storage/repositories/sync-requests.ts';
import { withTimeout } from '../timeout.ts';
import { describeError } from './errors.ts';
import type { SyncJobs, SyncRequest as JobRequest } from './jobs/types.ts';

export interface StartSync {
  userId: number;
  /** Default: every linked platform of the user. */
  platform?: Platform;
  /** The hosted page's session asking (its first sync after a link). */
  connectSessionId?: number;
}

/** Why an account of a request ends when the queue no longer holds a job that will answer it. */
export const LOST_JOB =
  "its queued job ended without it (the queue's Redis lost its data, or the account's sync " +
  'finished just as this request joined it); ask for the sync again';

/** A status read waits no longer on the queue: past it, the request is shown as recorded. */
const CHECK_TIMEOUT_MS = 1000;
/** Queuing a sync waits no longer on Redis: past it, the sync is refused (a hung Redis). */
const ENQUEUE_TIMEOUT_MS = 5000;
/** When to ask again after the queue refused: about what a Redis restart takes. */
const QUEUE_RETRY_AFTER_S = 10;

/** The queue did not take the sync (its Redis down or hung): nothing of it was recorded. */
export class QueueUnavailableError extends Error {
  readonly retryAfterSeconds = QUEUE_RETRY_AFTER_S;
  constructor() {
    super(
      `the sync queue (Redis) did not take the sync; nothing was started or recorded. ` +
        `Try again in ${QUEUE_RETRY_AFTER_S} s`,
    );
    this.name = 'QueueUnavailableError';
  }
}

export interface SyncRequests {
  /**
   * Records the request and hands it over; resolves once it is queued or started, not done.
   * QueueUnavailableError, with nothing recorded, when the queue does not take it.
   */
  start(request: StartSync): Promise<SyncRequest>;
  /** How the request stands; one still running whose queued job was lost ends 'interrupted'. */
  find(id: number): Promise<SyncRequest | undefined>;
  /** As `find`, newest first (listSyncRequests). */
  list(filter: { userId?: number; connectSessionId?: number }): Promise<SyncRequest[]>;
  /** Resolves when every sync this process runs has finished (tests). */
  idle(): Promise<void>;
  /** Stops the syncs this process runs (they end 'interrupted') and waits for them. */
  close(): Promise<void>;
}

export function createSyncRequests(deps: {
  store: Store;
  jobs: SyncJobs;
  logger: Logger;
}): SyncRequests {
  const { store, jobs, logger } = deps;
  const running = new Set<Promise<void>>();
  const controller = new AbortController();
  const asked: JobRequest = { sports: [], seasons: [], trigger: 'api' };

  /** The request's accounts not synced end so, with why: no sync will answer for them. */
  async function end(request: SyncRequest, why: 'failed' | 'interrupted', error: string) {
    await endSyncRequest(store.db, request.id, { end: why, error }).catch((failure: unknown) =>
      logger.warn({ err: failure, sync_request: request.id }, 'sync request not recorded'),
    );
  }

  /** Ends the accounts of these running requests whose job the queue lost; how many. */
  async function endLost(requestIds: number[]): Promise<number> {
    const { findLost } = jobs;
    if (findLost === undefined || requestIds.length === 0) return 0;
    const waiting = await listWaitingOnJobs(store.db, requestIds);
    if (waiting.length === 0) return 0;
    const lost = await withTimeout(
      findLost.call(jobs, waiting),
      CHECK_TIMEOUT_MS,
      `no answer from the queue within ${CHECK_TIMEOUT_MS} ms`,
    );
    const gone = new Set(lost.map((sync) => `${sync.accountId}:${sync.jobId}`));
    const rowIds = waiting.filter((w) => gone.has(`${w.accountId}:${w.jobId}`)).map((w) => w.rowId);
    await endRequestAccounts(store.db, rowIds, { end: 'interrupted', error: LOST_JOB });
    if (rowIds.length > 0) logger.warn({ accounts: rowIds.length }, 'sync requests lost their job');
    return rowIds.length;
  }

  /** The requests `load` reads, after ending what lost its job (best effort: Redis may be away). */
  async function read(load: () => Promise<SyncRequest[]>): Promise<SyncRequest[]> {
    const requests = await load();
    const running = requests.filter((r) => r.status === 'running').map((r) => r.id);
    const ended = await endLost(running).catch((error: unknown) => {
      logger.warn({ reason: describeError(error) }, 'queued sync jobs not checked');
      return 0;
    });
    return ended > 0 ? load() : requests;
  }

  return {
    async find(id) {
      const [request] = await read(async () => {
        const found = await findSyncRequest(store.db, id);
        return found === undefined ? [] : [found];
      });
      return request;
    },
    list(filter) {
      return read(() => listSyncRequests(store.db, filter));
    },
    async start(start) {
      const accounts = await listAccounts(store.db, {
        userId: start.userId,
        ...(start.platform !== undefined && { platform: start.platform }),
      });
      // Recorded first: a job already under way for an account answers the request too.
      const request = await createSyncRequest(store, { ...start, accounts });
      if (jobs.enqueue !== undefined) {
        let queued;
        try {
          queued = await withTimeout(
            jobs.enqueue(accounts, asked),
            ENQUEUE_TIMEOUT_MS,
            `no answer from the queue within ${ENQUEUE_TIMEOUT_MS} ms`,
          );
        } catch (error) {
          // The caller is told to ask again; a request left behind would read 'failed' with
          // Redis's own words, or 'running' for a job that may never exist.
          logger.error({ err: error, sync_request: request.id }, 'requested sync not queued');
          await deleteSyncRequest(store.db, request.id).catch((failure: unknown) =>
            logger.warn({ err: failure, sync_request: request.id }, 'sync request not removed'),
          );
          throw new QueueUnavailableError();
        }
        // Unrecorded, a lost job goes unnoticed: the request then waits as it did before 008.
        await recordRequestJobs(store.db, request.id, queued).catch((error: unknown) =>
          logger.warn({ err: error, sync_request: request.id }, 'queued jobs not recorded'),
        );
        return request;
      }
      const done = jobs
        .run(accounts, { ...asked, signal: controller.signal })
        .then(
          async (summary) => {
            // Stopped before some accounts began: they will not be synced by this request.
            if (controller.signal.aborted) {
              await end(request, 'interrupted', 'the process running it stopped');
            }
            logger.info(
              { sync_request: request.id, user_id: start.userId, outcome: summary.outcome },
              'requested sync finished',
            );
          },
          async (error: unknown) => {
            logger.error({ err: error, sync_request: request.id }, 'requested sync failed');
            await end(request, 'failed', describeError(error));
          },
        )
        .finally(() => running.delete(done));
      running.add(done);
      return request;
    },
    async idle() {
      while (running.size > 0) await Promise.all([...running]);
    },
    async close() {
      controller.abort();
      await Promise.all([...running]);
    },
  };
}

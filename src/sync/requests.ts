// Syncs asked for over HTTP (the admin API, the hosted page): recorded, then handed to the sync
// jobs like every other sync. With REDIS_URL they are queued for the workers and the serving
// process syncs nothing; without it they run here, in the background. Whoever syncs an account
// records how it goes for the requests waiting on it (request-tracking.ts), so every instance
// answers how a request stands.
import type { Platform } from '../domain/catalog.ts';
import type { Logger } from '../logger.ts';
import type { Store } from '../storage/db.ts';
import { listAccounts } from '../storage/repositories/accounts.ts';
import {
  createSyncRequest,
  endSyncRequest,
  findSyncRequest,
} from '../storage/repositories/sync-requests.ts';
import type { SyncRequest } from '../storage/repositories/sync-requests.ts';
import { describeError } from './errors.ts';
import type { SyncJobs, SyncRequest as JobRequest } from './jobs/types.ts';

export interface StartSync {
  userId: number;
  /** Default: every linked platform of the user. */
  platform?: Platform;
  /** The hosted page's session asking (its first sync after a link). */
  connectSessionId?: number;
}

export interface SyncRequests {
  /** Records the request and hands it over; resolves once it is queued or started, not done. */
  start(request: StartSync): Promise<SyncRequest>;
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

  return {
    async start(start) {
      const accounts = await listAccounts(store.db, {
        userId: start.userId,
        ...(start.platform !== undefined && { platform: start.platform }),
      });
      // Recorded first: a job already under way for an account answers the request too.
      const request = await createSyncRequest(store, { ...start, accounts });
      if (jobs.enqueue !== undefined) {
        try {
          await jobs.enqueue(accounts, asked);
        } catch (error) {
          logger.error({ err: error, sync_request: request.id }, 'requested sync not queued');
          await end(request, 'failed', `not queued: ${describeError(error)}`);
          return (await findSyncRequest(store.db, request.id)) ?? request;
        }
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

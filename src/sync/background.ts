// Syncs started over HTTP run here, in the background of the serving process: the request row
// answers at once with its id, and progress is written to it as the engine reports it, so any
// instance can show it. A process that stops leaves its requests 'running'; the next start
// marks them 'interrupted' (markOrphanedSyncRequests).
import { hostname } from 'node:os';
import type { Platform } from '../domain/catalog.ts';
import type { Logger } from '../logger.ts';
import type { SecretBox } from '../secrets.ts';
import type { Store } from '../storage/db.ts';
import { listAccounts } from '../storage/repositories/accounts.ts';
import {
  EMPTY_PROGRESS,
  createSyncRequest,
  finishSyncRequest,
  markOrphanedSyncRequests,
  updateSyncProgress,
} from '../storage/repositories/sync-requests.ts';
import type { SyncProgress, SyncRequest } from '../storage/repositories/sync-requests.ts';
import { syncUser } from './engine.ts';
import { describeError } from './errors.ts';
import { runOwner } from './run-lease.ts';
import type { ConnectorRegistry, SyncProgressEvent, SyncSummary } from './types.ts';

export interface BackgroundSyncOptions {
  store: Store;
  connectors: ConnectorRegistry;
  secrets: SecretBox;
  logger: Logger;
  /** The seasons a sync covers (config.supportedSeasons). */
  supportedSeasons: readonly number[];
  /** Progress is written at most this often (the last state always). Default 250 ms. */
  writeEveryMs?: number;
}

export interface StartSync {
  userId: number;
  platform?: Platform;
  connectSessionId?: number;
}

export interface BackgroundSyncs {
  /** Records the request and starts the sync; resolves once it is recorded, not finished. */
  start(request: StartSync): Promise<SyncRequest>;
  /** Resolves when every sync started so far has finished (tests). */
  idle(): Promise<void>;
  /** Cancels running syncs and waits for them to record their end. */
  close(): Promise<void>;
}

export function createBackgroundSyncs(options: BackgroundSyncOptions): BackgroundSyncs {
  const { store, connectors, secrets, logger } = options;
  const writeEveryMs = options.writeEveryMs ?? 250;
  const running = new Set<Promise<void>>();
  const controller = new AbortController();
  const owner = runOwner();
  // Requests whose process on this host is gone died with it (other hosts' are left alone: several
  // instances may share one PostgreSQL).
  const swept = markOrphanedSyncRequests(store.db, ownerIsGone).catch((error: unknown) => {
    logger.warn({ err: error }, 'could not mark interrupted sync requests');
  });

  async function run(request: SyncRequest, start: StartSync): Promise<void> {
    const accounts = await listAccounts(store.db, {
      userId: start.userId,
      ...(start.platform === undefined ? {} : { platform: start.platform }),
    });
    const progress: SyncProgress = {
      ...EMPTY_PROGRESS,
      accountsTotal: accounts.length,
      needsRelink: [],
    };
    let lastWrite = 0;
    let writing: Promise<void> = Promise.resolve();
    const write = (force: boolean): void => {
      const now = Date.now();
      if (!force && now - lastWrite < writeEveryMs) return;
      lastWrite = now;
      const snapshot = { ...progress, needsRelink: [...progress.needsRelink] };
      writing = writing
        .then(() => updateSyncProgress(store.db, request.id, snapshot))
        .catch((error: unknown) => logger.warn({ err: error }, 'sync progress not recorded'));
    };
    const onProgress = (event: SyncProgressEvent): void => {
      count(progress, event);
      write(event.type === 'account-started' || event.type === 'leagues-found');
    };
    let summary: SyncSummary | undefined;
    let error: string | undefined;
    try {
      summary = await syncUser(store, connectors, {
        userId: start.userId,
        ...(start.platform === undefined ? {} : { platform: start.platform }),
        sports: [],
        seasons: [],
        trigger: 'api',
        supportedSeasons: options.supportedSeasons,
        secrets,
        signal: controller.signal,
        onProgress,
      });
    } catch (failure) {
      error = describeError(failure);
    }
    await writing;
    delete progress.currentPlatform;
    progress.accountsDone = summary?.accounts.length ?? progress.accountsDone;
    const status =
      summary === undefined ? 'failed' : summary.outcome === 'unchanged' ? 'ok' : summary.outcome;
    const errors = summary?.accounts.flatMap((a) =>
      a.error === undefined ? [] : [`${a.platform}: ${a.error}`],
    );
    const message =
      error ?? (errors !== undefined && errors.length > 0 ? errors.join('; ') : undefined);
    await finishSyncRequest(store.db, request.id, {
      status,
      progress,
      ...(message === undefined ? {} : { error: message }),
    });
    logger.info(
      { sync_request: request.id, user_id: start.userId, status },
      'background sync finished',
    );
  }

  return {
    async start(start) {
      await swept;
      const request = await createSyncRequest(store.db, { ...start, owner });
      const done = run(request, start)
        .catch((error: unknown) =>
          logger.error({ err: error, sync_request: request.id }, 'background sync failed'),
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
      await swept;
    },
  };
}

/** Whether the "host:pid" owner is a process of this host that no longer exists. */
function ownerIsGone(owner: string | null): boolean {
  if (owner === null) return false;
  const at = owner.lastIndexOf(':');
  const pid = Number(owner.slice(at + 1));
  if (at <= 0 || owner.slice(0, at) !== hostname() || !Number.isInteger(pid)) return false;
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0); // signal 0: checks only
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'EPERM';
  }
}

/** Counts one progress event into the request's counters. */
function count(progress: SyncProgress, event: SyncProgressEvent): void {
  switch (event.type) {
    case 'account-started':
      // The engine syncs accounts one after another: a new one means the last is done.
      if (progress.currentPlatform !== undefined) progress.accountsDone += 1;
      progress.currentPlatform = event.platform;
      break;
    case 'leagues-found':
      progress.leaguesFound += event.count;
      break;
    case 'pool-refreshed':
      progress.poolsRefreshed += 1;
      break;
    case 'league-written':
      progress.leaguesWritten += 1;
      break;
    case 'league-unchanged':
      progress.leaguesUnchanged += 1;
      break;
    case 'league-failed':
      progress.leaguesFailed += 1;
      break;
    case 'account-failed':
      if (event.needsRelink === true) progress.needsRelink.push(event.platform);
      break;
    case 'leagues-detached':
    case 'pool-failed':
      break;
  }
}

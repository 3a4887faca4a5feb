// Syncs asked for over HTTP wait on their accounts' next sync, whichever process runs it (a
// worker, the serving process, the command line): the engine tells the requests waiting on the
// account how its sync goes and how it ended. A queued job that is already waiting or running
// for the account serves a new request too (one sync per account at a time).
import type { Tx } from '../storage/db.ts';
import {
  NO_ACCOUNT_PROGRESS,
  finishAccountRequests,
  recordAccountProgress,
} from '../storage/repositories/sync-requests.ts';
import type { AccountSyncEnd, AccountSyncProgress } from '../storage/repositories/sync-requests.ts';
import type { SyncProgressEvent } from './types.ts';

export interface RequestTracker {
  /** Counts the engine's event; the progress is written at most every `writeEveryMs`. */
  onProgress(event: SyncProgressEvent): void;
  /**
   * The account's sync ended. A failed attempt that will be tried again (`retried`) leaves the
   * requests waiting, for the next attempt to answer.
   */
  finish(end: {
    outcome: AccountSyncEnd;
    progress: AccountSyncProgress;
    error?: string;
    retried: boolean;
  }): Promise<void>;
}

/**
 * Tracks the sync of one account (run `runId`) for the requests waiting on it. Writing is best
 * effort: a failed write leaves a request's progress behind, never the sync itself.
 */
export function trackRequests(
  db: Tx,
  accountId: number,
  runId: number,
  writeEveryMs = 250,
): RequestTracker {
  const progress: AccountSyncProgress = { ...NO_ACCOUNT_PROGRESS };
  let lastWrite = Date.now();
  // The run takes over the requests waiting now; only then are they worth writing progress to
  // (one that joins later gets the end).
  let waiting = 0;
  let writing: Promise<void> = recordAccountProgress(db, accountId, runId, progress).then(
    (count) => {
      waiting = count;
    },
    () => undefined,
  );
  const write = (): void => {
    const snapshot = { ...progress };
    writing = writing
      .then(async () => {
        if (waiting > 0) await recordAccountProgress(db, accountId, runId, snapshot);
      })
      .catch(() => undefined);
  };
  return {
    onProgress(event) {
      count(progress, event);
      const now = Date.now();
      if (event.type === 'leagues-found' || now - lastWrite >= writeEveryMs) {
        lastWrite = now;
        write();
      }
    },
    async finish(end) {
      await writing;
      if (end.retried) return;
      await finishAccountRequests(db, accountId, {
        runId,
        end: end.outcome,
        progress: end.progress,
        ...(end.error !== undefined && { error: end.error }),
      }).catch(() => undefined);
    },
  };
}

/** Counts one progress event into the account's counters. */
function count(progress: AccountSyncProgress, event: SyncProgressEvent): void {
  switch (event.type) {
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
      if (event.needsRelink === true) progress.needsRelink = true;
      break;
    case 'account-started':
    case 'seasons-skipped':
    case 'leagues-detached':
    case 'leagues-unsupported':
    case 'pool-failed':
      break;
  }
}

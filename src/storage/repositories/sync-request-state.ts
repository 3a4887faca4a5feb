// How a sync asked for over HTTP stands: its accounts' rows (sync_request_accounts, with the
// outcome of the run serving each) added up into one status, progress and error.
import type { Selectable } from 'kysely';
import type { Platform } from '../../domain/catalog.ts';
import type { SyncRequestAccountsTable } from '../schema.ts';

export type SyncRequestStatus = 'running' | 'ok' | 'partial' | 'failed' | 'interrupted';

/** The request's counters, over its accounts. */
export interface SyncProgress {
  accountsTotal: number;
  accountsDone: number;
  leaguesFound: number;
  leaguesWritten: number;
  leaguesUnchanged: number;
  leaguesFailed: number;
  poolsRefreshed: number;
  /** The platform being synced now. */
  currentPlatform?: Platform;
  /** Accounts the platform refused: they need linking again. */
  needsRelink: Platform[];
}

export interface SyncRequest {
  id: number;
  userId: number;
  platform?: Platform;
  connectSessionId?: number;
  status: SyncRequestStatus;
  createdAt: string;
  finishedAt?: string;
  progress: SyncProgress;
  error?: string;
}

/** What one account's sync has done so far, as the requests waiting on it record it. */
export interface AccountSyncProgress {
  leaguesFound: number;
  leaguesWritten: number;
  leaguesUnchanged: number;
  leaguesFailed: number;
  poolsRefreshed: number;
  needsRelink: boolean;
}

export const NO_ACCOUNT_PROGRESS: AccountSyncProgress = Object.freeze({
  leaguesFound: 0,
  leaguesWritten: 0,
  leaguesUnchanged: 0,
  leaguesFailed: 0,
  poolsRefreshed: 0,
  needsRelink: false,
});

/** How an account's sync ended, for the requests waiting on it. */
export type AccountSyncEnd = 'ok' | 'unchanged' | 'partial' | 'failed' | 'interrupted';

/** One account of a request as it stands: still waiting or running, or ended. */
export interface AccountState {
  platform?: Platform;
  /** Undefined while it waits or runs. */
  end?: AccountSyncEnd;
  running: boolean;
  progress: AccountSyncProgress;
  error?: string;
  finishedAt?: string;
}

export function toAccountState(
  row: Selectable<SyncRequestAccountsTable> & {
    run_outcome: string | null;
    run_finished_at: string | null;
  },
): AccountState {
  const state: AccountState = {
    ...(row.platform !== null && { platform: row.platform as Platform }),
    running: false,
    progress: {
      leaguesFound: row.leagues_found,
      leaguesWritten: row.leagues_written,
      leaguesUnchanged: row.leagues_unchanged,
      leaguesFailed: row.leagues_failed,
      poolsRefreshed: row.pools_refreshed,
      needsRelink: row.needs_relink === 1,
    },
  };
  const error = row.error ?? undefined;
  if (row.finished_at !== null) {
    return {
      ...state,
      end: row.status as AccountSyncEnd,
      finishedAt: row.finished_at,
      ...(error && { error }),
    };
  }
  // Unlinked before its sync ended: no sync will answer for it.
  if (row.account_id === null)
    return { ...state, end: 'failed', error: 'unlinked before it was synced' };
  // The run serving it died (its process stopped) and nothing took it over.
  if (row.run_outcome === 'interrupted') {
    return {
      ...state,
      end: 'interrupted',
      error: 'the process running it stopped',
      ...(row.run_finished_at !== null && { finishedAt: row.run_finished_at }),
    };
  }
  return { ...state, running: row.status === 'running' };
}

/** The request's status, progress and error from its accounts'. */
export function addUp(
  accounts: readonly AccountState[],
): Pick<SyncRequest, 'status' | 'finishedAt' | 'progress' | 'error'> {
  const ended = accounts.filter((a) => a.end !== undefined);
  const sum = (count: (p: AccountSyncProgress) => number): number =>
    accounts.reduce((n, a) => n + count(a.progress), 0);
  const current = accounts.find((a) => a.running)?.platform;
  const progress: SyncProgress = {
    accountsTotal: accounts.length,
    accountsDone: ended.length,
    leaguesFound: sum((p) => p.leaguesFound),
    leaguesWritten: sum((p) => p.leaguesWritten),
    leaguesUnchanged: sum((p) => p.leaguesUnchanged),
    leaguesFailed: sum((p) => p.leaguesFailed),
    poolsRefreshed: sum((p) => p.poolsRefreshed),
    ...(current !== undefined && { currentPlatform: current }),
    needsRelink: accounts.flatMap((a) =>
      a.progress.needsRelink && a.platform !== undefined ? [a.platform] : [],
    ),
  };
  const errors = ended.flatMap((a) =>
    a.error === undefined ? [] : [a.platform === undefined ? a.error : `${a.platform}: ${a.error}`],
  );
  if (ended.length < accounts.length) return { status: 'running', progress };
  const finishedAt = ended.reduce<string | undefined>(
    (last, a) =>
      a.finishedAt !== undefined && (last === undefined || a.finishedAt > last)
        ? a.finishedAt
        : last,
    undefined,
  );
  return {
    status: endOf(ended.map((a) => a.end as AccountSyncEnd)),
    ...(finishedAt !== undefined && { finishedAt }),
    progress,
    ...(errors.length > 0 && { error: errors.join('; ') }),
  };
}

/** As the engine sums accounts up (sync/summary.ts), with 'interrupted' over all else. */
function endOf(ends: readonly AccountSyncEnd[]): Exclude<SyncRequestStatus, 'running'> {
  if (ends.includes('interrupted')) return 'interrupted';
  if (ends.length > 0 && ends.every((end) => end === 'failed')) return 'failed';
  if (ends.some((end) => end === 'failed' || end === 'partial')) return 'partial';
  return 'ok';
}

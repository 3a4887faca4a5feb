// Syncs asked for over HTTP (the admin API, the hosted page): the request and, for each account it
// syncs, what the process syncing that account recorded (sync/request-tracking.ts). A request's
// status and progress are those rows added up as they are read, so every instance shows the
// same whichever process (a worker, the serving one) does the syncing.
import type { Platform } from '../../domain/catalog.ts';
import { nowIso, writeTransaction } from '../db.ts';
import type { Store, Tx } from '../db.ts';
import { NO_ACCOUNT_PROGRESS, addUp, toAccountState } from './sync-request-state.ts';
import type {
  AccountState,
  AccountSyncEnd,
  AccountSyncProgress,
  SyncRequest,
} from './sync-request-state.ts';

export { NO_ACCOUNT_PROGRESS } from './sync-request-state.ts';
export type * from './sync-request-state.ts';

/** Records the request with its accounts, each waiting for its next sync. */
export async function createSyncRequest(
  store: Store,
  r: {
    userId: number;
    platform?: Platform;
    connectSessionId?: number;
    accounts: ReadonlyArray<{ id: number; platform: Platform }>;
  },
): Promise<SyncRequest> {
  const id = await writeTransaction(store, async (tx) => {
    const request = await tx
      .insertInto('sync_requests')
      .values({
        user_id: r.userId,
        platform: r.platform ?? null,
        connect_session_id: r.connectSessionId ?? null,
        created_at: nowIso(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (r.accounts.length > 0) {
      await tx
        .insertInto('sync_request_accounts')
        .values(
          r.accounts.map((account) => ({
            request_id: request.id,
            account_id: account.id,
            platform: account.platform,
            status: 'queued',
            run_id: null,
            job_id: null,
            ...progressColumns(NO_ACCOUNT_PROGRESS),
            error: null,
            finished_at: null,
          })),
        )
        .execute();
    }
    return request.id;
  });
  return (await findSyncRequest(store.db, id)) as SyncRequest;
}

export async function findSyncRequest(db: Tx, id: number): Promise<SyncRequest | undefined> {
  const [request] = await readRequests(db, { id });
  return request;
}

/** Newest first. */
export function listSyncRequests(
  db: Tx,
  filter: { userId?: number; connectSessionId?: number },
  limit = 50,
): Promise<SyncRequest[]> {
  return readRequests(db, filter, limit);
}

/**
 * The account's sync (run `runId`) has got this far: recorded for every request waiting on the
 * account, whichever sync they were waiting for (one at a time per account). Returns how many.
 */
export async function recordAccountProgress(
  db: Tx,
  accountId: number,
  runId: number,
  progress: AccountSyncProgress,
): Promise<number> {
  const result = await db
    .updateTable('sync_request_accounts')
    .set({ status: 'running', run_id: runId, ...progressColumns(progress) })
    .where('account_id', '=', accountId)
    .where('finished_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The account's sync ended: the requests waiting on it have their answer for this account. */
export async function finishAccountRequests(
  db: Tx,
  accountId: number,
  r: { runId: number; end: AccountSyncEnd; progress: AccountSyncProgress; error?: string },
): Promise<void> {
  await db
    .updateTable('sync_request_accounts')
    .set({
      status: r.end,
      run_id: r.runId,
      ...progressColumns(r.progress),
      error: r.error ?? null,
      finished_at: nowIso(),
    })
    .where('account_id', '=', accountId)
    .where('finished_at', 'is', null)
    .execute();
}

/** Forgets a request that was never handed over (the queue refused it): its accounts go too. */
export async function deleteSyncRequest(db: Tx, requestId: number): Promise<void> {
  await db.deleteFrom('sync_requests').where('id', '=', requestId).execute();
}

/** The request's accounts still waiting end so: no sync will answer for them (not queued...). */
export async function endSyncRequest(
  db: Tx,
  requestId: number,
  r: { end: 'failed' | 'interrupted'; error: string },
): Promise<void> {
  await db
    .updateTable('sync_request_accounts')
    .set({ status: r.end, error: r.error, finished_at: nowIso() })
    .where('request_id', '=', requestId)
    .where('finished_at', 'is', null)
    .execute();
}

/** An account of a request, waiting on the queued job recorded for it. */
export interface WaitingOnJob {
  rowId: number;
  accountId: number;
  jobId: string;
}

/** Records the queued job that is to sync each of the request's accounts. */
export async function recordRequestJobs(
  db: Tx,
  requestId: number,
  queued: ReadonlyArray<{ accountId: number; jobId: string }>,
): Promise<void> {
  for (const { accountId, jobId } of queued) {
    await db
      .updateTable('sync_request_accounts')
      .set({ job_id: jobId })
      .where('request_id', '=', requestId)
      .where('account_id', '=', accountId)
      .where('finished_at', 'is', null)
      .execute();
  }
}

/**
 * The accounts of these requests still waiting on their queued job: not ended, and no run
 * serving them now (a run still 'running' answers for itself, its lease ends it if it dies).
 */
export async function listWaitingOnJobs(
  db: Tx,
  requestIds: readonly number[],
): Promise<WaitingOnJob[]> {
  if (requestIds.length === 0) return [];
  const rows = await db
    .selectFrom('sync_request_accounts as a')
    .leftJoin('sync_runs as r', 'r.id', 'a.run_id')
    .select(['a.id', 'a.account_id', 'a.job_id'])
    .where('a.request_id', 'in', requestIds)
    .where('a.finished_at', 'is', null)
    .where('a.job_id', 'is not', null)
    .where('a.account_id', 'is not', null)
    .where((eb) =>
      eb.or([eb('a.run_id', 'is', null), eb('r.outcome', 'not in', ['running', 'interrupted'])]),
    )
    .orderBy('a.id')
    .execute();
  return rows.map((row) => ({
    rowId: row.id,
    accountId: row.account_id as number,
    jobId: row.job_id as string,
  }));
}

/** These accounts of requests end so, unless their sync answered them meanwhile. */
export async function endRequestAccounts(
  db: Tx,
  rowIds: readonly number[],
  r: { end: 'failed' | 'interrupted'; error: string },
): Promise<void> {
  if (rowIds.length === 0) return;
  await db
    .updateTable('sync_request_accounts')
    .set({ status: r.end, error: r.error, finished_at: nowIso() })
    .where('id', 'in', rowIds)
    .where('finished_at', 'is', null)
    .execute();
}

function progressColumns(p: AccountSyncProgress) {
  return {
    leagues_found: p.leaguesFound,
    leagues_written: p.leaguesWritten,
    leagues_unchanged: p.leaguesUnchanged,
    leagues_failed: p.leaguesFailed,
    pools_refreshed: p.poolsRefreshed,
    needs_relink: p.needsRelink ? 1 : 0,
  };
}

async function readRequests(
  db: Tx,
  filter: { id?: number; userId?: number; connectSessionId?: number },
  limit = 50,
): Promise<SyncRequest[]> {
  let query = db.selectFrom('sync_requests').selectAll();
  if (filter.id !== undefined) query = query.where('id', '=', filter.id);
  if (filter.userId !== undefined) query = query.where('user_id', '=', filter.userId);
  if (filter.connectSessionId !== undefined) {
    query = query.where('connect_session_id', '=', filter.connectSessionId);
  }
  const requests = await query.orderBy('id', 'desc').limit(limit).execute();
  if (requests.length === 0) return [];
  const rows = await db
    .selectFrom('sync_request_accounts as a')
    .leftJoin('sync_runs as r', 'r.id', 'a.run_id')
    .selectAll('a')
    .select(['r.outcome as run_outcome', 'r.finished_at as run_finished_at'])
    .where(
      'a.request_id',
      'in',
      requests.map((request) => request.id),
    )
    .orderBy('a.id')
    .execute();
  const accounts = new Map<number, AccountState[]>();
  for (const row of rows) {
    const list = accounts.get(row.request_id) ?? [];
    list.push(toAccountState(row));
    accounts.set(row.request_id, list);
  }
  return requests.map((row) => ({
    id: row.id,
    userId: row.user_id,
    ...(row.platform !== null && { platform: row.platform as Platform }),
    ...(row.connect_session_id !== null && { connectSessionId: row.connect_session_id }),
    createdAt: row.created_at,
    ...addUp(accounts.get(row.id) ?? []),
  }));
}

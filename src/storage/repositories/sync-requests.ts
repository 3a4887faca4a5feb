// Syncs started over HTTP (the admin API, the hosted page): the request, its progress while it
// runs in the background, and its outcome.
import type { Selectable } from 'kysely';
import type { Platform } from '../../domain/catalog.ts';
import { nowIso } from '../db.ts';
import type { Tx } from '../db.ts';
import type { SyncRequestsTable } from '../schema.ts';

export type SyncRequestStatus = 'running' | 'ok' | 'partial' | 'failed' | 'interrupted';

/** Counters kept while the sync runs. */
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

export const EMPTY_PROGRESS: SyncProgress = Object.freeze({
  accountsTotal: 0,
  accountsDone: 0,
  leaguesFound: 0,
  leaguesWritten: 0,
  leaguesUnchanged: 0,
  leaguesFailed: 0,
  poolsRefreshed: 0,
  needsRelink: [],
});

function parseProgress(text: string): SyncProgress {
  try {
    return { ...EMPTY_PROGRESS, ...(JSON.parse(text) as Partial<SyncProgress>) };
  } catch {
    return { ...EMPTY_PROGRESS };
  }
}

function toSyncRequest(row: Selectable<SyncRequestsTable>): SyncRequest {
  return {
    id: row.id,
    userId: row.user_id,
    ...(row.platform !== null && { platform: row.platform as Platform }),
    ...(row.connect_session_id !== null && { connectSessionId: row.connect_session_id }),
    status: row.status as SyncRequestStatus,
    createdAt: row.created_at,
    ...(row.finished_at !== null && { finishedAt: row.finished_at }),
    progress: parseProgress(row.progress),
    ...(row.error !== null && { error: row.error }),
  };
}

export async function createSyncRequest(
  db: Tx,
  r: { userId: number; platform?: Platform; connectSessionId?: number; owner: string },
): Promise<SyncRequest> {
  const row = await db
    .insertInto('sync_requests')
    .values({
      user_id: r.userId,
      platform: r.platform ?? null,
      connect_session_id: r.connectSessionId ?? null,
      status: 'running',
      created_at: nowIso(),
      finished_at: null,
      progress: JSON.stringify(EMPTY_PROGRESS),
      error: null,
      owner: r.owner,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toSyncRequest(row);
}

export async function updateSyncProgress(
  db: Tx,
  id: number,
  progress: SyncProgress,
): Promise<void> {
  await db
    .updateTable('sync_requests')
    .set({ progress: JSON.stringify(progress) })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .execute();
}

export async function finishSyncRequest(
  db: Tx,
  id: number,
  r: { status: Exclude<SyncRequestStatus, 'running'>; progress: SyncProgress; error?: string },
): Promise<void> {
  await db
    .updateTable('sync_requests')
    .set({
      status: r.status,
      progress: JSON.stringify(r.progress),
      finished_at: nowIso(),
      error: r.error ?? null,
    })
    .where('id', '=', id)
    .execute();
}

export async function findSyncRequest(db: Tx, id: number): Promise<SyncRequest | undefined> {
  const row = await db
    .selectFrom('sync_requests')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  return row && toSyncRequest(row);
}

/** Newest first. */
export async function listSyncRequests(
  db: Tx,
  filter: { userId?: number; connectSessionId?: number },
  limit = 50,
): Promise<SyncRequest[]> {
  let query = db.selectFrom('sync_requests').selectAll();
  if (filter.userId !== undefined) query = query.where('user_id', '=', filter.userId);
  if (filter.connectSessionId !== undefined) {
    query = query.where('connect_session_id', '=', filter.connectSessionId);
  }
  const rows = await query.orderBy('id', 'desc').limit(limit).execute();
  return rows.map(toSyncRequest);
}

/** Marks 'interrupted' the running requests whose owner `isDead` says has stopped. */
export async function markOrphanedSyncRequests(
  db: Tx,
  isDead: (owner: string | null) => boolean,
): Promise<number> {
  const rows = await db
    .selectFrom('sync_requests')
    .select(['id', 'owner'])
    .where('status', '=', 'running')
    .execute();
  const dead = rows.filter((row) => isDead(row.owner)).map((row) => row.id);
  if (dead.length === 0) return 0;
  await db
    .updateTable('sync_requests')
    .set({
      status: 'interrupted',
      finished_at: nowIso(),
      error: 'the process running it stopped',
    })
    .where('id', 'in', dead)
    .where('status', '=', 'running')
    .execute();
  return dead.length;
}

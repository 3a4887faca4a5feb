// The sync log: one row per run of the engine and one per league attempted in it, which is what
// `fantasy-data status` and operators read to see what is fresh and what keeps failing.
import type { Platform, Sport } from '../../domain/catalog.ts';
import { nowIso } from '../db.ts';
import type { Tx } from '../db.ts';

export interface SyncRunStart {
  userId: number | null;
  platform: Platform | null;
  /** What started the run: 'cli', 'schedule', 'demo'. */
  trigger: string;
  /** "host:pid" of the process running it (sync/run-lease.ts). */
  owner?: string;
}

/** What a sync run did, counted the same in the run record and in the engine's summary. */
export interface SyncCounts {
  leaguesFound: number;
  leaguesWritten: number;
  leaguesUnchanged: number;
  leaguesFailed: number;
  leaguesDetached: number;
  poolsRefreshed: number;
}

export interface SyncRunResult extends SyncCounts {
  outcome: 'ok' | 'partial' | 'failed';
  error?: string;
}

export interface LeagueSyncRecord {
  runId: number;
  leagueId: number | null;
  platform: Platform;
  platformLeagueKey: string;
  season: number;
  sport: Sport;
  startedAt: string;
  finishedAt: string;
  outcome: 'written' | 'unchanged' | 'failed';
  teams: number;
  rosterEntries: number;
  error?: string;
}

export interface LeagueSyncStatus {
  /** The user whose runs made the attempts (absent for runs of no user). */
  userName?: string;
  leagueId: number | null;
  platform: Platform;
  platformLeagueKey: string;
  season: number;
  sport: Sport;
  name?: string;
  lastSyncedAt?: string;
  lastOutcome: string;
  lastError?: string;
  lastAttemptAt: string;
}

export async function startSyncRun(db: Tx, r: SyncRunStart): Promise<number> {
  const startedAt = nowIso();
  const row = await db
    .insertInto('sync_runs')
    .values({
      owner: r.owner ?? null,
      heartbeat_at: startedAt,
      user_id: r.userId,
      platform: r.platform,
      trigger: r.trigger,
      started_at: startedAt,
      finished_at: null,
      outcome: 'running',
      leagues_found: 0,
      leagues_written: 0,
      leagues_unchanged: 0,
      leagues_failed: 0,
      leagues_detached: 0,
      pools_refreshed: 0,
      error: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function finishSyncRun(db: Tx, runId: number, r: SyncRunResult): Promise<void> {
  await db
    .updateTable('sync_runs')
    .set({
      finished_at: nowIso(),
      outcome: r.outcome,
      leagues_found: r.leaguesFound,
      leagues_written: r.leaguesWritten,
      leagues_unchanged: r.leaguesUnchanged,
      leagues_failed: r.leaguesFailed,
      leagues_detached: r.leaguesDetached,
      pools_refreshed: r.poolsRefreshed,
      error: r.error ?? null,
    })
    .where('id', '=', runId)
    .execute();
}

/** The run is still alive (its lease, see sync/run-lease.ts). */
export async function renewSyncRun(db: Tx, runId: number, at: string = nowIso()): Promise<void> {
  await db
    .updateTable('sync_runs')
    .set({ heartbeat_at: at })
    .where('id', '=', runId)
    .where('outcome', '=', 'running')
    .execute();
}

/** A run recorded as 'running': alive, or dead without having said so. */
export interface UnfinishedRun {
  id: number;
  owner?: string;
  startedAt: string;
  /** The last heartbeat (the start for runs recorded before heartbeats). */
  lastSeenAt: string;
}

export async function listUnfinishedRuns(db: Tx): Promise<UnfinishedRun[]> {
  const rows = await db
    .selectFrom('sync_runs')
    .select(['id', 'owner', 'started_at', 'heartbeat_at'])
    .where('outcome', '=', 'running')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    ...(row.owner !== null && { owner: row.owner }),
    startedAt: row.started_at,
    lastSeenAt: row.heartbeat_at ?? row.started_at,
  }));
}

/**
 * Records that a run's process died: only while it is still 'running', so a run that finished
 * meanwhile keeps its real outcome. Its finish is its last sign of life. True when marked.
 */
export async function markRunInterrupted(
  db: Tx,
  run: UnfinishedRun,
  error: string,
): Promise<boolean> {
  const result = await db
    .updateTable('sync_runs')
    .set({ outcome: 'interrupted', finished_at: run.lastSeenAt, error })
    .where('id', '=', run.id)
    .where('outcome', '=', 'running')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The latest run of one user's platform account, when it did not finish (running or died). */
export interface LatestUnfinishedRun extends UnfinishedRun {
  userName?: string;
  platform?: Platform;
  trigger: string;
  outcome: 'running' | 'interrupted';
  error?: string;
}

/**
 * Per (user, platform), the latest run when it is 'running' or 'interrupted': a later run that
 * finished supersedes it, so only what is still unexplained is listed.
 */
export async function listLatestUnfinishedRuns(
  db: Tx,
  filter: { userId?: number } = {},
): Promise<LatestUnfinishedRun[]> {
  let latest = db
    .selectFrom('sync_runs')
    .select((eb) => eb.fn.max('id').as('id'))
    .groupBy(['user_id', 'platform']);
  if (filter.userId !== undefined) latest = latest.where('user_id', '=', filter.userId);
  const rows = await db
    .selectFrom(latest.as('latest'))
    .innerJoin('sync_runs as run', 'run.id', 'latest.id')
    .leftJoin('users', 'users.id', 'run.user_id')
    .select([
      'run.id',
      'run.owner',
      'run.started_at',
      'run.heartbeat_at',
      'run.platform',
      'run.trigger',
      'run.outcome',
      'run.error',
      'users.name',
    ])
    .where('run.outcome', 'in', ['running', 'interrupted'])
    .orderBy('run.id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    ...(row.owner !== null && { owner: row.owner }),
    startedAt: row.started_at,
    lastSeenAt: row.heartbeat_at ?? row.started_at,
    ...(row.name !== null && { userName: row.name }),
    ...(row.platform !== null && { platform: row.platform as Platform }),
    trigger: row.trigger,
    outcome: row.outcome as 'running' | 'interrupted',
    ...(row.error !== null && { error: row.error }),
  }));
}

export async function recordLeagueSync(db: Tx, r: LeagueSyncRecord): Promise<void> {
  await db
    .insertInto('league_syncs')
    .values({
      run_id: r.runId,
      league_id: r.leagueId,
      platform: r.platform,
      platform_league_key: r.platformLeagueKey,
      season: r.season,
      sport: r.sport,
      started_at: r.startedAt,
      finished_at: r.finishedAt,
      outcome: r.outcome,
      teams: r.teams,
      roster_entries: r.rosterEntries,
      error: r.error ?? null,
    })
    .execute();
}

interface StatusRow {
  user_name: string | null;
  league_id: number | null;
  platform: string;
  platform_league_key: string;
  season: number;
  sport: string;
  name: string | null;
  last_synced_at: string | null;
  outcome: string;
  error: string | null;
  started_at: string;
}

function toLeagueSyncStatus(row: StatusRow): LeagueSyncStatus {
  return {
    ...(row.user_name !== null && { userName: row.user_name }),
    leagueId: row.league_id,
    platform: row.platform as Platform,
    platformLeagueKey: row.platform_league_key,
    season: row.season,
    sport: row.sport as Sport,
    ...(row.name !== null && { name: row.name }),
    ...(row.last_synced_at !== null && { lastSyncedAt: row.last_synced_at }),
    lastOutcome: row.outcome,
    ...(row.error !== null && { lastError: row.error }),
    lastAttemptAt: row.started_at,
  };
}

/**
 * One row per (user, platform, league key, season): its latest attempt for that user (the
 * highest id, since attempts are recorded as they finish) and its latest success. With userId,
 * only that user's rows, which also covers leagues that failed before they were ever written.
 */
export async function listLeagueSyncStatus(
  db: Tx,
  filter: { userId?: number } = {},
): Promise<LeagueSyncStatus[]> {
  let attempts = db
    .selectFrom('league_syncs')
    .innerJoin('sync_runs', 'sync_runs.id', 'league_syncs.run_id')
    .select((eb) => [
      'sync_runs.user_id',
      'league_syncs.platform',
      'league_syncs.platform_league_key',
      'league_syncs.season',
      eb.fn.max('league_syncs.id').as('last_id'),
      eb.fn
        .max(
          eb
            .case()
            .when('league_syncs.outcome', 'in', ['written', 'unchanged'])
            .then(eb.ref('league_syncs.finished_at'))
            .end(),
        )
        .as('last_synced_at'),
    ])
    .groupBy([
      'sync_runs.user_id',
      'league_syncs.platform',
      'league_syncs.platform_league_key',
      'league_syncs.season',
    ]);
  if (filter.userId !== undefined) {
    attempts = attempts.where('sync_runs.user_id', '=', filter.userId);
  }
  const rows = await db
    .selectFrom(attempts.as('latest'))
    .innerJoin('league_syncs as attempt', 'attempt.id', 'latest.last_id')
    .leftJoin('users', 'users.id', 'latest.user_id')
    // The league as stored now: an attempt that failed before the first write has no league_id.
    .leftJoin('leagues', (join) =>
      join
        .onRef('leagues.platform', '=', 'latest.platform')
        .onRef('leagues.platform_league_key', '=', 'latest.platform_league_key')
        .onRef('leagues.season', '=', 'latest.season'),
    )
    .select((eb) => [
      'users.name as user_name',
      eb.fn.coalesce('leagues.id', 'attempt.league_id').as('league_id'),
      'latest.platform',
      'latest.platform_league_key',
      'latest.season',
      'attempt.sport',
      'leagues.name',
      'latest.last_synced_at',
      'attempt.outcome',
      'attempt.error',
      'attempt.started_at',
    ])
    .orderBy('users.name')
    .orderBy('latest.season', 'desc')
    .orderBy('latest.platform')
    .orderBy('latest.platform_league_key')
    .execute();
  return rows.map(toLeagueSyncStatus);
}

// An account's sync runs as someone waiting on its queued job reads them: the run a job started
// is in the store whatever became of the job, so a wait the queue lost track of (its Redis
// restarted without persistence) can still learn how the sync ended.
import type { Platform, Sport } from '../../domain/catalog.ts';
import type { Tx } from '../db.ts';
import type { SyncCounts, UnfinishedRun } from './syncs.ts';

/** Runs are recorded per (user, platform): one platform account. */
export interface RunAccount {
  userId: number;
  platform: Platform;
}

export interface AccountRun extends UnfinishedRun, SyncCounts {
  /** 'running' | 'ok' | 'partial' | 'failed' | 'interrupted' */
  outcome: string;
  error?: string;
  leagues: RunLeague[];
}

export interface RunLeague {
  leagueId: number | null;
  platform: Platform;
  platformLeagueKey: string;
  season: number;
  sport: Sport;
  outcome: 'written' | 'unchanged' | 'failed';
  teams: number;
  rosterEntries: number;
  error?: string;
}

/** The newest of the account's runs that ended (0 for none): later ones are of syncs to come. */
export async function lastEndedRunId(db: Tx, account: RunAccount): Promise<number> {
  const row = await db
    .selectFrom('sync_runs')
    .select((eb) => eb.fn.max('id').as('id'))
    .where('user_id', '=', account.userId)
    .where('platform', '=', account.platform)
    .where('outcome', '!=', 'running')
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

/** The account's newest run after `afterRunId`, with the leagues it attempted. */
export async function latestRunAfter(
  db: Tx,
  account: RunAccount,
  afterRunId: number,
): Promise<AccountRun | undefined> {
  const run = await db
    .selectFrom('sync_runs')
    .selectAll()
    .where('user_id', '=', account.userId)
    .where('platform', '=', account.platform)
    .where('id', '>', afterRunId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (run === undefined) return undefined;
  const leagues = await db
    .selectFrom('league_syncs')
    .selectAll()
    .where('run_id', '=', run.id)
    .orderBy('id')
    .execute();
  return {
    id: run.id,
    ...(run.owner !== null && { owner: run.owner }),
    startedAt: run.started_at,
    lastSeenAt: run.heartbeat_at ?? run.started_at,
    outcome: run.outcome,
    ...(run.error !== null && { error: run.error }),
    leaguesFound: run.leagues_found,
    leaguesWritten: run.leagues_written,
    leaguesUnchanged: run.leagues_unchanged,
    leaguesFailed: run.leagues_failed,
    leaguesDetached: run.leagues_detached,
    poolsRefreshed: run.pools_refreshed,
    leagues: leagues.map((l) => ({
      leagueId: l.league_id,
      platform: l.platform as Platform,
      platformLeagueKey: l.platform_league_key,
      season: l.season,
      sport: l.sport as Sport,
      outcome: l.outcome as RunLeague['outcome'],
      teams: l.teams,
      rosterEntries: l.roster_entries,
      ...(l.error !== null && { error: l.error }),
    })),
  };
}

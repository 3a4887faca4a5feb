// How each linked account of a user stands: its last sync run and the leagues it brings.
import type { Platform } from '../../domain/catalog.ts';
import type { Tx } from '../db.ts';

export interface LinkSyncState {
  platform: Platform;
  leagues: number;
  lastRun?: {
    runId: number;
    startedAt: string;
    finishedAt?: string;
    outcome: string;
    error?: string;
  };
}

export async function linkSyncStates(
  db: Tx,
  userId: number,
): Promise<Map<Platform, LinkSyncState>> {
  const states = new Map<Platform, LinkSyncState>();
  const state = (platform: Platform): LinkSyncState => {
    let found = states.get(platform);
    if (found === undefined) states.set(platform, (found = { platform, leagues: 0 }));
    return found;
  };
  const counts = await db
    .selectFrom('league_members')
    .innerJoin('leagues', 'leagues.id', 'league_members.league_id')
    .select((eb) => ['leagues.platform', eb.fn.countAll<string | number>().as('leagues')])
    .where('league_members.user_id', '=', userId)
    .groupBy('leagues.platform')
    .execute();
  for (const row of counts) state(row.platform as Platform).leagues = Number(row.leagues);
  // Each linked account's newest run: one step back along sync_runs_account (user_id, platform,
  // id) per account, however long the account's history of runs.
  const latest = await db
    .selectFrom('platform_accounts')
    .select((eb) => [
      'platform_accounts.platform',
      eb
        .selectFrom('sync_runs')
        .select('sync_runs.id')
        .whereRef('sync_runs.user_id', '=', 'platform_accounts.user_id')
        .whereRef('sync_runs.platform', '=', 'platform_accounts.platform')
        .orderBy('sync_runs.id', 'desc')
        .limit(1)
        .as('last_id'),
    ])
    .where('platform_accounts.user_id', '=', userId)
    .execute();
  const runIds = latest.flatMap((row) => (row.last_id == null ? [] : [Number(row.last_id)]));
  const runs =
    runIds.length === 0
      ? []
      : await db
          .selectFrom('sync_runs')
          .select(['id', 'platform', 'started_at', 'finished_at', 'outcome', 'error'])
          .where('id', 'in', runIds)
          .execute();
  for (const run of runs) {
    if (run.platform === null) continue;
    state(run.platform as Platform).lastRun = {
      runId: run.id,
      startedAt: run.started_at,
      ...(run.finished_at !== null && { finishedAt: run.finished_at }),
      outcome: run.outcome,
      ...(run.error !== null && { error: run.error }),
    };
  }
  return states;
}

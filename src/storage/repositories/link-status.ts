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
  const latest = db
    .selectFrom('sync_runs')
    .select((eb) => ['platform', eb.fn.max('id').as('last_id')])
    .where('user_id', '=', userId)
    .where('platform', 'is not', null)
    .groupBy('platform');
  const runs = await db
    .selectFrom(latest.as('latest'))
    .innerJoin('sync_runs', 'sync_runs.id', 'latest.last_id')
    .select([
      'sync_runs.id',
      'sync_runs.platform',
      'sync_runs.started_at',
      'sync_runs.finished_at',
      'sync_runs.outcome',
      'sync_runs.error',
    ])
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

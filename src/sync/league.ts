// One league of one account, in two steps: fetch (concurrently with other leagues) and write
// (one league after another, in a fixed order). Any failure is contained here: the league's
// earlier snapshot stays as it was and the error is recorded.
import { PlatformError } from '../platforms/connector.ts';
import type {
  LeagueFetchContext,
  LeagueRef,
  PlatformAccount,
  PlatformConnector,
} from '../platforms/connector.ts';
import type { LeagueSnapshot } from '../domain/records.ts';
import { nowIso } from '../storage/db.ts';
import type { Store } from '../storage/db.ts';
import { recordLeagueSync } from '../storage/repositories/syncs.ts';
import { InvalidSnapshotError, describeError } from './errors.ts';
import { resolvePlayers } from './pool-players.ts';
import { writeLeagueSnapshotAndReport } from './webhook-events.ts';
import type { LeagueSyncResult, SyncProgressEvent } from './types.ts';

export interface LeagueJob {
  runId: number;
  userId: number;
  accountId: number;
  ref: LeagueRef;
  /** The league's id when an earlier sync stored it. */
  knownLeagueId: number | null;
  /** Which of the league's players to take from the store rather than the league (pool-players.ts). */
  preferStored: (playerId: string) => boolean;
  onProgress?: (event: SyncProgressEvent) => void;
}

/** What a fetch gave: a checked snapshot or the error. Never a rejected promise. */
export type Fetched =
  { startedAt: string; snapshot: LeagueSnapshot } | { startedAt: string; error: unknown };

/** The snapshot must be the league that was listed: a mix-up would overwrite another league. */
export function checkSnapshot(platform: string, ref: LeagueRef, snapshot: LeagueSnapshot): void {
  const mismatch: string[] = [];
  if (snapshot.platform !== platform) mismatch.push(`platform ${snapshot.platform}`);
  if (snapshot.platformLeagueKey !== ref.platformLeagueKey) {
    mismatch.push(`league ${snapshot.platformLeagueKey}`);
  }
  if (snapshot.season !== ref.season) mismatch.push(`season ${snapshot.season}`);
  if (snapshot.sport !== ref.sport) mismatch.push(`sport ${snapshot.sport}`);
  if (mismatch.length > 0) {
    throw new InvalidSnapshotError(
      `invalid data: asked for league ${ref.platformLeagueKey} (${ref.sport} ${ref.season}), got ${mismatch.join(', ')}`,
    );
  }
}

export async function fetchLeague(
  connector: PlatformConnector,
  account: PlatformAccount,
  ref: LeagueRef,
  context: LeagueFetchContext,
  signal?: AbortSignal,
): Promise<Fetched> {
  const startedAt = nowIso();
  try {
    signal?.throwIfAborted();
    const snapshot = await connector.fetchLeague(account, ref, context, signal);
    checkSnapshot(connector.platform, ref, snapshot);
    return { startedAt, snapshot };
  } catch (error) {
    return { startedAt, error };
  }
}

/** Writes a fetched league (one transaction), records the attempt and reports progress. */
export async function writeLeague(
  store: Store,
  platform: PlatformConnector['platform'],
  job: LeagueJob,
  fetched: Fetched,
): Promise<LeagueSyncResult> {
  const { ref } = job;
  const base = {
    platform,
    platformLeagueKey: ref.platformLeagueKey,
    season: ref.season,
    sport: ref.sport,
    ...(ref.name === undefined ? {} : { name: ref.name }),
  };
  let result: LeagueSyncResult;
  try {
    if ('error' in fetched) throw fetched.error;
    const snapshot = await resolvePlayers(store.db, fetched.snapshot, job.preferStored);
    // With its league.updated webhook, in one transaction (sync/webhook-events.ts).
    const written = await writeLeagueSnapshotAndReport(store, snapshot, {
      userId: job.userId,
      accountId: job.accountId,
    });
    result = {
      ...base,
      name: snapshot.name,
      leagueId: written.leagueId,
      outcome: written.outcome,
      teams: snapshot.teams.length,
      rosterEntries: snapshot.rosterEntries.length,
    };
  } catch (error) {
    result = {
      ...base,
      leagueId: job.knownLeagueId,
      outcome: 'failed',
      teams: 0,
      rosterEntries: 0,
      error: describeError(error),
      ...(error instanceof PlatformError && { errorKind: error.kind }),
    };
  }
  await recordLeagueSync(store.db, {
    runId: job.runId,
    leagueId: result.leagueId,
    platform: result.platform,
    platformLeagueKey: result.platformLeagueKey,
    season: result.season,
    sport: result.sport,
    startedAt: fetched.startedAt,
    finishedAt: nowIso(),
    outcome: result.outcome,
    teams: result.teams,
    rosterEntries: result.rosterEntries,
    ...(result.error === undefined ? {} : { error: result.error }),
  });
  job.onProgress?.(progressEvent(result));
  return result;
}

function progressEvent(result: LeagueSyncResult): SyncProgressEvent {
  const base = {
    platform: result.platform,
    platformLeagueKey: result.platformLeagueKey,
    season: result.season,
    sport: result.sport,
    ...(result.name === undefined ? {} : { name: result.name }),
  };
  if (result.outcome === 'failed' || result.leagueId === null) {
    return { type: 'league-failed', ...base, leagueId: result.leagueId, error: result.error ?? '' };
  }
  return {
    type: result.outcome === 'written' ? 'league-written' : 'league-unchanged',
    ...base,
    leagueId: result.leagueId,
    teams: result.teams,
    rosterEntries: result.rosterEntries,
  };
}

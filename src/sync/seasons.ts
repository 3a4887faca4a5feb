// Which seasons a sync looks at. The current season changes while it lasts, so every run syncs
// it; a finished season no longer changes, so once an account has synced all its leagues of that
// season after the season ended, later runs leave the season alone: no upstream call at all, not
// even for the account's league list. A run that names its seasons (--season) syncs them anyway.
import type { Platform, Sport } from '../domain/catalog.ts';
import { isSeasonFinished, poolKeyOf, poolKeyText } from '../domain/pools.ts';
import type { LeagueRef } from '../platforms/connector.ts';
import type { Tx } from '../storage/db.ts';
import type { Store } from '../storage/db.ts';
import {
  findAccountLeagues,
  findCompleteSeasons,
  findLastGoodSyncs,
  findLeagueSizes,
} from '../storage/repositories/account-seasons.ts';
import type { SportSeason } from '../storage/repositories/account-seasons.ts';
import { leagueKey } from '../storage/repositories/league-keys.ts';
import { attachLeagues } from '../storage/repositories/snapshots.ts';
import type { LeagueMember } from '../storage/repositories/snapshots.ts';
import type { LeagueSyncResult, PoolRefreshResult, SyncProgressEvent } from './types.ts';

/** A listed league the run keeps as stored (final) instead of fetching it. */
export interface KeptLeague {
  ref: LeagueRef;
  leagueId: number;
}

export interface SeasonPlan {
  /** The seasons to look at, ascending; may be empty (nothing to do). */
  seasons: number[];
  /** Finished seasons left alone: the account synced them in full already. */
  skipped: number[];
  /** The run named its seasons: it syncs every one of them and every league in them. */
  asked: boolean;
}

export async function planSeasons(
  db: Tx,
  accountId: number,
  sports: readonly Sport[],
  options: { seasons: readonly number[]; supportedSeasons: readonly number[] },
  now: Date,
): Promise<SeasonPlan> {
  if (options.seasons.length > 0) {
    return { seasons: [...options.seasons].sort((a, b) => a - b), skipped: [], asked: true };
  }
  const complete = await findCompleteSeasons(db, accountId);
  const seasons: number[] = [];
  const skipped: number[] = [];
  for (const season of options.supportedSeasons) {
    const done = complete.get(season);
    const left =
      isSeasonFinished(season, now) &&
      done !== undefined &&
      sports.every((sport) => done.has(sport));
    (left ? skipped : seasons).push(season);
  }
  return { seasons, skipped, asked: false };
}

/**
 * The listed leagues that need no fetch (by leagueKey): of a finished season, and synced well
 * (by any account) after the season ended, so what the store holds is final.
 */
export async function findFinalLeagues(
  db: Tx,
  platform: Platform,
  refs: readonly LeagueRef[],
  now: Date,
): Promise<Set<string>> {
  const finished = refs.filter((ref) => isSeasonFinished(ref.season, now));
  const final = new Set<string>();
  if (finished.length === 0) return final;
  const lastGood = await findLastGoodSyncs(db, platform, finished);
  for (const ref of finished) {
    const key = leagueKey(ref.platformLeagueKey, ref.season);
    const at = lastGood.get(key);
    if (at !== undefined && isSeasonFinished(ref.season, new Date(at))) final.add(key);
  }
  return final;
}

/**
 * Splits the listed leagues into those kept as stored (final, see findFinalLeagues; the user is
 * made a member of them here) and those to fetch. A run that named its seasons fetches them all.
 */
export async function keepFinalLeagues(
  store: Store,
  platform: Platform,
  listed: readonly LeagueRef[],
  knownLeagueIds: ReadonlyMap<string, number>,
  now: Date,
  run: { asked: boolean; member: LeagueMember },
): Promise<{ kept: KeptLeague[]; refs: LeagueRef[] }> {
  const final = run.asked
    ? new Set<string>()
    : await findFinalLeagues(store.db, platform, listed, now);
  const kept: KeptLeague[] = [];
  const refs: LeagueRef[] = [];
  for (const ref of listed) {
    const key = leagueKey(ref.platformLeagueKey, ref.season);
    const leagueId = knownLeagueIds.get(key);
    if (leagueId !== undefined && final.has(key)) kept.push({ ref, leagueId });
    else refs.push(ref);
  }
  await attachLeagues(
    store,
    kept.map((k) => k.leagueId),
    run.member,
  );
  return { kept, refs };
}

/**
 * The finished (sport, season) pairs of the run's scope that it synced in full: no league of
 * theirs failed, nor the player pool their leagues were written against. A sport or season with
 * no league at all is complete too: the account has nothing there.
 */
export function completedSeasons(
  platform: Platform,
  scope: { sports: readonly Sport[]; seasons: readonly number[] },
  leagues: readonly LeagueSyncResult[],
  pools: readonly PoolRefreshResult[],
  now: Date,
): SportSeason[] {
  const failedPools = new Set(
    pools.filter((pool) => pool.outcome === 'failed').map((pool) => poolKeyText(pool)),
  );
  const incomplete = new Set<string>();
  for (const league of leagues) {
    const poolFailed = failedPools.has(poolKeyText(poolKeyOf({ ...league, platform })));
    if (league.outcome === 'failed' || poolFailed) {
      incomplete.add(`${league.sport}:${league.season}`);
    }
  }
  const complete: SportSeason[] = [];
  for (const season of scope.seasons) {
    if (!isSeasonFinished(season, now)) continue;
    for (const sport of scope.sports) {
      if (!incomplete.has(`${sport}:${season}`)) complete.push({ sport, season });
    }
  }
  return complete;
}

/** The account's stored leagues of the seasons a run leaves alone (SeasonPlan.skipped). */
export async function leaguesLeftAlone(
  store: Store,
  accountId: number,
  skipped: readonly number[],
  sports: readonly Sport[],
): Promise<KeptLeague[]> {
  const leagues = await findAccountLeagues(store.db, accountId, { seasons: skipped, sports });
  return leagues.map(({ leagueId, ...ref }) => ({ ref, leagueId }));
}

/** Kept leagues reported as unchanged, with what the store holds of them. */
export async function keptLeagueResults(
  store: Store,
  platform: Platform,
  kept: readonly KeptLeague[],
  onProgress?: (event: SyncProgressEvent) => void,
): Promise<LeagueSyncResult[]> {
  if (kept.length === 0) return [];
  const sizes = await findLeagueSizes(
    store.db,
    kept.map((k) => k.leagueId),
  );
  return kept.map(({ ref, leagueId }) => {
    const { teams, rosterEntries } = sizes.get(leagueId) ?? { teams: 0, rosterEntries: 0 };
    const base = {
      platform,
      platformLeagueKey: ref.platformLeagueKey,
      season: ref.season,
      sport: ref.sport,
      ...(ref.name === undefined ? {} : { name: ref.name }),
    };
    onProgress?.({ type: 'league-unchanged', ...base, leagueId, teams, rosterEntries });
    return { ...base, leagueId, outcome: 'unchanged', teams, rosterEntries };
  });
}

// The live shared read (issue 42): every player's raw stats of one football scoring period from
// ESPN's public player pool, once for all the live leagues of the sport and season; each league's
// points are then its own rules applied to them (scoring.ts). The call is api.ts's, its filter
// and the mapping of its pages are here.
import type { Sport } from '../../domain/catalog.ts';
import type { PeriodStats } from '../live.ts';
import type { EspnApi } from './api.ts';
import type { EspnPlayerPoolStats, EspnStatLine } from './game-schemas.ts';
import { espnSeasonId } from './games.ts';

/** statSourceId of what happened (1 is ESPN's projection). */
const ACTUAL = 0;
/** statSplitTypeId of one scoring period's line (0 is the season's). */
const ONE_PERIOD = 1;

/**
 * Players per page of the pool's stats (ffscrapr's default limit). ESPN's active football pool
 * is about 2,200 players: three pages.
 */
export const POOL_PAGE_SIZE = 1000;
/** A bound on pages, so a pool that never ends cannot spend the live budget. */
export const POOL_MAX_PAGES = 5;
/**
 * The default league whose pool is read: any serves the same raw stats (only its appliedTotal,
 * unused, follows its scoring); public clients read projections at 3.
 */
export const POOL_LEAGUE = 3;

/**
 * X-Fantasy-Filter of one page of the pool: active players (on a team's roster: every D/ST too)
 * with their actual (source 0) one-period (split 1) stats lines of the scoring period, as ESPN's
 * own leaders page and public clients filter them; a limit needs a sort (ESPN refuses one
 * without: FILTER_LIMIT_MISSING_SORT).
 */
export function poolStatsFilter(scoringPeriod: number, limit: number, offset: number): string {
  return JSON.stringify({
    players: {
      filterActive: { value: true },
      filterStatsForCurrentSeasonScoringPeriodId: { value: [scoringPeriod] },
      filterStatsForSourceIds: { value: [ACTUAL] },
      filterStatsForSplitTypeIds: { value: [ONE_PERIOD] },
      sortPercOwned: { sortPriority: 1, sortAsc: false },
      limit,
      offset,
    },
  });
}

/**
 * A player's raw stats of the scoring period from his stats lines: the actual line of that
 * period of that ESPN season; undefined when he has none (not played yet, no game).
 */
export function periodLine(
  lines: readonly EspnStatLine[],
  seasonId: number,
  scoringPeriod: number,
): Record<string, number> | undefined {
  const line = lines.find(
    (candidate) =>
      candidate.statSourceId === ACTUAL &&
      candidate.statSplitTypeId === ONE_PERIOD &&
      candidate.scoringPeriodId === scoringPeriod &&
      (candidate.seasonId ?? seasonId) === seasonId,
  );
  return line?.stats ?? undefined;
}

/** The pool's pages as PeriodStats: by player id (as lineups carry it), players with a line only. */
export function mapPeriodStats(
  pages: readonly EspnPlayerPoolStats[],
  seasonId: number,
  scoringPeriod: number,
): PeriodStats {
  const players = new Map<string, Readonly<Record<string, number>>>();
  for (const page of pages) {
    for (const entry of page.players) {
      const stats = periodLine(entry.player?.stats ?? [], seasonId, scoringPeriod);
      if (stats) players.set(String(entry.id), stats);
    }
  }
  return { period: scoringPeriod, players };
}

/**
 * Football only: its period is ESPN's scoring period, the week, which every league shares (a
 * league's matchup period is that week outside playoff rounds of two weeks). Basketball and
 * baseball matchup periods span many scoring days, so one shared read cannot give a period's
 * points: undefined, and their leagues keep their own reads.
 */
export async function fetchEspnPeriodStats(
  api: EspnApi,
  sport: Sport,
  season: number,
  period: number,
  signal?: AbortSignal,
): Promise<PeriodStats | undefined> {
  if (sport !== 'football') return undefined;
  const pages = await api.periodStats(sport, season, period, signal);
  return mapPeriodStats(pages, espnSeasonId(sport, season), period);
}

// The game of a league season (issue 38): its rules and current lineup from the league call,
// the lineups of the matchup periods the store does not hold as final (one box score call per
// period), the injured players those bodies name, and the league's seasons. See README.md.
import type { Sport } from '../../domain/catalog.ts';
import type { LeagueGame, TeamLineupRecord } from '../../domain/game.ts';
import type { LeagueSnapshot } from '../../domain/records.ts';
import { PlatformError } from '../connector.ts';
import type { LeagueFetchContext, LeagueRef } from '../connector.ts';
import type { EspnApi } from './api.ts';
import type { EspnCookies } from './credentials.ts';
import type { EspnBoxScore } from './game-schemas.ts';
import { espnSeasonId } from './games.ts';
import { lineupPeriods, mapCurrentLineup, mapInjuries, mapLineups } from './lineups.ts';
import { leagueSeasons } from './mapping.ts';
import { mapRules } from './rules.ts';
import type { EspnLeague } from './schemas.ts';

/** ESPN serves box scores from the 2019 seasons on (cwendt94/espn-api refuses earlier ones). */
const FIRST_BOX_SCORE_SEASON_ID = 2019;

export interface LeagueGameParts {
  api: EspnApi;
  request: { cookies?: EspnCookies; sport: Sport; leagueId: string; season: number };
  ref: LeagueRef;
  league: EspnLeague;
  /** The snapshot mapped from the league call (its matchups and roster entries). */
  snapshot: LeagueSnapshot;
  context: LeagueFetchContext;
  signal?: AbortSignal | undefined;
}

/**
 * Fetches the box scores one after the other (a period at a time keeps within ESPN's pace like
 * the activity feed's pages) and maps everything; any failed call fails the whole game, so the
 * engine never stores half of it.
 */
export async function fetchLeagueGame(parts: LeagueGameParts): Promise<LeagueGame> {
  const { api, request, ref, league, snapshot, context, signal } = parts;
  const sport = ref.sport;
  const withBoxScores = espnSeasonId(sport, ref.season) >= FIRST_BOX_SCORE_SEASON_ID;
  const final: ReadonlySet<number> = withBoxScores
    ? ((await context.finalLineupPeriods?.()) ?? new Set<number>())
    : new Set<number>();
  const periods = withBoxScores ? lineupPeriods(league, sport, final) : [];
  const matchups = snapshot.activity?.matchups ?? [];
  const boxes: EspnBoxScore[] = [];
  const lineups: TeamLineupRecord[] = [];
  let served = withBoxScores;
  for (const asked of periods) {
    let box: EspnBoxScore;
    try {
      box = await api.boxScore(request, asked, signal);
    } catch (error) {
      // A season ESPN serves only at its history address (the 2019 relaunch years) has no box
      // scores at the current one: no lineups at all, said by a 404 on the first period. Any
      // other failure, or a 404 later, fails the league's fetch.
      const missing = error instanceof PlatformError && error.kind === 'not_found';
      if (!missing || boxes.length > 0) throw error;
      served = false;
      break;
    }
    boxes.push(box);
    lineups.push(...mapLineups(box, sport, asked, matchups));
  }
  const rules = mapRules(league, sport);
  const withRosters = (league.teams ?? []).some((team) => team.roster?.entries != null);
  return {
    ...(rules ? { rules } : {}),
    ...(served ? { lineups } : {}),
    ...(withRosters
      ? { currentLineup: mapCurrentLineup(league, sport, snapshot.rosterEntries) }
      : {}),
    ...(withRosters || boxes.length > 0 ? { injuries: mapInjuries(league, boxes) } : {}),
    history: leagueSeasons(sport, league).map((season) => ({
      season,
      platformLeagueKey: snapshot.platformLeagueKey,
    })),
  };
}

// The calls that read a league's game beside its standings, rosters and activity: its rules
// (FetchLeagueRules, one call) and a box score per game of every period read that the store does
// not hold as final (FetchLeagueBoxscore). Any failure fails the league's fetch, as every other
// call of the league does: the engine then keeps what it stored, and no part is half filled.
import type { LeagueGame, TeamLineupRecord } from '../../domain/game.ts';
import type { MatchupRecord } from '../../domain/league-data.ts';
import type { PlayerRecord } from '../../domain/records.ts';
import { PlatformError } from '../connector.ts';
import type { LeagueFetchContext, LeagueRef } from '../connector.ts';
import type { FleaCall } from './activity.ts';
import { gameResponses } from './game-schemas.ts';
import type { FleaLeagueRules } from './game-schemas.ts';
import { mapBoxscoreLineups, mapCurrentLineup, mapHistory, mapInjuries, mapRules } from './game.ts';
import { FLEAFLICKER_SPORT_CODES, mapPlayer } from './mapping.ts';
import { validate } from './schemas.ts';

/** The rules call, made beside the standings; `answer` is checked once the league is known. */
export function askRules(call: FleaCall, ref: LeagueRef, signal: AbortSignal | undefined) {
  // https://www.fleaflicker.com/api-docs/index.html (FetchLeagueRules)
  // It takes no season: the rules are the league's as Fleaflicker holds them when asked.
  const params = { sport: FLEAFLICKER_SPORT_CODES[ref.sport], league_id: ref.platformLeagueKey };
  return call('FetchLeagueRules', params, signal);
}

export function readRules(
  ref: LeagueRef,
  answer: { body: unknown } | { refused: string },
): FleaLeagueRules {
  if ('refused' in answer) throw refusedCall('FetchLeagueRules', ref, answer.refused);
  return validate(gameResponses.rules, answer.body, 'GET /FetchLeagueRules');
}

export interface LineupsRequest {
  call: FleaCall;
  ref: LeagueRef;
  context: LeagueFetchContext;
  matchups: readonly MatchupRecord[];
  /** The `scoring_period` each period is asked by (the scoreboard's `value`). */
  scoringPeriods: ReadonlyMap<number, number>;
  signal?: AbortSignal | undefined;
}

export interface FetchedLineups {
  lineups: TeamLineupRecord[];
  /** The players the box scores describe, by id. */
  players: Map<string, PlayerRecord>;
}

/**
 * Every team's lineup of each period read, but those the store holds as final: one box score
 * per game (both teams), so a period costs half as many calls as the league has teams.
 */
export async function fetchLineups(request: LineupsRequest): Promise<FetchedLineups> {
  const { call, ref, signal } = request;
  const final = (await request.context.finalLineupPeriods?.()) ?? new Set<number>();
  const wanted = request.matchups.filter((matchup) => !final.has(matchup.period));
  const players = new Map<string, PlayerRecord>();
  const read = await Promise.all(
    wanted.map(async (matchup) => {
      // https://www.fleaflicker.com/api-docs/index.html (FetchLeagueBoxscore)
      const params = {
        sport: FLEAFLICKER_SPORT_CODES[ref.sport],
        league_id: ref.platformLeagueKey,
        fantasy_game_id: matchup.matchupId,
        scoring_period: request.scoringPeriods.get(matchup.period) ?? matchup.period,
      };
      const answer = await call('FetchLeagueBoxscore', params, signal);
      if ('refused' in answer) throw refusedCall('FetchLeagueBoxscore', ref, answer.refused);
      const box = validate(gameResponses.boxscore, answer.body, 'GET /FetchLeagueBoxscore');
      if (box.game !== undefined && String(box.game.id) !== matchup.matchupId) {
        const message = `GET /FetchLeagueBoxscore for game ${matchup.matchupId} answered with game ${box.game.id}`;
        throw new PlatformError('fleaflicker', message, 'invalid_response');
      }
      for (const group of box.lineups ?? []) {
        for (const slot of group.slots ?? []) {
          for (const side of [slot.home, slot.away]) {
            const id = side ? String(side.proPlayer.id) : undefined;
            if (side && id && !players.has(id)) players.set(id, mapPlayer(side.proPlayer));
          }
        }
      }
      return mapBoxscoreLineups(ref.sport, box, matchup);
    }),
  );
  return { lineups: read.flat(), players };
}

export interface GameParts {
  ref: LeagueRef;
  rules: FleaLeagueRules;
  /** The standings body and the rosters body, as they arrived (validated here again). */
  standingsBody: unknown;
  rostersBody: unknown;
  schedule: readonly number[];
  matchups: readonly MatchupRecord[];
  lineups: readonly TeamLineupRecord[];
  teams: readonly string[];
  currentPeriod: number | undefined;
  seasonOver: boolean;
  /** The seasons the account's league lists name this league in, where the connector read them. */
  seasons: readonly number[] | undefined;
}

export function assembleGame(parts: GameParts): LeagueGame {
  const { ref } = parts;
  const settings = validate(
    gameResponses.standingsSettings,
    parts.standingsBody,
    'GET /FetchLeagueStandings',
  );
  const rosters = validate(
    gameResponses.rostersInjuries,
    parts.rostersBody,
    'GET /FetchLeagueRosters',
  );
  const rules = mapRules({
    sport: ref.sport,
    rules: parts.rules,
    settings,
    schedule: parts.schedule,
    matchups: parts.matchups,
  });
  // A finished season has no lineup "now"; a season under way has the current period's.
  const current = parts.seasonOver
    ? undefined
    : mapCurrentLineup(
        parts.lineups.filter((lineup) => lineup.period === parts.currentPeriod),
        parts.teams,
      );
  return {
    rules,
    lineups: [...parts.lineups].sort((a, b) => a.period - b.period),
    ...(current ? { currentLineup: current } : {}),
    // Injuries are today's news: a finished season's fetch (made once) leaves them out.
    ...(parts.seasonOver ? {} : { injuries: mapInjuries(rosters) }),
    ...(parts.seasons
      ? { history: mapHistory(ref.platformLeagueKey, [...parts.seasons, ref.season]) }
      : {}),
  };
}

function refusedCall(method: string, ref: LeagueRef, refused: string): PlatformError {
  const message = `GET /${method} refused league ${ref.platformLeagueKey} (${ref.sport} ${ref.season}), whose standings it answered (${refused})`;
  return new PlatformError('fleaflicker', message, 'unavailable');
}

// Yahoo's live refreshes (issue 42). Yahoo's own state: the user's leagues of the sport's game
// (the call listLeagues makes), whose game says is_game_over / is_offseason and whose leagues say
// their current_week and is_finished. A league's week is two calls, the ones its full sync makes
// for that week with the week alone: the scoreboard (each matchup's team points and projections)
// and every team's roster of the week with its players' points, mapped by the same functions, so
// an unchanged week reads as the store already holds it.
import type { Sport } from '../../domain/catalog.ts';
import { Type } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import type { LeagueRef, PlatformAccount } from '../connector.ts';
import type { LiveConnector, LivePeriodSnapshot, LiveState } from '../live.ts';
import type { YahooGet } from './activity.ts';
import { currentWeek, flag, mapMatchups, weeksToFetch } from './activity-mapping.ts';
import { YahooLeagueWeeks, YahooMatchup } from './activity-schemas.ts';
import { mapWeekLineups, projectedPoints } from './game-mapping.ts';
import { gameResponses } from './game-schemas.ts';
import { YahooGame, validate } from './schemas.ts';

const Flag = Type.Optional(
  Type.Union([Type.String(), Type.Integer(), Type.Boolean(), Type.Null()]),
);

/** GET /users;use_login=1/games;game_keys=K/leagues, with the game's and leagues' state. */
const UserGameLeagues = Type.Object({
  fantasy_content: Type.Object({
    users: Type.Array(
      Type.Object({
        games: Type.Optional(
          Type.Array(
            Type.Object({
              ...YahooGame.properties,
              is_game_over: Flag,
              is_offseason: Flag,
              leagues: Type.Optional(Type.Array(YahooLeagueWeeks)),
            }),
          ),
        ),
      }),
      { minItems: 1 },
    ),
  }),
});

/** GET /league/{key}/scoreboard;week=N, with the league's metadata Yahoo puts first. */
const LeagueWeekScoreboard = Type.Object({
  fantasy_content: Type.Object({
    league: Type.Object({
      ...YahooLeagueWeeks.properties,
      scoreboard: Type.Object({ matchups: Type.Optional(Type.Array(YahooMatchup)) }),
    }),
  }),
});

const liveResponses = {
  userGameLeagues: TypeCompiler.Compile(UserGameLeagues),
  leagueWeekScoreboard: TypeCompiler.Compile(LeagueWeekScoreboard),
};

/** The game key of a sport's season, as the connector's game directory knows it. */
export type YahooGameKeyOf = (
  account: PlatformAccount,
  sport: Sport,
  season: number,
  signal?: AbortSignal,
) => Promise<string | undefined>;

/**
 * Yahoo's word on a sport's season: the week its leagues are at, under way while the game is
 * neither over nor in its off-season and one of the account's leagues of it is not finished.
 * Undefined when Yahoo has no such game or the account no league of it (the schedule decides).
 */
export async function yahooLiveState(
  get: YahooGet,
  gameKeyOf: YahooGameKeyOf,
  account: PlatformAccount,
  sport: Sport,
  season: number,
  signal?: AbortSignal,
): Promise<LiveState | undefined> {
  const gameKey = await gameKeyOf(account, sport, season, signal);
  if (gameKey === undefined) return undefined;
  // https://developer.yahoo.com/fantasysports/guide/#user-resource (games/leagues sub-resources)
  const path = `/users;use_login=1/games;game_keys=${gameKey}/leagues`;
  const body = validate(
    liveResponses.userGameLeagues,
    await get(account, path, signal),
    `GET ${path}`,
  );
  const game = body.fantasy_content.users
    .flatMap((user) => user.games ?? [])
    .find((entry) => entry.game_key === gameKey);
  if (game === undefined) return undefined;
  const leagues = (game.leagues ?? []).filter((league) => Number(league.season) === season);
  const going = leagues.filter((league) => !flag(league.is_finished));
  // A game's leagues share its week; a finished league's week is its last, not the game's.
  const weeks = (going.length > 0 ? going : leagues).flatMap((l) => currentWeek(l) ?? []);
  if (weeks.length === 0) return undefined;
  const over = flag(game.is_game_over) || flag(game.is_offseason);
  return { period: Math.max(...weeks), live: !over && going.length > 0 };
}

/** One league's week: its scoreboard of the week, then its teams' rosters of the week with points. */
export async function yahooLivePeriod(
  get: YahooGet,
  account: PlatformAccount,
  ref: LeagueRef,
  week: number,
  signal?: AbortSignal,
): Promise<LivePeriodSnapshot> {
  const key = encodeURIComponent(ref.platformLeagueKey);
  // https://developer.yahoo.com/fantasysports/guide/#league-resource (scoreboard;week=N)
  const boardPath = `/league/${key}/scoreboard;week=${week}`;
  const board = validate(
    liveResponses.leagueWeekScoreboard,
    await get(account, boardPath, signal),
    `GET ${boardPath}`,
  ).fantasy_content.league;
  // The full sync reads a week only when it is among the league's weeks so far (none for a
  // rotisserie league): past them it holds nothing of the week, and neither does this.
  if (!weeksToFetch(board).includes(week)) return { period: week, matchups: [], lineups: [] };
  // The call game.ts makes for each week of lineups (see there).
  const rostersPath = `/league/${key}/teams/roster;week=${week}/players/stats;type=week;week=${week}`;
  const rosters = validate(
    gameResponses.leagueWeekRosters,
    await get(account, rostersPath, signal),
    `GET ${rostersPath}`,
  );
  // The league's teams: every team of the week's rosters, as the full sync's roster call lists them.
  const teams = new Set(
    (rosters.fantasy_content.league.teams ?? []).map((team) => String(team.team_id)),
  );
  const scoreboard = (board.scoreboard.matchups ?? []).filter((m) => Number(m.week) === week);
  const matchups = mapMatchups(scoreboard, teams);
  const lineups = mapWeekLineups(
    rosters,
    week,
    ref.sport,
    teams,
    matchups,
    projectedPoints(scoreboard),
  );
  return { period: week, matchups, lineups };
}

export function yahooLive(get: YahooGet, gameKeyOf: YahooGameKeyOf): LiveConnector {
  return {
    livePeriod: (sport, season, account, signal) =>
      yahooLiveState(get, gameKeyOf, account, sport, season, signal),
    fetchLivePeriod: (account, ref, week, signal) =>
      yahooLivePeriod(get, account, ref, week, signal),
  };
}

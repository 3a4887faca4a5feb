// Yahoo's fake, in Yahoo's JSON (collections as {"0": {"team": ...}, "count": n}): the game of
// the clock's NFL season (GET /games;game_codes=nfl;seasons=Y), the user's leagues of that game
// with their current week (Yahoo's state), and a league's week in the two calls of its live read:
// the scoreboard of week 1 and every team's roster of the week (no players: the scores are the
// scoreboard's). Accounts hold tokens that expire in a year, so no renewal is ever asked for.
import { GAMES, TEAMS, WEEK, scoreAt } from './world.ts';
import type { Clock, PlatformFake } from './world.ts';

const GAME_KEY = '461';
const rosterIds = Array.from({ length: TEAMS }, (_, t) => String(t + 1));

/** Yahoo's collection of `name` entities. */
function collection(name: string, items: readonly unknown[]): Record<string, unknown> {
  const members = Object.fromEntries(items.map((item, i) => [String(i), { [name]: item }]));
  return { ...members, count: items.length };
}

function leagueWeeks(key: string, season: number) {
  return {
    league_key: key,
    name: `Sunday ${key}`,
    game_code: 'nfl',
    season: String(season),
    num_teams: TEAMS,
    scoring_type: 'head',
    current_week: String(WEEK),
    start_week: '1',
    end_week: '17',
    is_finished: 0,
  };
}

const teamKey = (league: string, team: string) => `${league}.t.${team}`;

function scoreboard(key: string, clock: Clock): unknown {
  const total = String(scoreAt(clock));
  const team = (t: number) => ({
    team_key: teamKey(key, rosterIds[t] as string),
    team_id: rosterIds[t],
    team_points: { coverage_type: 'week', week: String(WEEK), total },
  });
  const matchups = GAMES.map(([home, away]) => ({
    week: String(WEEK),
    status: 'midevent',
    is_playoffs: '0',
    is_consolation: '0',
    is_tied: 0,
    teams: collection('team', [team(home), team(away)]),
  }));
  return {
    fantasy_content: {
      league: {
        ...leagueWeeks(key, clock.season),
        scoreboard: { week: String(WEEK), matchups: collection('matchup', matchups) },
      },
    },
  };
}

function weekRosters(key: string): unknown {
  const teams = rosterIds.map((id) => ({
    team_key: teamKey(key, id),
    team_id: id,
    roster: { coverage_type: 'week', week: String(WEEK), players: { count: 0 } },
  }));
  return { fantasy_content: { league: { league_key: key, teams: collection('team', teams) } } };
}

const BOARD = /^\/league\/([^/]+)\/scoreboard;week=(\d+)$/;
const ROSTERS =
  /^\/league\/([^/]+)\/teams\/roster;week=(\d+)\/players\/stats;type=week;week=(\d+)$/;

export const yahooFake: PlatformFake = {
  platform: 'yahoo',
  rosterIds,
  leagueKey: (i) => `${GAME_KEY}.l.${100_000 + i}`,
  account: (u) => ({
    externalUserId: `SUNDAY${u}`,
    credentials: JSON.stringify({
      access_token: `bench-${u}`,
      refresh_token: `bench-${u}`,
      expires_at: Math.floor(Date.now() / 1000) + 365 * 86_400,
    }),
  }),
  answer(url, clock) {
    const path = decodeURIComponent(url.pathname);
    const season = String(clock.season);
    if (path === `/games;game_codes=nfl;seasons=${season}`) {
      const game = { game_key: GAME_KEY, code: 'nfl', season, type: 'full' };
      return { fantasy_content: { games: collection('game', [game]) } };
    }
    if (path === `/users;use_login=1/games;game_keys=${GAME_KEY}/leagues`) {
      const game = {
        game_key: GAME_KEY,
        code: 'nfl',
        season,
        is_game_over: 0,
        is_offseason: 0,
        leagues: collection('league', [leagueWeeks(yahooFake.leagueKey(0), clock.season)]),
      };
      const user = { guid: 'SUNDAY', games: collection('game', [game]) };
      return { fantasy_content: { users: collection('user', [user]) } };
    }
    const board = BOARD.exec(path);
    if (board !== null && board[2] === String(WEEK)) return scoreboard(board[1] as string, clock);
    const rosters = ROSTERS.exec(path);
    if (rosters !== null && rosters[2] === String(WEEK)) return weekRosters(rosters[1] as string);
    return undefined;
  },
};

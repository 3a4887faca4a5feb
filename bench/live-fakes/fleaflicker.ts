// Fleaflicker's fake: a league's live read is its scoreboard asked without a period
// (FetchLeagueScoreboard: period 1 under way, its six games with their scores) and one box score
// per game (FetchLeagueBoxscore: the game's two teams; no lineups, the scores are the
// scoreboard's): seven calls, as the module counts them. Fleaflicker has no state call; the
// schedule says the games are on.
import { GAMES, TEAMS, WEEK, scoreAt } from './world.ts';
import type { Clock, PlatformFake } from './world.ts';

const rosterIds = Array.from({ length: TEAMS }, (_, t) => String(101 + t));
const teamOf = (t: number) => ({ id: Number(rosterIds[t]), name: `Team ${rosterIds[t]}` });
/** A game's id: its league's and its number, unique as Fleaflicker's are. */
const gameId = (league: string, g: number): string => `${league}${String(g + 1).padStart(2, '0')}`;

function scoreboard(league: string, clock: Clock): unknown {
  const score = { score: { value: scoreAt(clock) } };
  const period = { ordinal: WEEK, value: WEEK };
  return {
    schedulePeriod: period,
    eligibleSchedulePeriods: [period],
    games: GAMES.map(([home, away], g) => ({
      id: gameId(league, g),
      home: teamOf(home),
      away: teamOf(away),
      homeScore: score,
      awayScore: score,
    })),
  };
}

function boxscore(league: string, id: string): unknown {
  const g = GAMES.findIndex((_, index) => gameId(league, index) === id);
  const pair = GAMES[g];
  if (pair === undefined) return undefined;
  return { game: { id, home: { id: teamOf(pair[0]).id }, away: { id: teamOf(pair[1]).id } } };
}

export const fleaflickerFake: PlatformFake = {
  platform: 'fleaflicker',
  rosterIds,
  leagueKey: (i) => String(400_000 + i),
  account: (u) => ({ externalUserId: `sunday-${u}` }),
  answer(url, clock) {
    const query = url.searchParams;
    const league = query.get('league_id') ?? '';
    if (query.get('sport') !== 'NFL') return undefined;
    if (url.pathname === '/FetchLeagueScoreboard') {
      return query.get('season') === String(clock.season) ? scoreboard(league, clock) : undefined;
    }
    if (url.pathname === '/FetchLeagueBoxscore' && query.get('scoring_period') === String(WEEK)) {
      return boxscore(league, query.get('fantasy_game_id') ?? '');
    }
    return undefined;
  },
};

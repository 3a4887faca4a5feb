// ESPN's fake: a league season with its scores (views mTeam, mSettings, mMatchupScore: scoring
// period 1, matchup period 1 under way) and the period's box score (mMatchupScore, mBoxscore,
// scoringPeriodId=1: each side's one starter with all of its points). ESPN has no state call; the
// schedule says the games are on. Each call is one function of `routes`: a shared read (every
// player's points of the period, once for all leagues) is one more, from `starterPoints`.
import { GAMES, TEAMS, WEEK, scoreAt } from './world.ts';
import type { Clock, PlatformFake } from './world.ts';

const rosterIds = Array.from({ length: TEAMS }, (_, t) => String(t + 1));
const LEAGUE_PATH = /^\/ffl\/seasons\/(\d{4})\/segments\/0\/leagues\/(\d+)$/;
/** ESPN's lineupSlotId of a quarterback. */
const QB_SLOT = 0;

/** Team t's one starter (ESPN's player id) and his points, all of the team's. */
export function starterPoints(clock: Clock): Map<number, number> {
  const points = scoreAt(clock);
  return new Map(rosterIds.map((id) => [4000 + Number(id), points]));
}

function league(id: string, season: number, clock: Clock): unknown {
  const points = scoreAt(clock);
  const side = (t: number) => ({ teamId: t + 1, totalPoints: points });
  return {
    id: Number(id),
    seasonId: season,
    scoringPeriodId: WEEK,
    status: { currentMatchupPeriod: WEEK },
    settings: {
      name: `Sunday ${id}`,
      size: TEAMS,
      scheduleSettings: { matchupPeriods: { [String(WEEK)]: [WEEK] } },
    },
    teams: rosterIds.map((t) => ({ id: Number(t), name: `Team ${t}` })),
    schedule: GAMES.map(([home, away], g) => ({
      id: g + 1,
      matchupPeriodId: WEEK,
      home: side(home),
      away: side(away),
      winner: 'UNDECIDED',
    })),
  };
}

function boxScore(clock: Clock): unknown {
  const starters = starterPoints(clock);
  const side = (t: number) => {
    const playerId = 4000 + t + 1;
    const entry = {
      playerId,
      lineupSlotId: QB_SLOT,
      playerPoolEntry: { appliedStatTotal: starters.get(playerId) },
    };
    return { teamId: t + 1, rosterForCurrentScoringPeriod: { entries: [entry] } };
  };
  return {
    schedule: GAMES.map(([home, away]) => ({
      matchupPeriodId: WEEK,
      home: side(home),
      away: side(away),
    })),
  };
}

type Route = (url: URL, clock: Clock) => unknown;

const routes: Route[] = [
  (url, clock) => {
    const match = LEAGUE_PATH.exec(url.pathname);
    if (match === null || Number(match[1]) !== clock.season) return undefined;
    const views = url.searchParams.getAll('view');
    if (views.includes('mBoxscore') && url.searchParams.get('scoringPeriodId') === String(WEEK)) {
      return boxScore(clock);
    }
    return views.includes('mMatchupScore')
      ? league(match[2] as string, clock.season, clock)
      : undefined;
  },
];

export const espnFake: PlatformFake = {
  platform: 'espn',
  rosterIds,
  leagueKey: (i) => String(80_000_000 + i),
  // Public leagues: no cookies.
  account: (u) => ({ externalUserId: `sunday-${u}` }),
  answer: (url, clock) => {
    for (const route of routes) {
      const body = route(url, clock);
      if (body !== undefined) return body;
    }
    return undefined;
  },
};

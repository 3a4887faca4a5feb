// ESPN's fake: a league season with its scores (views mTeam, mSettings, mMatchupScore: scoring
// period 1, matchup period 1 under way) and the period's box score (mMatchupScore, mBoxscore,
// scoringPeriodId=1: each side's one starter with all of its points). ESPN has no state call; the
// schedule says the games are on. Each call is one function of `routes`; the last is the shared
// read, the player pool's stats of the week (one page), worth each starter's points under the
// stored rules: passing touchdowns (statId 4, 4 points) and passing yards (statId 3, 0.04 a yard).
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

const POOL_PATH = /^\/ffl\/seasons\/(\d{4})\/segments\/0\/leaguedefaults\/3$/;

/** ESPN's stats of one player's week worth `points` under the stored rules. */
function statsWorth(points: number): Record<string, number> {
  const touchdowns = Math.floor(points / 4);
  return { '3': (points - touchdowns * 4) * 25, '4': touchdowns };
}

function poolStats(clock: Clock): unknown {
  const line = statsWorth(scoreAt(clock));
  return {
    players: [...starterPoints(clock).keys()].map((id) => ({
      id,
      onTeamId: id - 4000,
      player: {
        id,
        stats: [
          {
            seasonId: clock.season,
            scoringPeriodId: WEEK,
            statSourceId: 0,
            statSplitTypeId: 1,
            stats: line,
          },
        ],
      },
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
  (url, clock) => {
    const match = POOL_PATH.exec(url.pathname);
    if (match === null || Number(match[1]) !== clock.season) return undefined;
    const asked = url.searchParams.get('scoringPeriodId');
    return url.searchParams.get('view') === 'kona_player_info' && asked === String(WEEK)
      ? poolStats(clock)
      : undefined;
  },
];

export const espnFake: PlatformFake = {
  platform: 'espn',
  rosterIds,
  leagueKey: (i) => String(80_000_000 + i),
  // Public leagues: no cookies.
  account: (u) => ({ externalUserId: `sunday-${u}` }),
  storedGame: {
    rules: {
      scoringType: 'head_to_head_points',
      scoring: [
        { statId: '3', points: 0.04 },
        { statId: '4', points: 4 },
      ],
      rosterSlots: [
        { slot: 'QB', platformSlot: 'QB', count: 1 },
        { slot: 'BN', platformSlot: 'BE', count: 5 },
      ],
    },
  },
  answer: (url, clock) => {
    for (const route of routes) {
      const body = route(url, clock);
      if (body !== undefined) return body;
    }
    return undefined;
  },
};

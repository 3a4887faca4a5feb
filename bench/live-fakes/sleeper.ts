// Sleeper's fake: the sport's state (week 1 of the clock's regular season), a league's week
// (GET /league/<id>/matchups/1: one entry per roster, its one starter and its points) and the
// week's stats of every player (GET /stats/nfl/regular/<season>/<week>, the shared read), the
// stats worth the matchups' points under the stored rules: each starter scores every point of
// his team, as pass_td (4) and pass_yd (0.04 a yard).
import { GAMES, TEAMS, WEEK, scoreAt } from './world.ts';
import type { Clock, PlatformFake } from './world.ts';

const rosterIds = Array.from({ length: TEAMS }, (_, r) => String(r + 1));
/** Roster r's one starter (his id in the stats). */
const starterOf = (roster: number): string => String(4000 + roster);

/** A line of stats worth `points` under the stored rules below. */
export function statsWorth(points: number): Record<string, number> {
  const touchdowns = Math.floor(points / 4);
  return { pass_td: touchdowns, pass_yd: (points - touchdowns * 4) * 25 };
}

function weekMatchups(clock: Clock): unknown[] {
  const points = scoreAt(clock);
  return GAMES.flatMap((pair, g) =>
    pair.map((index) => {
      const roster = index + 1;
      const starter = starterOf(roster);
      return {
        roster_id: roster,
        matchup_id: g + 1,
        points,
        starters: [starter],
        players: [starter],
        players_points: { [starter]: points },
      };
    }),
  );
}

export const sleeperFake: PlatformFake = {
  platform: 'sleeper',
  rosterIds,
  leagueKey: (i) => String(7_000_000_000 + i),
  account: (u) => ({ externalUserId: `sunday-${u}` }),
  storedGame: {
    rules: {
      scoringType: 'head_to_head_points',
      scoring: [
        { statId: 'pass_yd', points: 0.04 },
        { statId: 'pass_td', points: 4 },
      ],
      rosterSlots: [
        { slot: 'QB', platformSlot: 'QB', count: 1 },
        { slot: 'BN', platformSlot: 'BN', count: 5 },
      ],
    },
  },
  answer(url, clock) {
    const path = url.pathname;
    if (path === '/state/nfl') {
      return { season: String(clock.season), season_type: 'regular', week: WEEK, leg: WEEK };
    }
    if (path === `/stats/nfl/regular/${clock.season}/${WEEK}`) {
      const line = statsWorth(scoreAt(clock));
      return Object.fromEntries(rosterIds.map((_, r) => [starterOf(r + 1), line]));
    }
    if (/^\/league\/\d+\/matchups\/1$/.test(path)) return weekMatchups(clock);
    return undefined;
  },
};

// MFL's fake: the four exports of a league's live read, in MFL's JSON (every value a string):
// TYPE=league (its franchises and one QB starter slot, no host of its own: every call stays
// here), TYPE=schedule&W=1 (the week's games with their scores), TYPE=liveScoring&W=1 (each
// franchise's one starter with all of its points) and TYPE=players&PLAYERS= (the starters'
// positions). MFL has no state call; the schedule says the games are on.
import { GAMES, TEAMS, WEEK, scoreAt } from './world.ts';
import type { Clock, PlatformFake } from './world.ts';

const rosterIds = Array.from({ length: TEAMS }, (_, t) => String(t + 1).padStart(4, '0'));
const starterOf = (franchise: string): string => String(14_000 + Number(franchise));

function league(key: string): unknown {
  return {
    league: {
      id: key,
      name: `Sunday ${key}`,
      h2h: 'YES',
      startWeek: '1',
      endWeek: '17',
      lastRegularSeasonWeek: '14',
      rosterSize: '20',
      starters: { count: '1', position: [{ name: 'QB', limit: '1' }] },
      franchises: {
        count: String(TEAMS),
        franchise: rosterIds.map((id) => ({ id, name: `Team ${id}` })),
      },
    },
  };
}

function schedule(clock: Clock): unknown {
  const score = scoreAt(clock).toFixed(2);
  const side = (t: number, home: boolean) => ({
    id: rosterIds[t],
    isHome: home ? '1' : '0',
    score,
  });
  return {
    schedule: {
      weeklySchedule: {
        week: String(WEEK),
        matchup: GAMES.map(([home, away]) => ({
          franchise: [side(home, true), side(away, false)],
        })),
      },
    },
  };
}

function liveScoring(clock: Clock): unknown {
  const score = scoreAt(clock).toFixed(2);
  const franchise = (t: number) => {
    const id = rosterIds[t] as string;
    const starter = { id: starterOf(id), status: 'starter', score };
    return { id, score, gameSecondsRemaining: '1800', players: { player: [starter] } };
  };
  return {
    liveScoring: {
      week: String(WEEK),
      matchup: GAMES.map(([home, away]) => ({ franchise: [franchise(home), franchise(away)] })),
    },
  };
}

function players(ids: string): unknown {
  const player = ids
    .split(',')
    .filter((id) => id !== '')
    .map((id) => ({ id, name: `Passer, Number ${id}`, position: 'QB', team: 'FA' }));
  return { players: { player } };
}

export const mflFake: PlatformFake = {
  platform: 'mfl',
  rosterIds,
  leagueKey: (i) => String(30_000 + i),
  // Public leagues: no login.
  account: () => ({ externalUserId: 'public-leagues' }),
  answer(url, clock) {
    if (url.pathname !== `/${clock.season}/export`) return undefined;
    const query = url.searchParams;
    const key = query.get('L') ?? '';
    const week = query.get('W');
    switch (query.get('TYPE')) {
      case 'league':
        return league(key);
      case 'schedule':
        return week === String(WEEK) ? schedule(clock) : undefined;
      case 'liveScoring':
        return week === String(WEEK) ? liveScoring(clock) : undefined;
      case 'players':
        return players(query.get('PLAYERS') ?? '');
      default:
        return undefined;
    }
  },
};

// Fantrax's fake. Fantrax has no live read: a live refresh is its full league fetch, which asks
// getLeagueInfo (teams and week 1's pairings), getTeamRosters (the current period's, empty
// rosters), getStandings, getDraftResults, getDraftPicks and getMatchupScores (the current
// period's scores): six calls, as the scheduler counts a full fetch. No state call either: the
// schedule says the games are on.
import { GAMES, TEAMS, WEEK, scoreAt } from './world.ts';
import type { Clock, PlatformFake } from './world.ts';

const rosterIds = Array.from({ length: TEAMS }, (_, t) => `tm${String(t + 1).padStart(2, '0')}`);

function leagueInfo(key: string, clock: Clock): unknown {
  return {
    leagueName: `Sunday ${key}`,
    seasonYear: clock.season,
    draftType: 'SNAKE',
    teamInfo: Object.fromEntries(rosterIds.map((id) => [id, { id, name: `Team ${id}` }])),
    scoringSystem: { type: 'HEAD_TO_HEAD_POINTS' },
    playoffs: { used: true, firstPlayoffPeriod: 15 },
    matchups: [
      {
        period: WEEK,
        matchupList: GAMES.map(([home, away]) => ({
          home: { id: rosterIds[home] },
          away: { id: rosterIds[away] },
        })),
      },
    ],
  };
}

function matchupScores(clock: Clock): unknown {
  const score = scoreAt(clock);
  const side = (t: number) => ({ teamId: rosterIds[t], score, gamesPlayed: 1 });
  return {
    period: WEEK,
    matchups: GAMES.map(([home, away]) => ({ home: side(home), away: side(away) })),
  };
}

export const fantraxFake: PlatformFake = {
  platform: 'fantrax',
  rosterIds,
  leagueKey: (i) => `sunday${i.toString(36)}x`,
  account: () => ({ externalUserId: 'public-leagues' }),
  answer(url, clock) {
    const query = url.searchParams;
    const key = query.get('leagueId');
    if (key === null) return undefined;
    switch (url.pathname) {
      case '/getLeagueInfo':
        return leagueInfo(key, clock);
      case '/getTeamRosters':
        return {
          period: WEEK,
          rosters: Object.fromEntries(rosterIds.map((id) => [id, { teamName: `Team ${id}` }])),
        };
      case '/getStandings':
        return rosterIds.map((teamId, rank) => ({ teamId, rank: rank + 1, points: '0-0-0' }));
      case '/getDraftResults':
        return { draftState: 'COMPLETED', draftType: 'SNAKE', draftPicks: [] };
      case '/getDraftPicks':
        return { futureDraftPicks: [] };
      case '/getMatchupScores':
        return query.get('period') === null ? matchupScores(clock) : undefined;
      default:
        return undefined;
    }
  },
};

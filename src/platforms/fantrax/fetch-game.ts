// The game of a Fantrax league (domain/game.ts) from getLeagueInfo and getTeamRosters, which the
// connector already read, plus one getTeamRosters per earlier period whose lineup the store does
// not hold as final. The official API gives no player points, projections or injuries, and no
// call from a league to its other seasons.
import type { LeagueGame, TeamLineupRecord } from '../../domain/game.ts';
import type { MatchupRecord } from '../../domain/league-data.ts';
import type { RosterEntryRecord } from '../../domain/records.ts';
import { PlatformError } from '../connector.ts';
import type { LeagueFetchContext, LeagueRef } from '../connector.ts';
import type { FantraxCall } from './activity.ts';
import { activityResponses } from './activity-schemas.ts';
import { mapCurrentLineup, mapPeriodLineups, mapRules } from './game.ts';
import { responses, validate } from './schemas.ts';
import type { FantraxLeagueInfo, FantraxTeamRosters } from './schemas.ts';

export interface FantraxGameRequest {
  call: FantraxCall;
  ref: LeagueRef;
  info: FantraxLeagueInfo;
  /** The getLeagueInfo body as sent (its schedule and playoffs). */
  leagueInfo: unknown;
  /** getTeamRosters without a period: the current period's (a finished season's last). */
  rosters: FantraxTeamRosters;
  rosterEntries: readonly RosterEntryRecord[];
  teams: readonly string[];
  matchups: readonly MatchupRecord[];
  currentPeriod: number | undefined;
  context: LeagueFetchContext;
  signal: AbortSignal | undefined;
}

export async function fetchFantraxGame(request: FantraxGameRequest): Promise<LeagueGame> {
  const { ref, rosters, matchups, currentPeriod } = request;
  const schedule = validate(activityResponses.schedule, request.leagueInfo, 'GET /getLeagueInfo');
  const known = new Set(request.teams);
  const final = (await request.context.finalLineupPeriods?.()) ?? new Set<number>();
  // The periods the matchups cover, up to the current one: a period not played yet has no lineup.
  const periods = [...new Set(matchups.map((matchup) => matchup.period))]
    .filter((period) => currentPeriod !== undefined && period <= currentPeriod)
    .filter((period) => !final.has(period))
    .sort((a, b) => a - b);
  const bodies = await Promise.all(
    periods.map((period) => (rosters.period === period ? rosters : periodRosters(request, period))),
  );
  const lineups: TeamLineupRecord[] = periods.flatMap((period, index) =>
    mapPeriodLineups(period, bodies[index] as FantraxTeamRosters, known, matchups),
  );
  const rules = mapRules(request.info, schedule);
  return {
    ...(rules ? { rules } : {}),
    lineups,
    currentLineup: mapCurrentLineup(rosters, request.rosterEntries),
    // Seasons share a leagueHistoryId, but no call lists a history's leagues: this one alone.
    history: [{ season: ref.season, platformLeagueKey: ref.platformLeagueKey }],
  };
}

/** https://www.fantrax.com/fxea/general/getTeamRosters?leagueId=&period= (that period's lineups). */
async function periodRosters(
  request: FantraxGameRequest,
  period: number,
): Promise<FantraxTeamRosters> {
  const leagueId = request.ref.platformLeagueKey;
  const answer = await request.call('getTeamRosters', { leagueId, period }, request.signal);
  if ('refused' in answer) {
    const message = `getTeamRosters refused period ${period} of league ${leagueId}, whose current rosters it answered (${answer.refused})`;
    throw new PlatformError('fantrax', message, 'unavailable');
  }
  const body = validate(responses.teamRosters, answer.body, 'GET /getTeamRosters');
  if (body.period !== undefined && body.period !== period) {
    const message = `getTeamRosters of league ${leagueId} answered period ${body.period} when asked for ${period}`;
    throw new PlatformError('fantrax', message, 'invalid_response');
  }
  return body;
}

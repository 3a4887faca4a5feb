// The calls that read a Fantrax league's data beside its settings and rosters: standings, matchup
// scores, the draft board and pick holdings (https://www.fantrax.com/fxea/general/<method>, the
// official API's documentation on Fantrax's developer page), with the schedule getLeagueInfo
// already gave. Each body is validated as it arrives, then mapped by team-details.ts,
// matchups.ts and drafts.ts. Any failure fails the league's fetch, so the engine keeps the league
// it stored before. The official API has no transactions: the activity's list stays empty.
import type { LeagueActivity, TeamDetails } from '../../domain/league-data.ts';
import { PlatformError } from '../connector.ts';
import type { LeagueRef } from '../connector.ts';
import type { FantraxMatchupScores } from './activity-schemas.ts';
import { activityResponses, validate } from './activity-schemas.ts';
import { mapDraft, mapFuturePicks } from './drafts.ts';
import { mapMatchups, periodsToRead, schedulePeriods } from './matchups.ts';
import { mapTeamDetails } from './team-details.ts';

type Params = Record<string, string | number>;

/**
 * The connector's one API call: the body, or Fantrax's refusal (a 4xx, or the `error` body it
 * sends with a 200). Network failures, 5xx and timeouts are the caller's to throw as PlatformError.
 */
export type FantraxCall = (
  method: string,
  params: Params,
  signal: AbortSignal | undefined,
) => Promise<{ body: unknown } | { refused: string }>;

export interface FantraxLeagueDataRequest {
  call: FantraxCall;
  ref: LeagueRef;
  /** The getLeagueInfo body as Fantrax sent it (its schedule and playoff periods are read here). */
  leagueInfo: unknown;
  /** The league's team ids (= roster ids): data naming other teams is left out. */
  teams: readonly string[];
  /**
   * The season is over: every period's scores are read, and no pick holdings (they are today's,
   * not the season's).
   */
  seasonOver: boolean;
  signal: AbortSignal | undefined;
}

export interface FantraxLeagueData {
  teamDetails: ReadonlyMap<string, TeamDetails>;
  activity: LeagueActivity;
}

/**
 * Calls per league: getStandings, getDraftResults and getDraftPicks, then getMatchupScores for the
 * current period and each earlier one (head-to-head leagues only); once the season is over, one
 * getMatchupScores per period and no getDraftPicks.
 */
export async function fetchFantraxLeagueData(
  request: FantraxLeagueDataRequest,
): Promise<FantraxLeagueData> {
  const { ref, teams, seasonOver } = request;
  const known = new Set(teams);
  const schedule = validate(activityResponses.schedule, request.leagueInfo, 'GET /getLeagueInfo');
  const [standings, draftResults, draftPicks, scores] = await Promise.all([
    // https://www.fantrax.com/fxea/general/getStandings?leagueId=
    read(request, 'getStandings', {}).then((body) =>
      validate(activityResponses.standings, body, 'GET /getStandings'),
    ),
    // https://www.fantrax.com/fxea/general/getDraftResults?leagueId=
    read(request, 'getDraftResults', {}).then((body) =>
      validate(activityResponses.draftResults, body, 'GET /getDraftResults'),
    ),
    seasonOver
      ? undefined
      : // https://www.fantrax.com/fxea/general/getDraftPicks?leagueId=
        read(request, 'getDraftPicks', {}).then((body) =>
          validate(activityResponses.draftPicks, body, 'GET /getDraftPicks'),
        ),
    fetchScores(request, schedulePeriods(schedule)),
  ]);
  const draft = mapDraft(ref.platformLeagueKey, draftResults, schedule.draftType, known);
  const activity: LeagueActivity = {
    ...(scores.current !== undefined ? { currentPeriod: scores.current } : {}),
    matchups: mapMatchups(schedule, scores.byPeriod, scores.current, seasonOver, known),
    transactions: [],
    drafts: draft ? [draft] : [],
    futurePicks: draftPicks ? mapFuturePicks(draftPicks, known) : [],
  };
  return { teamDetails: mapTeamDetails(standings, schedule, known), activity };
}

/**
 * The scores of the periods played so far. While the season lasts the first call names no period,
 * so Fantrax answers the current one and says which it is; the earlier ones follow. A league with
 * no schedule (not head to head) has no scores to read.
 */
async function fetchScores(
  request: FantraxLeagueDataRequest,
  periods: readonly number[],
): Promise<{ current: number | undefined; byPeriod: Map<number, FantraxMatchupScores> }> {
  const byPeriod = new Map<number, FantraxMatchupScores>();
  if (periods.length === 0) return { current: undefined, byPeriod };
  // https://www.fantrax.com/fxea/general/getMatchupScores?leagueId=[&period=]
  const scoresOf = async (params: Params) =>
    validate(
      activityResponses.matchupScores,
      await read(request, 'getMatchupScores', params),
      'GET /getMatchupScores',
    );
  let current: number | undefined;
  if (request.seasonOver) {
    current = periods[periods.length - 1];
  } else {
    const first = await scoresOf({});
    current = first.period;
    if (current !== undefined) byPeriod.set(current, first);
  }
  const rest = periodsToRead(periods, current, request.seasonOver);
  const bodies = await Promise.all(rest.map((period) => scoresOf({ period })));
  rest.forEach((period, i) => {
    const body = bodies[i] as FantraxMatchupScores;
    if (body.period !== undefined && body.period !== period) {
      const message = `getMatchupScores of league ${request.ref.platformLeagueKey} answered period ${body.period} when asked for ${period}`;
      throw new PlatformError('fantrax', message, 'invalid_response');
    }
    byPeriod.set(period, body);
  });
  return { current, byPeriod };
}

/** One call's body; a refusal, or the error Fantrax sends as a 200, fails the league's fetch. */
async function read(
  request: FantraxLeagueDataRequest,
  method: string,
  params: Params,
): Promise<unknown> {
  const { ref } = request;
  const answer = await request.call(
    method,
    { leagueId: ref.platformLeagueKey, ...params },
    request.signal,
  );
  const refusal =
    'refused' in answer
      ? answer.refused
      : activityResponses.errorEnvelope.Check(answer.body)
        ? plainText(answer.body.error.message ?? answer.body.error.code ?? '')
        : undefined;
  if (refusal !== undefined) {
    const message = `${method} refused league ${ref.platformLeagueKey} (${ref.sport} ${ref.season}), whose settings it answered (${refusal})`;
    throw new PlatformError('fantrax', message, 'unavailable');
  }
  return (answer as { body: unknown }).body;
}

/** Fantrax writes its error messages for a web page: tags and runs of spaces go, and length is capped. */
function plainText(message: string): string {
  const text = message
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text === '' ? 'an error without a message' : text.slice(0, 200);
}

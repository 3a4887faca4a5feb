// Sleeper's live refreshes (issue 42): its sport state says which week is being played, and a
// league's week is three calls: the league (its roster positions, for the lineups' slots), its
// rosters (who is on IR or the taxi squad) and the week's matchups, which are Sleeper's
// scoreboard (scores, starters and every player's points).
import type { Sport } from '../../domain/catalog.ts';
import { PlatformError } from '../connector.ts';
import type { LeagueRef } from '../connector.ts';
import type { LiveConnector, LiveState } from '../live.ts';
import { activityResponses } from './activity-schemas.ts';
import { mapWeekMatchups } from './activity.ts';
import type { SleeperCalls } from './fetch-activity.ts';
import { mapWeekLineups, nonStarterSlots, starterSlots } from './game.ts';
import { SLEEPER_SPORT_CODES } from './mapping.ts';
import { responses, validate } from './schemas.ts';

/** Sleeper's state of the sport: the week under way while its regular season or playoffs run. */
export async function sleeperLiveState(
  calls: SleeperCalls,
  sport: Sport,
  season: number,
): Promise<LiveState | undefined> {
  const code = SLEEPER_SPORT_CODES[sport];
  if (code === undefined) return undefined;
  // https://docs.sleeper.com/#get-sport-state
  const path = `/state/${code}`;
  const body = await calls.getOrNull(path);
  if (body === null) return undefined;
  const state = validate(activityResponses.state, body, `GET ${path}`);
  const week = state.leg ?? state.week;
  const playing = state.season_type === 'regular' || state.season_type === 'post';
  if (week === null || week === undefined || week < 1) return undefined;
  return { period: week, live: playing && Number(state.season) === season };
}

/** One league's week: GET /league/<id>, its /rosters and its /matchups/<week>. */
export async function sleeperLivePeriod(calls: SleeperCalls, ref: LeagueRef, week: number) {
  const key = encodeURIComponent(ref.platformLeagueKey);
  // https://docs.sleeper.com/#get-a-specific-league
  // https://docs.sleeper.com/#getting-matchups-in-a-league
  // https://docs.sleeper.com/#getting-rosters-in-a-league
  const [leagueBody, rostersBody, matchupsBody] = await Promise.all([
    calls.getOrNull(`/league/${key}`),
    calls.getOrNull(`/league/${key}/rosters`),
    calls.getOrNull(`/league/${key}/matchups/${week}`),
  ]);
  if (leagueBody === null) {
    const message = `league ${ref.platformLeagueKey} does not exist (any more)`;
    throw new PlatformError('sleeper', message, 'not_found');
  }
  const league = validate(responses.league, leagueBody, `GET /league/${key}`);
  const rosters =
    rostersBody === null
      ? []
      : validate(responses.rosters, rostersBody, `GET /league/${key}/rosters`);
  const entries =
    matchupsBody === null
      ? []
      : validate(activityResponses.matchups, matchupsBody, `GET /league/${key}/matchups/${week}`);
  const playoffWeekStart = league.settings?.playoff_week_start ?? undefined;
  const progress = {
    finished: false,
    currentWeek: week,
    ...(playoffWeekStart !== undefined && playoffWeekStart > 0 && { playoffWeekStart }),
  };
  return {
    period: week,
    matchups: mapWeekMatchups(week, entries, progress),
    // The rosters say who is on IR or the taxi squad this week, as a full sync reads it.
    lineups: mapWeekLineups(week, entries, starterSlots(league), nonStarterSlots(rosters)),
  };
}

export function sleeperLive(callsFor: (signal?: AbortSignal) => SleeperCalls): LiveConnector {
  return {
    livePeriod: (sport, season, _account, signal) =>
      sleeperLiveState(callsFor(signal), sport, season),
    fetchLivePeriod: (_account, ref, week, signal) =>
      sleeperLivePeriod(callsFor(signal), ref, week),
  };
}

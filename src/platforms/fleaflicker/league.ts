// One league's snapshot: its standings, rosters and rules (the league, its teams with their
// details, the rosters as the season ended), then its activity (activity.ts) and its game
// (game-calls.ts), and the players the stored pool lacks. Everything or nothing: any failure
// fails the league's fetch.
import type { LeagueSnapshot } from '../../domain/records.ts';
import { PlatformError } from '../connector.ts';
import type { LeagueFetchContext, LeagueRef } from '../connector.ts';
import { fetchActivity } from './activity.ts';
import type { FleaCall } from './activity.ts';
import { activityResponses } from './activity-schemas.ts';
import { askRules, assembleGame, fetchLineups, readRules } from './game-calls.ts';
import {
  FLEAFLICKER_SPORT_CODES,
  compareIds,
  mapLeagueSnapshot,
  rosteredPlayers,
} from './mapping.ts';
import { responses, validate } from './schemas.ts';
import { mapTeamDetails } from './team-details.ts';

export interface LeagueRequest {
  call: FleaCall;
  ref: LeagueRef;
  context: LeagueFetchContext;
  /** The error for a league Fleaflicker refuses (with its words). */
  leagueNotFound: (refused: string) => PlatformError;
  /** The season is over (domain/pools.ts isSeasonFinished). */
  seasonOver: boolean;
  maxActivityPages: number;
  /** The seasons the account's league lists (read by listLeagues) name the league in, if read. */
  listedSeasons?: readonly number[] | undefined;
  signal?: AbortSignal | undefined;
}

export async function fetchLeagueSnapshot(request: LeagueRequest): Promise<LeagueSnapshot> {
  const { call, ref, context, signal } = request;
  const params = {
    sport: FLEAFLICKER_SPORT_CODES[ref.sport],
    league_id: ref.platformLeagueKey,
    season: ref.season,
  };
  // https://www.fleaflicker.com/api-docs/index.html (FetchLeagueStandings)
  // https://www.fleaflicker.com/api-docs/index.html (FetchLeagueRosters)
  // (with `season`, the rosters as that season ended)
  const [standingsAnswer, rostersAnswer, rulesAnswer] = await Promise.all([
    call('FetchLeagueStandings', params, signal),
    call('FetchLeagueRosters', params, signal),
    askRules(call, ref, signal),
  ]);
  if ('refused' in standingsAnswer) throw request.leagueNotFound(standingsAnswer.refused);
  if ('refused' in rostersAnswer) throw request.leagueNotFound(rostersAnswer.refused);
  const standings = validate(
    responses.standings,
    standingsAnswer.body,
    'GET /FetchLeagueStandings',
  );
  if (String(standings.league.id) !== ref.platformLeagueKey) {
    const message = `GET /FetchLeagueStandings for league ${ref.platformLeagueKey} answered with league ${standings.league.id}`;
    throw new PlatformError('fleaflicker', message, 'invalid_response');
  }
  const rosters =
    validate(responses.rosters, rostersAnswer.body, 'GET /FetchLeagueRosters').rosters ?? [];
  const rules = readRules(ref, rulesAnswer);
  const divisions = validate(
    activityResponses.standingsDivisions,
    standingsAnswer.body,
    'GET /FetchLeagueStandings',
  );
  const snapshot = mapLeagueSnapshot({
    sport: ref.sport,
    season: ref.season,
    standings,
    rosters,
    players: [],
  });
  const details = mapTeamDetails(standings, divisions);
  const teams = snapshot.teams.map((team) => ({ ...team, ...details.get(team.rosterId) }));
  const teamIds = teams.map((team) => team.rosterId);
  const {
    activity,
    players: named,
    schedule,
  } = await fetchActivity({
    call,
    ref,
    teams: teamIds,
    seasonOver: request.seasonOver,
    maxPages: request.maxActivityPages,
    signal,
  });
  const { lineups, players: lined } = await fetchLineups({
    call,
    ref,
    context,
    matchups: activity.matchups,
    scoringPeriods: schedule.scoringPeriods,
    signal,
  });
  const game = assembleGame({
    ref,
    rules,
    standingsBody: standingsAnswer.body,
    rostersBody: rostersAnswer.body,
    schedule: schedule.periods,
    matchups: activity.matchups,
    lineups,
    teams: teamIds,
    currentPeriod: activity.currentPeriod,
    seasonOver: request.seasonOver,
    seasons: request.listedSeasons,
  });
  // Players the stored pool lacks, rostered or named by the activity or the lineups; the
  // rosters, feeds, trades, draft board and box scores describe them in full.
  const described = new Map([...lined, ...named, ...rosteredPlayers(rosters)]);
  const lineupIds = lineups.flatMap((lineup) => lineup.entries.map((entry) => entry.playerId));
  const wanted = [
    ...new Set([
      ...snapshot.rosterEntries.map((entry) => entry.playerId),
      ...named.keys(),
      ...lineupIds,
    ]),
  ];
  const stored = await context.storedPlayerIds(wanted);
  const players = wanted.filter((id) => !stored.has(id)).flatMap((id) => described.get(id) ?? []);
  return {
    ...snapshot,
    teams,
    players: players.sort((a, b) => compareIds(a.playerId, b.playerId)),
    activity,
    game,
  };
}

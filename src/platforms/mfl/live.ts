// MFL's live refreshes (issue 42): a league's week in four calls, read as the full sync reads it
// so that an unchanged week compares equal: TYPE=league (its host, starter slots and last regular
// week), TYPE=schedule&W= (the week's games: matchups as mapMatchups makes them),
// TYPE=liveScoring&W= (every franchise's score, the matchups' live scores, and its players with
// their scores and starter/nonstarter status: the lineups, mapped by mapWeekLineups) and
// TYPE=players&PLAYERS= for the starters' positions, which place them in the league's slots as
// the store's pool does in a full sync. MFL has no state of its own per sport that this service
// reads: whether games are on is the schedule.
import type { TeamLineupRecord } from '../../domain/game.ts';
import type { MatchupRecord } from '../../domain/league-data.ts';
import { PlatformError } from '../connector.ts';
import type { LeagueRef, PlatformAccount } from '../connector.ts';
import type { LiveConnector, LivePeriodSnapshot } from '../live.ts';
import type { MflResultFranchise, MflWeekResults } from './game-schemas.ts';
import { liveResponses } from './live-schemas.ts';
import type { MflLiveFranchise, MflLiveScoring } from './live-schemas.ts';
import { mapWeekLineups, placeStarters } from './lineups.ts';
import { lastRegularSeasonWeek, mapPlayerList } from './mapping.ts';
import { mapMatchups } from './matchups.ts';
import { mapRosterSlots } from './rules.ts';
import { asList, exportError, responses, validate } from './schemas.ts';
import type { MflLeague } from './schemas.ts';

/** One export of the league's host (`L` and `JSON` added), or MFL's refusal as `{error}`. */
export type MflLiveReader = (query: Record<string, string>, cookie: boolean) => Promise<unknown>;

export interface MflLiveOptions {
  /** TYPE=league from the API host: the league, or MFL's refusal. */
  readLeague(
    account: PlatformAccount,
    ref: LeagueRef,
    signal?: AbortSignal,
  ): Promise<{ league: MflLeague; read: MflLiveReader }>;
}

export async function mflLivePeriod(
  options: MflLiveOptions,
  account: PlatformAccount,
  ref: LeagueRef,
  week: number,
  signal?: AbortSignal,
): Promise<LivePeriodSnapshot> {
  const { league, read } = await options.readLeague(account, ref, signal);
  const endpoint = (type: string) =>
    `GET /${ref.season}/export?TYPE=${type}&L=${ref.platformLeagueKey}`;
  const one = async (query: Record<string, string>): Promise<unknown> => {
    const body = await read(query, true);
    const refused = exportError(body);
    if (refused === undefined) return body;
    const message = `${endpoint(query.TYPE ?? '')} refused league ${ref.platformLeagueKey} (${ref.season}), whose settings it answered (${refused})`;
    throw new PlatformError('mfl', message, 'unavailable');
  };
  const W = String(week);
  // https://api.myfantasyleague.com/2020/api_info?STATE=test&CCAT=export&TYPE=schedule
  // https://api.myfantasyleague.com/2020/api_info?STATE=test&CCAT=export&TYPE=liveScoring
  const [scheduleBody, liveBody] = await Promise.all([
    one({ TYPE: 'schedule', W }),
    one({ TYPE: 'liveScoring', W }),
  ]);
  const schedule = validate(responses.schedule, scheduleBody, endpoint('schedule'));
  const teamIds = new Set(asList(league.franchises?.franchise).map((f) => f.id));
  const lineups = liveLineups(liveBody, week, teamIds, endpoint('liveScoring'));
  const scheduled = mapMatchups(
    asList(schedule.schedule.weeklySchedule),
    lastRegularSeasonWeek(league),
  ).filter(
    (matchup) =>
      matchup.period === week && matchup.sides.every((side) => teamIds.has(side.rosterId)),
  );
  return {
    period: week,
    matchups: withLiveScores(scheduled, lineups),
    lineups: await placeLineups(lineups, league, read, ref),
  };
}

/**
 * TYPE=liveScoring&W= as every team's lineup of the week, its franchise score the team's points
 * (starters not placed yet: MFL says only "starter"). The live refresh and the full sync's read
 * of a week under way (live-week.ts) both map it here, so they write the same records.
 */
export function liveLineups(
  body: unknown,
  week: number,
  teamIds: ReadonlySet<string>,
  endpoint: string,
): TeamLineupRecord[] {
  const live = validate(liveResponses.liveScoring, body, endpoint);
  return mapWeekLineups(asWeekResults(live), week, teamIds);
}

/**
 * The schedule's games with each franchise's score as liveScoring gives it (its `score`, the
 * team's points in `lineups`): the schedule's scores are MFL's once the week is scored, and do not
 * move during the games. A side liveScoring does not score keeps the schedule's; a game the
 * schedule has not scored yet is under way once liveScoring scores a side of it, as a full sync
 * reads a scored game without results. Winners stay the schedule's (its results).
 */
export function withLiveScores(
  matchups: readonly MatchupRecord[],
  lineups: readonly TeamLineupRecord[],
): MatchupRecord[] {
  const scores = new Map(
    lineups.flatMap((lineup) =>
      lineup.points === undefined ? [] : [[lineup.rosterId, lineup.points] as const],
    ),
  );
  return matchups.map((matchup) => {
    if (!matchup.sides.some((side) => scores.has(side.rosterId))) return matchup;
    const sides = matchup.sides.map((side) => {
      const score = scores.get(side.rosterId);
      return score === undefined ? side : { ...side, score };
    });
    return {
      ...matchup,
      sides,
      ...(matchup.status === 'upcoming' && { status: 'in_progress' as const }),
    };
  });
}

/** liveScoring in the shape of weeklyResults: a franchise's players sit under `players`. */
export function asWeekResults(live: MflLiveScoring): MflWeekResults {
  const franchise = (f: MflLiveFranchise): MflResultFranchise => {
    const players = f.players?.player ?? f.player;
    return {
      id: f.id,
      ...(f.score === undefined ? {} : { score: f.score }),
      ...(players === undefined ? {} : { player: players }),
    };
  };
  const body = live.liveScoring;
  return {
    ...(body.week === undefined ? {} : { week: body.week }),
    matchup: asList(body.matchup).map((game) => ({
      franchise: asList(game.franchise).map(franchise),
    })),
    franchise: asList(body.franchise).map(franchise),
  };
}

/**
 * The starters in the league's slots by their positions, as the full sync places them from the
 * store's pool: here MFL's player list for just those players (the pool is MFL's same list).
 */
async function placeLineups(
  lineups: TeamLineupRecord[],
  league: MflLeague,
  read: MflLiveReader,
  ref: LeagueRef,
): Promise<TeamLineupRecord[]> {
  const starters = [
    ...new Set(
      lineups.flatMap((team) =>
        team.entries.filter((e) => e.platformSlot === 'starter').map((e) => e.playerId),
      ),
    ),
  ];
  if (starters.length === 0) return lineups;
  // https://api.myfantasyleague.com/2020/api_info?STATE=test&CCAT=export&TYPE=players
  // Without the cookie, as the pool is read. Refused: no position known, as with an empty pool.
  const body = await read({ TYPE: 'players', PLAYERS: starters.join(','), DETAILS: '1' }, false);
  const positions = new Map<string, string>();
  if (exportError(body) === undefined) {
    const list = validate(responses.players, body, `GET /${ref.season}/export?TYPE=players`);
    for (const player of mapPlayerList(asList(list.players.player)).players) {
      if (player.position !== undefined) positions.set(player.playerId, player.position);
    }
  }
  const slots = mapRosterSlots(league);
  return lineups.map((team) => ({
    ...team,
    entries: placeStarters(team.entries, slots, positions),
  }));
}

export function mflLive(options: MflLiveOptions): LiveConnector {
  return {
    fetchLivePeriod: (account, ref, week, signal) =>
      mflLivePeriod(options, account, ref, week, signal),
  };
}

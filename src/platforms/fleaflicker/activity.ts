// The calls that read a league's activity beside its standings and rosters: scoreboards, the
// transaction feed, trades, the draft board and every team's picks
// (https://www.fleaflicker.com/api-docs/). Each body is validated as it arrives, then mapped by
// matchups.ts, transactions.ts and drafts.ts. Any failure fails the league's fetch, so the engine
// keeps the league it stored before.
import type { LeagueActivity } from '../../domain/league-data.ts';
import type { PlayerRecord } from '../../domain/records.ts';
import { PlatformError } from '../connector.ts';
import type { LeagueRef } from '../connector.ts';
import type {
  FleaDraftPick,
  FleaProPlayerRef,
  FleaScoreboard,
  FleaTrade,
  FleaTransactionItem,
} from './activity-schemas.ts';
import { activityResponses } from './activity-schemas.ts';
import { mapDraft, mapFuturePicks } from './drafts.ts';
import { FLEAFLICKER_SPORT_CODES, mapPlayer } from './mapping.ts';
import { currentPeriodOf, mapMatchups, periodsToRead } from './matchups.ts';
import { validate } from './schemas.ts';
import { mapFeedTransactions, mapTrades, seasonWindow, tradeTime } from './transactions.ts';
import type { SeasonWindow } from './transactions.ts';

type Params = Record<string, string | number>;
/** The connector's one API call: the body, or Fleaflicker's refusal (a 400/404 or an `error`). */
export type FleaCall = (
  method: string,
  params: Params,
  signal: AbortSignal | undefined,
) => Promise<{ body: unknown } | { refused: string }>;

export interface ActivityRequest {
  call: FleaCall;
  ref: LeagueRef;
  /** The league's teams (roster ids): activity naming others is left out. */
  teams: readonly string[];
  /** The season is over: its whole schedule is read, and no team picks (they are today's). */
  seasonOver: boolean;
  /** Most pages read of one paged list before giving up. */
  maxPages: number;
  signal?: AbortSignal | undefined;
}

export interface FetchedActivity {
  activity: LeagueActivity;
  /** The players the activity names, as its bodies describe them, by id. */
  players: Map<string, PlayerRecord>;
  /** Every period of the season's schedule, and the `scoring_period` each is asked by. */
  schedule: { periods: number[]; scoringPeriods: Map<number, number> };
}

export async function fetchActivity(request: ActivityRequest): Promise<FetchedActivity> {
  const { ref, teams, seasonOver } = request;
  const known = new Set(teams);
  const window = seasonWindow(ref.sport, ref.season);
  const [schedule, items, trades, selections] = await Promise.all([
    fetchScoreboards(request),
    fetchFeed(request, window),
    fetchTrades(request, window),
    fetchDraftBoard(request),
  ]);
  const draft = mapDraft(ref.platformLeagueKey, selections, known);
  const draftBegun = selections.some((s) => s.player !== undefined);
  const picks = seasonOver ? new Map<string, FleaDraftPick[]>() : await fetchTeamPicks(request);
  // Newest first, as Fleaflicker lists them (the sort is stable: a moment's lines keep its order).
  const transactions = [
    ...mapFeedTransactions(items, window, known),
    ...mapTrades(trades, window, known),
  ].sort((a, b) => b.occurredAt.localeCompare(a.occurredAt));
  const activity: LeagueActivity = {
    ...(schedule.currentPeriod !== undefined ? { currentPeriod: schedule.currentPeriod } : {}),
    matchups: mapMatchups(schedule.boards, known, schedule.currentPeriod),
    transactions,
    drafts: draft ? [draft] : [],
    futurePicks: mapFuturePicks(picks, ref.season, draftBegun, known),
  };
  const described = describedPlayers(items, trades, selections);
  const named = new Set<string>();
  for (const t of activity.transactions) for (const m of t.playerMoves) named.add(m.playerId);
  for (const d of activity.drafts) for (const p of d.picks) if (p.playerId) named.add(p.playerId);
  const players = new Map([...described].filter(([id]) => named.has(id)));
  return { activity, players, schedule: schedule.schedule };
}

function leagueParams(ref: LeagueRef): Params {
  return { sport: FLEAFLICKER_SPORT_CODES[ref.sport], league_id: ref.platformLeagueKey };
}

async function ask(request: ActivityRequest, method: string, params: Params): Promise<unknown> {
  const answer = await request.call(method, params, request.signal);
  if ('refused' in answer) {
    const { ref } = request;
    const message = `GET /${method} refused league ${ref.platformLeagueKey} (${ref.sport} ${ref.season}), whose standings it answered (${answer.refused})`;
    throw new PlatformError('fleaflicker', message, 'unavailable');
  }
  return answer.body;
}

/** The current period's scoreboard (Fleaflicker's default), then the season's others up to it. */
async function fetchScoreboards(request: ActivityRequest) {
  const { ref, seasonOver } = request;
  const params = { ...leagueParams(ref), season: ref.season };
  // https://www.fleaflicker.com/api-docs/index.html (FetchLeagueScoreboard)
  const read = async (extra: Params): Promise<FleaScoreboard> =>
    validate(
      activityResponses.scoreboard,
      await ask(request, 'FetchLeagueScoreboard', { ...params, ...extra }),
      'GET /FetchLeagueScoreboard',
    );
  const first = await read({});
  const periods = periodsToRead(first, seasonOver);
  const answered = first.schedulePeriod?.ordinal;
  const scoringPeriod = new Map(
    (first.eligibleSchedulePeriods ?? []).map((p) => [p.ordinal, p.value ?? p.ordinal]),
  );
  const boards = await Promise.all(
    periods.map(async (period) => ({
      period,
      board:
        period === answered
          ? first
          : await read({ scoring_period: scoringPeriod.get(period) ?? period }),
    })),
  );
  return {
    boards,
    currentPeriod: currentPeriodOf(first, periods, seasonOver),
    schedule: { periods: [...scoringPeriod.keys()], scoringPeriods: scoringPeriod },
  };
}

/**
 * Reads a newest-first list page by page until a page reaches back before the window, or the
 * list ends; what is newer than the window is read through and left to the mapping.
 */
async function readPages<T>(
  request: ActivityRequest,
  method: string,
  window: SeasonWindow,
  page: (offset: number) => Promise<{ entries: T[]; next?: number | undefined }>,
  timeOf: (entry: T) => number | undefined,
): Promise<T[]> {
  const entries: T[] = [];
  let offset = 0;
  for (let count = 1; ; count++) {
    if (count > request.maxPages) {
      const message = `GET /${method} of league ${request.ref.platformLeagueKey} had more than ${request.maxPages} pages`;
      throw new PlatformError('fleaflicker', message, 'invalid_response');
    }
    const { entries: found, next } = await page(offset);
    entries.push(...found);
    const reachedBack = found.some((entry) => (timeOf(entry) ?? Infinity) < window.start);
    if (reachedBack || found.length === 0 || next === undefined || next <= offset) break;
    offset = next;
  }
  return entries;
}

/** The league's whole transaction feed (no team_id), 30 lines a page. */
function fetchFeed(request: ActivityRequest, window: SeasonWindow): Promise<FleaTransactionItem[]> {
  const params = leagueParams(request.ref);
  return readPages(
    request,
    'FetchLeagueTransactions',
    window,
    async (offset) => {
      // https://www.fleaflicker.com/api-docs/index.html (FetchLeagueTransactions)
      const body = validate(
        activityResponses.transactions,
        await ask(request, 'FetchLeagueTransactions', { ...params, result_offset: offset }),
        'GET /FetchLeagueTransactions',
      );
      return { entries: body.items ?? [], next: body.resultOffsetNext };
    },
    (item) => Number(item.timeEpochMilli),
  );
}

/** Completed trades (FetchTrades answers pending ones without the filter), 10 a page. */
function fetchTrades(request: ActivityRequest, window: SeasonWindow): Promise<FleaTrade[]> {
  const params = { ...leagueParams(request.ref), filter: 'TRADES_COMPLETED' };
  return readPages(
    request,
    'FetchTrades',
    window,
    async (offset) => {
      // https://www.fleaflicker.com/api-docs/index.html (FetchTrades)
      const body = validate(
        activityResponses.trades,
        await ask(request, 'FetchTrades', { ...params, result_offset: offset }),
        'GET /FetchTrades',
      );
      return { entries: body.trades ?? [], next: body.resultOffsetNext };
    },
    tradeTime,
  );
}

/**
 * The season's draft board. How Fleaflicker answers for a season without a draft is neither
 * documented nor recorded: an empty board, or a refusal, both count as no draft.
 */
async function fetchDraftBoard(request: ActivityRequest) {
  const { ref } = request;
  // https://www.fleaflicker.com/api-docs/index.html (FetchLeagueDraftBoard)
  const params = { ...leagueParams(ref), season: ref.season };
  const answer = await request.call('FetchLeagueDraftBoard', params, request.signal);
  if ('refused' in answer) return [];
  const body = validate(activityResponses.draftBoard, answer.body, 'GET /FetchLeagueDraftBoard');
  return body.orderedSelections ?? [];
}

/** Every team's picks, held and traded away: Fleaflicker lists them per team only. */
async function fetchTeamPicks(request: ActivityRequest): Promise<Map<string, FleaDraftPick[]>> {
  const params = leagueParams(request.ref);
  const lists = await Promise.all(
    request.teams.map(async (team) => {
      // https://www.fleaflicker.com/api-docs/index.html (FetchTeamPicks)
      const body = validate(
        activityResponses.teamPicks,
        await ask(request, 'FetchTeamPicks', { ...params, team_id: team }),
        'GET /FetchTeamPicks',
      );
      return [team, body.picks ?? []] as const;
    }),
  );
  return new Map(lists);
}

/** The players the feed, trades and draft describe (the first description of each). */
function describedPlayers(
  items: readonly FleaTransactionItem[],
  trades: readonly FleaTrade[],
  selections: ReadonlyArray<{ player?: FleaProPlayerRef | undefined }>,
): Map<string, PlayerRecord> {
  const players = new Map<string, PlayerRecord>();
  const add = (player: FleaProPlayerRef | undefined) => {
    if (player && !players.has(String(player.proPlayer.id))) {
      players.set(String(player.proPlayer.id), mapPlayer(player.proPlayer));
    }
  };
  for (const item of items) add(item.transaction.player);
  for (const trade of trades) {
    for (const side of trade.teams ?? []) {
      for (const p of [...(side.playersObtained ?? []), ...(side.playersReleased ?? [])]) add(p);
    }
  }
  for (const selection of selections) add(selection.player);
  return players;
}

// The calls behind a league's activity: the sport's state (for a season under way), one matchups
// and one transactions call per week played so far (every week of a finished season, once),
// drafts with their picks, traded picks, and the playoff brackets once the playoffs have begun.
// Each body is validated as it arrives; a 404 or Sleeper's `null` is an empty list (as for
// drafts), anything malformed fails the league.
import type { Static, TSchema } from '@sinclair/typebox';
import type { TypeCheck } from '@sinclair/typebox/compiler';
import type { LeagueActivity } from '../../domain/league-data.ts';
import { PlatformError } from '../connector.ts';
import { activityResponses } from './activity-schemas.ts';
import type { SleeperBracketGame, SleeperMatchupEntry, SleeperState } from './activity-schemas.ts';
import { mapTransaction, mapWeekMatchups } from './activity.ts';
import type { SeasonProgress } from './activity.ts';
import { mapDraft, mapFuturePicks } from './drafts.ts';
import { bracketKindOf } from './playoffs.ts';
import { responses, validate } from './schemas.ts';
import type { SleeperDraft, SleeperDraftPick, SleeperLeague, SleeperRoster } from './schemas.ts';

export interface SleeperCalls {
  /** The parsed body, or null where Sleeper answers 404. */
  getOrNull(path: string): Promise<unknown>;
}

/** The last week of an NFL fantasy season (week 18 since 2021): Sleeper's state runs past it. */
const LAST_FOOTBALL_WEEK = 18;

export interface FetchedActivity {
  activity: LeagueActivity;
  /** Every draft's picks, the newest draft first (their metadata describes players). */
  picks: SleeperDraftPick[];
  /** Each week read, with its matchups body (the lineups come from the same bodies). */
  weeks: Array<{ week: number; entries: SleeperMatchupEntry[] }>;
  progress: SeasonProgress;
}

export async function fetchLeagueActivity(
  calls: SleeperCalls,
  league: SleeperLeague,
  rosters: readonly SleeperRoster[],
  sportCode: string,
): Promise<FetchedActivity> {
  const key = encodeURIComponent(league.league_id);
  const progress = await seasonProgress(calls, league, sportCode);
  const current = progress.currentWeek;
  const firstWeek = Math.max(1, league.settings?.start_week ?? 1);
  const weeks = current === undefined ? [] : range(firstWeek, current);
  // Round 1 also holds the off-season's and the draft's moves, so it is read even before week 1.
  const rounds = range(1, Math.max(1, current ?? 1));
  const playoffStart = progress.playoffWeekStart;
  const inPlayoffs = playoffStart !== undefined && current !== undefined && current >= playoffStart;

  const [weekBodies, roundBodies, drafts, tradedBody, brackets] = await Promise.all([
    // https://docs.sleeper.com/#getting-matchups-in-a-league
    Promise.all(
      weeks.map((week) =>
        list(calls, `/league/${key}/matchups/${week}`, activityResponses.matchups),
      ),
    ),
    // https://docs.sleeper.com/#get-transactions
    Promise.all(
      rounds.map((round) =>
        list(calls, `/league/${key}/transactions/${round}`, activityResponses.transactions),
      ),
    ),
    fetchDrafts(calls, key),
    // https://docs.sleeper.com/#get-all-traded-picks-in-a-league
    list(calls, `/league/${key}/traded_picks`, activityResponses.tradedPicks),
    inPlayoffs ? fetchBrackets(calls, key) : Promise.resolve(undefined),
  ]);

  const kindOf =
    brackets && playoffStart !== undefined
      ? bracketKindOf(brackets, playoffStart, league.settings?.playoff_round_type ?? 0)
      : undefined;
  const matchups = weeks.flatMap((week, index) =>
    mapWeekMatchups(week, weekBodies[index] ?? [], progress, kindOf),
  );
  const rosterOfUser = userRosters(rosters);
  // A transaction belongs to one round; should Sleeper ever list one in two, the first counts.
  const unique = new Map(
    roundBodies
      .flat()
      .map((tx) => [tx.transaction_id, tx] as const)
      .reverse(),
  );
  const transactions = [...unique.values()]
    .flatMap((tx) => mapTransaction(tx, (user) => rosterOfUser.get(user)) ?? [])
    .sort(
      (a, b) =>
        b.occurredAt.localeCompare(a.occurredAt) || b.transactionId.localeCompare(a.transactionId),
    );
  const activity = onlyKnownTeams(rosters, {
    ...(current === undefined ? {} : { currentPeriod: current }),
    matchups,
    transactions,
    drafts: drafts.map(({ draft, picks }) => mapDraft(draft, picks)),
    futurePicks: mapFuturePicks(
      tradedBody,
      Number(league.season),
      drafts.map(({ draft }) => draft),
    ),
  });
  return {
    activity,
    picks: drafts.flatMap(({ picks }) => picks),
    weeks: weeks.map((week, index) => ({ week, entries: weekBodies[index] ?? [] })),
    progress,
  };
}

/**
 * A finished season (status complete, or a newer season already under way) runs to its last
 * scored week; a season under way is at the sport's current week (GET /state/<sport>); one not
 * started (pre_draft, drafting, or the sport's pre-season) has no week yet.
 */
async function seasonProgress(
  calls: SleeperCalls,
  league: SleeperLeague,
  sportCode: string,
): Promise<SeasonProgress> {
  const settings = league.settings;
  const playoffWeekStart = positive(settings?.playoff_week_start);
  const base = playoffWeekStart === undefined ? {} : { playoffWeekStart };
  const lastWeek = positive(settings?.last_scored_leg) ?? positive(settings?.leg);
  const finished = { ...base, finished: true, ...(lastWeek ? { currentWeek: lastWeek } : {}) };
  if (league.status === 'complete') return finished;
  if (league.status !== 'in_season' && league.status !== 'post_season') {
    return { ...base, finished: false };
  }
  // https://docs.sleeper.com/#get-sport-state
  const path = `/state/${sportCode}`;
  const body = await calls.getOrNull(path);
  if (body === null) {
    // Every sport Sleeper serves has a state; without it the weeks to read are unknown.
    throw new PlatformError('sleeper', `GET ${path} answered nothing`, 'invalid_response');
  }
  const state: SleeperState = validate(activityResponses.state, body, `GET ${path}`);
  const season = Number(league.season);
  if (Number(state.season) > season) return finished;
  const week = positive(state.leg) ?? positive(state.week);
  const playing = state.season_type === 'regular' || state.season_type === 'post';
  if (Number(state.season) < season || !playing || week === undefined) {
    return { ...base, finished: false };
  }
  const cap = sportCode === 'nfl' ? LAST_FOOTBALL_WEEK : week;
  return { ...base, finished: false, currentWeek: Math.min(week, cap) };
}

/** The league's drafts, newest first, each with its picks. */
async function fetchDrafts(
  calls: SleeperCalls,
  key: string,
): Promise<Array<{ draft: SleeperDraft; picks: SleeperDraftPick[] }>> {
  // https://docs.sleeper.com/#get-all-drafts-for-a-league
  const path = `/league/${key}/drafts`;
  const body = await calls.getOrNull(path);
  const drafts = body === null ? [] : validate(responses.drafts, body, `GET ${path}`);
  drafts.sort((a, b) => (b.created ?? 0) - (a.created ?? 0));
  return Promise.all(
    drafts.map(async (draft) => {
      // https://docs.sleeper.com/#get-all-picks-in-a-draft
      const picksPath = `/draft/${encodeURIComponent(draft.draft_id)}/picks`;
      const picksBody = await calls.getOrNull(picksPath);
      const picks =
        picksBody === null ? [] : validate(responses.picks, picksBody, `GET ${picksPath}`);
      return { draft, picks };
    }),
  );
}

/** https://docs.sleeper.com/#getting-the-playoff-bracket (both brackets). */
async function fetchBrackets(
  calls: SleeperCalls,
  key: string,
): Promise<{ winners: SleeperBracketGame[]; losers: SleeperBracketGame[] }> {
  const [winners, losers] = await Promise.all([
    list(calls, `/league/${key}/winners_bracket`, activityResponses.bracket),
    list(calls, `/league/${key}/losers_bracket`, activityResponses.bracket),
  ]);
  return { winners, losers };
}

/** A list body validated against its schema; a 404 or `null` is an empty list. */
async function list<T extends TSchema>(
  calls: SleeperCalls,
  path: string,
  check: TypeCheck<T>,
): Promise<Static<T>> {
  const body = await calls.getOrNull(path);
  return body === null ? ([] as Static<T>) : validate(check, body, `GET ${path}`);
}

/**
 * The activity without anything naming a roster the league does not list (the store keeps only
 * the league's teams): such a matchup, transaction, pick or future pick is left out whole.
 */
function onlyKnownTeams(
  rosters: readonly SleeperRoster[],
  activity: LeagueActivity,
): LeagueActivity {
  const known = new Set(rosters.map((roster) => String(roster.roster_id)));
  const all = (ids: ReadonlyArray<string | undefined>) =>
    ids.every((id) => id === undefined || known.has(id));
  return {
    ...activity,
    matchups: activity.matchups.filter((m) => all(m.sides.map((side) => side.rosterId))),
    transactions: activity.transactions.filter(
      (tx) =>
        all(tx.rosterIds) &&
        all(tx.playerMoves.flatMap((move) => [move.fromRosterId, move.toRosterId])) &&
        all(
          (tx.pickMoves ?? []).flatMap((move) => [
            move.originalRosterId,
            move.fromRosterId,
            move.toRosterId,
          ]),
        ) &&
        all((tx.budgetMoves ?? []).flatMap((move) => [move.fromRosterId, move.toRosterId])),
    ),
    drafts: activity.drafts.map((draft) => ({
      ...draft,
      picks: draft.picks.filter((pick) => known.has(pick.rosterId)),
    })),
    futurePicks: activity.futurePicks.filter((pick) =>
      all([pick.originalRosterId, pick.ownerRosterId]),
    ),
  };
}

/** Which roster each user (owner or co-owner) manages. */
function userRosters(rosters: readonly SleeperRoster[]): Map<string, number> {
  const byUser = new Map<string, number>();
  for (const roster of rosters) {
    for (const user of [roster.owner_id, ...(roster.co_owners ?? [])]) {
      if (user && !byUser.has(user)) byUser.set(user, roster.roster_id);
    }
  }
  return byUser;
}

function range(first: number, last: number): number[] {
  return last < first ? [] : Array.from({ length: last - first + 1 }, (_, i) => first + i);
}

function positive(value: number | null | undefined): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : undefined;
}

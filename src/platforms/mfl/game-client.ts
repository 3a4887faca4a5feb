// The game of a league from MFL, read in the same sync as its rosters: the scoring rules and MFL's
// rule names, the injury report, and each week's results from the first week to the current one
// but for the weeks the store holds as final. Each body is validated as it arrives; any failure
// (an HTTP error, a refusal, another shape) fails the league's fetch as a refused rosters does.
import type { LeagueGame } from '../../domain/game.ts';
import type { LeagueActivity } from '../../domain/league-data.ts';
import type { TypeCheck } from '@sinclair/typebox/compiler';
import type { Static, TSchema } from '@sinclair/typebox';
import { PlatformError } from '../connector.ts';
import type { LeagueFetchContext } from '../connector.ts';
import type { MflWeekResults } from './game-schemas.ts';
import {
  mapCurrentLineup,
  mapInjuries,
  mapSeasons,
  mapWeekLineups,
  placeStarters,
} from './lineups.ts';
import { mapRules } from './rules.ts';
import { asList, exportError, responses, validate } from './schemas.ts';
import type { MflLeague, MflRosterFranchise } from './schemas.ts';

/** One export as parsed JSON (`JSON` added by the caller). */
export type ExportReader = (query: Record<string, string>) => Promise<unknown>;

export interface GameOptions {
  /** The league's exports (`L` added). */
  read: ExportReader;
  /** Site-wide exports (allRules, injuries): no league, no cookie. */
  readSiteWide: ExportReader;
  /** For error messages: "GET /2020/export?TYPE=<type>&L=<key>". */
  endpoint: (type: string) => string;
  /** What an MFL refusal becomes (as for the rosters). */
  refused: (text: string) => PlatformError;
  context: LeagueFetchContext;
  leagueKey: string;
  season: number;
  league: MflLeague;
  rosters: readonly MflRosterFranchise[];
  /** The league's mapped activity: its matchups' weeks and current week. */
  activity: LeagueActivity | undefined;
  teamIds: ReadonlySet<string>;
}

export async function fetchGame(options: GameOptions): Promise<LeagueGame> {
  const { read, readSiteWide } = options;
  const weeks = lineupWeeks(options.activity);
  const final = weeks.length === 0 ? new Set<number>() : await finalPeriods(options.context);
  const current = weeks.at(-1);
  // The current week is read even when final: the current lineup is its.
  const toRead = weeks.filter((week) => !final.has(week) || week === current);
  const [rules, ruleNames, injuries, results] = await Promise.all([
    // https://api.myfantasyleague.com/2020/api_info?STATE=test&CCAT=export&TYPE=rules
    one(options, read, { TYPE: 'rules' }, responses.rules),
    // https://api.myfantasyleague.com/2020/api_info?STATE=test&CCAT=export&TYPE=allRules
    one(options, readSiteWide, { TYPE: 'allRules' }, responses.allRules),
    // https://api.myfantasyleague.com/2020/api_info?STATE=test&CCAT=export&TYPE=injuries
    one(options, readSiteWide, { TYPE: 'injuries' }, responses.injuries),
    // https://api.myfantasyleague.com/2020/api_info?STATE=test&CCAT=export&TYPE=weeklyResults
    Promise.all(
      toRead.map(async (week) => {
        const query = { TYPE: 'weeklyResults', W: String(week) };
        const body = await one(options, read, query, responses.weeklyResults);
        return [week, body.weeklyResults] as const;
      }),
    ),
  ]);
  const byWeek = new Map<number, MflWeekResults>(results);
  const weekLineups = toRead
    .filter((week) => !final.has(week))
    .flatMap((week) => mapWeekLineups(byWeek.get(week) as MflWeekResults, week, options.teamIds));
  const currentWeek = current === undefined ? undefined : byWeek.get(current);
  const lineupNow = currentWeek ? mapCurrentLineup(options.rosters, currentWeek) : undefined;
  const mappedRules = mapRules(
    options.league,
    asList(rules.rules.positionRules),
    ruleNames.allRules.rule,
  );
  // Starters in the league's slots by their positions, where the store's pool knows them.
  const positions = await starterPositions(options.context, [
    ...weekLineups.flatMap((team) => team.entries),
    ...(lineupNow ?? []),
  ]);
  const slots = mappedRules.rosterSlots;
  const lineups = weekLineups.map((team) => ({
    ...team,
    entries: placeStarters(team.entries, slots, positions),
  }));
  const currentLineup =
    lineupNow &&
    [...new Set(lineupNow.map((entry) => entry.rosterId))].flatMap((rosterId) =>
      placeStarters(
        lineupNow.filter((entry) => entry.rosterId === rosterId),
        slots,
        positions,
      ),
    );
  return {
    rules: mappedRules,
    lineups,
    ...(currentLineup ? { currentLineup } : {}),
    injuries: mapInjuries(asList(injuries.injuries.injury)),
    history: mapSeasons(options.league, options.leagueKey, options.season),
  };
}

/**
 * The weeks of the league's matchups from the first to the current one (the week in progress
 * before any is final). None before the season, or for a league without a schedule: MFL's exports
 * read then do not say which week the league is in.
 */
export function lineupWeeks(activity: LeagueActivity | undefined): number[] {
  const matchups = activity?.matchups ?? [];
  const current =
    activity?.currentPeriod ??
    Math.min(...matchups.filter((m) => m.status === 'in_progress').map((m) => m.period));
  if (!Number.isFinite(current)) return [];
  return [...new Set(matchups.map((m) => m.period))]
    .filter((period) => period <= current)
    .sort((a, b) => a - b);
}

async function finalPeriods(context: LeagueFetchContext): Promise<ReadonlySet<number>> {
  return (await context.finalLineupPeriods?.()) ?? new Set();
}

/**
 * One export, validated; MFL's refusal fails the league. An HTTP 404 here is a failing platform,
 * not a vanished league (the league's own export answered just before).
 */
async function one<S extends TSchema>(
  options: GameOptions,
  read: ExportReader,
  query: Record<string, string>,
  check: TypeCheck<S>,
): Promise<Static<S>> {
  const endpoint = options.endpoint(query.TYPE ?? '');
  let body: unknown;
  try {
    body = await read(query);
  } catch (error) {
    if (error instanceof PlatformError && error.kind === 'not_found') {
      throw new PlatformError(
        'mfl',
        `${endpoint} answered HTTP 404`,
        'unavailable',
        error.response,
      );
    }
    throw error;
  }
  const refused = exportError(body);
  if (refused !== undefined) throw options.refused(refused);
  return validate(check, body, endpoint);
}

/** The positions the store's pool knows of these entries' starters: one read, none without one. */
export async function starterPositions(
  context: LeagueFetchContext,
  entries: readonly { playerId: string; platformSlot: string }[],
): Promise<ReadonlyMap<string, string>> {
  const ids = entries.filter((e) => e.platformSlot === 'starter').map((e) => e.playerId);
  if (ids.length === 0) return new Map();
  return (await context.storedPlayerPositions?.([...new Set(ids)])) ?? new Map();
}

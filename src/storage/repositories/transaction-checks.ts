// What the store checks of a snapshot's transactions, drafts and future picks before writing it
// (called from checkLeagueSnapshot). Connectors parse foreign payloads, so this checks at run time
// what the types only promise; the first problem is named in an InvalidInputError.
import { InvalidInputError } from '../../domain/errors.ts';
import {
  DRAFT_STATUSES,
  DRAFT_TYPES,
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
} from '../../domain/league-data.ts';
import type {
  DraftRecord,
  FuturePickRecord,
  LeagueActivity,
  TransactionRecord,
} from '../../domain/league-data.ts';

/**
 * ISO 8601 date and time with a zone: without one, Date would read it as the host's local time.
 * Stored as Date#toISOString gives it (storedInstant), so only what Date reads alike is taken.
 */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

const isText = (value: unknown): value is string =>
  typeof value === 'string' && value.trim() !== '';
const isCount = (value: unknown): value is number => Number.isInteger(value) && Number(value) >= 1;
const isAmount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0;
const isYear = (value: unknown): value is number =>
  Number.isInteger(value) && Number(value) >= 1900 && Number(value) <= 2100;
const isInstant = (value: unknown): value is string =>
  typeof value === 'string' && INSTANT.test(value) && !Number.isNaN(Date.parse(value));
const isOneOf = <T extends string>(values: readonly T[], value: unknown): value is T =>
  typeof value === 'string' && (values as readonly string[]).includes(value);

function fail(what: string, problem: string): never {
  throw new InvalidInputError(`${what} ${problem}`);
}

function checkList(what: string, value: unknown): asserts value is unknown[] {
  if (!Array.isArray(value)) fail(what, 'must be a list');
}

/** `where` names the league; `teams` holds its roster ids. */
export function checkTransactionsAndDrafts(
  where: string,
  activity: LeagueActivity | undefined,
  teams: ReadonlySet<string>,
): void {
  if (activity === undefined) return;
  if (activity === null || typeof activity !== 'object')
    fail(`${where}: activity`, 'must be an object');
  const team = (what: string, rosterId: unknown): void => {
    if (!isText(rosterId) || !teams.has(rosterId)) {
      fail(what, `names team "${String(rosterId)}", which is not among the league's teams`);
    }
  };
  checkList(`${where}: transactions`, activity.transactions);
  const transactionIds = new Set<string>();
  for (const t of activity.transactions) {
    if (!isText(t?.transactionId)) fail(`${where}: a transaction`, 'has no transactionId');
    if (transactionIds.has(t.transactionId)) {
      fail(`${where}: transaction "${t.transactionId}"`, 'is listed twice');
    }
    transactionIds.add(t.transactionId);
    checkTransaction(`${where}: transaction "${t.transactionId}"`, t, team);
  }
  checkList(`${where}: drafts`, activity.drafts);
  const draftIds = new Set<string>();
  for (const d of activity.drafts) {
    if (!isText(d?.draftId)) fail(`${where}: a draft`, 'has no draftId');
    if (draftIds.has(d.draftId)) fail(`${where}: draft "${d.draftId}"`, 'is listed twice');
    draftIds.add(d.draftId);
    checkDraft(`${where}: draft "${d.draftId}"`, d, team);
  }
  checkList(`${where}: futurePicks`, activity.futurePicks);
  const futurePicks = new Set<string>();
  for (const p of activity.futurePicks) checkFuturePick(where, p, team, futurePicks);
}

type TeamCheck = (what: string, rosterId: unknown) => void;

function checkTransaction(what: string, t: TransactionRecord, team: TeamCheck): void {
  if (!isOneOf(TRANSACTION_TYPES, t.type)) fail(what, `has unknown type "${String(t.type)}"`);
  if (!isOneOf(TRANSACTION_STATUSES, t.status)) {
    fail(what, `has unknown status "${String(t.status)}"`);
  }
  if (!isInstant(t.occurredAt)) fail(what, 'has no occurredAt in ISO 8601 with a zone');
  if (t.period !== undefined && !isCount(t.period)) fail(what, 'period must be 1 or more');
  checkList(`${what}: rosterIds`, t.rosterIds);
  const listed = new Set<string>();
  for (const rosterId of t.rosterIds) {
    team(what, rosterId);
    if (listed.has(rosterId)) fail(what, `lists team "${rosterId}" twice`);
    listed.add(rosterId);
  }
  checkList(`${what}: playerMoves`, t.playerMoves);
  for (const move of t.playerMoves) {
    if (!isText(move?.playerId)) fail(what, 'moves a player with no playerId');
    if (move.fromRosterId !== undefined)
      team(`${what}: player "${move.playerId}"`, move.fromRosterId);
    if (move.toRosterId !== undefined) team(`${what}: player "${move.playerId}"`, move.toRosterId);
  }
  if (t.pickMoves !== undefined) {
    checkList(`${what}: pickMoves`, t.pickMoves);
    for (const pick of t.pickMoves) {
      if (!isYear(pick?.season) || !isCount(pick.round)) {
        fail(what, 'moves a pick without a season year and a round of 1 or more');
      }
      for (const rosterId of [pick.originalRosterId, pick.fromRosterId, pick.toRosterId]) {
        team(`${what}: pick ${pick.season}/${pick.round}`, rosterId);
      }
    }
  }
  if (t.budgetMoves !== undefined) {
    checkList(`${what}: budgetMoves`, t.budgetMoves);
    for (const budget of t.budgetMoves) {
      if (!isAmount(budget?.amount)) fail(what, 'moves a FAAB amount that is not a number >= 0');
      team(`${what}: FAAB`, budget.fromRosterId);
      team(`${what}: FAAB`, budget.toRosterId);
    }
  }
  if (t.faabBid !== undefined && !isAmount(t.faabBid)) {
    fail(what, 'faabBid must be a number >= 0');
  }
}

function checkDraft(what: string, d: DraftRecord, team: TeamCheck): void {
  if (d.type !== undefined && !isOneOf(DRAFT_TYPES, d.type)) {
    fail(what, `has unknown type "${String(d.type)}"`);
  }
  if (d.status !== undefined && !isOneOf(DRAFT_STATUSES, d.status)) {
    fail(what, `has unknown status "${String(d.status)}"`);
  }
  if (d.startedAt !== undefined && !isInstant(d.startedAt)) {
    fail(what, 'startedAt must be ISO 8601 with a zone');
  }
  if (d.rounds !== undefined && !isCount(d.rounds)) fail(what, 'rounds must be 1 or more');
  checkList(`${what}: picks`, d.picks);
  const overall = new Set<number>();
  for (const pick of d.picks) {
    if (!isCount(pick?.overall) || !isCount(pick.round) || !isCount(pick.pickInRound)) {
      fail(what, 'has a pick whose overall, round or pickInRound is not 1 or more');
    }
    const at = `${what}: pick ${pick.overall}`;
    if (overall.has(pick.overall)) fail(at, 'is listed twice');
    overall.add(pick.overall);
    team(at, pick.rosterId);
    if (pick.playerId !== undefined && !isText(pick.playerId)) fail(at, 'has an empty playerId');
    if (pick.keeper !== undefined && typeof pick.keeper !== 'boolean') {
      fail(at, 'keeper must be a boolean');
    }
    if (pick.price !== undefined && !isAmount(pick.price)) fail(at, 'price must be a number >= 0');
  }
}

function checkFuturePick(
  where: string,
  p: FuturePickRecord,
  team: TeamCheck,
  seen: Set<string>,
): void {
  if (!isYear(p?.season) || !isCount(p.round)) {
    fail(`${where}: a future pick`, 'has no season year or no round of 1 or more');
  }
  const what = `${where}: future pick ${p.season}/${p.round} of team "${String(p.originalRosterId)}"`;
  team(what, p.originalRosterId);
  team(what, p.ownerRosterId);
  const key = `${p.season}/${p.round}/${p.originalRosterId}`;
  if (seen.has(key)) fail(what, 'is listed twice');
  seen.add(key);
}

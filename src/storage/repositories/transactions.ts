// A league's transactions: replaced whole with each written snapshot, read newest first one page
// at a time (a league can hold thousands), and the pool names of the players they move.
import type {
  BudgetMove,
  PickMove,
  PlayerMove,
  TransactionRecord,
  TransactionStatus,
  TransactionType,
} from '../../domain/league-data.ts';
import { poolKeyOf } from '../../domain/pools.ts';
import type { League, LeagueSnapshot } from '../../domain/records.ts';
import type { Tx } from '../db.ts';
import type { LeagueTransactionsTable } from '../schema.ts';

// Rows per multi-row insert: 7 columns x 500 stays well under both backends' parameter limits.
const INSERT_CHUNK = 500;

/** What league_transactions.body holds: the parts of a transaction only ever shown. */
interface TransactionBodyJson {
  rosterIds: string[];
  playerMoves: PlayerMove[];
  pickMoves?: PickMove[];
  budgetMoves?: BudgetMove[];
  faabBid?: number;
}

/** Where a page starts: the last transaction of the page before (newest-first order). */
export interface TransactionKey {
  occurredAt: string;
  transactionId: string;
}

export interface TransactionFilter {
  /** Empty: every type. */
  types: readonly TransactionType[];
  /** Only transactions involving this team. */
  rosterId?: string;
  /** Only transactions the platform counts for this week (scoring period). */
  week?: number;
  limit: number;
  /** Only transactions after this one in newest-first order. */
  after?: TransactionKey;
}

export interface TransactionPage {
  transactions: TransactionRecord[];
  /** Set when more transactions follow the page. */
  next?: TransactionKey;
}

/**
 * Stored times are Date#toISOString's (the check accepts only ISO 8601 with a zone), so that
 * their text order is their time order and the keyset compares text on both backends.
 */
export function storedInstant(iso: string): string {
  return new Date(iso).toISOString();
}

/**
 * Every team a transaction concerns: its rosterIds and any team a move names, so the roster_id
 * filter finds a trade by any side of it even where a platform lists only who proposed it.
 */
function involvedRosters(t: TransactionRecord): Set<string> {
  const teams = new Set(t.rosterIds);
  for (const move of t.playerMoves) {
    if (move.fromRosterId !== undefined) teams.add(move.fromRosterId);
    if (move.toRosterId !== undefined) teams.add(move.toRosterId);
  }
  for (const move of [...(t.pickMoves ?? []), ...(t.budgetMoves ?? [])]) {
    teams.add(move.fromRosterId);
    teams.add(move.toRosterId);
  }
  return teams;
}

/** Replaces the league's transactions with the snapshot's, in the caller's transaction. */
export async function replaceTransactions(
  tx: Tx,
  leagueId: number,
  s: LeagueSnapshot,
): Promise<void> {
  await tx.deleteFrom('league_transaction_rosters').where('league_id', '=', leagueId).execute();
  await tx.deleteFrom('league_transactions').where('league_id', '=', leagueId).execute();
  const transactions = s.activity?.transactions ?? [];
  const rows = transactions.map((t) => transactionRow(leagueId, t));
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
    await tx
      .insertInto('league_transactions')
      .values(rows.slice(start, start + INSERT_CHUNK))
      .execute();
  }
  const links = transactions.flatMap((t) =>
    [...involvedRosters(t)].map((rosterId) => ({
      league_id: leagueId,
      roster_id: rosterId,
      occurred_at: storedInstant(t.occurredAt),
      transaction_id: t.transactionId,
    })),
  );
  for (let start = 0; start < links.length; start += INSERT_CHUNK) {
    await tx
      .insertInto('league_transaction_rosters')
      .values(links.slice(start, start + INSERT_CHUNK))
      .execute();
  }
}

/** A transaction as its row stores it: what a write inserts, and what a comparison reads. */
export function transactionRow(leagueId: number, t: TransactionRecord): LeagueTransactionsTable {
  const body: TransactionBodyJson = {
    rosterIds: t.rosterIds,
    playerMoves: t.playerMoves,
    ...(t.pickMoves !== undefined && { pickMoves: t.pickMoves }),
    ...(t.budgetMoves !== undefined && { budgetMoves: t.budgetMoves }),
    ...(t.faabBid !== undefined && { faabBid: t.faabBid }),
  };
  return {
    league_id: leagueId,
    transaction_id: t.transactionId,
    type: t.type,
    status: t.status,
    occurred_at: storedInstant(t.occurredAt),
    week: t.period ?? null,
    body: JSON.stringify(body),
  };
}

type TransactionRow = Omit<LeagueTransactionsTable, 'league_id'>;

function toTransaction(row: TransactionRow): TransactionRecord {
  const body = JSON.parse(row.body) as TransactionBodyJson;
  return {
    transactionId: row.transaction_id,
    // type and status are checked against the domain's lists before any write.
    type: row.type as TransactionType,
    status: row.status as TransactionStatus,
    occurredAt: row.occurred_at,
    ...(row.week !== null && { period: Number(row.week) }),
    ...body,
  };
}

/**
 * One page of the league's transactions, newest first (occurred_at, then transaction_id, both
 * descending in code-point order). A keyset scan of an index that stops after `limit` + 1 rows:
 * the league's index for all of them, the team's link rows for one team (each joined to its
 * transaction by primary key). A type filter is applied to the rows as the scan meets them.
 */
export async function listTransactionPage(
  db: Tx,
  leagueId: number,
  filter: TransactionFilter,
): Promise<TransactionPage> {
  const rows = await transactionPageQuery(db, leagueId, filter).execute();
  const transactions = rows.slice(0, filter.limit).map(toTransaction);
  const last = transactions.at(-1);
  return rows.length > filter.limit && last !== undefined
    ? {
        transactions,
        next: { occurredAt: last.occurredAt, transactionId: last.transactionId },
      }
    : { transactions };
}

const TRANSACTION_COLUMNS = [
  'league_transactions.transaction_id',
  'league_transactions.type',
  'league_transactions.status',
  'league_transactions.occurred_at',
  'league_transactions.week',
  'league_transactions.body',
] as const;

/** The query of one page, `limit` + 1 rows (exported so tests can look at its plan). */
export function transactionPageQuery(db: Tx, leagueId: number, filter: TransactionFilter) {
  return filter.rosterId === undefined
    ? leaguePage(db, leagueId, filter)
    : teamPage(db, leagueId, filter.rosterId, filter);
}

function leaguePage(db: Tx, leagueId: number, filter: TransactionFilter) {
  let query = db
    .selectFrom('league_transactions')
    .select(TRANSACTION_COLUMNS)
    .where('league_transactions.league_id', '=', leagueId);
  if (filter.types.length > 0) {
    query = query.where('league_transactions.type', 'in', [...filter.types]);
  }
  if (filter.week !== undefined) query = query.where('league_transactions.week', '=', filter.week);
  const { after } = filter;
  if (after !== undefined) {
    // The first condition alone bounds the index range; the second drops the ties before it.
    query = query
      .where('league_transactions.occurred_at', '<=', after.occurredAt)
      .where((eb) =>
        eb.or([
          eb('league_transactions.occurred_at', '<', after.occurredAt),
          eb('league_transactions.transaction_id', '<', after.transactionId),
        ]),
      );
  }
  return query
    .orderBy('league_transactions.occurred_at', 'desc')
    .orderBy('league_transactions.transaction_id', 'desc')
    .limit(filter.limit + 1);
}

function teamPage(db: Tx, leagueId: number, rosterId: string, filter: TransactionFilter) {
  // CROSS JOIN makes SQLite walk the team's link rows in index order and look each transaction
  // up by primary key (its planner has no statistics to prefer that over scanning the league's
  // transactions); PostgreSQL plans a cross join with these conditions like any inner join.
  let query = db
    .selectFrom('league_transaction_rosters as r')
    .crossJoin('league_transactions')
    .select(TRANSACTION_COLUMNS)
    .where('r.league_id', '=', leagueId)
    .where('r.roster_id', '=', rosterId)
    .where('league_transactions.league_id', '=', leagueId)
    .whereRef('league_transactions.transaction_id', '=', 'r.transaction_id');
  if (filter.types.length > 0) {
    query = query.where('league_transactions.type', 'in', [...filter.types]);
  }
  if (filter.week !== undefined) query = query.where('league_transactions.week', '=', filter.week);
  const { after } = filter;
  if (after !== undefined) {
    query = query
      .where('r.occurred_at', '<=', after.occurredAt)
      .where((eb) =>
        eb.or([
          eb('r.occurred_at', '<', after.occurredAt),
          eb('r.transaction_id', '<', after.transactionId),
        ]),
      );
  }
  return query
    .orderBy('r.occurred_at', 'desc')
    .orderBy('r.transaction_id', 'desc')
    .limit(filter.limit + 1);
}

/** Whether the league has a team with this roster id. */
export async function leagueHasTeam(db: Tx, leagueId: number, rosterId: string): Promise<boolean> {
  const row = await db
    .selectFrom('fantasy_teams')
    .select('roster_id')
    .where('league_id', '=', leagueId)
    .where('roster_id', '=', rosterId)
    .executeTakeFirst();
  return row !== undefined;
}

const NAME_CHUNK = 500;

/** player_id -> full_name of those of `ids` the league's pool holds (chunked under parameter limits). */
export async function findPlayerNames(
  db: Tx,
  league: League,
  ids: Iterable<string>,
): Promise<Map<string, string>> {
  const pool = poolKeyOf(league);
  const wanted = [...new Set(ids)];
  const names = new Map<string, string>();
  for (let start = 0; start < wanted.length; start += NAME_CHUNK) {
    const rows = await db
      .selectFrom('players')
      .select(['player_id', 'full_name'])
      .where('platform', '=', pool.platform)
      .where('sport', '=', pool.sport)
      .where('season', '=', pool.season)
      .where('player_id', 'in', wanted.slice(start, start + NAME_CHUNK))
      .execute();
    for (const row of rows) names.set(row.player_id, row.full_name);
  }
  return names;
}

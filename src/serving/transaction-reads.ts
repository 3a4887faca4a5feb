// The reads behind listTransactions and getDraft, over the repositories: a page of transactions
// or the league's drafts, each with the pool names of the players they mention (one indexed
// query per 500 ids), for the read model to serve.
import type { DraftRecord, FuturePickRecord } from '../domain/league-data.ts';
import type { League } from '../domain/records.ts';
import type { Tx } from '../storage/db.ts';
import { listDrafts, listFuturePicks } from '../storage/repositories/drafts.ts';
import {
  findPlayerNames,
  leagueHasTeam,
  listTransactionPage,
} from '../storage/repositories/transactions.ts';
import type { TransactionFilter, TransactionPage } from '../storage/repositories/transactions.ts';

export type { TransactionFilter, TransactionKey } from '../storage/repositories/transactions.ts';

export interface TransactionsAnswer extends TransactionPage {
  /** player_id -> full_name, for the players of the page the league's pool holds. */
  names: ReadonlyMap<string, string>;
}

export interface DraftsAnswer {
  drafts: DraftRecord[];
  futurePicks: FuturePickRecord[];
  /** player_id -> full_name, for the drafted players the league's pool holds. */
  names: ReadonlyMap<string, string>;
}

/** Undefined when `filter.rosterId` names no team of the league. */
export async function readTransactions(
  db: Tx,
  league: League,
  filter: TransactionFilter,
): Promise<TransactionsAnswer | undefined> {
  if (
    filter.rosterId !== undefined &&
    !(await leagueHasTeam(db, league.leagueId, filter.rosterId))
  ) {
    return undefined;
  }
  const page = await listTransactionPage(db, league.leagueId, filter);
  const ids = page.transactions.flatMap((t) => t.playerMoves.map((move) => move.playerId));
  return { ...page, names: await findPlayerNames(db, league, ids) };
}

export async function readDrafts(db: Tx, league: League): Promise<DraftsAnswer> {
  const [drafts, futurePicks] = await Promise.all([
    listDrafts(db, league.leagueId),
    listFuturePicks(db, league.leagueId),
  ]);
  const ids = drafts.flatMap((d) => d.picks.flatMap((pick) => pick.playerId ?? []));
  return { drafts, futurePicks, names: await findPlayerNames(db, league, ids) };
}

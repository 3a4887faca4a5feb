// A league's activity from its MFL exports, kept to the league's own teams. Pure: no I/O.
import type { DraftRecord, LeagueActivity, TransactionRecord } from '../../domain/league-data.ts';
import { mapAuctions, mapDrafts, mapFuturePicks } from './drafts.ts';
import type {
  MflAuctionUnit,
  MflDraftUnit,
  MflFuturePicks,
  MflTransaction,
  MflWeek,
} from './league-data-schemas.ts';
import { currentPeriod, mapMatchups } from './matchups.ts';
import { mapTransactions } from './transactions.ts';

export interface MflActivityParts {
  weeks: readonly MflWeek[];
  lastRegularSeasonWeek: number | undefined;
  transactions: readonly MflTransaction[];
  draftUnits: readonly MflDraftUnit[];
  /** Read only when no draft has a pick made (an auction league, or one not drafted yet). */
  auctionUnits: readonly MflAuctionUnit[];
  futurePicks: MflFuturePicks;
}

/**
 * Matchups, transactions, drafts and future picks. Anything naming a franchise the league does
 * not list (a franchise since removed) is left out, as the store keeps only the league's teams:
 * a matchup or transaction whole, a draft pick alone, a pick move or budget move alone.
 */
export function mapLeagueActivity(
  parts: MflActivityParts,
  teamIds: ReadonlySet<string>,
): LeagueActivity {
  const known = (id: string | undefined) => id === undefined || teamIds.has(id);
  const matchups = mapMatchups(parts.weeks, parts.lastRegularSeasonWeek).filter((matchup) =>
    matchup.sides.every((side) => known(side.rosterId)),
  );
  const transactions = mapTransactions(parts.transactions)
    .filter((transaction) => transaction.rosterIds.every(known))
    .map((transaction) => keepKnownMoves(transaction, known));
  const drafts = [...mapDrafts(parts.draftUnits), ...mapAuctions(parts.auctionUnits)]
    .map((draft) => keepKnownPicks(draft, known))
    .filter((draft) => draft.picks.length > 0);
  const futurePicks = mapFuturePicks(parts.futurePicks).filter(
    (pick) => known(pick.originalRosterId) && known(pick.ownerRosterId),
  );
  const period = currentPeriod(matchups);
  return {
    ...(period === undefined ? {} : { currentPeriod: period }),
    matchups,
    transactions,
    drafts,
    futurePicks,
  };
}

function keepKnownMoves(
  transaction: TransactionRecord,
  known: (id: string | undefined) => boolean,
): TransactionRecord {
  const { pickMoves, budgetMoves, ...rest } = transaction;
  const picks = pickMoves?.filter(
    (move) => known(move.originalRosterId) && known(move.fromRosterId) && known(move.toRosterId),
  );
  return {
    ...rest,
    playerMoves: transaction.playerMoves.filter(
      (move) => known(move.fromRosterId) && known(move.toRosterId),
    ),
    ...(picks && picks.length > 0 ? { pickMoves: picks } : {}),
    ...(budgetMoves && budgetMoves.length > 0 ? { budgetMoves } : {}),
  };
}

function keepKnownPicks(
  draft: DraftRecord,
  known: (id: string | undefined) => boolean,
): DraftRecord {
  return { ...draft, picks: draft.picks.filter((pick) => known(pick.rosterId)) };
}

/** Every player the activity names (transactions, draft picks), each once, in first-named order. */
export function activityPlayerIds(activity: LeagueActivity | undefined): string[] {
  if (activity === undefined) return [];
  const ids = new Set<string>();
  for (const transaction of activity.transactions) {
    for (const move of transaction.playerMoves) ids.add(move.playerId);
  }
  for (const draft of activity.drafts) {
    for (const pick of draft.picks) if (pick.playerId !== undefined) ids.add(pick.playerId);
  }
  return [...ids];
}

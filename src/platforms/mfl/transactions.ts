// TYPE=transactions -> transaction records. Pure: no I/O. MFL packs each transaction into text
// (read as ffscrapr's MFL functions read it); this file unpacks the kinds the service keeps.
import type {
  BudgetMove,
  PickMove,
  PlayerMove,
  TransactionRecord,
  TransactionType,
} from '../../domain/league-data.ts';
import type { MflTransaction } from './league-data-schemas.ts';
import { mflNumber } from './team-details.ts';

/**
 * The kinds asked for (TRANS_TYPE=): pickups, waiver claims (first-come and blind-bid) and
 * trades. IR and TAXI moves stay on the team; LOCK/UNLOCK, LOAD_ROSTERS and the waiver runs
 * (BBID_AUTO_PROCESS_WAIVERS) move no player between teams; auctions come from auctionResults.
 */
export const MFL_TRANSACTION_TYPES = ['FREE_AGENT', 'WAIVER', 'BBID_WAIVER', 'TRADE'] as const;

/**
 * The transactions MFL lists, newest first as MFL lists them. MFL lists only completed ones
 * (pending trades are another export, for the league's members), so every status is complete.
 * MFL gives no transaction id: it is made of its type, time, franchises and first player moved
 * (and a count when two share those all), which stays the same from one sync to the next.
 */
export function mapTransactions(list: readonly MflTransaction[]): TransactionRecord[] {
  const records: TransactionRecord[] = [];
  const used = new Map<string, number>();
  for (const entry of list) {
    const record = mapTransaction(entry);
    if (record === undefined) continue;
    const base = record.transactionId;
    const count = (used.get(base) ?? 0) + 1;
    used.set(base, count);
    records.push(count === 1 ? record : { ...record, transactionId: `${base}:${count}` });
  }
  return records;
}

function mapTransaction(entry: MflTransaction): TransactionRecord | undefined {
  const type = entry.type.trim().toUpperCase();
  const franchise = entry.franchise?.trim();
  if (!franchise) return undefined;
  const base = {
    transactionId: `${type}:${entry.timestamp}:${franchise}`,
    status: 'complete' as const,
    occurredAt: new Date(Number(entry.timestamp) * 1000).toISOString(),
  };
  if (type === 'TRADE') return mapTrade(entry, franchise, base);
  if (type !== 'FREE_AGENT' && type !== 'WAIVER' && type !== 'BBID_WAIVER') return undefined;
  // "added,|dropped," or, for a blind bid, "added,|bid|dropped,".
  const parts = (entry.transaction ?? '').split('|');
  const added = playerIds(parts[0]);
  const dropped = playerIds(type === 'BBID_WAIVER' ? parts[2] : parts[1]);
  if (added.length === 0 && dropped.length === 0) return undefined;
  const playerMoves: PlayerMove[] = [
    ...added.map((playerId) => ({ playerId, toRosterId: franchise })),
    ...dropped.map((playerId) => ({ playerId, fromRosterId: franchise })),
  ];
  const bid = type === 'BBID_WAIVER' ? mflNumber(parts[1]) : undefined;
  return {
    ...base,
    transactionId: `${base.transactionId}:${playerMoves[0]?.playerId ?? ''}`,
    type: moveType(type, added.length > 0, entry.by_commish),
    rosterIds: [franchise],
    playerMoves,
    ...(bid === undefined ? {} : { faabBid: bid }),
  };
}

/** A pickup the commissioner made for a team is a commissioner move; trades stay trades. */
function moveType(type: string, adds: boolean, byCommish: string | undefined): TransactionType {
  if (byCommish?.trim() === '1') return 'commissioner';
  if (type === 'FREE_AGENT') return adds ? 'add' : 'drop';
  return 'waiver';
}

/**
 * Each side's `gave_up` list goes to the other side: player ids, future picks
 * FP_<original franchise>_<year>_<round>, and blind-bid dollars BB_<amount>. This season's picks
 * (DP_<round-1>_<pick-1>) name a slot of the draft, not the team it first belonged to, which a
 * PickMove needs: they are left out.
 */
function mapTrade(
  entry: MflTransaction,
  franchise: string,
  base: Pick<TransactionRecord, 'transactionId' | 'status' | 'occurredAt'>,
): TransactionRecord | undefined {
  const partner = entry.franchise2?.trim();
  if (!partner || partner === franchise) return undefined;
  const playerMoves: PlayerMove[] = [];
  const pickMoves: PickMove[] = [];
  const budgetMoves: BudgetMove[] = [];
  const sides = [
    { from: franchise, to: partner, gaveUp: entry.franchise1_gave_up },
    { from: partner, to: franchise, gaveUp: entry.franchise2_gave_up },
  ];
  for (const { from, to, gaveUp } of sides) {
    for (const token of tokens(gaveUp)) {
      const future = /^FP_(\w+?)_(\d{4})_(\d+)$/.exec(token);
      const budget = /^BB_(\d+(?:\.\d+)?)$/.exec(token);
      if (future) {
        const [, original, season, round] = future as unknown as [string, string, string, string];
        pickMoves.push({
          season: Number(season),
          round: Number(round),
          originalRosterId: original,
          fromRosterId: from,
          toRosterId: to,
        });
      } else if (budget) {
        budgetMoves.push({ amount: Number(budget[1]), fromRosterId: from, toRosterId: to });
      } else if (isPlayerId(token)) {
        playerMoves.push({ playerId: token, fromRosterId: from, toRosterId: to });
      }
    }
  }
  const firstMoved = playerMoves[0]?.playerId ?? tokens(entry.franchise1_gave_up)[0] ?? '';
  return {
    ...base,
    transactionId: `${base.transactionId}:${partner}${firstMoved ? `:${firstMoved}` : ''}`,
    type: 'trade',
    rosterIds: [franchise, partner],
    playerMoves,
    ...(pickMoves.length > 0 ? { pickMoves } : {}),
    ...(budgetMoves.length > 0 ? { budgetMoves } : {}),
  };
}

/** The items of one of MFL's comma lists ("13427,13238,"). */
function tokens(text: string | undefined): string[] {
  return (text ?? '')
    .split(',')
    .map((token) => token.trim())
    .filter((token) => token !== '');
}

/** MFL's player ids are digits ("13116", team units "0501"); pick and budget codes are not. */
function isPlayerId(token: string): boolean {
  return /^\d+$/.test(token);
}

function playerIds(text: string | undefined): string[] {
  return tokens(text).filter(isPlayerId);
}

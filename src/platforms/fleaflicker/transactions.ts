// Fleaflicker's transaction feed and trades -> transactions. Pure: no I/O.
//
// Neither FetchLeagueTransactions nor FetchTrades takes a season: both list the league's whole
// history, newest first. A season's part is the stretch between two rollovers (seasonWindow).
// The feed has one line per player and no ids; trades come whole from FetchTrades, so the feed's
// trade lines are skipped. Learnt from the recordings and ffscrapr's flea_transactions.R (an
// absent `type` is a free-agent add; claims list every bidder, the losers marked `loser`).
import type { Sport } from '../../domain/catalog.ts';
import type {
  PickMove,
  PlayerMove,
  TransactionRecord,
  TransactionStatus,
} from '../../domain/league-data.ts';
import type { FleaTrade, FleaTransactionItem } from './activity-schemas.ts';

/** From `start` (inclusive) to `end` (exclusive), in epoch milliseconds. */
export interface SeasonWindow {
  start: number;
  end: number;
}

/**
 * The month (0-based) of the season's first year where a sport's season takes over from the last:
 * football after the February final, baseball over the winter, basketball after the June
 * finals. Fleaflicker documents no rollover date; its feeds carry no season.
 */
const ROLLOVER_MONTH: Readonly<Record<Sport, number>> = {
  football: 2, // 1 March of the season's year
  baseball: 0, // 1 January
  basketball: 7, // 1 August
};

export function seasonWindow(sport: Sport, season: number): SeasonWindow {
  const month = ROLLOVER_MONTH[sport];
  return { start: Date.UTC(season, month, 1), end: Date.UTC(season + 1, month, 1) };
}

const FEED_TYPES: Readonly<Record<string, 'add' | 'drop' | 'claim'>> = {
  '': 'add',
  TRANSACTION_ADD: 'add',
  TRANSACTION_DROP: 'drop',
  TRANSACTION_CLAIM: 'claim',
};

/**
 * The feed's adds, drops and waiver claims within the window. An add or claim and the drops
 * right after it, by the same team at the same moment, are one transaction (the feed lists the
 * add first). A claim's losing bidders each get a failed claim. Lines of other kinds (trades,
 * imports of players into the league) and lines naming a team the league lacks are left out.
 */
export function mapFeedTransactions(
  items: readonly FleaTransactionItem[],
  window: SeasonWindow,
  knownTeams: ReadonlySet<string>,
): TransactionRecord[] {
  const records: TransactionRecord[] = [];
  let open: { record: TransactionRecord; key: string } | undefined;
  for (const item of items) {
    const time = Number(item.timeEpochMilli);
    const kind = FEED_TYPES[item.transaction.type ?? ''];
    const team = item.transaction.team?.id;
    const playerId = item.transaction.player?.proPlayer.id;
    if (time < window.start || time >= window.end || kind === undefined) continue;
    if (team === undefined || playerId === undefined || !knownTeams.has(String(team))) continue;
    const rosterId = String(team);
    const player = String(playerId);
    const key = `${time}/${rosterId}`;
    if (kind === 'drop') {
      const move: PlayerMove = { playerId: player, fromRosterId: rosterId };
      if (open?.key === key) open.record.playerMoves.push(move);
      else {
        records.push(feedRecord(time, rosterId, player, 'drop', move));
        open = undefined;
      }
      continue;
    }
    const move: PlayerMove = { playerId: player, toRosterId: rosterId };
    const record = feedRecord(time, rosterId, player, kind === 'claim' ? 'waiver' : 'add', move);
    const bid = kind === 'claim' ? winningBid(item, team) : undefined;
    if (bid !== undefined) record.faabBid = bid;
    records.push(record);
    open = { record, key };
    if (kind === 'claim') records.push(...failedClaims(item, time, player, knownTeams));
  }
  return records;
}

function feedRecord(
  time: number,
  rosterId: string,
  playerId: string,
  type: 'add' | 'drop' | 'waiver',
  move: PlayerMove,
): TransactionRecord {
  return {
    // Fleaflicker numbers no feed line: the moment, the team and the first player name one.
    transactionId: `${time}-${rosterId}-${playerId}`,
    type,
    status: 'complete',
    occurredAt: new Date(time).toISOString(),
    rosterIds: [rosterId],
    playerMoves: [move],
  };
}

/** The bid that won: the claim's own, else the winner's among the bidders. */
function winningBid(item: FleaTransactionItem, team: number): number | undefined {
  const { bidAmount, waiverResolutionTeams } = item.transaction;
  if (bidAmount !== undefined) return bidAmount;
  return waiverResolutionTeams?.find((t) => !t.loser && t.team?.id === team)?.bid;
}

function failedClaims(
  item: FleaTransactionItem,
  time: number,
  playerId: string,
  knownTeams: ReadonlySet<string>,
): TransactionRecord[] {
  return (item.transaction.waiverResolutionTeams ?? []).flatMap((bidder) => {
    const rosterId = bidder.team ? String(bidder.team.id) : undefined;
    if (!bidder.loser || rosterId === undefined || !knownTeams.has(rosterId)) return [];
    const record = feedRecord(time, rosterId, playerId, 'waiver', {
      playerId,
      toRosterId: rosterId,
    });
    record.status = 'failed';
    if (bidder.bid !== undefined) record.faabBid = bidder.bid;
    return [record];
  });
}

const TRADE_STATUSES: Readonly<Record<string, TransactionStatus>> = {
  TRADE_STATUS_EXECUTED: 'complete',
  TRADE_STATUS_PROPOSED: 'pending',
  TRADE_STATUS_ACCEPTED: 'pending',
  TRADE_STATUS_VETOED: 'vetoed',
  TRADE_STATUS_REJECTED: 'failed',
  TRADE_STATUS_CANCELLED: 'failed',
};

/**
 * Trades within the window (by approval, else proposal). Each side lists what it obtained, so
 * in a two-team trade what one obtained came from the other; with more teams Fleaflicker does
 * not say from whom, and a player's source is left out (a pick, whose source the record needs,
 * is left out). A pick without its original team (old trades carry none) is left out too, as is
 * a trade naming a team the league lacks, or of a status not known here.
 */
export function mapTrades(
  trades: readonly FleaTrade[],
  window: SeasonWindow,
  knownTeams: ReadonlySet<string>,
): TransactionRecord[] {
  return trades.flatMap((trade): TransactionRecord[] => {
    const time = tradeTime(trade);
    const status = TRADE_STATUSES[trade.status ?? ''];
    if (time === undefined || time < window.start || time >= window.end || !status) return [];
    const sides = trade.teams ?? [];
    const rosterIds = sides.map((s) => String(s.team.id));
    if (rosterIds.length === 0 || !rosterIds.every((id) => knownTeams.has(id))) return [];
    const playerMoves: PlayerMove[] = [];
    const pickMoves: PickMove[] = [];
    for (const [index, side] of sides.entries()) {
      const to = rosterIds[index] as string;
      const from = rosterIds.length === 2 ? rosterIds[1 - index] : undefined;
      for (const { proPlayer } of side.playersObtained ?? []) {
        const move: PlayerMove = { playerId: String(proPlayer.id), toRosterId: to };
        if (from !== undefined) move.fromRosterId = from;
        playerMoves.push(move);
      }
      for (const { proPlayer } of side.playersReleased ?? []) {
        playerMoves.push({ playerId: String(proPlayer.id), fromRosterId: to });
      }
      for (const pick of side.picksObtained ?? []) {
        const original = pick.originalOwner ? String(pick.originalOwner.id) : undefined;
        if (from === undefined || original === undefined || !knownTeams.has(original)) continue;
        pickMoves.push({
          season: pick.season,
          round: pick.slot.round,
          originalRosterId: original,
          fromRosterId: from,
          toRosterId: to,
        });
      }
    }
    return [
      {
        transactionId: String(trade.id),
        type: 'trade',
        status,
        occurredAt: new Date(time).toISOString(),
        rosterIds,
        playerMoves,
        ...(pickMoves.length > 0 ? { pickMoves } : {}),
      },
    ];
  });
}

/** When a trade counts: its approval, else its proposal. */
export function tradeTime(trade: FleaTrade): number | undefined {
  const text = trade.approvedOn ?? trade.proposedOn;
  return text === undefined ? undefined : Number(text);
}

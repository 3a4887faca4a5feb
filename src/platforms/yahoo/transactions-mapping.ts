// Yahoo's transactions and draft results (checked by activity-schemas.ts) -> the transaction and
// draft records of domain/league-data.ts. Pure: no I/O. What Yahoo does not say stays absent; a
// transaction naming a team the league's team list lacks is left out whole, a pick likewise.
import type {
  DraftPickRecord,
  DraftRecord,
  PickMove,
  PlayerMove,
  TransactionRecord,
  TransactionStatus,
  TransactionType,
} from '../../domain/league-data.ts';
import { flag, numberOf, rosterOf, text } from './activity-mapping.ts';
import { idOfKey } from './mapping.ts';
import type {
  YahooDraftResult,
  YahooLeagueWeeks,
  YahooSettings,
  YahooTradedPick,
  YahooTransaction,
} from './activity-schemas.ts';

const TRANSACTION_STATUS: Readonly<Record<string, TransactionStatus>> = {
  successful: 'complete',
  accepted: 'complete',
  pending: 'pending',
  proposed: 'pending',
  vetoed: 'vetoed',
  failed: 'failed',
  rejected: 'failed',
};

/**
 * The league's transactions, newest first as Yahoo lists them. Left out: one of a type or status
 * this mapping does not know, one with no time, and one naming a team the league lacks.
 */
export function mapTransactions(
  transactions: readonly YahooTransaction[],
  season: number,
  knownTeams: ReadonlySet<string>,
): TransactionRecord[] {
  return transactions.flatMap((transaction) => {
    const record = mapTransaction(transaction, season);
    if (record === undefined) return [];
    const named = [
      ...record.rosterIds,
      ...record.playerMoves.flatMap((m) => [m.fromRosterId, m.toRosterId]),
      ...(record.pickMoves ?? []).flatMap((m) => [
        m.originalRosterId,
        m.fromRosterId,
        m.toRosterId,
      ]),
    ];
    return named.every((id) => id === undefined || knownTeams.has(id)) ? [record] : [];
  });
}

function mapTransaction(
  transaction: YahooTransaction,
  season: number,
): TransactionRecord | undefined {
  const status = TRANSACTION_STATUS[transaction.status.trim().toLowerCase()];
  const seconds = numberOf(transaction.timestamp);
  const playerMoves = (transaction.players ?? []).flatMap((player): PlayerMove[] => {
    const data = player.transaction_data;
    const from = rosterOf(data?.source_team_key);
    const to = rosterOf(data?.destination_team_key);
    return [
      {
        playerId: idOfKey(player.player_key),
        ...(from === undefined ? {} : { fromRosterId: from }),
        ...(to === undefined ? {} : { toRosterId: to }),
      },
    ];
  });
  const type = transactionType(transaction);
  if (status === undefined || seconds === undefined || type === undefined) return undefined;
  const pickMoves = (transaction.picks ?? []).map((pick) => mapPickMove(pick, season));
  const bid = numberOf(transaction.faab_bid);
  return {
    transactionId: text(String(transaction.transaction_id ?? '')) ?? transaction.transaction_key,
    type,
    status,
    occurredAt: new Date(seconds * 1000).toISOString(),
    rosterIds: teamsOf(transaction, playerMoves),
    playerMoves,
    ...(pickMoves.length === 0 ? {} : { pickMoves }),
    ...(bid === undefined ? {} : { faabBid: bid }),
  };
}

/**
 * add, add/drop, drop, trade and commish as Yahoo names them; an add whose player came off
 * waivers (source_type "waivers") is a waiver claim, as is Yahoo's own "waiver" (a pending claim).
 */
function transactionType(transaction: YahooTransaction): TransactionType | undefined {
  const type = transaction.type.trim().toLowerCase();
  if (type === 'trade' || type === 'pending_trade') return 'trade';
  if (type === 'commish') return 'commissioner';
  if (type === 'waiver') return 'waiver';
  if (type === 'drop') return 'drop';
  if (type !== 'add' && type !== 'add/drop') return undefined;
  const claimed = (transaction.players ?? []).some(
    (p) => p.transaction_data?.type === 'add' && text(p.transaction_data.source_type) === 'waivers',
  );
  return claimed ? 'waiver' : 'add';
}

/** The teams involved, the one that made it first: the trader, or the team adding or dropping. */
function teamsOf(transaction: YahooTransaction, moves: readonly PlayerMove[]): string[] {
  const ids = [
    rosterOf(transaction.trader_team_key),
    rosterOf(transaction.tradee_team_key),
    ...moves.flatMap((move) => [move.toRosterId, move.fromRosterId]),
  ];
  return [...new Set(ids.filter((id): id is string => id !== undefined))];
}

/**
 * A traded pick. Yahoo's pick names no season: Yahoo trades only picks of the league's own
 * draft of that season, so the season is the league's.
 */
function mapPickMove(pick: YahooTradedPick, season: number): PickMove {
  const from = idOfKey(pick.source_team_key);
  return {
    season,
    round: Number(pick.round),
    originalRosterId: rosterOf(pick.original_team_key) ?? from,
    fromRosterId: from,
    toRosterId: idOfKey(pick.destination_team_key),
  };
}

const DRAFT_STATUS: Readonly<Record<string, DraftRecord['status']>> = {
  predraft: 'scheduled',
  inprogress: 'in_progress',
  postdraft: 'complete',
};

/**
 * The league's one draft (its id: the league key), or none when Yahoo lists no picks. Yahoo's
 * `pick` is the overall number; the position within the round is the pick's place among its
 * round's picks. Yahoo marks no keepers in draft results, and names snake or linear nowhere.
 */
export function mapDraft(
  league: YahooLeagueWeeks,
  settings: YahooSettings,
  results: readonly YahooDraftResult[],
  knownTeams: ReadonlySet<string>,
): DraftRecord[] {
  if (results.length === 0) return [];
  const auction = flag(settings.is_auction_draft);
  const ordered = [...results].sort((a, b) => Number(a.pick) - Number(b.pick));
  const inRound = new Map<number, number>();
  const picks: DraftPickRecord[] = [];
  for (const result of ordered) {
    const round = Number(result.round);
    const position = (inRound.get(round) ?? 0) + 1;
    inRound.set(round, position);
    const rosterId = idOfKey(result.team_key);
    if (!knownTeams.has(rosterId)) continue;
    const player = text(result.player_key);
    const price = auction ? numberOf(result.cost) : undefined;
    picks.push({
      overall: Number(result.pick),
      round,
      pickInRound: position,
      rosterId,
      ...(player === undefined ? {} : { playerId: idOfKey(player) }),
      ...(price === undefined ? {} : { price }),
    });
  }
  const status = DRAFT_STATUS[text(league.draft_status) ?? ''];
  const started = numberOf(settings.draft_time);
  const type = auction
    ? 'auction'
    : text(settings.draft_type) === 'offline'
      ? 'offline'
      : undefined;
  return [
    {
      draftId: league.league_key,
      ...(type === undefined ? {} : { type }),
      ...(status === undefined ? {} : { status }),
      ...(started === undefined || status === 'scheduled'
        ? {}
        : { startedAt: new Date(started * 1000).toISOString() }),
      rounds: Math.max(...ordered.map((r) => Number(r.round))),
      picks,
    },
  ];
}

// The activity feed's transaction topics (kona_league_communication) as transactions. Pure.
// ESPN documents no message types; their meanings are those cwendt94/espn-api (ACTIVITY_MAP and
// football/activity.py) and ffscrapr (.espn_activity_map, ff_transactions) agree on:
//   178 free-agent add, to team `to`;    180 waiver add, to team `to`, `from` = the FAAB bid;
//   179 drop, from team `to`;            181 drop with a waiver claim, from team `to`;
//   239 drop, from team `for`;           244 traded, from team `from` to team `to`.
// The feed lists moves ESPN carried out only: every transaction is complete (pending and failed
// claims, proposed and vetoed trades are not in it).
import type { PlayerMove, TransactionRecord, TransactionType } from '../../domain/league-data.ts';
import type { EspnActivityMessage, EspnActivityTopic } from './activity-schemas.ts';

const FREE_AGENT_ADD = 178;
const WAIVER_ADD = 180;
const DROPS = new Set([179, 181, 239]);
const TRADED = 244;

/**
 * One transaction per topic, newest first. `teams` are the league's team ids: a team id ESPN
 * uses for "no team" (0, -1) or one the league does not list is left out of a move; a move or a
 * topic left with no team is dropped. `usesBudget`: the league bids FAAB on waivers
 * (acquisitionSettings.isUsingAcquisitionBudget); otherwise 180's `from` is no bid.
 */
export function mapTransactions(
  topics: readonly EspnActivityTopic[],
  teams: ReadonlySet<number>,
  usesBudget: boolean,
): TransactionRecord[] {
  const seen = new Set<string>();
  const transactions: TransactionRecord[] = [];
  for (const topic of topics) {
    if (seen.has(topic.id)) continue;
    seen.add(topic.id);
    const transaction = mapTopic(topic, teams, usesBudget);
    if (transaction) transactions.push(transaction);
  }
  return transactions.sort(
    (a, b) =>
      b.occurredAt.localeCompare(a.occurredAt) || a.transactionId.localeCompare(b.transactionId),
  );
}

function mapTopic(
  topic: EspnActivityTopic,
  teams: ReadonlySet<number>,
  usesBudget: boolean,
): TransactionRecord | undefined {
  const team = (id: number | null | undefined): string | undefined =>
    typeof id === 'number' && teams.has(id) ? String(id) : undefined;
  const moves: PlayerMove[] = [];
  const types = new Set<number>();
  let faabBid: number | undefined;
  for (const message of topic.messages) {
    const move = mapMessage(message, team);
    if (!move) continue;
    moves.push(move);
    types.add(message.messageTypeId);
    if (message.messageTypeId === WAIVER_ADD && usesBudget && faabBid === undefined) {
      const bid = message.from ?? undefined;
      if (bid !== undefined && bid >= 0) faabBid = bid;
    }
  }
  if (moves.length === 0) return undefined;
  // Teams in the order the feed's messages name them: ESPN does not say which team proposed a
  // trade, so for trades the first is the first message's team, not necessarily the proposer.
  const rosterIds = [
    ...new Set(moves.flatMap((move) => [move.fromRosterId, move.toRosterId])),
  ].filter((id): id is string => id !== undefined);
  const type: TransactionType = types.has(TRADED)
    ? 'trade'
    : types.has(WAIVER_ADD)
      ? 'waiver'
      : types.has(FREE_AGENT_ADD)
        ? 'add'
        : 'drop';
  return {
    transactionId: topic.id,
    type,
    status: 'complete',
    occurredAt: new Date(topic.date).toISOString(),
    rosterIds,
    playerMoves: moves,
    ...(type === 'waiver' && faabBid !== undefined ? { faabBid } : {}),
  };
}

/** A player's move; undefined for another message type, no player, or no team of the league. */
function mapMessage(
  message: EspnActivityMessage,
  team: (id: number | null | undefined) => string | undefined,
): PlayerMove | undefined {
  if (message.targetId == null) return undefined;
  const playerId = String(message.targetId);
  const id = message.messageTypeId;
  let fromRosterId: string | undefined;
  let toRosterId: string | undefined;
  if (id === FREE_AGENT_ADD || id === WAIVER_ADD) toRosterId = team(message.to);
  else if (id === 239) fromRosterId = team(message.for);
  else if (DROPS.has(id)) fromRosterId = team(message.to);
  else if (id === TRADED) {
    fromRosterId = team(message.from);
    toRosterId = team(message.to);
  }
  if (fromRosterId === undefined && toRosterId === undefined) return undefined;
  return {
    playerId,
    ...(fromRosterId !== undefined ? { fromRosterId } : {}),
    ...(toRosterId !== undefined ? { toRosterId } : {}),
  };
}

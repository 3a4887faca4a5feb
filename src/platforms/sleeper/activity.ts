// Sleeper's weekly matchups and transactions -> domain records. Pure: no I/O.
// Field meanings from https://docs.sleeper.com (#getting-matchups-in-a-league,
// #get-transactions) and ffscrapr's Sleeper methods (sleeper_schedule.R, sleeper_transactions.R).
import type {
  MatchupKind,
  MatchupRecord,
  MatchupStatus,
  PlayerMove,
  TransactionRecord,
  TransactionStatus,
  TransactionType,
} from '../../domain/league-data.ts';
import type { SleeperMatchupEntry, SleeperTransaction } from './activity-schemas.ts';
import { compareIds } from './mapping.ts';

/** How far the league's season has come, as the connector worked it out. */
export interface SeasonProgress {
  /** The week being played (the last one once finished); absent before the first week. */
  currentWeek?: number;
  finished: boolean;
  /** The first playoff week (league.settings.playoff_week_start); later weeks are not 'regular'. */
  playoffWeekStart?: number;
}

/**
 * One week's matchups: rosters sharing a matchup_id meet; a roster with none plays no one (not a
 * matchup). Sides in roster order (Sleeper names no home team); a commissioner's custom score wins.
 */
export function mapWeekMatchups(
  week: number,
  entries: readonly SleeperMatchupEntry[],
  progress: SeasonProgress,
  kindOf: (week: number, rosterIds: readonly number[]) => MatchupKind | undefined = () => undefined,
): MatchupRecord[] {
  const games = new Map<number, SleeperMatchupEntry[]>();
  for (const entry of entries) {
    if (entry.matchup_id === null || entry.matchup_id === undefined) continue;
    games.set(entry.matchup_id, [...(games.get(entry.matchup_id) ?? []), entry]);
  }
  const status = weekStatus(week, entries, progress);
  return [...games.entries()]
    .sort(([a], [b]) => a - b)
    .map(([matchupId, game]) => {
      const sides = [...game]
        .sort((a, b) => a.roster_id - b.roster_id)
        .map((entry) => {
          const score = entry.custom_points ?? entry.points;
          return {
            rosterId: String(entry.roster_id),
            ...(typeof score === 'number' ? { score } : {}),
          };
        });
      const kind = matchupKind(week, game, progress, kindOf);
      const winner = status === 'final' ? winnerOf(sides) : undefined;
      return {
        period: week,
        matchupId: String(matchupId),
        sides,
        status,
        ...(kind ? { kind } : {}),
        ...(winner ? { winnerRosterId: winner } : {}),
      };
    });
}

/**
 * Weeks before the current one (and every week of a finished season) are final; the current week
 * is in progress once anyone has scored, upcoming before.
 */
function weekStatus(
  week: number,
  entries: readonly SleeperMatchupEntry[],
  progress: SeasonProgress,
): MatchupStatus {
  if (progress.finished || (progress.currentWeek !== undefined && week < progress.currentWeek)) {
    return 'final';
  }
  return entries.some((entry) => (entry.custom_points ?? entry.points ?? 0) !== 0)
    ? 'in_progress'
    : 'upcoming';
}

function matchupKind(
  week: number,
  game: readonly SleeperMatchupEntry[],
  progress: SeasonProgress,
  kindOf: (week: number, rosterIds: readonly number[]) => MatchupKind | undefined,
): MatchupKind | undefined {
  if (progress.playoffWeekStart === undefined || week < progress.playoffWeekStart) return 'regular';
  // A playoff week's matchups do not say which bracket they belong to; the brackets do.
  return kindOf(
    week,
    game.map((entry) => entry.roster_id),
  );
}

function winnerOf(sides: ReadonlyArray<{ rosterId: string; score?: number }>): string | undefined {
  const [a, b] = sides;
  if (sides.length !== 2 || a?.score === undefined || b?.score === undefined) return undefined;
  if (a.score === b.score) return undefined;
  return a.score > b.score ? a.rosterId : b.rosterId;
}

const STATUSES: Readonly<Record<string, TransactionStatus>> = {
  complete: 'complete',
  failed: 'failed',
  pending: 'pending',
  proposed: 'pending',
  vetoed: 'vetoed',
};

/**
 * A transaction, or undefined for a type or status this service does not know (skipped rather
 * than guessed). `rosterOfUser` finds the roster of the user who made it, to list that team first.
 */
export function mapTransaction(
  tx: SleeperTransaction,
  rosterOfUser: (userId: string) => number | undefined,
): TransactionRecord | undefined {
  const status = STATUSES[tx.status];
  const type = transactionType(tx);
  if (status === undefined || type === undefined) return undefined;
  const playerMoves = mapPlayerMoves(tx);
  const pickMoves = (tx.draft_picks ?? []).map((pick) => ({
    season: Number(pick.season),
    round: pick.round,
    originalRosterId: String(pick.roster_id),
    fromRosterId: String(pick.previous_owner_id),
    toRosterId: String(pick.owner_id),
  }));
  const budgetMoves = (tx.waiver_budget ?? []).map((move) => ({
    amount: move.amount,
    fromRosterId: String(move.sender),
    toRosterId: String(move.receiver),
  }));
  const bid = tx.settings?.waiver_bid;
  // A pending trade's time is its proposal; anything else counts from when Sleeper settled it.
  const at = status === 'pending' ? tx.created : (tx.status_updated ?? tx.created);
  return {
    transactionId: tx.transaction_id,
    type,
    status,
    occurredAt: new Date(at).toISOString(),
    ...(typeof tx.leg === 'number' && tx.leg > 0 ? { period: tx.leg } : {}),
    rosterIds: involvedRosters(tx, playerMoves, rosterOfUser),
    playerMoves,
    ...(pickMoves.length > 0 ? { pickMoves } : {}),
    ...(budgetMoves.length > 0 ? { budgetMoves } : {}),
    ...(type === 'waiver' && typeof bid === 'number' ? { faabBid: bid } : {}),
  };
}

/** free_agent is a pickup (maybe with a drop), or a release alone when it adds no one. */
function transactionType(tx: SleeperTransaction): TransactionType | undefined {
  switch (tx.type) {
    case 'trade':
      return 'trade';
    case 'waiver':
      return 'waiver';
    case 'commissioner':
      return 'commissioner';
    case 'free_agent':
      return Object.keys(tx.adds ?? {}).length > 0 ? 'add' : 'drop';
    default:
      return undefined;
  }
}

/** `drops` says which roster a player left, `adds` which one he joined. */
function mapPlayerMoves(tx: SleeperTransaction): PlayerMove[] {
  const adds = tx.adds ?? {};
  const drops = tx.drops ?? {};
  const ids = [...new Set([...Object.keys(adds), ...Object.keys(drops)])].filter(
    (id) => id.trim() !== '',
  );
  return ids.sort(compareIds).map((playerId) => {
    const from = drops[playerId];
    const to = adds[playerId];
    return {
      playerId,
      ...(from === undefined ? {} : { fromRosterId: String(from) }),
      ...(to === undefined ? {} : { toRosterId: String(to) }),
    };
  });
}

/** Sleeper's roster_ids, the maker's roster first, plus any roster a move names that it left out. */
function involvedRosters(
  tx: SleeperTransaction,
  moves: readonly PlayerMove[],
  rosterOfUser: (userId: string) => number | undefined,
): string[] {
  const listed = (tx.roster_ids ?? []).map(String);
  const maker = tx.creator ? rosterOfUser(tx.creator) : undefined;
  const first = maker !== undefined && listed.includes(String(maker)) ? [String(maker)] : [];
  const named = [
    ...moves.flatMap((move) => [move.fromRosterId, move.toRosterId]),
    ...(tx.draft_picks ?? []).flatMap((pick) => [pick.previous_owner_id, pick.owner_id]),
    ...(tx.waiver_budget ?? []).flatMap((move) => [move.sender, move.receiver]),
  ].flatMap((id) => (id === undefined ? [] : [String(id)]));
  return [...new Set([...first, ...listed, ...named])];
}

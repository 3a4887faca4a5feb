// Yahoo's standings, scoreboards, transactions and draft results (checked by activity-schemas.ts)
// -> the league data records of domain/league-data.ts. Pure: no I/O. A field Yahoo leaves empty
// stays absent; an entry naming a team the league's team list lacks is left out whole.
import type {
  DraftPickRecord,
  DraftRecord,
  MatchupRecord,
  MatchupStatus,
  PickMove,
  PlayerMove,
  TeamDetails,
  TeamManagerRecord,
  TransactionRecord,
  TransactionStatus,
  TransactionType,
} from '../../domain/league-data.ts';
import { idOfKey } from './mapping.ts';
import type {
  YahooDraftResult,
  YahooLeagueWeeks,
  YahooMatchup,
  YahooSettings,
  YahooStandingTeam,
  YahooTradedPick,
  YahooTransaction,
} from './activity-schemas.ts';

type Value = string | number | boolean | null | undefined;

/** Yahoo's 1, "1" or true. */
export function flag(value: Value): boolean {
  return value === 1 || value === '1' || value === true;
}

/** A number Yahoo wrote as text or number; undefined for "", null or absent. */
export function numberOf(value: Value): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const parsed = Number(value);
  return Number.isFinite(parsed) ? parsed : undefined;
}

function text(value: Value): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

/** A team key's roster id, "406.l.1.t.4" -> "4"; undefined for none. */
function rosterOf(key: Value): string | undefined {
  const value = text(key);
  return value === undefined ? undefined : idOfKey(value);
}

/**
 * The weeks a scoreboard call asks for: the season's first week to the current one (the last
 * one once the season is over). Empty when Yahoo names no current week, and for a rotisserie
 * league, which has no matchups.
 */
export function weeksToFetch(league: YahooLeagueWeeks): number[] {
  const current = currentWeek(league);
  if (current === undefined || text(league.scoring_type) === 'roto') return [];
  const start = numberOf(league.start_week) ?? 1;
  const weeks: number[] = [];
  for (let week = Math.max(1, start); week <= current; week++) weeks.push(week);
  return weeks;
}

/** Yahoo's current week, never past the season's last. */
export function currentWeek(league: YahooLeagueWeeks): number | undefined {
  const current = numberOf(league.current_week);
  if (current === undefined || current < 1) return undefined;
  const end = numberOf(league.end_week);
  return end === undefined || end < 1 ? current : Math.min(current, end);
}

/** The division names of the settings, by division id. */
export function divisionNames(settings: YahooSettings): Map<string, string> {
  const names = new Map<string, string>();
  if (!Array.isArray(settings.divisions)) return names;
  for (const division of settings.divisions) {
    const name = text(division.name);
    if (name !== undefined) names.set(String(division.division_id), name);
  }
  return names;
}

/** A team's details from the standings. Yahoo has no team abbreviation. */
export function mapTeamDetails(
  team: YahooStandingTeam,
  divisions: ReadonlyMap<string, string>,
): TeamDetails {
  const logos = team.team_logos ?? [];
  const logo = text((logos.find((l) => text(l.size) === 'large') ?? logos[0])?.url);
  const managers = mapManagers(team.managers ?? []);
  const standing = team.team_standings;
  const totals = standing?.outcome_totals;
  const wins = numberOf(totals?.wins);
  const losses = numberOf(totals?.losses);
  const ties = numberOf(totals?.ties);
  const pointsFor = numberOf(standing?.points_for);
  const pointsAgainst = numberOf(standing?.points_against);
  const rank = numberOf(standing?.rank);
  const divisionId =
    numberOf(team.division_id) === undefined ? undefined : String(team.division_id);
  const divisionName = divisionId === undefined ? undefined : divisions.get(divisionId);
  return {
    ...(logo === undefined ? {} : { logoUrl: logo }),
    ...(managers.length === 0 ? {} : { managers }),
    // Rotisserie leagues have no head-to-head record.
    ...(wins === undefined || losses === undefined
      ? {}
      : { record: { wins, losses, ties: ties ?? 0 } }),
    ...(pointsFor === undefined ? {} : { pointsFor }),
    ...(pointsAgainst === undefined ? {} : { pointsAgainst }),
    // Before the first game Yahoo sends an empty rank.
    ...(rank === undefined || rank < 1 ? {} : { standing: rank }),
    ...(divisionId === undefined ? {} : { divisionId }),
    ...(divisionName === undefined ? {} : { divisionName }),
  };
}

/**
 * Managers with the guid Yahoo shows (it hides some as "--"), the owner before co-managers;
 * the nickname as display name unless hidden. Yahoo's manager e-mail is never read.
 */
function mapManagers(managers: YahooStandingTeam['managers'] & object): TeamManagerRecord[] {
  const shown = managers.filter((m) => /^[A-Z0-9]+$/i.test(text(m.guid) ?? ''));
  const ordered = [
    ...shown.filter((m) => !flag(m.is_comanager)),
    ...shown.filter((m) => flag(m.is_comanager)),
  ];
  return ordered.map((manager) => {
    const nickname = text(manager.nickname);
    return {
      platformUserId: text(manager.guid) as string,
      ...(nickname === undefined || nickname === '--hidden--' ? {} : { displayName: nickname }),
    };
  });
}

const MATCHUP_STATUS: Readonly<Record<string, MatchupStatus>> = {
  preevent: 'upcoming',
  midevent: 'in_progress',
  postevent: 'final',
};

/**
 * A scoreboard's matchups, numbered by their order within each week (Yahoo gives matchups no
 * id). Scores of a matchup not started are left out (Yahoo sends 0.00).
 */
export function mapMatchups(
  matchups: readonly YahooMatchup[],
  knownTeams: ReadonlySet<string>,
): MatchupRecord[] {
  const perWeek = new Map<number, number>();
  const records: MatchupRecord[] = [];
  for (const matchup of matchups) {
    const period = Number(matchup.week);
    const position = (perWeek.get(period) ?? 0) + 1;
    perWeek.set(period, position);
    const record = mapMatchup(matchup, period, String(position));
    if (record.sides.every((side) => knownTeams.has(side.rosterId))) records.push(record);
  }
  return records.sort((a, b) => a.period - b.period || Number(a.matchupId) - Number(b.matchupId));
}

function mapMatchup(matchup: YahooMatchup, period: number, matchupId: string): MatchupRecord {
  const status = MATCHUP_STATUS[text(matchup.status) ?? ''];
  const sides = matchup.teams.map((team) => {
    const score = status === 'upcoming' ? undefined : numberOf(team.team_points?.total);
    return { rosterId: String(team.team_id), ...(score === undefined ? {} : { score }) };
  });
  const kind = flag(matchup.is_consolation)
    ? 'consolation'
    : flag(matchup.is_playoffs)
      ? 'playoff'
      : 'regular';
  const winner = status === 'final' ? winnerOf(matchup, sides) : undefined;
  return {
    period,
    matchupId,
    sides,
    ...(status === undefined ? {} : { status }),
    kind,
    ...(winner === undefined ? {} : { winnerRosterId: winner }),
  };
}

/** Yahoo's winner_team_key; else, unless Yahoo says it is tied, the higher of two scores. */
function winnerOf(
  matchup: YahooMatchup,
  sides: ReadonlyArray<{ rosterId: string; score?: number }>,
): string | undefined {
  const named = rosterOf(matchup.winner_team_key);
  if (named !== undefined) return named;
  if (flag(matchup.is_tied) || sides.length !== 2) return undefined;
  const [a, b] = sides as [
    { rosterId: string; score?: number },
    { rosterId: string; score?: number },
  ];
  if (a.score === undefined || b.score === undefined || a.score === b.score) return undefined;
  return a.score > b.score ? a.rosterId : b.rosterId;
}

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

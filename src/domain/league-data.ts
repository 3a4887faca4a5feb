// The rest of a league beside its rosters, as a connector yields it and the store keeps it: the
// teams' managers and records, the matchups, the transactions and the drafts. Plain data, no
// behaviour. Every optional field is absent when the platform does not give it; nothing here is
// ever computed from guesses (a platform's README says what it cannot fill).
//
// Roster ids are the league's FantasyTeamRecord.rosterId values (the API's
// `fantasy_team_roster_id`); player ids are the platform's, as in roster entries.

/** A person managing a fantasy team: the platform's user, never an e-mail address. */
export interface TeamManagerRecord {
  platformUserId: string;
  displayName?: string;
}

/** Wins, losses and ties as the platform counts them (head-to-head leagues). */
export interface WinLossRecord {
  wins: number;
  losses: number;
  ties: number;
}

/** What a platform says of a team beside its roster: the fields of the `team` product. */
export interface TeamDetails {
  abbreviation?: string;
  logoUrl?: string;
  /** The team's managers, the owner first; absent when the platform names none. */
  managers?: TeamManagerRecord[];
  record?: WinLossRecord;
  pointsFor?: number;
  pointsAgainst?: number;
  /** 1 for the league's leader, as the platform ranks its standings (ties may share a rank). */
  standing?: number;
  /** The platform's id of the team's division, and its name where the platform names it. */
  divisionId?: string;
  divisionName?: string;
}

export const MATCHUP_STATUSES = ['upcoming', 'in_progress', 'final'] as const;
export type MatchupStatus = (typeof MATCHUP_STATUSES)[number];

export const MATCHUP_KINDS = ['regular', 'playoff', 'consolation'] as const;
export type MatchupKind = (typeof MATCHUP_KINDS)[number];

/** One team's side of a matchup. */
export interface MatchupSide {
  rosterId: string;
  /** Points scored; for category leagues, categories won where the platform counts them. */
  score?: number;
}

/** Two teams (one: a bye) meeting in one week or scoring period. */
export interface MatchupRecord {
  /** The week or matchup period the platform numbers the schedule by (1-based). */
  period: number;
  /** The platform's id of the matchup within its period, or its position there ("1", "2"...). */
  matchupId: string;
  /** Home team first where the platform says which is home. */
  sides: MatchupSide[];
  status?: MatchupStatus;
  kind?: MatchupKind;
  /** Set when the platform names a winner, or the matchup is final with one score above the other. */
  winnerRosterId?: string;
}

export const TRANSACTION_TYPES = ['add', 'drop', 'waiver', 'trade', 'commissioner'] as const;
/**
 * add: a free-agent pickup (maybe with a drop); drop: a release alone; waiver: a waiver claim (maybe
 * with a drop and a FAAB bid); trade: players, picks or FAAB between teams; commissioner: a move
 * the league's commissioner made.
 */
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

export const TRANSACTION_STATUSES = ['complete', 'pending', 'failed', 'vetoed'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

/** A player moving: from a team (absent: from free agents or waivers) to a team (absent: released). */
export interface PlayerMove {
  playerId: string;
  fromRosterId?: string;
  toRosterId?: string;
}

/** A draft pick changing hands in a trade. */
export interface PickMove {
  season: number;
  round: number;
  /** The team the pick first belonged to. */
  originalRosterId: string;
  fromRosterId: string;
  toRosterId: string;
}

/** FAAB (free-agent budget) changing hands in a trade. */
export interface BudgetMove {
  amount: number;
  fromRosterId: string;
  toRosterId: string;
}

export interface TransactionRecord {
  /** The platform's id of the transaction, unique within the league's season. */
  transactionId: string;
  type: TransactionType;
  status: TransactionStatus;
  /** When it happened (or was proposed, for pending ones): ISO 8601 in UTC. */
  occurredAt: string;
  /** The week or scoring period it counts for, where the platform says. */
  period?: number;
  /** Every team involved, the one that made it first. */
  rosterIds: string[];
  playerMoves: PlayerMove[];
  pickMoves?: PickMove[];
  budgetMoves?: BudgetMove[];
  /** A waiver claim's FAAB bid. */
  faabBid?: number;
}

export const DRAFT_TYPES = ['snake', 'linear', 'auction', 'offline'] as const;
export type DraftType = (typeof DRAFT_TYPES)[number];

export const DRAFT_STATUSES = ['scheduled', 'in_progress', 'complete'] as const;
export type DraftStatus = (typeof DRAFT_STATUSES)[number];

export interface DraftPickRecord {
  /** 1-based position in the whole draft. */
  overall: number;
  round: number;
  /** 1-based position within the round. */
  pickInRound: number;
  /** The team that made the pick. */
  rosterId: string;
  /** Absent for a pick not made yet. */
  playerId?: string;
  keeper?: boolean;
  /** An auction's winning bid. */
  price?: number;
}

export interface DraftRecord {
  /** The platform's id of the draft, or the league's key where a league has one draft. */
  draftId: string;
  type?: DraftType;
  status?: DraftStatus;
  /** ISO 8601 in UTC. */
  startedAt?: string;
  rounds?: number;
  /** In draft order. */
  picks: DraftPickRecord[];
}

/** A pick of a draft not held yet (a future season's, or this season's before its draft). */
export interface FuturePickRecord {
  season: number;
  round: number;
  originalRosterId: string;
  /** Who holds it now: differs from originalRosterId when it was traded. */
  ownerRosterId: string;
}

/** Everything of a league beside its settings, teams and rosters; parts a platform lacks are empty. */
export interface LeagueActivity {
  /** The week or scoring period the league is in (its last, once the season is over). */
  currentPeriod?: number;
  matchups: MatchupRecord[];
  transactions: TransactionRecord[];
  drafts: DraftRecord[];
  futurePicks: FuturePickRecord[];
}

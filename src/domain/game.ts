// The game itself, as a connector yields it and the store keeps it: how a league scores and which
// lineup slots it has (its rules), who stood in which slot each week with his points (lineups),
// who is hurt (injuries), and the league's other seasons (history). Plain data and pure rules.
// Every optional field is absent when the platform does not give it; nothing is computed from
// guesses, and points are kept as the platform gives them (0.1- and 0.01-point leagues exist).
//
// Roster ids are the league's FantasyTeamRecord.rosterId values; player ids are the platform's,
// as in roster entries; periods are the weeks or scoring periods matchups are numbered by.

export const SCORING_TYPES = [
  'head_to_head_points',
  'head_to_head_categories',
  'rotisserie',
  'total_points',
] as const;
export type ScoringType = (typeof SCORING_TYPES)[number];

/** One way the league turns a stat into points. */
export interface ScoringRuleRecord {
  /** The platform's id of the stat (Sleeper's key `pass_yd`, ESPN's statId `3`, MFL's `#P`...). */
  statId: string;
  /** The platform's name of the stat, where it names it. */
  statName?: string;
  /** The service's name of the stat (domain STAT_KEYS), where it maps to one. */
  statKey?: StatKey;
  /** Points for every `per` units of the stat (per absent: each unit); for a bonus, the bonus. */
  points: number;
  per?: number;
  /** The rule applies while the stat is within [min, max] (a range or a bonus threshold). */
  min?: number;
  max?: number;
  /** `points` once when the stat reaches `min`, not per unit. */
  bonus?: boolean;
  /** Only players at these positions (a tight-end premium); absent: every position. */
  positions?: string[];
}

/** A stat a category or rotisserie league ranks teams by. */
export interface CategoryRecord {
  statId: string;
  statName?: string;
  statKey?: StatKey;
  /** A category where fewer wins (ERA, WHIP, turnovers). */
  lowerIsBetter?: boolean;
}

/**
 * The service's names of lineup slots. Football: QB RB WR TE K DEF, the defensive DL LB DB and
 * IDP_FLEX, FLEX (any of RB, WR, TE unless `eligiblePositions` narrows it) and SUPER_FLEX (QB
 * too). Baseball: C 1B 2B 3B SS CI MI OF IF LF CF RF DH UTIL SP RP P. Basketball: PG SG SF PF G F
 * C UTIL. Everywhere: BN (bench), IR (injured reserve and the like), TAXI, NA (minors, not
 * active). A platform slot the list lacks is `OTHER`, its own name kept beside.
 */
export const LINEUP_SLOTS = [
  'QB',
  'RB',
  'WR',
  'TE',
  'K',
  'DEF',
  'DL',
  'LB',
  'DB',
  'IDP_FLEX',
  'FLEX',
  'SUPER_FLEX',
  'C',
  '1B',
  '2B',
  '3B',
  'SS',
  'CI',
  'MI',
  'IF',
  'OF',
  'LF',
  'CF',
  'RF',
  'DH',
  'SP',
  'RP',
  'P',
  'PG',
  'SG',
  'SF',
  'PF',
  'G',
  'F',
  'UTIL',
  'BN',
  'IR',
  'TAXI',
  'NA',
  'OTHER',
] as const;
export type LineupSlot = (typeof LINEUP_SLOTS)[number];

/** Where a slot puts a player: starting, on the bench, on injured reserve or on the taxi squad. */
export type SlotGroup = 'starter' | 'bench' | 'reserve' | 'taxi';

export function slotGroup(slot: LineupSlot): SlotGroup {
  switch (slot) {
    case 'BN':
      return 'bench';
    case 'IR':
    case 'NA':
      return 'reserve';
    case 'TAXI':
      return 'taxi';
    default:
      return 'starter';
  }
}

/** A kind of lineup slot and how many of it the league's lineups have. */
export interface RosterSlotRecord {
  slot: LineupSlot;
  /** The platform's name or id of the slot (`REC_FLEX`, `23`, `W/R/T`). */
  platformSlot: string;
  count: number;
  /** The positions the slot takes, where the platform lists them (a flex slot's). */
  eligiblePositions?: string[];
}

export const WAIVER_TYPES = ['faab', 'rolling', 'reverse_standings', 'none'] as const;
/** faab: blind bids from a budget; rolling: a priority that moves to last after a claim;
 * reverse_standings: the priority follows the standings, worst first; none: free agents only. */
export type WaiverType = (typeof WAIVER_TYPES)[number];

export interface LeagueRules {
  scoringType?: ScoringType;
  /** Empty for a category or rotisserie league (its categories say how it ranks). */
  scoring: ScoringRuleRecord[];
  /** A category or rotisserie league's categories. */
  categories?: CategoryRecord[];
  rosterSlots: RosterSlotRecord[];
  playoffs?: {
    teams?: number;
    /** The first period of the playoffs. */
    firstPeriod?: number;
  };
  waivers?: {
    type?: WaiverType;
    /** The platform's word for it, where it names one. */
    platformType?: string;
    /** Each team's FAAB budget for the season. */
    faabBudget?: number;
  };
  /** The last period trades are allowed in, or the moment they end (ISO 8601, UTC). */
  tradeDeadlinePeriod?: number;
  tradeDeadlineAt?: string;
  /** The first and last scoring periods of the season (the playoffs included). */
  firstPeriod?: number;
  lastPeriod?: number;
}

/** One player in a team's lineup. */
export interface LineupEntryRecord {
  playerId: string;
  slot: LineupSlot;
  /** The platform's name or id of the slot, as in RosterSlotRecord.platformSlot. */
  platformSlot: string;
  /** Points the player scored for the team in the period (bench players' too, where given). */
  points?: number;
  projectedPoints?: number;
}

/** A team's lineup in one period: the box score's side of one team. */
export interface TeamLineupRecord {
  period: number;
  rosterId: string;
  /** The team's total as the platform gives it: the matchup's score for the team and period. */
  points?: number;
  projectedPoints?: number;
  /** Starters first, in the platform's order, then bench, reserve and taxi. */
  entries: LineupEntryRecord[];
}

/** Where a rostered player stands now (the current lineup), for every rostered player. */
export interface CurrentSlotRecord {
  rosterId: string;
  playerId: string;
  slot: LineupSlot;
  platformSlot: string;
}

export const INJURY_STATUSES = [
  'probable',
  'questionable',
  'doubtful',
  'out',
  'day_to_day',
  'injured_reserve',
  'physically_unable',
  'non_football_injury',
  'suspended',
  'illness',
  'not_active',
  'other',
] as const;
/**
 * physically_unable: PUP lists; not_active: a player the platform lists as inactive or in the
 * minors for a reason other than injury; other: a designation the list above lacks (the
 * platform's word is kept beside).
 */
export type InjuryStatus = (typeof INJURY_STATUSES)[number];

/** A player a platform lists as hurt or unavailable. A player not listed is healthy. */
export interface InjuryRecord {
  playerId: string;
  status: InjuryStatus;
  /** The platform's designation as it gives it (`Q`, `QUESTIONABLE`, `IR`, `Sus`...). */
  designation: string;
  /** What and where, where the platform says (`Hamstring`). */
  note?: string;
}

/** One season of the same league, as the platform links its seasons. */
export interface LeagueSeasonRecord {
  season: number;
  /** The platform's key of the league in that season. */
  platformLeagueKey: string;
}

/**
 * The game of one league, fetched in the same run and written in the same transaction as its
 * rosters. Each part is absent when the connector fetches none of it; the store then keeps what
 * it holds of that part.
 */
export interface LeagueGame {
  rules?: LeagueRules;
  /**
   * Lineups of the periods fetched in this run; a period listed replaces what the store held of
   * it, a period not listed is kept as stored (finished periods are read once: the engine tells the
   * connector which it holds, LeagueFetchContext.finalLineupPeriods).
   */
  lineups?: TeamLineupRecord[];
  /** The slot of every rostered player now. */
  currentLineup?: CurrentSlotRecord[];
  /** Every injured or unavailable player the league's calls name (replaces the stored list). */
  injuries?: InjuryRecord[];
  /** Every season of this league the platform links, this one included, oldest first. */
  history?: LeagueSeasonRecord[];
}

/**
 * The service's names of common stats, for rules and categories. A platform's stat the list lacks
 * keeps only its own id and name.
 */
export const STAT_KEYS = [
  // football
  'passing_yards',
  'passing_touchdowns',
  'passing_interceptions',
  'passing_completions',
  'passing_attempts',
  'passing_two_point',
  'rushing_yards',
  'rushing_touchdowns',
  'rushing_attempts',
  'rushing_two_point',
  'receptions',
  'receiving_yards',
  'receiving_touchdowns',
  'receiving_targets',
  'receiving_two_point',
  'fumbles_lost',
  'fumbles',
  'return_touchdowns',
  'field_goals_made',
  'field_goals_missed',
  'extra_points_made',
  'extra_points_missed',
  'sacks',
  'defensive_interceptions',
  'fumbles_recovered',
  'defensive_touchdowns',
  'safeties',
  'blocked_kicks',
  'points_allowed',
  'yards_allowed',
  'tackles',
  // baseball
  'runs',
  'hits',
  'home_runs',
  'runs_batted_in',
  'stolen_bases',
  'batting_average',
  'on_base_percentage',
  'slugging_percentage',
  'walks',
  'strikeouts',
  'wins',
  'losses',
  'saves',
  'holds',
  'earned_run_average',
  'whip',
  'innings_pitched',
  'quality_starts',
  // basketball
  'points',
  'rebounds',
  'assists',
  'steals',
  'blocks',
  'turnovers',
  'three_pointers_made',
  'field_goal_percentage',
  'free_throw_percentage',
] as const;
export type StatKey = (typeof STAT_KEYS)[number];

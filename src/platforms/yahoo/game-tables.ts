// Yahoo's fixed vocabularies for the game (constants learned from Yahoo's game resource, whose
// stat_categories and roster_positions name every id, and from the clients spilchen's
// yahoo_fantasy_api and yfpy): stat ids per sport, roster positions, player status codes.
// Anything not listed here keeps only Yahoo's own id and name.
import type { Sport } from '../../domain/catalog.ts';
import type { InjuryStatus, LineupSlot, StatKey } from '../../domain/game.ts';

/** Yahoo stat ids (they differ per sport) -> the service's stat keys. */
export const YAHOO_STAT_KEYS: Readonly<Record<Sport, Readonly<Record<string, StatKey>>>> = {
  football: {
    '1': 'passing_attempts',
    '2': 'passing_completions',
    '4': 'passing_yards',
    '5': 'passing_touchdowns',
    '6': 'passing_interceptions',
    '8': 'rushing_attempts',
    '9': 'rushing_yards',
    '10': 'rushing_touchdowns',
    '11': 'receptions',
    '12': 'receiving_yards',
    '13': 'receiving_touchdowns',
    '15': 'return_touchdowns',
    '17': 'fumbles',
    '18': 'fumbles_lost',
    '29': 'extra_points_made',
    '30': 'extra_points_missed',
    '31': 'points_allowed',
    // Team defence (32-37) and defensive players (38-47) have stats of their own.
    '32': 'sacks',
    '33': 'defensive_interceptions',
    '34': 'fumbles_recovered',
    '35': 'defensive_touchdowns',
    '36': 'safeties',
    '37': 'blocked_kicks',
    '40': 'sacks',
    '41': 'defensive_interceptions',
    '43': 'fumbles_recovered',
    '44': 'defensive_touchdowns',
    '45': 'safeties',
    '47': 'blocked_kicks',
    '49': 'return_touchdowns',
    '50': 'points_allowed',
    '51': 'points_allowed',
    '52': 'points_allowed',
    '53': 'points_allowed',
    '54': 'points_allowed',
    '55': 'points_allowed',
    '56': 'points_allowed',
    '69': 'yards_allowed',
    '78': 'receiving_targets',
    '85': 'field_goals_made',
    '86': 'field_goals_missed',
  },
  baseball: {
    '3': 'batting_average',
    '4': 'on_base_percentage',
    '5': 'slugging_percentage',
    '7': 'runs',
    '8': 'hits',
    '12': 'home_runs',
    '13': 'runs_batted_in',
    '16': 'stolen_bases',
    '18': 'walks',
    '21': 'strikeouts',
    '26': 'earned_run_average',
    '27': 'whip',
    '28': 'wins',
    '29': 'losses',
    '32': 'saves',
    '42': 'strikeouts',
    '48': 'holds',
    '50': 'innings_pitched',
    '83': 'quality_starts',
  },
  basketball: {
    '5': 'field_goal_percentage',
    '8': 'free_throw_percentage',
    '10': 'three_pointers_made',
    '12': 'points',
    '15': 'rebounds',
    '16': 'assists',
    '17': 'steals',
    '18': 'blocks',
    '19': 'turnovers',
  },
};

/**
 * Football's "Points Allowed N-M points" stats (ids 50-56): a team defence scores the rule's
 * value once when the points it allowed fall in the range its name gives.
 */
export const YAHOO_POINTS_ALLOWED_RANGES: Readonly<Record<string, { min: number; max?: number }>> =
  {
    '50': { min: 0, max: 0 },
    '51': { min: 1, max: 6 },
    '52': { min: 7, max: 13 },
    '53': { min: 14, max: 20 },
    '54': { min: 21, max: 27 },
    '55': { min: 28, max: 34 },
    '56': { min: 35 },
  };

interface SlotMeaning {
  slot: LineupSlot;
  eligiblePositions?: readonly string[];
}

const RESERVE: SlotMeaning = { slot: 'IR' };

/** Yahoo's roster positions (`position` of roster_positions and selected_position) per sport. */
const YAHOO_SLOTS: Readonly<Record<Sport, Readonly<Record<string, SlotMeaning>>>> = {
  football: {
    'W/R/T': { slot: 'FLEX', eligiblePositions: ['WR', 'RB', 'TE'] },
    'W/R': { slot: 'FLEX', eligiblePositions: ['WR', 'RB'] },
    'W/T': { slot: 'FLEX', eligiblePositions: ['WR', 'TE'] },
    'Q/W/R/T': { slot: 'SUPER_FLEX', eligiblePositions: ['QB', 'WR', 'RB', 'TE'] },
    // "Defensive Player": any defender.
    D: { slot: 'IDP_FLEX' },
    IR: RESERVE,
  },
  baseball: {
    Util: { slot: 'UTIL' },
    IL: RESERVE,
    'IL+': RESERVE,
    DL: RESERVE,
    'DL+': RESERVE,
    NA: { slot: 'NA' },
  },
  basketball: {
    Util: { slot: 'UTIL' },
    IL: RESERVE,
    'IL+': RESERVE,
    IR: RESERVE,
    'IR+': RESERVE,
  },
};

/** The slots each sport's positions may keep their own name as (Yahoo writes them that way). */
const SAME_NAMED: Readonly<Record<Sport, readonly LineupSlot[]>> = {
  football: ['QB', 'RB', 'WR', 'TE', 'K', 'DEF', 'DL', 'LB', 'DB', 'BN'],
  baseball: [
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
    'SP',
    'RP',
    'P',
    'BN',
  ],
  basketball: ['PG', 'SG', 'SF', 'PF', 'G', 'F', 'C', 'BN'],
};

/** A Yahoo roster position as a lineup slot; OTHER (Yahoo's name kept beside) when unknown. */
export function slotOf(sport: Sport, position: string): SlotMeaning {
  const known = YAHOO_SLOTS[sport][position];
  if (known !== undefined) return known;
  const same = SAME_NAMED[sport].find((slot) => slot === position);
  return same === undefined ? { slot: 'OTHER' } : { slot: same };
}

/**
 * Yahoo's player `status` codes (its status_full spells them out: "Questionable", "Injured
 * Reserve", "Non-Football Injury (Reserve)", "60-Day Injured List", "Inactive: Coach's Decision
 * or Not on Roster"...). A code not listed is `other`, the code kept as the designation.
 */
const YAHOO_INJURY_STATUSES: Readonly<Record<string, InjuryStatus>> = {
  P: 'probable',
  Q: 'questionable',
  GTD: 'questionable',
  D: 'doubtful',
  O: 'out',
  OUT: 'out',
  INJ: 'out',
  DTD: 'day_to_day',
  IR: 'injured_reserve',
  'IR-R': 'injured_reserve',
  'IR-LT': 'injured_reserve',
  'IR-NR': 'injured_reserve',
  DL: 'injured_reserve',
  IL: 'injured_reserve',
  IL7: 'injured_reserve',
  IL10: 'injured_reserve',
  IL15: 'injured_reserve',
  IL60: 'injured_reserve',
  PUP: 'physically_unable',
  'PUP-P': 'physically_unable',
  'PUP-R': 'physically_unable',
  NFI: 'non_football_injury',
  'NFI-A': 'non_football_injury',
  'NFI-R': 'non_football_injury',
  SUSP: 'suspended',
  'COVID-19': 'illness',
  NA: 'not_active',
};

export function injuryStatusOf(code: string): InjuryStatus {
  return YAHOO_INJURY_STATUSES[code.toUpperCase()] ?? 'other';
}

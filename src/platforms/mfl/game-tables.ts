// MFL's codes for the game, in the service's words: rule abbreviations (TYPE=allRules) as stat
// keys, starter positions (TYPE=league `starters`) as lineup slots, and the injury report's
// statuses. Learned from MFL's rule dictionary and injury report; an MFL code missing here keeps
// only its own name.
import type { InjuryStatus, LineupSlot, StatKey } from '../../domain/game.ts';
import { mapPosition } from './mapping.ts';

/** MFL rule abbreviations with a service stat key; the rest keep MFL's id and name alone. */
export const MFL_STAT_KEYS: Readonly<Record<string, StatKey>> = {
  PY: 'passing_yards',
  '#P': 'passing_touchdowns',
  IN: 'passing_interceptions',
  PC: 'passing_completions',
  PA: 'passing_attempts',
  P2: 'passing_two_point',
  RY: 'rushing_yards',
  '#R': 'rushing_touchdowns',
  RA: 'rushing_attempts',
  R2: 'rushing_two_point',
  CC: 'receptions',
  CY: 'receiving_yards',
  '#C': 'receiving_touchdowns',
  TGT: 'receiving_targets',
  C2: 'receiving_two_point',
  FL: 'fumbles_lost',
  FU: 'fumbles',
  // Punt and kickoff return touchdowns are each a return touchdown.
  '#UT': 'return_touchdowns',
  '#KT': 'return_touchdowns',
  '#F': 'field_goals_made',
  '#M': 'field_goals_missed',
  EP: 'extra_points_made',
  EM: 'extra_points_missed',
  SK: 'sacks',
  IC: 'defensive_interceptions',
  FC: 'fumbles_recovered',
  FCD: 'fumbles_recovered',
  '#D': 'defensive_touchdowns',
  SF: 'safeties',
  BLF: 'blocked_kicks',
  BLP: 'blocked_kicks',
  BLE: 'blocked_kicks',
  TPA: 'points_allowed',
  TYA: 'yards_allowed',
  TK: 'tackles',
};

/** MFL's starter positions as slots; a combined one ("DE+DT", "CB+S") by its parts. */
const MFL_POSITION_SLOTS: Readonly<Record<string, LineupSlot>> = {
  QB: 'QB',
  RB: 'RB',
  WR: 'WR',
  TE: 'TE',
  PK: 'K',
  Def: 'DEF',
  DE: 'DL',
  DT: 'DL',
  LB: 'LB',
  CB: 'DB',
  S: 'DB',
};

/**
 * The slot of a position as the pool stores it (mapping.ts's words for MFL's codes: `K` for `PK`,
 * `DEF` for `Def`), for placing a starter the weekly results name without a slot.
 */
const POOL_POSITION_SLOTS: ReadonlyMap<string, LineupSlot> = new Map(
  Object.entries(MFL_POSITION_SLOTS).map(([code, slot]) => [mapPosition(code) ?? code, slot]),
);

export function slotOfPoolPosition(position: string): LineupSlot | undefined {
  return POOL_POSITION_SLOTS.get(position);
}

/** MFL's individual defensive positions (counted apart from the rest by `idp_starters`). */
export const MFL_IDP_POSITIONS: ReadonlySet<string> = new Set(['DE', 'DT', 'LB', 'CB', 'S']);

/** The slot of an MFL starter position: its own, or OTHER (PN, team units, a mixed group). */
export function slotOfPosition(name: string): LineupSlot {
  const slots = new Set(name.split('+').map((part) => MFL_POSITION_SLOTS[part.trim()] ?? 'OTHER'));
  const [only] = slots;
  return slots.size === 1 && only !== undefined ? only : 'OTHER';
}

/** Whether every part of an MFL position ("DE+DT") is a defensive one. */
export function isIdpPosition(name: string): boolean {
  return name.split('+').every((part) => MFL_IDP_POSITIONS.has(part.trim()));
}

/** The injury report's statuses, lower-cased; any other keeps its word under `other`. */
const MFL_INJURY_STATUSES: Readonly<Record<string, InjuryStatus>> = {
  probable: 'probable',
  questionable: 'questionable',
  doubtful: 'doubtful',
  out: 'out',
  ir: 'injured_reserve',
  'ir-r': 'injured_reserve',
  'ir-pup': 'physically_unable',
  pup: 'physically_unable',
  'ir-nfi': 'non_football_injury',
  nfi: 'non_football_injury',
  suspended: 'suspended',
  // The NFL's reserve list for COVID-19 (2020 on).
  'covid-ir': 'illness',
  // Unavailable for a reason other than injury: a holdout or opt-out, retirement.
  holdout: 'not_active',
  retired: 'not_active',
};

export function injuryStatus(designation: string): InjuryStatus {
  return MFL_INJURY_STATUSES[designation.trim().toLowerCase()] ?? 'other';
}

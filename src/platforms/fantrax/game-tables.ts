// Fantrax's words for scoring kinds, lineup positions, roster statuses and stats, as the service
// names them. Learned from Fantrax's API documentation (v1.2 beta: getTeamRosters' statuses and
// positions, getLeagueInfo's rosterInfo and scoringSystem) and public clients' types and captured
// settings (pmurley/go-fantrax league_info.go and team_rosters.go; a basketball client's captured
// category settings). None of it is confirmed by a recording: a word not listed keeps only its own
// name (slot OTHER, no stat key, no scoring type).
import type { LineupSlot, ScoringType, StatKey } from '../../domain/game.ts';

/** scoringSystem.type values public clients have seen. */
export const FANTRAX_SCORING_TYPES: Readonly<Record<string, ScoringType>> = {
  HEAD_TO_HEAD_POINTS: 'head_to_head_points',
  HEAD_TO_HEAD_ROTI_MULTI_WIN: 'head_to_head_categories',
};

/** Lineup positions (rosterInfo.positionConstraints keys, roster items' `position`). */
export const FANTRAX_SLOTS: Readonly<Record<string, LineupSlot>> = {
  QB: 'QB',
  RB: 'RB',
  WR: 'WR',
  TE: 'TE',
  K: 'K',
  PK: 'K',
  DEF: 'DEF',
  DST: 'DEF',
  'D/ST': 'DEF',
  DL: 'DL',
  LB: 'LB',
  DB: 'DB',
  C: 'C',
  '1B': '1B',
  '2B': '2B',
  '3B': '3B',
  SS: 'SS',
  CI: 'CI',
  MI: 'MI',
  IF: 'IF',
  OF: 'OF',
  LF: 'LF',
  CF: 'CF',
  RF: 'RF',
  DH: 'DH',
  SP: 'SP',
  RP: 'RP',
  P: 'P',
  PG: 'PG',
  SG: 'SG',
  SF: 'SF',
  PF: 'PF',
  G: 'G',
  F: 'F',
  UT: 'UTIL',
  UTIL: 'UTIL',
};

/** getTeamRosters' rosterItems[].status other than ACTIVE (a starter in his `position`). */
export const FANTRAX_STATUS_SLOTS: Readonly<Record<string, LineupSlot>> = {
  RESERVE: 'BN',
  INJURED_RESERVE: 'IR',
  MINORS: 'NA',
};

/** Category codes of a basketball league's captured settings. */
export const FANTRAX_STAT_KEYS: Readonly<Record<string, StatKey>> = {
  INDIVIDUAL_POINTS: 'points',
  INDIVIDUAL_REBOUNDS: 'rebounds',
  INDIVIDUAL_ASSISTS: 'assists',
  INDIVIDUAL_STEALS: 'steals',
  INDIVIDUAL_BLOCKS: 'blocks',
  INDIVIDUAL_TURNOVERS: 'turnovers',
  INDIVIDUAL_THREE_POINTERS_MADE: 'three_pointers_made',
  INDIVIDUAL_FIELD_GOAL_PERCENTAGE: 'field_goal_percentage',
  INDIVIDUAL_FREE_THROW_PERCENTAGE: 'free_throw_percentage',
};

// ESPN's lineup slots (`lineupSlotId`, the keys of rosterSettings.lineupSlotCounts and of a scoring
// item's pointsOverrides) per sport, and its injury designations (a player's `injuryStatus`).
// ESPN documents neither: the ids and labels are those its own web client shows, as public
// clients read them (cwendt94/espn-api's POSITION_MAP per sport, the ESPN JS client's
// INJURY_STATUSES), checked against the recordings in ../shared/fixtures/espn. These slot ids are
// not the `defaultPositionId` numbering of positions.ts.
import type { Sport } from '../../domain/catalog.ts';
import type { InjuryStatus, LineupSlot } from '../../domain/game.ts';

/** One ESPN slot: the service's name, ESPN's label, and the positions a flex slot takes. */
export interface EspnSlot {
  slot: LineupSlot;
  label: string;
  eligible?: readonly string[];
}

const s = (slot: LineupSlot, label: string, eligible?: readonly string[]): EspnSlot =>
  eligible ? { slot, label, eligible } : { slot, label };

const FOOTBALL: Readonly<Record<number, EspnSlot>> = {
  0: s('QB', 'QB'),
  1: s('OTHER', 'TQB'), // a team's quarterbacks as one "player"
  2: s('RB', 'RB'),
  3: s('FLEX', 'RB/WR', ['RB', 'WR']),
  4: s('WR', 'WR'),
  5: s('FLEX', 'WR/TE', ['WR', 'TE']),
  6: s('TE', 'TE'),
  7: s('SUPER_FLEX', 'OP', ['QB', 'RB', 'WR', 'TE']), // "offensive player"
  8: s('DL', 'DT', ['DT']),
  9: s('DL', 'DE', ['DE']),
  10: s('LB', 'LB'),
  11: s('DL', 'DL', ['DT', 'DE']),
  12: s('DB', 'CB', ['CB']),
  13: s('DB', 'S', ['S']),
  14: s('DB', 'DB', ['CB', 'S']),
  15: s('IDP_FLEX', 'DP', ['DT', 'DE', 'LB', 'CB', 'S']),
  16: s('DEF', 'D/ST'),
  17: s('K', 'K'),
  18: s('OTHER', 'P'), // punter
  19: s('OTHER', 'HC'), // head coach
  20: s('BN', 'BE'),
  21: s('IR', 'IR'),
  23: s('FLEX', 'RB/WR/TE', ['RB', 'WR', 'TE']),
  24: s('OTHER', 'ER'),
  25: s('OTHER', 'Rookie'),
};

const BASEBALL: Readonly<Record<number, EspnSlot>> = {
  0: s('C', 'C'),
  1: s('1B', '1B'),
  2: s('2B', '2B'),
  3: s('3B', '3B'),
  4: s('SS', 'SS'),
  5: s('OF', 'OF'),
  6: s('MI', '2B/SS', ['2B', 'SS']),
  7: s('CI', '1B/3B', ['1B', '3B']),
  8: s('LF', 'LF'),
  9: s('CF', 'CF'),
  10: s('RF', 'RF'),
  11: s('DH', 'DH'),
  12: s('UTIL', 'UTIL'),
  13: s('P', 'P', ['SP', 'RP']),
  14: s('SP', 'SP'),
  15: s('RP', 'RP'),
  16: s('BN', 'BE'),
  17: s('IR', 'IL'),
  19: s('IF', 'IF', ['1B', '2B', 'SS', '3B']),
};

const BASKETBALL: Readonly<Record<number, EspnSlot>> = {
  0: s('PG', 'PG'),
  1: s('SG', 'SG'),
  2: s('SF', 'SF'),
  3: s('PF', 'PF'),
  4: s('C', 'C'),
  5: s('G', 'G', ['PG', 'SG']),
  6: s('F', 'F', ['SF', 'PF']),
  7: s('OTHER', 'SG/SF', ['SG', 'SF']),
  8: s('OTHER', 'G/F', ['PG', 'SG', 'SF', 'PF']),
  9: s('OTHER', 'PF/C', ['PF', 'C']),
  10: s('OTHER', 'F/C', ['SF', 'PF', 'C']),
  11: s('UTIL', 'UT'),
  12: s('BN', 'BE'),
  13: s('IR', 'IR'),
  15: s('OTHER', 'Rookie'),
};

const SLOTS: Readonly<Record<Sport, Readonly<Record<number, EspnSlot>>>> = {
  football: FOOTBALL,
  baseball: BASEBALL,
  basketball: BASKETBALL,
};

/** A slot id this table lacks is OTHER, named by its id (nothing guessed). */
export function slotOf(sport: Sport, lineupSlotId: number): EspnSlot {
  const table = SLOTS[sport];
  return Object.hasOwn(table, lineupSlotId)
    ? (table[lineupSlotId] as EspnSlot)
    : { slot: 'OTHER', label: String(lineupSlotId) };
}

/**
 * ESPN's injuryStatus words. ACTIVE and NORMAL are healthy (not listed); the baseball injured
 * lists (7, 10, 15 and 60 days) are injured reserve; bereavement and paternity lists keep a
 * player out for no injury.
 */
const INJURIES: Readonly<Record<string, InjuryStatus | null>> = {
  ACTIVE: null,
  NORMAL: null,
  PROBABLE: 'probable',
  QUESTIONABLE: 'questionable',
  DOUBTFUL: 'doubtful',
  OUT: 'out',
  DAY_TO_DAY: 'day_to_day',
  INJURY_RESERVE: 'injured_reserve',
  SEVEN_DAY_DL: 'injured_reserve',
  TEN_DAY_DL: 'injured_reserve',
  FIFTEEN_DAY_DL: 'injured_reserve',
  SIXTY_DAY_DL: 'injured_reserve',
  SUSPENSION: 'suspended',
  BEREAVEMENT: 'not_active',
  PATERNITY: 'not_active',
};

/** The normalized status of an ESPN injuryStatus; undefined for a healthy (or absent) one. */
export function injuryOf(designation: string | undefined): InjuryStatus | undefined {
  const word = designation?.trim().toUpperCase();
  if (!word) return undefined;
  if (!Object.hasOwn(INJURIES, word)) return 'other';
  return INJURIES[word] ?? undefined;
}

// ESPN's `defaultPositionId` (a player's own position) per sport, as the abbreviations of
// docs/api.md (Data and values). These are not the lineup-slot ids of `eligibleSlots` /
// `lineupSlotId`, which are a different numbering. Sources: the position ids ESPN's player lists
// carry with their players (checked against the recorded 2020 football and 2023 basketball lists)
// and public clients of the API (cwendt94/espn-api reads basketball positions as slot id + 1;
// baseball ids as documented by community mapping work). An id missing here leaves the position out
// rather than guessing.
import type { Sport } from '../../domain/catalog.ts';

const FOOTBALL: Readonly<Record<number, string>> = {
  1: 'QB',
  2: 'RB',
  3: 'WR',
  4: 'TE',
  5: 'K',
  7: 'P',
  9: 'DT',
  10: 'DE',
  11: 'LB',
  12: 'CB',
  13: 'S',
  14: 'HC', // head coach "players" (ids -14001...), in leagues that score coaches
  15: 'TQB', // team quarterback units (ids -15001...)
  16: 'DEF', // team defence / special teams "D/ST" (ids -16001...): DEF on every platform
};

const BASEBALL: Readonly<Record<number, string>> = {
  1: 'SP',
  2: 'C',
  3: '1B',
  4: '2B',
  5: '3B',
  6: 'SS',
  7: 'OF', // left field
  8: 'OF', // centre field
  9: 'OF', // right field
  10: 'DH',
  11: 'RP',
};

const BASKETBALL: Readonly<Record<number, string>> = {
  1: 'PG',
  2: 'SG',
  3: 'SF',
  4: 'PF',
  5: 'C',
  6: 'G',
  7: 'F',
};

const POSITIONS: Readonly<Record<Sport, Readonly<Record<number, string>>>> = {
  football: FOOTBALL,
  baseball: BASEBALL,
  basketball: BASKETBALL,
};

/** The abbreviation of an ESPN defaultPositionId, or undefined for an id this table lacks. */
export function positionOf(
  sport: Sport,
  defaultPositionId: number | undefined,
): string | undefined {
  if (defaultPositionId === undefined) return undefined;
  const table = POSITIONS[sport];
  return Object.hasOwn(table, defaultPositionId) ? table[defaultPositionId] : undefined;
}

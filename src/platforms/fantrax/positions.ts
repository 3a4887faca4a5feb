// A league's sport from the positions its roster plays: getLeagueInfo names no sport, and a league
// linked by id has no entry in a user's league list to say it. Only positions one sport alone
// plays count ("C" is baseball's and basketball's, "G" and "F" hockey's and soccer's too); a
// league showing none, or two sports', has no sport here.
import type { Sport } from '../../domain/catalog.ts';

const ONLY_IN: Readonly<Record<Sport, readonly string[]>> = {
  football: ['QB', 'RB', 'WR', 'TE', 'K', 'DST', 'D/ST', 'DEF', 'DL', 'LB', 'DB', 'HB', 'FB'],
  baseball: ['SP', 'RP', 'P', '1B', '2B', '3B', 'SS', 'OF', 'LF', 'CF', 'RF', 'DH'],
  basketball: ['PG', 'SG', 'SF', 'PF'],
};

export function sportOfPositions(positions: readonly string[]): Sport | undefined {
  const upper = new Set(positions.map((p) => p.trim().toUpperCase()));
  const sports = (Object.keys(ONLY_IN) as Sport[]).filter((sport) =>
    ONLY_IN[sport].some((position) => upper.has(position)),
  );
  return sports.length === 1 ? sports[0] : undefined;
}

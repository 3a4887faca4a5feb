// ESPN's `proTeamId` per sport, as the real-life team's common upper-case abbreviation (the
// league's own: WAS, not ESPN's WSH; NYK, UTA...), so the same team reads the same on every
// platform. 0 is ESPN's "no team" (free agents, retired players): no abbreviation at all. Ids as
// ESPN's pro-team lists number them (see also cwendt94/espn-api's PRO_TEAM_MAP tables).
import type { Sport } from '../../domain/catalog.ts';

const FOOTBALL: Readonly<Record<number, string>> = {
  1: 'ATL',
  2: 'BUF',
  3: 'CHI',
  4: 'CIN',
  5: 'CLE',
  6: 'DAL',
  7: 'DEN',
  8: 'DET',
  9: 'GB',
  10: 'TEN',
  11: 'IND',
  12: 'KC',
  13: 'LV', // Oakland until the 2019 season: see footballTeam
  14: 'LAR',
  15: 'MIA',
  16: 'MIN',
  17: 'NE',
  18: 'NO',
  19: 'NYG',
  20: 'NYJ',
  21: 'PHI',
  22: 'ARI',
  23: 'PIT',
  24: 'LAC',
  25: 'SF',
  26: 'SEA',
  27: 'TB',
  28: 'WAS',
  29: 'CAR',
  30: 'JAX',
  33: 'BAL',
  34: 'HOU',
};

const BASEBALL: Readonly<Record<number, string>> = {
  1: 'BAL',
  2: 'BOS',
  3: 'LAA',
  4: 'CWS',
  5: 'CLE',
  6: 'DET',
  7: 'KC',
  8: 'MIL',
  9: 'MIN',
  10: 'NYY',
  11: 'OAK',
  12: 'SEA',
  13: 'TEX',
  14: 'TOR',
  15: 'ATL',
  16: 'CHC',
  17: 'CIN',
  18: 'HOU',
  19: 'LAD',
  20: 'WSH',
  21: 'NYM',
  22: 'PHI',
  23: 'PIT',
  24: 'STL',
  25: 'SD',
  26: 'SF',
  27: 'COL',
  28: 'MIA',
  29: 'ARI',
  30: 'TB',
};

const BASKETBALL: Readonly<Record<number, string>> = {
  1: 'ATL',
  2: 'BOS',
  3: 'NOP',
  4: 'CHI',
  5: 'CLE',
  6: 'DAL',
  7: 'DEN',
  8: 'DET',
  9: 'GSW',
  10: 'HOU',
  11: 'IND',
  12: 'LAC',
  13: 'LAL',
  14: 'MIA',
  15: 'MIL',
  16: 'MIN',
  17: 'BKN',
  18: 'NYK',
  19: 'ORL',
  20: 'PHI',
  21: 'PHX',
  22: 'POR',
  23: 'SAC',
  24: 'SAS',
  25: 'OKC',
  26: 'UTA',
  27: 'WAS',
  28: 'TOR',
  29: 'MEM',
  30: 'CHA',
};

const TEAMS: Readonly<Record<Sport, Readonly<Record<number, string>>>> = {
  football: FOOTBALL,
  baseball: BASEBALL,
  basketball: BASKETBALL,
};

/**
 * The abbreviation of a pro team in a season (this service's season, the year it starts), or
 * undefined for "no team" (0) and ids the table lacks.
 */
export function proTeamOf(
  sport: Sport,
  proTeamId: number | undefined,
  season: number,
): string | undefined {
  if (proTeamId === undefined || proTeamId === 0) return undefined;
  // The Raiders kept ESPN id 13 when they moved from Oakland to Las Vegas for the 2020 season.
  if (sport === 'football' && proTeamId === 13 && season < 2020) return 'OAK';
  const table = TEAMS[sport];
  return Object.hasOwn(table, proTeamId) ? table[proTeamId] : undefined;
}

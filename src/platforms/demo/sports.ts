// What each sport looks like in the demo data: real-life teams, positions, how many of each a
// pool holds and a fantasy roster carries, plausible uniform numbers, and the hard-case names.
import type { Sport } from '../../domain/catalog.ts';

export interface PositionProfile {
  position: string;
  /** Share of the pool at this position (team defences are instead one per real-life team). */
  weight: number;
  /** How many a fantasy roster carries. */
  rosterSlots: number;
  /** Inclusive ranges uniform numbers are drawn from; empty for team defences. */
  numbers: readonly (readonly [number, number])[];
}

/** A player the demo always includes, with the exact spelling name matching must cope with. */
export interface HardCasePlayer {
  playerId: string;
  firstName: string;
  lastName: string;
  fullName: string;
  position: string;
  irlTeam: string;
  uniformNumber: string;
}

export interface SportProfile {
  sport: Sport;
  /** Short code used in league keys and names. */
  code: string;
  /** Pool size of the bundled demo. */
  poolSize: number;
  /** First player id; ids then grow by small random steps, so they have several lengths. */
  firstPlayerId: number;
  teams: readonly string[];
  positions: readonly PositionProfile[];
  hardCases: readonly HardCasePlayer[];
}

/** NFL teams with the region their defence is named after ("Detroit Defense"). */
// prettier-ignore
export const NFL_TEAMS: Readonly<Record<string, string>> = {
  ARI: 'Arizona', ATL: 'Atlanta', BAL: 'Baltimore', BUF: 'Buffalo', CAR: 'Carolina',
  CHI: 'Chicago', CIN: 'Cincinnati', CLE: 'Cleveland', DAL: 'Dallas', DEN: 'Denver',
  DET: 'Detroit', GB: 'Green Bay', HOU: 'Houston', IND: 'Indianapolis', JAX: 'Jacksonville',
  KC: 'Kansas City', LV: 'Las Vegas', LAC: 'Los Angeles Chargers', LAR: 'Los Angeles Rams',
  MIA: 'Miami', MIN: 'Minnesota', NE: 'New England', NO: 'New Orleans', NYG: 'New York Giants',
  NYJ: 'New York Jets', PHI: 'Philadelphia', PIT: 'Pittsburgh', SF: 'San Francisco',
  SEA: 'Seattle', TB: 'Tampa Bay', TEN: 'Tennessee', WAS: 'Washington',
};

// prettier-ignore
const MLB_TEAMS = [
  'ARI', 'ATL', 'BAL', 'BOS', 'CHC', 'CWS', 'CIN', 'CLE', 'COL', 'DET', 'HOU', 'KC', 'LAA', 'LAD',
  'MIA', 'MIL', 'MIN', 'NYM', 'NYY', 'OAK', 'PHI', 'PIT', 'SD', 'SF', 'SEA', 'STL', 'TB', 'TEX',
  'TOR', 'WSH',
];

// prettier-ignore
const NBA_TEAMS = [
  'ATL', 'BOS', 'BKN', 'CHA', 'CHI', 'CLE', 'DAL', 'DEN', 'DET', 'GSW', 'HOU', 'IND', 'LAC', 'LAL',
  'MEM', 'MIA', 'MIL', 'MIN', 'NOP', 'NYK', 'OKC', 'ORL', 'PHI', 'PHX', 'POR', 'SAC', 'SAS', 'TOR',
  'UTA', 'WAS',
];

function hardCase(
  playerId: string,
  firstName: string,
  lastName: string,
  suffix: string,
  position: string,
  irlTeam: string,
  uniformNumber: number,
): HardCasePlayer {
  const fullName = `${firstName} ${lastName}${suffix === '' ? '' : ` ${suffix}`}`;
  return {
    playerId,
    firstName,
    lastName,
    fullName,
    position,
    irlTeam,
    uniformNumber: String(uniformNumber),
  };
}

export const DEFENSE_POSITION = 'DEF';

export const SPORT_PROFILES: Readonly<Record<Sport, SportProfile>> = {
  football: {
    sport: 'football',
    code: 'fb',
    poolSize: 600,
    firstPlayerId: 11,
    teams: Object.keys(NFL_TEAMS),
    positions: [
      { position: 'QB', weight: 12, rosterSlots: 2, numbers: [[1, 19]] },
      {
        position: 'RB',
        weight: 22,
        rosterSlots: 5,
        numbers: [
          [20, 49],
          [0, 9],
        ],
      },
      {
        position: 'WR',
        weight: 34,
        rosterSlots: 5,
        numbers: [
          [10, 19],
          [80, 89],
          [0, 9],
        ],
      },
      {
        position: 'TE',
        weight: 16,
        rosterSlots: 2,
        numbers: [
          [80, 89],
          [40, 49],
        ],
      },
      { position: 'K', weight: 7, rosterSlots: 1, numbers: [[1, 19]] },
      { position: DEFENSE_POSITION, weight: 0, rosterSlots: 1, numbers: [] },
    ],
    // The two "Josh Allman"s are different players who share a full name (both rostered in the
    // first football league); the rest exercise initials, accents and suffixes.
    hardCases: [
      hardCase('4046', 'Josh', 'Allman', '', 'QB', 'BUF', 17),
      hardCase('99', 'Josh', 'Allman', '', 'TE', 'JAX', 85),
      hardCase('2749', 'D.J.', 'Marlow', '', 'WR', 'CAR', 12),
      hardCase('3163', 'Andrés', 'Peñalosa', '', 'K', 'MIA', 6),
      hardCase('1872', 'Terrell', 'Okafor', 'Jr.', 'RB', 'DET', 26),
      hardCase('2315', 'Marcus', 'Whitfield', 'III', 'WR', 'SEA', 83),
    ],
  },
  baseball: {
    sport: 'baseball',
    code: 'mlb',
    poolSize: 700,
    firstPlayerId: 10_011,
    teams: MLB_TEAMS,
    positions: [
      { position: 'C', weight: 7, rosterSlots: 2, numbers: [[1, 99]] },
      { position: '1B', weight: 7, rosterSlots: 2, numbers: [[1, 99]] },
      { position: '2B', weight: 7, rosterSlots: 2, numbers: [[1, 99]] },
      { position: '3B', weight: 7, rosterSlots: 2, numbers: [[1, 99]] },
      { position: 'SS', weight: 7, rosterSlots: 2, numbers: [[1, 99]] },
      { position: 'OF', weight: 23, rosterSlots: 5, numbers: [[1, 99]] },
      { position: 'SP', weight: 24, rosterSlots: 6, numbers: [[11, 99]] },
      { position: 'RP', weight: 14, rosterSlots: 3, numbers: [[11, 99]] },
      { position: 'DH', weight: 4, rosterSlots: 1, numbers: [[1, 99]] },
    ],
    hardCases: [
      hardCase('10432', 'Joaquín', 'Ibáñez', '', '3B', 'SD', 13),
      hardCase('10587', 'Zoë', 'Brönte', '', 'OF', 'TOR', 27),
      hardCase('10613', 'A.J.', 'Brennan', '', 'C', 'STL', 4),
      hardCase('10720', 'Luis', 'Ortega', 'Jr.', 'SP', 'NYM', 48),
      hardCase('10845', 'Søren', 'Lindahl', 'II', 'RP', 'MIN', 61),
    ],
  },
  basketball: {
    sport: 'basketball',
    code: 'nba',
    poolSize: 450,
    firstPlayerId: 20_011,
    teams: NBA_TEAMS,
    positions: [
      {
        position: 'PG',
        weight: 20,
        rosterSlots: 3,
        numbers: [
          [0, 15],
          [20, 35],
        ],
      },
      {
        position: 'SG',
        weight: 20,
        rosterSlots: 3,
        numbers: [
          [0, 15],
          [20, 35],
        ],
      },
      { position: 'SF', weight: 20, rosterSlots: 2, numbers: [[0, 35]] },
      { position: 'PF', weight: 20, rosterSlots: 2, numbers: [[0, 55]] },
      { position: 'C', weight: 20, rosterSlots: 3, numbers: [[0, 55]] },
    ],
    hardCases: [
      hardCase('20218', 'T.J.', 'Okonkwo', '', 'PG', 'OKC', 3),
      hardCase('20341', 'Nikola', 'Đurović', '', 'C', 'DEN', 15),
      hardCase('20377', 'Darnell', 'Hayesworth', 'II', 'SF', 'MEM', 22),
      hardCase('20409', 'Renée', 'Castañeda', '', 'SG', 'PHX', 8),
    ],
  },
};

// Builders of valid snapshots for tests: a small league (two teams, three rostered players, one
// free agent) and a pool, each overridable field by field.
import type { LeagueSnapshot, PlayerPoolSnapshot, PlayerRecord } from '../../src/domain/records.ts';

export function buildPlayer(overrides: Partial<PlayerRecord> = {}): PlayerRecord {
  return {
    playerId: '4046',
    fullName: 'Patrick Mahomes',
    firstName: 'Patrick',
    lastName: 'Mahomes',
    position: 'QB',
    irlTeam: 'KC',
    uniformNumber: '15',
    active: true,
    ...overrides,
  };
}

/** Three players of the default league, plus a free agent who is in the pool but on no team. */
export const SAMPLE_PLAYERS: readonly PlayerRecord[] = [
  buildPlayer(),
  buildPlayer({
    playerId: '4984',
    fullName: 'Josh Allen',
    firstName: 'Josh',
    lastName: 'Allen',
    irlTeam: 'BUF',
    uniformNumber: '17',
  }),
  buildPlayer({
    playerId: 'DET',
    fullName: 'Detroit Lions',
    firstName: 'Detroit',
    lastName: 'Lions',
    position: 'DEF',
    irlTeam: 'DET',
    uniformNumber: undefined,
  }),
  buildPlayer({
    playerId: '1234',
    fullName: 'Old Timer',
    firstName: 'Old',
    lastName: 'Timer',
    position: 'RB',
    irlTeam: undefined,
    uniformNumber: undefined,
    active: false,
  }),
];

export function buildLeagueSnapshot(overrides: Partial<LeagueSnapshot> = {}): LeagueSnapshot {
  return {
    platform: 'sleeper',
    platformLeagueKey: '784462448236363776',
    season: 2021,
    sport: 'football',
    name: 'Dynasty Friends',
    numTeams: 2,
    leagueUrl: 'https://sleeper.com/leagues/784462448236363776',
    teams: [
      { rosterId: '1', name: 'Team One', ownerPlatformUserId: '111' },
      { rosterId: '2', name: 'Team Two', ownerPlatformUserId: '222' },
    ],
    rosterEntries: [
      { rosterId: '1', playerId: '4046' },
      { rosterId: '1', playerId: 'DET' },
      { rosterId: '2', playerId: '4984' },
    ],
    players: SAMPLE_PLAYERS.slice(0, 3).map((p) => ({ ...p })),
    ...overrides,
  };
}

export function buildPlayerPool(overrides: Partial<PlayerPoolSnapshot> = {}): PlayerPoolSnapshot {
  return {
    platform: 'sleeper',
    sport: 'football',
    season: 0,
    players: SAMPLE_PLAYERS.map((p) => ({ ...p })),
    ...overrides,
  };
}

// The two ESPN worlds a fake ESPN can serve, each with what it holds: the project's own made-up
// one (always there) and the recordings in ../shared/fixtures/espn (third-party data, beside the
// clone or not at all). Suites loop over both, so the checks of recorded values stay whenever the
// recordings are there.
import { ESPN_FIXTURES_SKIP, loadEspnRecordings } from './fake-espn-recordings.ts';
import { SYNTHETIC_ESPN, syntheticEspnWorld } from './fake-espn-synthetic.ts';
import { startFakeEspn } from './fake-espn.ts';
import type { FakeEspn, FakeEspnOptions } from './fake-espn.ts';

export interface EspnDataSet {
  /** For suite names: "synthetic" or "recorded". */
  label: string;
  /** For node:test's `skip` option. */
  skip: false | string;
  start(options?: Omit<FakeEspnOptions, 'world'>): Promise<FakeEspn>;
  /** Football 2020. */
  football: {
    /** On ESPN_FAN's fan profile, private; ESPN_FAN owns team 2. */
    privateLeague: { id: string; name: string; numTeams: number; rostered: number };
    /** Public; its body has teams and owners only (no settings, no rosters). */
    followedLeague: { id: string; numTeams: number };
    poolSize: number;
    /** On team 2, as /players/{league}/searchPlayer/player_id/{id} answers. */
    defence: Record<string, string>;
    /** A player on team 2, found by name. */
    named: { fullName: string; id: string; irlTeam: string };
    /** A pool player with no pro team. */
    teamless: string;
  };
  /** Basketball 2022 (ESPN seasonId 2023): a public league whose rosters carry jerseys. */
  basketball: {
    leagueId: string;
    rostered: number;
    /** How many rostered players a roster entry gives a jersey. */
    numbered: number;
    jersey: { id: string; number: string; irlTeam: string };
  };
}

export const SYNTHETIC_ESPN_DATA: EspnDataSet = {
  label: 'synthetic',
  skip: false,
  start: (options = {}) => startFakeEspn({ ...options, world: syntheticEspnWorld() }),
  football: {
    privateLeague: { ...SYNTHETIC_ESPN.privateLeague, numTeams: 4, rostered: 12 },
    followedLeague: { ...SYNTHETIC_ESPN.followedLeague, numTeams: 6 },
    poolSize: 13,
    defence: {
      player_id: '-16012',
      sport: 'football',
      full_name: 'Chiefs D/ST',
      first_name: 'Chiefs',
      last_name: 'D/ST',
      position: 'DEF',
      irl_team: 'KC',
      fantasy_team_roster_id: '2',
    },
    named: { fullName: 'Sample Passer', id: '90001', irlTeam: 'KC' },
    teamless: '90012',
  },
  basketball: {
    leagueId: SYNTHETIC_ESPN.basketballLeague.id,
    rostered: 6,
    numbered: 5,
    jersey: { id: '90101', number: '77', irlTeam: 'PHI' },
  },
};

export const RECORDED_ESPN_DATA: EspnDataSet = {
  label: 'recorded',
  skip: ESPN_FIXTURES_SKIP,
  start: (options = {}) => startFakeEspn({ ...options, world: loadEspnRecordings() }),
  football: {
    privateLeague: { id: '899513', name: 'Sucio Boys', numTeams: 10, rostered: 220 },
    followedLeague: { id: '1178049', numTeams: 14 },
    poolSize: 2656,
    defence: {
      player_id: '-16024',
      sport: 'football',
      full_name: 'Chargers D/ST',
      first_name: 'Chargers',
      last_name: 'D/ST',
      position: 'DEF',
      irl_team: 'LAC',
      fantasy_team_roster_id: '2',
    },
    named: { fullName: 'Tom Brady', id: '2330', irlTeam: 'TB' },
    teamless: '15798',
  },
  basketball: {
    leagueId: '1234',
    rostered: 81,
    // The recorded rosters give a jersey for 80 of the 81 players.
    numbered: 80,
    jersey: { id: '3059318', number: '21', irlTeam: 'PHI' },
  },
};

/** Both: suites looping over them run on the made-up world always, on the recordings when there. */
export const ESPN_DATA_SETS: readonly EspnDataSet[] = [SYNTHETIC_ESPN_DATA, RECORDED_ESPN_DATA];

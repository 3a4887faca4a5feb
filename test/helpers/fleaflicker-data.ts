// The two Fleaflicker data sets a fake Fleaflicker can serve, each with what it holds: the
// project's own made-up one (test/fixtures/fleaflicker/synthetic, always there) and the
// recordings in ../shared/fixtures/fleaflicker (third-party data, beside the clone or not at all).
// Suites loop over both, so the checks of recorded values stay whenever the recordings are there.
import { fileURLToPath } from 'node:url';
import {
  FLEAFLICKER_FIXTURES_DIR,
  FLEAFLICKER_FIXTURES_SKIP,
  RECORDED_FLEAFLICKER_EMAIL,
  startFakeFleaflicker,
} from './fake-fleaflicker.ts';
import type { FakeFleaflicker, FakeFleaflickerOptions } from './fake-fleaflicker.ts';

export const SYNTHETIC_FLEAFLICKER_DIR = fileURLToPath(
  new URL('../fixtures/fleaflicker/synthetic/', import.meta.url),
);

export interface FleaflickerDataSet {
  /** For suite names: "synthetic" or "recorded". */
  label: string;
  /** For node:test's `skip` option. */
  skip: false | string;
  /** The account's e-mail, as linked (lower case). */
  email: string;
  /** A fake serving this set, each league list trimmed to complete leagues. */
  start(options?: Omit<FakeFleaflickerOptions, 'fixturesDir' | 'email'>): Promise<FakeFleaflicker>;
  /** The account's one complete football league of 2020. */
  league: { id: string; name: string; numTeams: number; rostered: number; avatar: string };
  /** The football pool: every player of the listing. */
  poolSize: number;
  /** A rostered player, as /players/{league}/searchPlayer/player_id/{id} answers. */
  player: Record<string, string>;
  /** A rostered player found by name, and his team. */
  byName: { name: string; id: string; rosterId: string };
  /** A listed player on no team of the league. */
  free: { name: string; id: string };
  /** Another rostered player, by name, and his team. */
  rosteredName: { name: string; rosterId: string };
}

export const SYNTHETIC_FLEAFLICKER: FleaflickerDataSet = {
  label: 'synthetic',
  skip: false,
  email: 'fixturefan@example.com',
  start: (options = {}) =>
    startFakeFleaflicker({
      ...options,
      fixturesDir: SYNTHETIC_FLEAFLICKER_DIR,
      email: 'fixturefan@example.com',
      onlyRecordedLeagues: true,
    }),
  league: {
    id: '90001',
    name: 'Example Flea League',
    numTeams: 4,
    rostered: 12,
    avatar: 'https://example.com/fleaflicker/l90001.png',
  },
  poolSize: 5,
  player: {
    player_id: '90001',
    sport: 'football',
    full_name: 'Sample Passer',
    first_name: 'Sample',
    last_name: 'Passer',
    position: 'QB',
    irl_team: 'BUF',
    fantasy_team_roster_id: '90101',
  },
  byName: { name: 'Pretend Tightend', id: '90004', rosterId: '90102' },
  free: { name: 'Spare Passer', id: '90013' },
  rosteredName: { name: 'Unsigned Example', rosterId: '90104' },
};

export const RECORDED_FLEAFLICKER: FleaflickerDataSet = {
  label: 'recorded',
  skip: FLEAFLICKER_FIXTURES_SKIP,
  email: RECORDED_FLEAFLICKER_EMAIL,
  start: (options = {}) =>
    startFakeFleaflicker({
      ...options,
      fixturesDir: FLEAFLICKER_FIXTURES_DIR,
      onlyRecordedLeagues: true,
    }),
  league: {
    id: '312861',
    name: 'Avid Auctioneers Alliance',
    numTeams: 12,
    rostered: 280,
    avatar: 'https://s3.amazonaws.com/fleaflicker/l312861_0_150x150.jpg',
  },
  poolSize: 60,
  player: {
    player_id: '13761',
    sport: 'football',
    full_name: 'Josh Allen',
    first_name: 'Josh',
    last_name: 'Allen',
    position: 'QB',
    irl_team: 'BUF',
    fantasy_team_roster_id: '1581719',
  },
  byName: { name: 'Patrick Mahomes', id: '12894', rosterId: '1581721' },
  free: { name: 'Aaron Rodgers', id: '3452' },
  rosteredName: { name: 'Carson Wentz', rosterId: '1578553' },
};

/** Both: suites looping over them run on the made-up set always, on the recordings when there. */
export const FLEAFLICKER_DATA_SETS: readonly FleaflickerDataSet[] = [
  SYNTHETIC_FLEAFLICKER,
  RECORDED_FLEAFLICKER,
];

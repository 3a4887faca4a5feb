// The two Sleeper data sets a fake Sleeper can serve: the project's own made-up one
// (test/fixtures/sleeper/synthetic, always there) and the recordings in ../shared/fixtures/sleeper
// (third-party data, beside the clone or not at all). Suites that only need a Sleeper that answers
// use the synthetic set; suites that check what the recordings hold run on both, each set's
// expected facts listed here, so the recorded checks stay whenever the recordings are there.
import { fileURLToPath } from 'node:url';
import {
  RECORDED_SLEEPER_USER,
  SLEEPER_FIXTURES_DIR,
  SLEEPER_FIXTURES_SKIP,
} from './fake-platform.ts';
import { startFakeSleeper } from './fake-platform.ts';
import type { FakeSleeper, FakeSleeperOptions } from './fake-platform.ts';

export const SYNTHETIC_SLEEPER_DIR = fileURLToPath(
  new URL('../fixtures/sleeper/synthetic/', import.meta.url),
);
/** The made-up user of the synthetic set, in two 2020 leagues of four teams. */
export const SYNTHETIC_SLEEPER_USER = { username: 'fixturefan', userId: '100000000000000001' };

export interface SleeperLeagueFacts {
  id: string;
  name: string;
  numTeams: number;
}

export interface SleeperDataSet {
  /** For suite names: "synthetic" or "recorded". */
  label: string;
  /** For node:test's `skip` option. */
  skip: false | string;
  user: { username: string; userId: string };
  /** The user's two 2020 leagues, in the order the API lists them (by name). */
  leagues: readonly [SleeperLeagueFacts, SleeperLeagueFacts];
  /** The second league, the one faults are injected into: at least this many rostered players. */
  targetRostered: number;
  /** A fake Sleeper serving this set, each user's league list trimmed to complete leagues. */
  start(options?: Omit<FakeSleeperOptions, 'fixturesDir'>): Promise<FakeSleeper>;
}

export const SYNTHETIC_SLEEPER: SleeperDataSet = {
  label: 'synthetic',
  skip: false,
  user: SYNTHETIC_SLEEPER_USER,
  leagues: [
    { id: '700000000000000001', name: 'Example Gridiron League', numTeams: 4 },
    { id: '700000000000000002', name: 'Sample Dynasty League', numTeams: 4 },
  ],
  targetRostered: 9,
  start: (options = {}) =>
    startFakeSleeper({ ...options, fixturesDir: SYNTHETIC_SLEEPER_DIR, onlyRecordedLeagues: true }),
};

export const RECORDED_SLEEPER: SleeperDataSet = {
  label: 'recorded',
  skip: SLEEPER_FIXTURES_SKIP,
  user: RECORDED_SLEEPER_USER,
  leagues: [
    { id: '521379020332068864', name: 'DLP Dynasty League', numTeams: 12 },
    { id: '522458773317046272', name: 'The JanMichaelLarkin Dynasty League', numTeams: 12 },
  ],
  targetRostered: 101,
  start: (options = {}) =>
    startFakeSleeper({ ...options, fixturesDir: SLEEPER_FIXTURES_DIR, onlyRecordedLeagues: true }),
};

/** Both sets: suites looping over them run on the synthetic one always, on the recordings when there. */
export const SLEEPER_DATA_SETS: readonly SleeperDataSet[] = [SYNTHETIC_SLEEPER, RECORDED_SLEEPER];

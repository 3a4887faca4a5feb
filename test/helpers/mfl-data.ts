// The two sets of MFL exports a fake MFL can serve, each with what it holds: the project's own
// made-up one (test/fixtures/mfl/synthetic, always there) and the recordings in
// ../shared/fixtures/mfl (third-party data, beside the clone or not at all). Suites loop over
// both, so the checks of recorded values stay whenever the recordings are there.
import { fileURLToPath } from 'node:url';
import { MFL_FIXTURES_SKIP, RECORDED_MFL_FILES, startFakeMfl } from './fake-mfl.ts';
import type { FakeMfl, FakeMflOptions, MflFiles } from './fake-mfl.ts';

export const SYNTHETIC_MFL_FILES: MflFiles = {
  dir: fileURLToPath(new URL('../fixtures/mfl/synthetic/', import.meta.url)),
  exports: {
    '2020:league:90001': '2020-league-90001.json',
    '2020:league:90002': '2020-league-90002.json',
    '2020:league:90003': '2020-league-90003.json',
    '2020:rosters:90001': '2020-rosters-90001.json',
    '2020:rosters:90002': '2020-rosters-90002.json',
    '2020:players:': '2020-players.json',
    // League 90004: every league export beside the rosters (league-data.test.ts).
    '2020:league:90004': '2020-league-90004.json',
    '2020:rosters:90004': '2020-rosters-90004.json',
    '2020:leagueStandings:90004': '2020-leagueStandings-90004.json',
    '2020:schedule:90004': '2020-schedule-90004.json',
    '2020:transactions:90004': '2020-transactions-90004.json',
    '2020:draftResults:90004': '2020-draftResults-90004.json',
    '2020:auctionResults:90004': '2020-auctionResults-90004.json',
    '2020:futureDraftPicks:90004': '2020-futureDraftPicks-90004.json',
    // The game: league 90004's rules, MFL's rule names and the injury report.
    '2020:rules:90004': '2020-rules-90004.json',
    '2020:allRules:': '2020-allRules.json',
    '2020:injuries:': '2020-injuries.json',
  },
  myLeagues2020: '2020-myleagues.json',
  privateLeague: '90002',
  privateRefusal: '2020-league-90002-refused.json',
};

export interface MflDataSet {
  /** For suite names: "synthetic" or "recorded". */
  label: string;
  /** For node:test's `skip` option. */
  skip: false | string;
  files: MflFiles;
  start(options?: Omit<FakeMflOptions, 'files'>): Promise<FakeMfl>;
  /** A 2020 league anyone may read, with its rosters. */
  publicLeague: { id: string; name: string; numTeams: number; url: string; rostered: number };
  /** A 2020 league only the login reads; `listedName` is its name in TYPE=myleagues. */
  privateLeague: { id: string; listedName: string; name: string; numTeams: number; url: string };
  /** A 2020 league whose rosters are missing: its sync fails. */
  unrostered: string;
  /** The 2020 player pool (draft picks left out). */
  poolSize: number;
  /** A player rostered in the public league, as /players/{league}/searchPlayer/player_id answers. */
  player: Record<string, string>;
  /** A team's name, whose search finds its defence. */
  teamName: string;
}

export const SYNTHETIC_MFL: MflDataSet = {
  label: 'synthetic',
  skip: false,
  files: SYNTHETIC_MFL_FILES,
  start: (options = {}) => startFakeMfl({ ...options, files: SYNTHETIC_MFL_FILES }),
  publicLeague: {
    id: '90001',
    name: 'Example Public MFL League',
    numTeams: 4,
    url: 'https://www90.myfantasyleague.com/2020/home/90001',
    rostered: 7,
  },
  privateLeague: {
    id: '90002',
    listedName: 'Sample Private MFL League',
    name: 'Sample Private MFL League: 1QB',
    numTeams: 2,
    url: 'https://www90.myfantasyleague.com/2020/home/90002',
  },
  unrostered: '90003',
  poolSize: 11,
  player: {
    player_id: '90001',
    sport: 'football',
    full_name: 'Sample Passer',
    first_name: 'Sample',
    last_name: 'Passer',
    position: 'QB',
    irl_team: 'KC',
    uniform_number: '15',
    fantasy_team_roster_id: '0001',
  },
  teamName: 'Buffalo Bills',
};

export const RECORDED_MFL: MflDataSet = {
  label: 'recorded',
  skip: MFL_FIXTURES_SKIP,
  files: RECORDED_MFL_FILES,
  start: (options = {}) => startFakeMfl({ ...options, files: RECORDED_MFL_FILES }),
  publicLeague: {
    id: '54040',
    name: 'The Super Smash Bros Dynasty League',
    numTeams: 14,
    url: 'https://www47.myfantasyleague.com/2020/home/54040',
    rostered: 417,
  },
  privateLeague: {
    id: '11747',
    listedName: 'TheFanPub Best Ball II',
    name: 'TheFanPub Best Ball II: 1QB, PPR',
    numTeams: 12,
    url: 'https://www68.myfantasyleague.com/2020/home/11747',
  },
  unrostered: '65443',
  poolSize: 2716,
  player: {
    player_id: '13116',
    sport: 'football',
    full_name: 'Patrick Mahomes',
    first_name: 'Patrick',
    last_name: 'Mahomes',
    position: 'QB',
    irl_team: 'KC',
    uniform_number: '15',
    fantasy_team_roster_id: '0006',
  },
  teamName: 'Buffalo Bills',
};

/** Both: suites looping over them run on the made-up set always, on the recordings when there. */
export const MFL_DATA_SETS: readonly MflDataSet[] = [SYNTHETIC_MFL, RECORDED_MFL];

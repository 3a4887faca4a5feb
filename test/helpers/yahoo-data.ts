// The two Yahoo worlds a fake Yahoo can serve, each with what it holds: the project's own made-up
// one (fake-yahoo-synthetic.ts, always there) and the recordings in ../shared/fixtures/yahoo
// (third-party data, beside the clone or not at all). Suites loop over both, so the checks of
// recorded values stay whenever the recordings are there.
import { SYNTHETIC_YAHOO_USER, syntheticYahooWorld } from './fake-yahoo-synthetic.ts';
import {
  RECORDED_YAHOO_USER,
  YAHOO_FIXTURES_SKIP,
  loadYahooRecordings,
} from './fake-yahoo-recordings.ts';
import type { YahooRecordings } from './fake-yahoo-recordings.ts';

export interface YahooDataSet {
  /** For suite names: "synthetic" or "recorded". */
  label: string;
  /** For node:test's `skip` option. */
  skip: false | string;
  world(): YahooRecordings;
  user: { guid: string; nickname: string };
  /** The one football league a sync over the supported seasons finds, with its rostered players. */
  synced: {
    key: string;
    name: string;
    season: number;
    numTeams: number;
    url: string;
    rostered: number;
    /** The season's player pool (every player the world's rosters name). */
    poolSize: number;
    /** A rostered player, as /players/{league}/searchPlayer/player_id/{id} answers. */
    player: Record<string, string>;
  };
  /** A season holding one football league of the user, and how many teams the fake serves of it. */
  listed: { season: number; key: string; teams: number };
  /** A football game with its season, whose player list a test can replace. */
  game: { key: string; season: number };
}

export const SYNTHETIC_YAHOO_DATA: YahooDataSet = {
  label: 'synthetic',
  skip: false,
  world: syntheticYahooWorld,
  user: SYNTHETIC_YAHOO_USER,
  synced: {
    key: '399.l.90001',
    name: 'Invented Yahoo League',
    season: 2021,
    numTeams: 2,
    url: 'https://football.fantasysports.yahoo.com/f1/90001',
    rostered: 4,
    poolSize: 4,
    player: {
      player_id: '90001',
      full_name: 'Walter Example',
      first_name: 'Walter',
      last_name: 'Example',
      position: 'QB',
      irl_team: 'KC',
      uniform_number: '1',
      fantasy_team_roster_id: '1',
      sport: 'football',
    },
  },
  listed: { season: 2021, key: '399.l.90001', teams: 2 },
  game: { key: '399', season: 2021 },
};

export const RECORDED_YAHOO_DATA: YahooDataSet = {
  label: 'recorded',
  skip: YAHOO_FIXTURES_SKIP,
  world: loadYahooRecordings,
  user: RECORDED_YAHOO_USER,
  synced: {
    key: '406.l.117376',
    name: 'MCS Fantasy Football 2021',
    season: 2021,
    numTeams: 16,
    url: 'https://football.fantasysports.yahoo.com/f1/117376',
    rostered: 18,
    poolSize: 18,
    player: {
      player_id: '29369',
      full_name: 'Dak Prescott',
      first_name: 'Dak',
      last_name: 'Prescott',
      position: 'QB',
      irl_team: 'DAL',
      uniform_number: '4',
      fantasy_team_roster_id: '4',
      sport: 'football',
    },
  },
  // Only team 9 of 449.l.751781 was recorded.
  listed: { season: 2024, key: '449.l.751781', teams: 1 },
  game: { key: '461', season: 2025 },
};

/** Both: suites looping over them run on the made-up world always, on the recordings when there. */
export const YAHOO_DATA_SETS: readonly YahooDataSet[] = [SYNTHETIC_YAHOO_DATA, RECORDED_YAHOO_DATA];

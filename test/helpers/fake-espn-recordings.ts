// The recorded ESPN responses in ../shared/fixtures/espn (third-party data, beside the clone or
// not at all), as the world a fake ESPN serves (fake-espn.ts). What they hold, and what is made
// of it:
// - football 2020 league 899513: mSettings, mTeam and mDraftDetail as recorded; no mRoster was
//   recorded, so its rosters are the week-1 box score rosters (ESPN sends them in the same entry
//   shape); its schedule (mMatchupScore) is the week-2 box score's, which lists the whole
//   season, without the box score's own rosters (mBoxscore's part), and the box scores of
//   matchup periods 1 and 2 (view=mBoxscore) are the two recorded ones with their rosters;
// - football 2020 league 1178049: mTeam and the activity feed (kona_league_communication) were
//   recorded (no settings, rosters, schedule or draft);
// - basketball seasonId 2023 (the 2022-23 season): a league recorded anonymized as id 1234 (draft
//   and settings) and "LEAGUE_ID" (a roto box score of 6 teams' rosters); served as league 1234,
//   its teams being the 6 box score teams, with rosters but no names or owners, and the draft
//   (whose picks by the four other teams name no team of it);
// - the player lists of football 2020 and basketball 2023, served whole.
// The fan profile was not recorded: the one below is ours, in the shape public ESPN clients read
// (preferences of type "fantasy", metaData.entry with gameId, seasonId and groups).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { EspnSeason, EspnWorld, Json } from './fake-espn.ts';
import { ESPN_FAN, fantasyEntry } from './fake-espn.ts';

export const ESPN_FIXTURES_DIR = fileURLToPath(
  new URL('../../../shared/fixtures/espn/', import.meta.url),
);
export const ESPN_FIXTURES_SKIP: false | string = existsSync(ESPN_FIXTURES_DIR)
  ? false
  : '../shared/fixtures/espn not found: recorded-response tests skipped';

function load(name: string): Json {
  return JSON.parse(readFileSync(join(ESPN_FIXTURES_DIR, name), 'utf8')) as Json;
}

function pick(body: Json, keys: readonly string[]): Json {
  return Object.fromEntries(keys.filter((key) => key in body).map((key) => [key, body[key]]));
}

const BASE_KEYS = ['gameId', 'id', 'scoringPeriodId', 'seasonId', 'segmentId', 'status'];

interface BoxTeam {
  teamId: number;
  rosterForCurrentScoringPeriod?: { entries: Json[] };
}

/** A box score's schedule entry as mMatchupScore alone sends it: the sides without rosters. */
function scoreOnly(entry: Json): Json {
  const side = (value: unknown): unknown => {
    if (typeof value !== 'object' || value === null) return value;
    const {
      rosterForCurrentScoringPeriod: _current,
      rosterForMatchupPeriod: _period,
      ...rest
    } = value as Json;
    return rest;
  };
  return { ...entry, home: side(entry['home']), away: side(entry['away']) };
}

function recordedSeasons(): Map<string, EspnSeason> {
  const seasons = new Map<string, EspnSeason>();
  const team899513 = load('ffl-2020-league-899513-mTeam.json');
  const week1 = load(
    'ffl-2020-league-899513-week1-mMatchupScore-mBoxscore-mSettings-mRosterSettings.json',
  );
  const rosters = new Map<number, Json[]>();
  for (const matchup of week1['schedule'] as Array<{
    matchupPeriodId: number;
    home: BoxTeam;
    away: BoxTeam;
  }>) {
    if (matchup.matchupPeriodId !== 1) continue;
    for (const side of [matchup.home, matchup.away]) {
      rosters.set(side.teamId, side.rosterForCurrentScoringPeriod?.entries ?? []);
    }
  }
  const week2 = load(
    'ffl-2020-league-899513-week2-mMatchupScore-mBoxscore-mSettings-mRosterSettings.json',
  );
  const boxScores = new Map<number, Json[]>();
  for (const [period, body] of [
    [1, week1],
    [2, week2],
  ] as const) {
    const entries = (body['schedule'] as Json[]).filter((e) => e['matchupPeriodId'] === period);
    boxScores.set(period, entries);
  }
  seasons.set('ffl/2020/899513', {
    base: pick(team899513, BASE_KEYS),
    settings: load('ffl-2020-league-899513-mSettings.json')['settings'] as Json,
    teams: team899513['teams'] as Json[],
    members: team899513['members'] as Json[],
    rosters,
    schedule: (week2['schedule'] as Json[]).map(scoreOnly),
    draftDetail: load('ffl-2020-league-899513-mDraftDetail.json')['draftDetail'] as Json,
    boxScores,
  });
  const team1178049 = load('ffl-2020-league-1178049-mTeam.json');
  const feed1178049 = load('ffl-2020-league-1178049-communication-kona_league_communication.json');
  seasons.set('ffl/2020/1178049', {
    base: pick(team1178049, BASE_KEYS),
    teams: team1178049['teams'] as Json[],
    members: team1178049['members'] as Json[],
    topics: feed1178049['topics'] as Json[],
  });
  const draft = load('fba-2023-league-mDraftDetail.json');
  const box = load('fba-2023-league-boxscore-roto-mMatchupScore-mScoreboard.json');
  const [matchup] = box['schedule'] as Array<{ teams: BoxTeam[] }>;
  const boxTeams = matchup?.teams ?? [];
  seasons.set('fba/2023/1234', {
    base: pick(draft, BASE_KEYS),
    settings: draft['settings'] as Json,
    teams: boxTeams.map((team) => ({ id: team.teamId })),
    rosters: new Map(
      boxTeams.map((team) => [team.teamId, team.rosterForCurrentScoringPeriod?.entries ?? []]),
    ),
    draftDetail: draft['draftDetail'] as Json,
  });
  return seasons;
}

export function loadEspnRecordings(): EspnWorld {
  const teamName = 'Coom Dumpster';
  return {
    seasons: recordedSeasons(),
    players: new Map([
      ['ffl/2020', readFileSync(join(ESPN_FIXTURES_DIR, 'ffl-2020-players_wl.json'), 'utf8')],
      ['fba/2023', readFileSync(join(ESPN_FIXTURES_DIR, 'fba-2023-players_wl.json'), 'utf8')],
    ]),
    fanProfile: {
      id: ESPN_FAN.swid,
      preferences: [
        { id: 'pref-team', type: { id: 4, code: 'team' }, metaData: { team: { id: 1 } } },
        fantasyEntry({ gameId: 1, abbrev: 'FFL', seasonId: 2020, teamName }, 899513, 'Sucio Boys'),
        fantasyEntry(
          { gameId: 3, abbrev: 'FBA', seasonId: 2023, teamName },
          1234,
          'Orlando Beginner H2H Points League',
        ),
        // Hockey: ESPN has it, this service does not cover it.
        fantasyEntry({ gameId: 4, abbrev: 'FHL', seasonId: 2020, teamName }, 40384, "Heldt's+"),
      ],
    },
    privateLeagues: ['899513'],
  };
}

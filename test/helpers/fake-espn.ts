// A fake ESPN on 127.0.0.1: the league API (/apis/v3/games/...) and the fan API (/apis/v2/fans/...)
// answering from the recorded responses in ../shared/fixtures/espn, as ESPN would: each `view`
// adds its part of a league season (mSettings: settings; mTeam: teams and members; mRoster: each
// team's roster), seasons before 2018 answer at leagueHistory, private leagues and the fan profile
// want the member's espn_s2 and SWID cookies, and unknown things answer ESPN's 404/401 bodies.
//
// What the recordings hold, and what this fake makes of it:
// - football 2020 league 899513: mSettings and mTeam as recorded; no mRoster was recorded, so its
//   rosters are the week-1 box score rosters (ESPN sends them in the same entry shape);
// - football 2020 league 1178049: only mTeam was recorded (no settings, no rosters);
// - basketball seasonId 2023 (the 2022-23 season): a league recorded anonymized as id 1234 (draft
//   and settings) and "LEAGUE_ID" (a roto box score of 6 teams' rosters); served as league 1234,
//   its teams being the 6 box score teams, with rosters but no names or owners;
// - the player lists of football 2020 and basketball 2023, served whole.
// The fan profile was not recorded: FAN_PROFILE below is ours, in the shape public ESPN clients
// read (preferences of type "fantasy", metaData.entry with gameId, seasonId and groups).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { reply, startFakePlatform } from './fake-platform.ts';
import type { FakePlatformServer, FakeReply, FakeRequest } from './fake-platform.ts';

export const ESPN_FIXTURES_DIR = fileURLToPath(
  new URL('../../../shared/fixtures/espn/', import.meta.url),
);
export const ESPN_FIXTURES_SKIP: false | string = existsSync(ESPN_FIXTURES_DIR)
  ? false
  : '../shared/fixtures/espn not found: recorded-response tests skipped';

/** The linked fan: a member of 899513 (team 2's owner), with made-up but well-formed cookies. */
export const ESPN_FAN = {
  swid: '{05B95FAE-8345-4823-B95F-AE8345382379}',
  espnS2: 'AEBfakeS2cookieValue%2B0123456789abcdefSECRET%3D',
} as const;

/** ESPN's own refusal bodies. */
export const ESPN_BODIES = {
  notVisible: {
    messages: ['You are not authorized to view this League.'],
    details: [
      {
        message: 'You are not authorized to view this League.',
        shortMessage: 'You are not authorized to view this League.',
        resolution: null,
        type: 'AUTH_LEAGUE_NOT_VISIBLE',
        metaData: null,
      },
    ],
  },
  notFound: {
    messages: ['Not Found'],
    details: [{ message: 'Not Found', type: 'GENERAL_NOT_FOUND', metaData: null }],
  },
  fanNotFound: { message: 'fan not found' },
};

type Json = Record<string, unknown>;

/** A league season as the fake serves it, by part. */
interface RecordedSeason {
  base: Json;
  settings?: Json;
  teams?: Json[];
  members?: Json[];
  rosters?: Map<number, Json[]>;
}

export interface FakeEspnOptions {
  /** League ids that answer only to the fan's cookies (default: 899513). */
  privateLeagues?: readonly string[];
}

export interface FakeEspn extends FakePlatformServer {
  /** ESPN_BASE_URL and ESPN_FAN_BASE_URL of this fake. */
  readonly baseUrl: string;
  readonly fanBaseUrl: string;
  /** The fan profile served (change it to list other leagues). */
  fanProfile: Json;
  /** Cookies the fake accepts; clear to make every cookie "expired". */
  readonly validS2: Set<string>;
  /** Extra league seasons, keyed "ffl/2019/899513" (ESPN seasonId), served like recorded ones. */
  readonly seasons: Map<string, Json>;
  /** What the fake answers a request by itself (to restore a path after `route`). */
  answer(request: FakeRequest): FakeReply;
  /** A recorded league season as served for these views. */
  league(game: string, seasonId: number, id: string, views: readonly string[]): Json | undefined;
}

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

function recordedSeasons(): Map<string, RecordedSeason> {
  const seasons = new Map<string, RecordedSeason>();
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
  seasons.set('ffl/2020/899513', {
    base: pick(team899513, BASE_KEYS),
    settings: load('ffl-2020-league-899513-mSettings.json')['settings'] as Json,
    teams: team899513['teams'] as Json[],
    members: team899513['members'] as Json[],
    rosters,
  });
  const team1178049 = load('ffl-2020-league-1178049-mTeam.json');
  seasons.set('ffl/2020/1178049', {
    base: pick(team1178049, BASE_KEYS),
    teams: team1178049['teams'] as Json[],
    members: team1178049['members'] as Json[],
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
  });
  return seasons;
}

/** One league season with the parts the views ask for, as ESPN assembles it. */
function assemble(season: RecordedSeason, views: readonly string[]): Json {
  const body: Json = { ...season.base };
  if (views.includes('mSettings') && season.settings) body['settings'] = season.settings;
  const withTeams = views.includes('mTeam');
  const withRosters = views.includes('mRoster');
  if ((withTeams || withRosters) && season.teams) {
    body['teams'] = season.teams.map((team) => {
      const id = team['id'] as number;
      const roster = season.rosters?.get(id);
      return {
        ...(withTeams ? team : { id }),
        ...(withRosters && roster ? { roster: { entries: roster } } : {}),
      };
    });
  }
  if (withTeams && season.members) body['members'] = season.members;
  return body;
}

export const FAN_PROFILE: Json = {
  id: ESPN_FAN.swid,
  preferences: [
    { id: 'pref-team', type: { id: 4, code: 'team' }, metaData: { team: { id: 1 } } },
    fantasy(1, 'FFL', 2020, '899513', 'Sucio Boys'),
    fantasy(3, 'FBA', 2023, '1234', 'Orlando Beginner H2H Points League'),
    // Hockey: ESPN has it, this service does not cover it.
    fantasy(4, 'FHL', 2020, '40384', "Heldt's+"),
  ],
};

function fantasy(
  gameId: number,
  abbrev: string,
  seasonId: number,
  groupId: string,
  groupName: string,
): Json {
  return {
    id: `pref-${abbrev}-${groupId}`,
    type: { id: 9, code: 'fantasy' },
    metaData: {
      entry: {
        abbrev,
        gameId,
        seasonId,
        entryId: 2,
        entryMetadata: { teamName: 'Coom Dumpster' },
        groups: [{ groupId: Number(groupId), groupName, groupManager: false }],
      },
    },
  };
}

function cookiesOf(request: FakeRequest): Map<string, string> {
  const header = request.headers.cookie ?? '';
  return new Map(
    header.split(';').flatMap((part) => {
      const at = part.indexOf('=');
      return at < 0
        ? []
        : [[part.slice(0, at).trim(), part.slice(at + 1).trim()] as [string, string]];
    }),
  );
}

export async function startFakeEspn(options: FakeEspnOptions = {}): Promise<FakeEspn> {
  const recorded = recordedSeasons();
  const players = new Map<string, string>([
    ['ffl/2020', readFileSync(join(ESPN_FIXTURES_DIR, 'ffl-2020-players_wl.json'), 'utf8')],
    ['fba/2023', readFileSync(join(ESPN_FIXTURES_DIR, 'fba-2023-players_wl.json'), 'utf8')],
  ]);
  const privateLeagues = new Set(options.privateLeagues ?? ['899513']);
  const validS2 = new Set<string>([ESPN_FAN.espnS2]);
  const seasons = new Map<string, Json>();
  const state = { fanProfile: FAN_PROFILE };

  const signedIn = (request: FakeRequest): boolean => {
    const cookies = cookiesOf(request);
    return validS2.has(cookies.get('espn_s2') ?? '') && cookies.get('SWID') === ESPN_FAN.swid;
  };
  const league = (game: string, seasonId: number, id: string, views: readonly string[]) => {
    const key = `${game}/${seasonId}/${id}`;
    const extra = seasons.get(key);
    if (extra) return extra;
    const season = recorded.get(key);
    return season ? assemble(season, views) : undefined;
  };
  const answer = (request: FakeRequest): FakeReply => {
    const fan = /^\/apis\/v2\/fans\/([^/]+)$/.exec(request.path);
    if (fan) {
      if (decodeURIComponent(fan[1] as string) !== ESPN_FAN.swid || !signedIn(request)) {
        return reply.json(ESPN_BODIES.fanNotFound, 401);
      }
      return reply.json(state.fanProfile);
    }
    const views = request.query.getAll('view');
    const current = /^\/apis\/v3\/games\/(\w+)\/seasons\/(\d+)\/segments\/0\/leagues\/(\d+)$/.exec(
      request.path,
    );
    const history = /^\/apis\/v3\/games\/(\w+)\/leagueHistory\/(\d+)$/.exec(request.path);
    if (current || history) {
      const [game, seasonText, id] = current
        ? [current[1], current[2], current[3]]
        : [history?.[1], request.query.get('seasonId'), history?.[2]];
      const seasonId = Number(seasonText);
      if (privateLeagues.has(id as string) && !signedIn(request)) {
        return reply.json(ESPN_BODIES.notVisible, 401);
      }
      // ESPN serves seasons before 2018 only as history, later ones only at /seasons.
      const body =
        (current && seasonId >= 2018) || (history && seasonId < 2018)
          ? league(game as string, seasonId, id as string, views)
          : undefined;
      if (history) return reply.json(body ? [body] : []);
      return body ? reply.json(body) : reply.json(ESPN_BODIES.notFound, 404);
    }
    const list = /^\/apis\/v3\/games\/(\w+)\/seasons\/(\d+)\/players$/.exec(request.path);
    const recordedList = list ? players.get(`${list[1]}/${list[2]}`) : undefined;
    if (recordedList !== undefined) return reply.raw(recordedList);
    return reply.json(ESPN_BODIES.notFound, 404);
  };

  const server = await startFakePlatform({}, { fallback: answer });
  return {
    ...server,
    baseUrl: `${server.url}/apis/v3/games`,
    fanBaseUrl: `${server.url}/apis/v2/fans`,
    get fanProfile() {
      return state.fanProfile;
    },
    set fanProfile(value: Json) {
      state.fanProfile = value;
    },
    validS2,
    seasons,
    league,
    answer,
  };
}

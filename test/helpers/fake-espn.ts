// A fake ESPN on 127.0.0.1: the league API (/apis/v3/games/...) and the fan API (/apis/v2/fans/...)
// answering from a world given to it, as ESPN would: each `view` adds its part of a league season
// (mSettings: settings; mTeam: teams and members; mRoster: each team's roster; mMatchupScore:
// the schedule; mDraftDetail: the draft's picks), the communication endpoint serves the
// season's activity feed (kona_league_communication, paged by the X-Fantasy-Filter's offset and
// limit), seasons before
// 2018 answer at leagueHistory, private leagues and the fan profile want the member's espn_s2 and
// SWID cookies, and unknown things answer ESPN's 404/401 bodies. The world is the recordings in
// ../shared/fixtures/espn by default (fake-espn-recordings.ts), or the project's own made-up one
// (fake-espn-synthetic.ts); test/helpers/espn-data.ts pairs each with what it holds.
import { reply, startFakePlatform } from './fake-platform.ts';
import type { FakePlatformServer, FakeReply, FakeRequest } from './fake-platform.ts';
import { loadEspnRecordings } from './fake-espn-recordings.ts';

export { ESPN_FIXTURES_DIR, ESPN_FIXTURES_SKIP } from './fake-espn-recordings.ts';

/** The linked fan: team 2's owner in each world's private league; made-up, well-formed cookies. */
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

export type Json = Record<string, unknown>;

/** A league season as the fake serves it, by part; keyed "ffl/2020/899513" (ESPN seasonId). */
export interface EspnSeason {
  base: Json;
  settings?: Json;
  teams?: Json[];
  members?: Json[];
  rosters?: Map<number, Json[]>;
  /** view=mMatchupScore's `schedule`. */
  schedule?: Json[];
  /** view=mDraftDetail's `draftDetail` (with picks). */
  draftDetail?: Json;
  /** The activity feed's topics, newest first; absent: the feed answers 404. */
  topics?: Json[];
  /**
   * Box scores (view=mBoxscore) by matchup period: schedule entries whose sides carry their
   * rosters. A period not listed answers its `schedule` entries without rosters.
   */
  boxScores?: Map<number, Json[]>;
}

/** What a fake ESPN serves. */
export interface EspnWorld {
  seasons: ReadonlyMap<string, EspnSeason>;
  /** Each season player list as the JSON text ESPN sends, keyed "ffl/2020". */
  players: ReadonlyMap<string, string>;
  /** The fan profile of ESPN_FAN. */
  fanProfile: Json;
  /** League ids that answer only to the fan's cookies. */
  privateLeagues: readonly string[];
}

export interface FakeEspnOptions {
  /** Default: the world's own. */
  privateLeagues?: readonly string[];
  /** What the fake serves; default the recordings in ../shared/fixtures/espn. */
  world?: EspnWorld;
}

export interface FakeEspn extends FakePlatformServer {
  /** ESPN_BASE_URL and ESPN_FAN_BASE_URL of this fake. */
  readonly baseUrl: string;
  readonly fanBaseUrl: string;
  /** The fan profile served (change it to list other leagues). */
  fanProfile: Json;
  /** Cookies the fake accepts; clear to make every cookie "expired". */
  readonly validS2: Set<string>;
  /** Extra league seasons, keyed "ffl/2019/899513" (ESPN seasonId), served whole. */
  readonly seasons: Map<string, Json>;
  /** What the fake answers a request by itself (to restore a path after `route`). */
  answer(request: FakeRequest): FakeReply;
  /** A league season of the world as served for these views. */
  league(game: string, seasonId: number, id: string, views: readonly string[]): Json | undefined;
}

/** One league season with the parts the views ask for, as ESPN assembles it. */
function assemble(season: EspnSeason, views: readonly string[]): Json {
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
  if (views.includes('mMatchupScore') && season.schedule) body['schedule'] = season.schedule;
  if (views.includes('mDraftDetail') && season.draftDetail)
    body['draftDetail'] = season.draftDetail;
  return body;
}

/** One matchup period's box score, as the X-Fantasy-Filter's filterMatchupPeriodIds asks. */
function boxScore(season: EspnSeason, request: FakeRequest): Json {
  const filter = JSON.parse(String(request.headers['x-fantasy-filter'] ?? '{}')) as {
    schedule?: { filterMatchupPeriodIds?: { value?: number[] } };
  };
  const periods = filter.schedule?.filterMatchupPeriodIds?.value ?? [];
  const schedule = periods.flatMap(
    (period) =>
      season.boxScores?.get(period) ??
      (season.schedule ?? []).filter((entry) => entry['matchupPeriodId'] === period),
  );
  return {
    ...season.base,
    scoringPeriodId: Number(request.query.get('scoringPeriodId')),
    schedule,
  };
}

/** One page of a season's activity feed, as the X-Fantasy-Filter header asks for it. */
function activityPage(season: EspnSeason, request: FakeRequest): FakeReply {
  if (!season.topics) return reply.json(ESPN_BODIES.notFound, 404);
  const filter = JSON.parse(String(request.headers['x-fantasy-filter'] ?? '{}')) as {
    topics?: { limit?: number; offset?: number };
  };
  const offset = filter.topics?.offset ?? 0;
  const limit = filter.topics?.limit ?? 25;
  return reply.json({ topics: season.topics.slice(offset, offset + limit) });
}

/** One fantasy entry of a fan profile: the fan's team in one league of one season. */
export function fantasyEntry(
  entry: { gameId: number; abbrev: string; seasonId: number; teamName: string },
  groupId: number,
  groupName: string,
): Json {
  const { gameId, abbrev, seasonId, teamName } = entry;
  return {
    id: `pref-${abbrev}-${groupId}`,
    type: { id: 9, code: 'fantasy' },
    metaData: {
      entry: {
        abbrev,
        gameId,
        seasonId,
        entryId: 2,
        entryMetadata: { teamName },
        groups: [{ groupId, groupName, groupManager: false }],
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
  const world = options.world ?? loadEspnRecordings();
  const { seasons: known, players } = world;
  const privateLeagues = new Set(options.privateLeagues ?? world.privateLeagues);
  const validS2 = new Set<string>([ESPN_FAN.espnS2]);
  const seasons = new Map<string, Json>();
  const state = { fanProfile: world.fanProfile };

  const signedIn = (request: FakeRequest): boolean => {
    const cookies = cookiesOf(request);
    return validS2.has(cookies.get('espn_s2') ?? '') && cookies.get('SWID') === ESPN_FAN.swid;
  };
  const league = (game: string, seasonId: number, id: string, views: readonly string[]) => {
    const key = `${game}/${seasonId}/${id}`;
    const extra = seasons.get(key);
    if (extra) return extra;
    const season = known.get(key);
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
    const feed =
      /^\/apis\/v3\/games\/(\w+)\/seasons\/(\d+)\/segments\/0\/leagues\/(\d+)\/communication\/$/.exec(
        request.path,
      );
    if (feed && views.includes('kona_league_communication')) {
      if (privateLeagues.has(feed[3] as string) && !signedIn(request)) {
        return reply.json(ESPN_BODIES.notVisible, 401);
      }
      const season = known.get(`${feed[1]}/${feed[2]}/${feed[3]}`);
      return season ? activityPage(season, request) : reply.json(ESPN_BODIES.notFound, 404);
    }
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
      const boxed = current ? known.get(`${game}/${seasonId}/${id}`) : undefined;
      if (boxed && views.includes('mBoxscore')) return reply.json(boxScore(boxed, request));
      // ESPN serves seasons before 2018 only as history, later ones only at /seasons.
      const body =
        (current && seasonId >= 2018) || (history && seasonId < 2018)
          ? league(game as string, seasonId, id as string, views)
          : undefined;
      if (history) return reply.json(body ? [body] : []);
      return body ? reply.json(body) : reply.json(ESPN_BODIES.notFound, 404);
    }
    const list = /^\/apis\/v3\/games\/(\w+)\/seasons\/(\d+)\/players$/.exec(request.path);
    const served = list ? players.get(`${list[1]}/${list[2]}`) : undefined;
    if (served !== undefined) return reply.raw(served);
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

// A fake Yahoo on 127.0.0.1: the OAuth token endpoint (codes, rotating refresh tokens, refusals)
// and the Fantasy API answering from the recordings in ../shared/fixtures/yahoo. Yahoo's answers
// for the calls the connector makes (a league's teams with rosters, a game's players) are built
// from recorded pieces put in the envelopes those calls use: league metadata, team records and
// rosters as recorded; where a piece was never recorded, the fake says so beside its own filler.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { reply, startFakePlatform } from './fake-platform.ts';
import type { FakePlatformServer, FakeReply, FakeRequest } from './fake-platform.ts';
import { findElement, parseXml, yahooJsonOf } from './yahoo-xml.ts';

export const YAHOO_FIXTURES_DIR = fileURLToPath(
  new URL('../../../shared/fixtures/yahoo/', import.meta.url),
);
export const YAHOO_FIXTURES_SKIP: false | string = existsSync(YAHOO_FIXTURES_DIR)
  ? false
  : '../shared/fixtures/yahoo not found: recorded-response tests skipped';

/** The user of the recorded league list (manager "Dave" of team 9 in 449.l.751781). */
export const RECORDED_YAHOO_USER = { guid: 'BHVG6BFSIBLNQNPEC2SKXNNRVY', nickname: 'Dave' };
export const FAKE_CLIENT = { id: 'fake-client-id', secret: 'fake-client-secret' };

/** Not recorded: Yahoo's body for an unapproved application, in the shape of its other errors. */
const UNAPPROVED_BODY =
  "<?xml version='1.0' encoding='UTF-8'?>\n<yahoo:error xmlns:yahoo='http://yahooapis.com/v1/base.rng' " +
  "xml:lang='en-US'>\n  <yahoo:description>Application is not authorized to access this resource</yahoo:description>\n</yahoo:error>";

type Json = Record<string, unknown>;
type Fields = unknown[];

function recorded(name: string): Json {
  return JSON.parse(readFileSync(join(YAHOO_FIXTURES_DIR, name), 'utf8')) as Json;
}
function recordedText(name: string): string {
  return readFileSync(join(YAHOO_FIXTURES_DIR, name), 'utf8');
}
const content = (value: Json): Json => ({ fantasy_content: value });
/** Yahoo's collection shape: {"0": {name: item}, ..., "count": n}, or [] when empty. */
function collection(name: string, items: readonly unknown[]): unknown {
  if (items.length === 0) return [];
  const out: Json = {};
  items.forEach((item, index) => (out[String(index)] = { [name]: item }));
  out.count = items.length;
  return out;
}
function members(collectionValue: unknown, name: string): unknown[] {
  if (Array.isArray(collectionValue) || typeof collectionValue !== 'object' || !collectionValue) {
    return [];
  }
  const object = collectionValue as Json;
  return Object.keys(object)
    .filter((key) => /^\d+$/.test(key))
    .map((key) => (object[key] as Json)[name]);
}

interface FakeLeague {
  meta: Json;
  /** Team fields (Yahoo's array of one-key objects) and the roster where one was recorded. */
  teams: Array<{ fields: Fields; roster?: Json }>;
}

/** The recorded world: games, the user's leagues and each game's players. */
function loadWorld() {
  const list = recorded('users-games-leagues-nfl2024-mlb2025.json');
  const user = members((list.fantasy_content as Json).users, 'user')[0] as unknown[];
  const listedGames = members((user[1] as Json).games, 'game') as unknown[][];
  const games = new Map<string, Json>();
  const leagues = new Map<string, FakeLeague>();
  for (const game of listedGames) {
    const meta = game[0] as Json;
    games.set(String(meta.game_key), meta);
    for (const league of members((game[1] as Json).leagues, 'league') as unknown[][]) {
      const leagueMeta = league[0] as Json;
      leagues.set(String(leagueMeta.league_key), { meta: leagueMeta, teams: [] });
    }
  }
  // Basketball 2022: league metadata and all 14 teams recorded (no rosters were).
  const nba = (recorded('nba-2022-league-418.l.15944-teams.json').fantasy_content as Json)
    .league as unknown[];
  leagues.set('418.l.15944', {
    meta: nba[0] as Json,
    teams: (members((nba[1] as Json).teams, 'team') as Fields[]).map((team) => ({
      fields: team[0] as Fields,
    })),
  });
  // Football 2024: team 9 of the listed league was recorded (without its roster).
  const team9 = members(
    (recorded('nfl-2024-teams-449.l.751781.t.9.json').fantasy_content as Json).teams,
    'team',
  )[0] as Fields[];
  (leagues.get('449.l.751781') as FakeLeague).teams.push({ fields: team9[0] as Fields });
  // Football 2025 and baseball 2022: one team's roster each was recorded; the leagues' own
  // metadata was not, so the fake writes it (name, url, size), marked as its own.
  const rosterLeague = (file: string, key: string, code: string, season: string, sport: string) => {
    const team = (recorded(file).fantasy_content as Json).team as unknown[];
    const id = key.split('.')[2] as string;
    leagues.set(key, {
      meta: {
        league_key: key,
        league_id: id,
        name: `Fake-metadata league ${id}`,
        url: `https://${sport}.fantasysports.yahoo.com/${code === 'nfl' ? 'f1' : 'b1'}/${id}`,
        logo_url: false,
        num_teams: 1,
        game_code: code,
        season,
      },
      teams: [{ fields: team[0] as Fields, roster: (team[1] as Json).roster as Json }],
    });
  };
  rosterLeague(
    'nfl-2025-team-461.l.6288.t.4-roster-week11.json',
    '461.l.6288',
    'nfl',
    '2025',
    'football',
  );
  rosterLeague(
    'mlb-2022-team-412.l.48244.t.8-roster-week7.json',
    '412.l.48244',
    'mlb',
    '2022',
    'baseball',
  );
  // Football 2021, recorded in XML (the API's own format) and rendered as Yahoo renders JSON:
  // the league with its 16 teams (from its standings), team 4's roster and the game record.
  const xml = (file: string, name: string) =>
    findElement(parseXml(recordedText(file)), name) as NonNullable<ReturnType<typeof findElement>>;
  const league2021 = xml('nfl-2021-league-406.l.117376-standings.xml', 'league');
  const meta2021 = (
    yahooJsonOf({
      ...league2021,
      children: league2021.children.filter((c) => c.name !== 'standings'),
    }) as Json[]
  ).reduce<Json>((all, field) => ({ ...all, ...field }), {});
  const roster2021 = yahooJsonOf(
    xml('nfl-2021-team-406.l.117376.t.4-roster.xml', 'team'),
  ) as Json[];
  const teams2021 = (findElement(league2021, 'teams')?.children ?? []).map((team) => {
    const fields = yahooJsonOf({
      ...team,
      children: team.children.filter(
        (c) => !/^team_(standings|points|projected_points)$/.test(c.name),
      ),
    }) as Fields;
    const roster =
      String((fields[1] as Json).team_id) === '4'
        ? (roster2021.find((f) => 'roster' in f)?.roster as Json)
        : undefined;
    if (roster === undefined) return { fields };
    const { players, ...rest } = roster;
    return { fields, roster: { ...rest, '0': { players } } };
  });
  leagues.set('406.l.117376', { meta: meta2021, teams: teams2021 });
  for (const game of findElement(parseXml(recordedText('nfl-games-371-406.xml')), 'games')
    ?.children ?? []) {
    const meta = (yahooJsonOf(game) as Json[]).reduce<Json>(
      (all, field) => ({ ...all, ...field }),
      {},
    );
    games.set(String(meta.game_key), meta);
  }
  // Games of the leagues not in the recorded list: the fake's own game records (key, code, season).
  const ownGame = (key: string, code: string, season: string, name: string): void => {
    if (!games.has(key))
      games.set(key, { game_key: key, game_id: key, name, code, type: 'full', season });
  };
  ownGame('418', 'nba', '2022', 'Basketball');
  ownGame('461', 'nfl', '2025', 'Football');
  ownGame('412', 'mlb', '2022', 'Baseball');
  // A game's players: every recorded player record of that game (from the rosters).
  const players = new Map<string, Fields[]>();
  for (const league of leagues.values()) {
    for (const team of league.teams) {
      for (const player of members(
        team.roster?.['0'] && (team.roster['0'] as Json).players,
        'player',
      )) {
        // JSON recordings nest the fields ([[fields], {selected_position}]); XML ones do not.
        const parts = player as unknown[];
        const fields = Array.isArray(parts[0])
          ? (parts[0] as Fields)
          : parts.filter((part) => !('selected_position' in (part as Json)));
        const gameKey = String(league.meta.league_key).split('.')[0] as string;
        players.set(gameKey, [...(players.get(gameKey) ?? []), fields]);
      }
    }
  }
  return { games, leagues, players, listedGames };
}

export interface FakeYahoo extends FakePlatformServer {
  /** YAHOO_BASE_URL and YAHOO_AUTH_BASE_URL for the connector. */
  readonly baseUrl: string;
  readonly authBaseUrl: string;
  /** The code Yahoo would show the user after they approve (valid once). */
  issueCode(): string;
  /** Every access token issued so far stops working (Yahoo answers 401). */
  expireAccessTokens(): void;
  /** The one refresh token Yahoo still takes, if any. */
  validRefreshToken(): string | undefined;
  refreshes(): number;
  /** Refuse every refresh with this OAuth error (e.g. invalid_grant); undefined to stop. */
  refuseRefresh(code: string | undefined): void;
  /** Answer every API call 403 "application is not authorized" (Yahoo's approval gate). */
  setUnapproved(unapproved: boolean): void;
  /** Answer every API call 999 (with Retry-After when given); undefined to stop. */
  throttle(options: { status?: number; retryAfter?: string } | undefined): void;
  /** Replace the answer of one API path (after /fantasy/v2), e.g. with a broken body. */
  override(path: string, answer: FakeReply | undefined): void;
  readonly leagueKeys: readonly string[];
}

export async function startFakeYahoo(
  options: {
    now?: () => number;
    tokenLifetimeS?: number;
    /** The application's registered redirect URI (Yahoo refuses any other); default oob. */
    redirectUri?: string;
  } = {},
): Promise<FakeYahoo> {
  const redirectUri = options.redirectUri ?? 'oob';
  const now = options.now ?? Date.now;
  const lifetime = options.tokenLifetimeS ?? 3600;
  const world = loadWorld();
  const codes = new Set<string>();
  const accessTokens = new Map<string, number>();
  let refreshToken: string | undefined;
  let serial = 0;
  let refreshCount = 0;
  let refusal: string | undefined;
  let unapproved = false;
  let throttling: { status?: number; retryAfter?: string } | undefined;
  const overrides = new Map<string, FakeReply>();

  function issueTokens(): FakeReply {
    serial++;
    const access = `access-${serial}`;
    accessTokens.set(access, now() + lifetime * 1000);
    refreshToken = `refresh-${serial}`;
    return reply.json({
      access_token: access,
      refresh_token: refreshToken,
      expires_in: lifetime,
      token_type: 'bearer',
      xoauth_yahoo_guid: RECORDED_YAHOO_USER.guid,
    });
  }

  function token(request: FakeRequest): FakeReply {
    const basic = `Basic ${Buffer.from(`${FAKE_CLIENT.id}:${FAKE_CLIENT.secret}`).toString('base64')}`;
    if (request.method !== 'POST' || request.headers.authorization !== basic) {
      return reply.json(
        { error: 'invalid_client', error_description: 'client authentication failed' },
        401,
      );
    }
    const form = new URLSearchParams(request.body);
    const refused = (description: string): FakeReply =>
      reply.json({ error: 'invalid_grant', error_description: description }, 400);
    if (form.get('redirect_uri') !== redirectUri) return refused('redirect_uri mismatch');
    if (form.get('grant_type') === 'authorization_code') {
      const code = form.get('code') ?? '';
      if (!codes.delete(code)) return refused('INVALID_AUTHORIZATION_CODE');
      return issueTokens();
    }
    if (form.get('grant_type') === 'refresh_token') {
      if (refusal !== undefined) return reply.json({ error: refusal }, 400);
      if (refreshToken === undefined || form.get('refresh_token') !== refreshToken) {
        return refused('INVALID_REFRESH_TOKEN');
      }
      refreshCount++;
      // Yahoo rotates: the refresh token just used no longer works.
      return issueTokens();
    }
    return reply.json({ error: 'unsupported_grant_type' }, 400);
  }

  /**
   * The page where the user approves the application. A browser arriving here is taken as the
   * user approving at once: Yahoo then sends it to the redirect URI with a code and the state
   * (https://developer.yahoo.com/oauth2/guide/flows_authcode/#step-2-get-an-authorization-url-and-authorize-access).
   */
  function requestAuth(request: FakeRequest): FakeReply {
    const { query } = request;
    if (query.get('client_id') !== FAKE_CLIENT.id || query.get('response_type') !== 'code') {
      return reply.raw('unknown client', 400, { 'content-type': 'text/plain' });
    }
    if (query.get('redirect_uri') !== redirectUri || redirectUri === 'oob') {
      return reply.raw('redirect_uri mismatch', 400, { 'content-type': 'text/plain' });
    }
    const target = new URL(redirectUri);
    const code = `code-${codes.size + serial + 1}-${Math.random().toString(36).slice(2, 8)}`;
    codes.add(code);
    target.searchParams.set('code', code);
    const state = query.get('state');
    if (state !== null) target.searchParams.set('state', state);
    return { status: 302, headers: { location: target.toString() }, body: '' };
  }

  function api(request: FakeRequest): FakeReply {
    const path = request.path.slice('/fantasy/v2'.length);
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    const expiry = bearer === undefined ? undefined : accessTokens.get(bearer);
    if (expiry === undefined || expiry <= now()) {
      return reply.raw(recordedText('error-401-unauthorized.xml'), 401, {
        'content-type': 'text/xml',
      });
    }
    if (unapproved) return reply.raw(UNAPPROVED_BODY, 403, { 'content-type': 'text/xml' });
    if (throttling !== undefined) {
      const headers: Record<string, string> =
        throttling.retryAfter === undefined ? {} : { 'retry-after': throttling.retryAfter };
      return reply.raw('', throttling.status ?? 999, headers);
    }
    if (request.query.get('format') !== 'json') return reply.status(400);
    const override = overrides.get(path);
    if (override !== undefined) return override;
    return answer(path) ?? reply.status(404);
  }

  function answer(path: string): FakeReply | undefined {
    const segments = path
      .split('/')
      .filter(Boolean)
      .map((segment) => {
        const [name, ...params] = segment.split(';');
        return {
          name: name as string,
          params: new Map(params.map((p) => p.split('=') as [string, string])),
        };
      });
    const [first, second, third] = segments;
    const shape = segments.map((s) => s.name).join('/');
    if (shape === 'users' && first?.params.get('use_login') === '1') {
      const profile =
        first.params.get('out') === 'profile'
          ? [{ profile: { display_name: RECORDED_YAHOO_USER.nickname } }]
          : [];
      return reply.json(
        content({ users: collection('user', [[{ guid: RECORDED_YAHOO_USER.guid }, ...profile]]) }),
      );
    }
    if (shape === 'games') {
      const wanted = new Set((first?.params.get('game_codes') ?? '').split(','));
      const seasons = new Set((first?.params.get('seasons') ?? '').split(','));
      const found = [...world.games.values()].filter(
        (game) => wanted.has(String(game.code)) && seasons.has(String(game.season)),
      );
      return reply.json(
        content({
          games: collection(
            'game',
            found.map((game) => [game]),
          ),
        }),
      );
    }
    if (shape === 'users/games/leagues' && first?.params.get('use_login') === '1') {
      const keys = (second?.params.get('game_keys') ?? '').split(',');
      const games = keys.flatMap((key) => {
        const meta = world.games.get(key);
        const leagues = [...world.leagues.values()].filter((l) =>
          String(l.meta.league_key).startsWith(`${key}.l.`),
        );
        if (meta === undefined || leagues.length === 0) return [];
        return [
          [
            meta,
            {
              leagues: collection(
                'league',
                leagues.map((l) => [l.meta]),
              ),
            },
          ],
        ];
      });
      return reply.json(
        content({
          users: collection('user', [
            [{ guid: RECORDED_YAHOO_USER.guid }, { games: collection('game', games) }],
          ]),
        }),
      );
    }
    const leagueRoster = /^\/league\/([^/;]+)\/teams\/roster$/.exec(path);
    if (leagueRoster) {
      const league = world.leagues.get(leagueRoster[1] as string);
      if (league === undefined) return reply.status(404);
      const teams = league.teams.map((team) => [
        team.fields,
        // Not recorded for this team: an empty roster, as Yahoo shapes one.
        { roster: team.roster ?? { coverage_type: 'week', week: '1', '0': { players: [] } } },
      ]);
      return reply.json(content({ league: [league.meta, { teams: collection('team', teams) }] }));
    }
    if (/^game\/[^/]+\/players$/.test(shape)) {
      const gameKey = second?.name as string;
      const meta = world.games.get(gameKey);
      if (meta === undefined) {
        return reply.raw(recordedText('error-400-game-not-found.xml'), 400, {
          'content-type': 'text/xml',
        });
      }
      const start = Number(third?.params.get('start') ?? 0);
      const count = Math.min(25, Number(third?.params.get('count') ?? 25));
      const page = (world.players.get(gameKey) ?? []).slice(start, start + count);
      return reply.json(
        content({
          game: [
            meta,
            {
              players: collection(
                'player',
                page.map((p) => [p]),
              ),
            },
          ],
        }),
      );
    }
    return undefined;
  }

  const server = await startFakePlatform(
    {},
    {
      fallback: (request) => {
        if (request.path === '/oauth2/get_token') return token(request);
        if (request.path === '/oauth2/request_auth') return requestAuth(request);
        if (request.path.startsWith('/fantasy/v2/')) return api(request);
        return reply.status(404);
      },
    },
  );
  return {
    ...server,
    baseUrl: `${server.url}/fantasy/v2`,
    authBaseUrl: `${server.url}/oauth2`,
    issueCode() {
      const code = `code-${codes.size + serial + 1}-${Math.random().toString(36).slice(2, 8)}`;
      codes.add(code);
      return code;
    },
    expireAccessTokens: () => accessTokens.clear(),
    validRefreshToken: () => refreshToken,
    refreshes: () => refreshCount,
    refuseRefresh: (code) => (refusal = code),
    setUnapproved: (value) => (unapproved = value),
    throttle: (value) => (throttling = value),
    override(path, value) {
      if (value === undefined) overrides.delete(path);
      else overrides.set(path, value);
    },
    leagueKeys: [...world.leagues.keys()].sort(),
  };
}

// The MyFantasyLeague connector (https://api.myfantasyleague.com/2020/api_info), football only.
// An account is an MFL login (its MFL_USER_ID cookie, obtained once from the password, which is
// never stored), public league ids followed without a login, or both. Every export is read as
// JSON through the shared HTTP client, validated as it arrives and mapped in mapping.ts.
import { InvalidInputError } from '../../domain/errors.ts';
import type { PlayerPoolSnapshot } from '../../domain/records.ts';
import { PlatformError } from '../connector.ts';
import type { LeagueRef, PlatformAccount, PlatformConnector } from '../connector.ts';
import { createHttpClient } from '../http-client.ts';
import type { HttpClientOptions } from '../http-client.ts';
import { fetchGame } from './game-client.ts';
import { fetchLeagueData } from './league-data-client.ts';
import { playersTheLeagueNeeds } from './league-players.ts';
import {
  compareIds,
  lastRegularSeasonWeek,
  mapHistory,
  mapLeagueSnapshot,
  mapMyLeague,
  mapPlayerList,
} from './mapping.ts';
import { leagueApiRoot, mayFollowMflRedirect } from './hosts.ts';
import { mflLive } from './live.ts';
import { readLiveWeek, weekUnderWay, withLiveWeek } from './live-week.ts';
import { asList, exportError, responses, validate } from './schemas.ts';
import type { MflLeague } from './schemas.ts';
import {
  PUBLIC_ACCOUNT_ID,
  credentialsText,
  loginCookie,
  parseLoginAnswer,
  parseLoginFile,
  parseLeagueIds,
} from './account.ts';
import { followedLeagueIds } from '../stored-account.ts';
import { leagueRefused, needsLogin, rejected } from './refusals.ts';

export interface MflConnectorOptions extends Omit<HttpClientOptions, 'platform'> {
  /** https://api.myfantasyleague.com in production; a fake server's URL in tests. */
  baseUrl: string;
  /** Sent with every request: MFL asks API clients to name themselves. */
  userAgent?: string;
  /** Per-attempt timeout for a season's player list (about 2 MB). Default 120 s. */
  playerListTimeoutMs?: number;
}

export const DEFAULT_USER_AGENT =
  'fantasy-league-data-service/0.1 (self-hosted league reader; MFL connector)';

/** MFL throttles heavy callers: well under the 60 calls a minute its client libraries suggest. */
export const DEFAULT_REQUESTS_PER_MINUTE = 30;

type Query = Record<string, string>;

export function createMflConnector(options: MflConnectorOptions): PlatformConnector {
  const {
    baseUrl,
    userAgent = DEFAULT_USER_AGENT,
    playerListTimeoutMs = 120_000,
    ...clientOptions
  } = options;
  const client = createHttpClient({
    requestsPerMinute: DEFAULT_REQUESTS_PER_MINUTE,
    maxConcurrency: 2,
    ...clientOptions,
    headers: { 'user-agent': userAgent, ...clientOptions.headers },
    platform: 'mfl',
    mayFollow: mayFollowMflRedirect,
  });
  const apiRoot = baseUrl.replace(/\/+$/, '');
  const now = options.now ?? Date.now;

  /** One export as parsed JSON; MFL's refusals come back as `{error}` for the caller to judge. */
  function exportJson(
    root: string,
    season: number,
    query: Query,
    cookie: string | undefined,
    signal: AbortSignal | undefined,
    timeoutMs?: number,
  ): Promise<unknown> {
    const params = new URLSearchParams({ ...query, JSON: '1' });
    // Named by type and league only: never the cookie, and no long player id lists.
    const endpoint = `GET /${season}/export?TYPE=${query.TYPE}${query.L ? `&L=${query.L}` : ''}`;
    return client.getJson(`${root}/${season}/export?${params}`, {
      endpoint,
      ...(cookie === undefined ? {} : { headers: { cookie: `MFL_USER_ID=${cookie}` } }),
      ...(signal ? { signal } : {}),
      ...(timeoutMs === undefined ? {} : { timeoutMs }),
    });
  }

  /** https://api.myfantasyleague.com/2020/api_info#login_info: the password, once, for the cookie. */
  async function logIn(
    login: { username: string; password: string },
    signal: AbortSignal | undefined,
  ): Promise<string> {
    const year = new Date(now()).getUTCFullYear();
    const body = new URLSearchParams({
      USERNAME: login.username,
      PASSWORD: login.password,
      XML: '1',
    }).toString();
    const answer = await client.getText(`${apiRoot}/${year}/login`, {
      method: 'POST',
      body,
      endpoint: `POST /${year}/login`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      ...(signal ? { signal } : {}),
    });
    return parseLoginAnswer(answer, login);
  }

  /** TYPE=myleagues: the login's leagues of one season. */
  async function myLeagues(
    account: PlatformAccount,
    cookie: string,
    season: number,
    signal: AbortSignal | undefined,
  ): Promise<LeagueRef[]> {
    const query = { TYPE: 'myleagues', YEAR: String(season), FRANCHISE_NAMES: '1' };
    let body: unknown;
    try {
      body = await exportJson(apiRoot, season, query, cookie, signal);
    } catch (error) {
      if (error instanceof PlatformError && error.kind === 'forbidden') {
        throw rejected(account, `HTTP ${error.response?.status ?? 403}`);
      }
      throw error;
    }
    const refused = exportError(body);
    if (refused !== undefined) {
      if (needsLogin(refused)) throw rejected(account, refused);
      throw new PlatformError('mfl', `the ${season} league list failed: ${refused}`);
    }
    const list = validate(responses.myLeagues, body, `GET /${season}/export?TYPE=myleagues`);
    return asList(list.leagues.league).map((league) => mapMyLeague(league, season));
  }

  /** TYPE=league: the league, or MFL's refusal (a league absent that season, a private one). */
  async function readLeague(
    key: string,
    season: number,
    cookie: string | undefined,
    signal: AbortSignal | undefined,
  ): Promise<{ league: MflLeague } | { refused: string }> {
    let body: unknown;
    try {
      body = await exportJson(apiRoot, season, { TYPE: 'league', L: key }, cookie, signal);
    } catch (error) {
      if (error instanceof PlatformError && error.kind === 'not_found') {
        return { refused: 'no such league' };
      }
      throw error;
    }
    const refused = exportError(body);
    if (refused !== undefined) return { refused };
    const endpoint = `GET /${season}/export?TYPE=league&L=${key}`;
    return { league: validate(responses.league, body, endpoint).league };
  }

  /**
   * The seasons of a followed league within scope: the newest season MFL knows it in, and the
   * other seasons its history lists. A private league (no login) is listed for the newest season,
   * so its sync says it needs a login; a league MFL knows in no season likewise says what MFL said.
   */
  async function followedLeague(
    key: string,
    seasons: readonly number[],
    cookie: string | undefined,
    signal: AbortSignal | undefined,
  ): Promise<LeagueRef[]> {
    const newestFirst = [...seasons].sort((a, b) => b - a);
    const absent = new Set<number>();
    for (const season of newestFirst) {
      const answer = await readLeague(key, season, cookie, signal);
      if ('league' in answer) {
        const name = answer.league.name.trim();
        const found: LeagueRef = {
          platformLeagueKey: key,
          season,
          sport: 'football',
          ...(name ? { name } : {}),
        };
        const others = mapHistory(answer.league).filter(
          (ref) => ref.season !== season && seasons.includes(ref.season) && !absent.has(ref.season),
        );
        return [found, ...others];
      }
      if (needsLogin(answer.refused)) break;
      absent.add(season);
    }
    return [{ platformLeagueKey: key, season: newestFirst[0] as number, sport: 'football' }];
  }

  return {
    platform: 'mfl',
    live: mflLive({
      async readLeague(account, ref, signal) {
        const key = ref.platformLeagueKey;
        const cookie = loginCookie(account);
        const answer = await readLeague(key, ref.season, cookie, signal);
        if ('refused' in answer) throw leagueRefused(key, ref.season, answer.refused, cookie);
        const root = leagueApiRoot(apiRoot, answer.league.baseURL, `league ${key} (${ref.season})`);
        return {
          league: answer.league,
          read: (query, withCookie) =>
            exportJson(
              root,
              ref.season,
              { ...query, L: key },
              withCookie ? cookie : undefined,
              signal,
            ),
        };
      },
    }),

    async link(request, existing, signal) {
      const leagueIds = parseLeagueIds(request.leagueIds ?? []);
      const login =
        request.credentials === undefined ? undefined : parseLoginFile(request.credentials);
      if (login === undefined && leagueIds.length === 0) {
        throw new InvalidInputError(
          'linking MFL needs --credentials-file FILE with {"username": "...", "password": "..."}, ' +
            'or --league ID for a public league',
        );
      }
      const cookie = login === undefined ? undefined : await logIn(login, signal);
      const followed = [...new Set([...followedLeagueIds(existing), ...leagueIds])].sort(
        compareIds,
      );
      const credentials = cookie === undefined ? existing?.credentials : credentialsText(cookie);
      const username = login?.username ?? existing?.username;
      return {
        status: 'linked',
        account: {
          platform: 'mfl',
          externalUserId: login?.username ?? existing?.externalUserId ?? PUBLIC_ACCOUNT_ID,
          ...(username === undefined ? {} : { username }),
          ...(credentials === undefined ? {} : { credentials }),
          ...(followed.length === 0 ? {} : { settings: { leagueIds: followed } }),
        },
      };
    },

    async listLeagues(account, scope, signal) {
      if (!scope.sports.includes('football')) return [];
      const cookie = loginCookie(account);
      const lists = await Promise.all([
        ...(cookie === undefined
          ? []
          : scope.seasons.map((season) => myLeagues(account, cookie, season, signal))),
        ...followedLeagueIds(account).map((key) =>
          followedLeague(key, scope.seasons, cookie, signal),
        ),
      ]);
      const refs = new Map<string, LeagueRef>();
      for (const ref of lists.flat()) {
        const id = `${ref.platformLeagueKey}/${ref.season}`;
        if (scope.seasons.includes(ref.season) && !refs.get(id)?.name) refs.set(id, ref);
      }
      return [...refs.values()].sort(
        (a, b) => b.season - a.season || compareIds(a.platformLeagueKey, b.platformLeagueKey),
      );
    },

    async fetchLeague(account, ref, context, signal) {
      const key = ref.platformLeagueKey;
      const { season } = ref;
      const cookie = loginCookie(account);
      const answer = await readLeague(key, season, cookie, signal);
      if ('refused' in answer) throw leagueRefused(key, season, answer.refused, cookie);
      const root = leagueApiRoot(apiRoot, answer.league.baseURL, `league ${key} (${season})`);
      const rostersBody = await exportJson(
        root,
        season,
        { TYPE: 'rosters', L: key },
        cookie,
        signal,
      );
      const refused = exportError(rostersBody);
      if (refused !== undefined) throw leagueRefused(key, season, refused, cookie);
      const endpoint = `GET /${season}/export?TYPE=rosters&L=${key}`;
      const rosters = validate(responses.rosters, rostersBody, endpoint);
      const read = (query: Query) => exportJson(root, season, { ...query, L: key }, cookie, signal);
      const endpointOf = (type: string) => `GET /${season}/export?TYPE=${type}&L=${key}`;
      const refusedWith = (text: string) => leagueRefused(key, season, text, cookie);
      const data = await fetchLeagueData({
        read,
        endpoint: endpointOf,
        refused: refusedWith,
        needsLogin,
        lastRegularSeasonWeek: lastRegularSeasonWeek(answer.league),
      });
      const franchises = asList(rosters.rosters.franchise);
      const mapped = mapLeagueSnapshot({
        leagueKey: key,
        league: answer.league,
        season,
        rosters: franchises,
        players: [],
        standings: data.standings,
        activity: data.activity,
      });
      const teamIds = new Set(mapped.teams.map((team) => team.rosterId));
      // A week under way: its live scores too, beside the game's calls (live-week.ts).
      const week = weekUnderWay(mapped.activity);
      const [game, live] = await Promise.all([
        fetchGame({
          read,
          // Site-wide data: sent without the account's cookie, read from the API host.
          readSiteWide: (query) => exportJson(apiRoot, season, query, undefined, signal),
          endpoint: endpointOf,
          refused: refusedWith,
          context,
          leagueKey: key,
          season,
          league: answer.league,
          rosters: franchises,
          activity: mapped.activity,
          teamIds,
        }),
        week === undefined
          ? undefined
          : readLiveWeek(read, week, teamIds, endpointOf('liveScoring'), signal),
      ]);
      const fetched = { ...mapped, game };
      const snapshot = live === undefined ? fetched : await withLiveWeek(fetched, live, context);
      // Players the season's stored pool lacks (without a cookie, like the pool itself).
      const players = await playersTheLeagueNeeds(
        snapshot,
        context,
        (query) => exportJson(root, season, { ...query, L: key }, undefined, signal),
        season,
      );
      return players.length === 0 ? snapshot : { ...snapshot, players };
    },

    async fetchPlayerPool({ sport, season }, _account, signal): Promise<PlayerPoolSnapshot | null> {
      if (sport !== 'football') return null;
      // Site-wide data: sent without the account's cookie, read from the API host.
      const query = { TYPE: 'players', DETAILS: '1' };
      const body = await exportJson(apiRoot, season, query, undefined, signal, playerListTimeoutMs);
      const refused = exportError(body);
      if (refused !== undefined) {
        throw new PlatformError('mfl', `the ${season} player list failed: ${refused}`);
      }
      const list = validate(responses.players, body, `GET /${season}/export?TYPE=players`);
      const { players, externalIds } = mapPlayerList(asList(list.players.player));
      if (players.length === 0) {
        // Written, an empty list would stand for the season's players (for good, once it ends).
        const message = `MFL listed no players for ${season}`;
        throw new PlatformError('mfl', message, 'invalid_response');
      }
      return { platform: 'mfl', sport, season, players, externalIds };
    },
  };
}

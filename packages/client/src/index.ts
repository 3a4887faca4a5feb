// A typed client of the Fantasy League Data Service: one function per endpoint over openapi-fetch
// and the types generated from the service's OpenAPI document (api.ts). Answers come typed with
// their request id and rate-limit budget; problems are thrown as FantasyApiError.
import createClient from 'openapi-fetch';
import type { Client } from 'openapi-fetch';
import type { components, operations, paths } from './api.js';
import { FantasyApiError, asProblem, rateLimitOf } from './errors.js';
import type { RateLimitInfo } from './errors.js';
import { Transport } from './transport.js';
import type { RetryOptions } from './transport.js';

export { FantasyApiError } from './errors.js';
export type { Problem, ProblemCode, RateLimitInfo } from './errors.js';
export type { RetryOptions } from './transport.js';
export type { components, operations, paths } from './api.js';
export { verifyConnectOutcome } from './connect.js';
export type {
  ConnectOutcome,
  ConnectOutcomeStatus,
  VerifyConnectOutcomeOptions,
} from './connect.js';

export type League = components['schemas']['League'];
export type Player = components['schemas']['Player'];
export type RosteredPlayers = components['schemas']['RosteredPlayers'];
type LeagueQuery = NonNullable<operations['findAllLeagues']['parameters']['query']>;
export type SportFilter = NonNullable<LeagueQuery['sport']>[number];
export type Season = NonNullable<LeagueQuery['season']>[number];

/** The service accepts the token in either header, on every endpoint. */
export type TokenHeader = 'X-Auth-Token' | 'auth_token';

export interface FantasyClientOptions {
  /** Where the service answers, e.g. `http://127.0.0.1:8080`. */
  baseUrl: string;
  /** A token from `fantasy-data tokens create` (fld_...). */
  token: string;
  /** The header carrying the token (default `X-Auth-Token`). */
  tokenHeader?: TokenHeader;
  /** Answers kept to revalidate with If-None-Match (default 100); 0 turns the cache off. */
  cacheEntries?: number;
  /** Wait out a 429 and retry (true: 2 retries, waits up to 60 s); default off. */
  retryOnRateLimit?: boolean | RetryOptions;
  /** The fetch to use (default globalThis.fetch). */
  fetch?: (request: Request) => Promise<Response>;
}

export interface CallOptions {
  signal?: AbortSignal;
}

/** A successful answer. */
export interface ApiResult<T> {
  data: T;
  /** The X-Request-Id of the answer: quote it when reporting a problem. */
  requestId: string | undefined;
  etag: string | undefined;
  /** True when the service answered 304 and `data` came from this client's cache. */
  notModified: boolean;
  rateLimit: RateLimitInfo | undefined;
}

export interface PlayerMatch extends ApiResult<Player> {
  /** Players in the best matching tier (X-Match-Count): above 1, the name is ambiguous. */
  matchCount: number;
}

/** The JSON body of an operation's 200. */
type Body<Op extends keyof operations> = operations[Op] extends {
  responses: { 200: { content: { 'application/json': infer B } } };
}
  ? B
  : never;

export type Team = Body<'listTeams'>[number];
export type TeamWithPlayers = Body<'getTeam'>;
export type Standing = Body<'getStandings'>[number];
export type Matchup = Body<'listMatchups'>[number];
export type TransactionPage = Body<'listTransactions'>;
export type Transaction = TransactionPage['transactions'][number];
export type Drafts = Body<'getDraft'>;
export type Rules = Body<'getRules'>;
export type Lineups = Body<'listLineups'>;
export type TeamLineup = Lineups['teams'][number];
export type LeagueSeason = Body<'getHistory'>[number];
export type PlayerInjury = Body<'getPlayerInjury'>;
export type PlayerIds = Body<'getPlayerIds'>;
export type PlayerSearch = Body<'searchPlayers'>;

/** searchPlayers' narrowing: a position (`QB`, `WR`...; any case) and how many to list (1-25). */
export interface PlayerSearchOptions {
  position?: string;
  limit?: number;
}
export type User = Body<'getUser'>;
export type Meta = Body<'getMeta'>;
export type TransactionType = NonNullable<TransactionFilter['type']>[number];

/** listMatchups' filter: one week (every week without one). */
export interface MatchupFilter {
  week?: number;
}

/** listLineups' filters: a week's box score (the current lineup without one), one team. */
export interface LineupFilter {
  week?: number;
  rosterId?: string;
}

/** listTransactions' filters and page (next_cursor of the page before). */
export interface TransactionFilter {
  type?: Array<'add' | 'drop' | 'waiver' | 'trade' | 'commissioner'>;
  rosterId?: string;
  limit?: number;
  cursor?: string;
}

export interface LeagueFilter {
  sport?: SportFilter | readonly SportFilter[];
  season?: Season | readonly Season[];
}

export interface FantasyClient {
  /** GET /league/findAllLeagues (product `league`). */
  findAllLeagues(filter?: LeagueFilter, options?: CallOptions): Promise<ApiResult<League[]>>;
  /** GET /league/settings/{league_id} (product `league`). */
  getLeagueSettings(leagueId: number, options?: CallOptions): Promise<ApiResult<League>>;
  /** GET /players/{league_id}/searchPlayer/player_id/{player_id} (product `player`). */
  getPlayerById(
    leagueId: number,
    playerId: string,
    options?: CallOptions,
  ): Promise<ApiResult<Player>>;
  /** GET /players/{league_id}/searchPlayer/name/{player_name} (product `player`). */
  searchPlayerByName(leagueId: number, name: string, options?: CallOptions): Promise<PlayerMatch>;
  /** GET /players/getAllRostered/{league_id}/names (product `roster`). */
  getAllRosteredByName(
    leagueId: number,
    options?: CallOptions,
  ): Promise<ApiResult<RosteredPlayers>>;
  /** GET /league/teams/{league_id} (product `team`). */
  listTeams(leagueId: number, options?: CallOptions): Promise<ApiResult<Team[]>>;
  /** GET /league/teams/{league_id}/{roster_id} (product `team`). */
  getTeam(
    leagueId: number,
    rosterId: string,
    options?: CallOptions,
  ): Promise<ApiResult<TeamWithPlayers>>;
  /** GET /league/standings/{league_id} (product `team`). */
  getStandings(leagueId: number, options?: CallOptions): Promise<ApiResult<Standing[]>>;
  /**
   * GET /league/matchups/{league_id}, of one week when given (product `team`): the week as a
   * number, or as `{ week }` like listLineups' filter.
   */
  listMatchups(
    leagueId: number,
    filter?: number | MatchupFilter,
    options?: CallOptions,
  ): Promise<ApiResult<Matchup[]>>;
  /** GET /league/transactions/{league_id}: one page, newest first (product `transaction`). */
  listTransactions(
    leagueId: number,
    filter?: TransactionFilter,
    options?: CallOptions,
  ): Promise<ApiResult<TransactionPage>>;
  /** GET /league/draft/{league_id} (product `transaction`). */
  getDraft(leagueId: number, options?: CallOptions): Promise<ApiResult<Drafts>>;
  /** GET /league/rules/{league_id} (product `league`). */
  getRules(leagueId: number, options?: CallOptions): Promise<ApiResult<Rules>>;
  /** GET /league/lineups/{league_id}: a week's lineups, or the current one (product `team`). */
  listLineups(
    leagueId: number,
    filter?: LineupFilter,
    options?: CallOptions,
  ): Promise<ApiResult<Lineups>>;
  /** GET /league/history/{league_id}: the league's seasons, oldest first (product `league`). */
  getHistory(leagueId: number, options?: CallOptions): Promise<ApiResult<LeagueSeason[]>>;
  /** GET /players/{league_id}/injury/{player_id} (product `player`). */
  getPlayerInjury(
    leagueId: number,
    playerId: string,
    options?: CallOptions,
  ): Promise<ApiResult<PlayerInjury>>;
  /** GET /players/{league_id}/search?name= (product `player`): every match, best first. */
  searchPlayers(
    leagueId: number,
    name: string,
    options?: PlayerSearchOptions,
    call?: CallOptions,
  ): Promise<ApiResult<PlayerSearch>>;
  /** GET /players/{league_id}/ids/{player_id} (product `player`). */
  getPlayerIds(
    leagueId: number,
    playerId: string,
    options?: CallOptions,
  ): Promise<ApiResult<PlayerIds>>;
  /** GET /user (product `user`). */
  getUser(options?: CallOptions): Promise<ApiResult<User>>;
  /** GET /meta (product `meta`). */
  getMeta(options?: CallOptions): Promise<ApiResult<Meta>>;
  /** The underlying openapi-fetch client (same token, cache and retries), for anything else. */
  readonly raw: Client<paths>;
  /** Forgets every cached answer. */
  clearCache(): void;
}

const DEFAULT_RETRY: Required<RetryOptions> = { maxRetries: 2, maxWaitSeconds: 60 };

export function createFantasyClient(options: FantasyClientOptions): FantasyClient {
  const retry = options.retryOnRateLimit;
  const transport = new Transport({
    fetch: options.fetch ?? ((request) => globalThis.fetch(request)),
    cacheEntries: options.cacheEntries ?? 100,
    retry:
      retry === undefined || retry === false
        ? undefined
        : { ...DEFAULT_RETRY, ...(retry === true ? {} : retry) },
  });
  const raw = createClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    fetch: transport.fetch,
    headers: { [options.tokenHeader ?? 'X-Auth-Token']: options.token, Accept: 'application/json' },
  });

  /** The typed answer, or the problem thrown as a FantasyApiError. */
  function settle<T>(result: { data?: T; error?: unknown; response: Response }): ApiResult<T> {
    const { response } = result;
    if (!response.ok || result.data === undefined) {
      throw new FantasyApiError(response, asProblem(result.error));
    }
    return {
      data: result.data,
      requestId: response.headers.get('X-Request-Id') ?? undefined,
      etag: response.headers.get('ETag') ?? undefined,
      notModified: transport.wasRevalidated(response),
      rateLimit: rateLimitOf(response.headers),
    };
  }

  return {
    raw,
    clearCache: () => transport.clear(),
    async findAllLeagues(filter = {}, call = {}) {
      const query: LeagueQuery = {};
      if (filter.sport !== undefined) query.sport = listOf(filter.sport);
      if (filter.season !== undefined) query.season = listOf(filter.season);
      return settle(
        await raw.GET('/league/findAllLeagues', { params: { query }, signal: call.signal }),
      );
    },
    async getLeagueSettings(leagueId, call = {}) {
      return settle(
        await raw.GET('/league/settings/{league_id}', {
          params: { path: { league_id: leagueId } },
          signal: call.signal,
        }),
      );
    },
    async getPlayerById(leagueId, playerId, call = {}) {
      return settle(
        await raw.GET('/players/{league_id}/searchPlayer/player_id/{player_id}', {
          params: { path: { league_id: leagueId, player_id: playerId } },
          signal: call.signal,
        }),
      );
    },
    async searchPlayerByName(leagueId, name, call = {}) {
      const result = await raw.GET('/players/{league_id}/searchPlayer/name/{player_name}', {
        params: { path: { league_id: leagueId, player_name: name } },
        signal: call.signal,
      });
      const answer = settle(result);
      const count = Number(result.response.headers.get('X-Match-Count'));
      return { ...answer, matchCount: Number.isInteger(count) && count > 0 ? count : 1 };
    },
    async getAllRosteredByName(leagueId, call = {}) {
      return settle(
        await raw.GET('/players/getAllRostered/{league_id}/names', {
          params: { path: { league_id: leagueId } },
          signal: call.signal,
        }),
      );
    },
    async listTeams(leagueId, call = {}) {
      const path = { league_id: leagueId };
      return settle(await raw.GET('/league/teams/{league_id}', { params: { path }, ...call }));
    },
    async getTeam(leagueId, rosterId, call = {}) {
      return settle(
        await raw.GET('/league/teams/{league_id}/{roster_id}', {
          params: { path: { league_id: leagueId, roster_id: rosterId } },
          signal: call.signal,
        }),
      );
    },
    async getStandings(leagueId, call = {}) {
      const path = { league_id: leagueId };
      return settle(await raw.GET('/league/standings/{league_id}', { params: { path }, ...call }));
    },
    async listMatchups(leagueId, filter, call = {}) {
      const week = typeof filter === 'number' ? filter : filter?.week;
      return settle(
        await raw.GET('/league/matchups/{league_id}', {
          params: { path: { league_id: leagueId }, query: week === undefined ? {} : { week } },
          signal: call.signal,
        }),
      );
    },
    async listTransactions(leagueId, filter = {}, call = {}) {
      const query: NonNullable<operations['listTransactions']['parameters']['query']> = {};
      if (filter.type !== undefined) query.type = [...filter.type];
      if (filter.rosterId !== undefined) query.roster_id = filter.rosterId;
      if (filter.limit !== undefined) query.limit = filter.limit;
      if (filter.cursor !== undefined) query.cursor = filter.cursor;
      return settle(
        await raw.GET('/league/transactions/{league_id}', {
          params: { path: { league_id: leagueId }, query },
          signal: call.signal,
        }),
      );
    },
    async getDraft(leagueId, call = {}) {
      const path = { league_id: leagueId };
      return settle(await raw.GET('/league/draft/{league_id}', { params: { path }, ...call }));
    },
    async getRules(leagueId, call = {}) {
      const path = { league_id: leagueId };
      return settle(await raw.GET('/league/rules/{league_id}', { params: { path }, ...call }));
    },
    async listLineups(leagueId, filter = {}, call = {}) {
      const query: NonNullable<operations['listLineups']['parameters']['query']> = {};
      if (filter.week !== undefined) query.week = filter.week;
      if (filter.rosterId !== undefined) query.roster_id = filter.rosterId;
      return settle(
        await raw.GET('/league/lineups/{league_id}', {
          params: { path: { league_id: leagueId }, query },
          signal: call.signal,
        }),
      );
    },
    async getHistory(leagueId, call = {}) {
      const path = { league_id: leagueId };
      return settle(await raw.GET('/league/history/{league_id}', { params: { path }, ...call }));
    },
    async getPlayerInjury(leagueId, playerId, call = {}) {
      return settle(
        await raw.GET('/players/{league_id}/injury/{player_id}', {
          params: { path: { league_id: leagueId, player_id: playerId } },
          signal: call.signal,
        }),
      );
    },
    async searchPlayers(leagueId, name, options = {}, call = {}) {
      const query: NonNullable<operations['searchPlayers']['parameters']['query']> = { name };
      if (options.position !== undefined) query.position = options.position;
      if (options.limit !== undefined) query.limit = options.limit;
      return settle(
        await raw.GET('/players/{league_id}/search', {
          params: { path: { league_id: leagueId }, query },
          signal: call.signal,
        }),
      );
    },
    async getPlayerIds(leagueId, playerId, call = {}) {
      return settle(
        await raw.GET('/players/{league_id}/ids/{player_id}', {
          params: { path: { league_id: leagueId, player_id: playerId } },
          signal: call.signal,
        }),
      );
    },
    async getUser(call = {}) {
      return settle(await raw.GET('/user', { signal: call.signal }));
    },
    async getMeta(call = {}) {
      return settle(await raw.GET('/meta', { signal: call.signal }));
    },
  };
}

function listOf<T>(value: T | readonly T[]): T[] {
  return Array.isArray(value) ? [...(value as readonly T[])] : [value as T];
}

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
export type { ConnectOutcome, ConnectOutcomeStatus } from './connect.js';

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
  };
}

function listOf<T>(value: T | readonly T[]): T[] {
  return Array.isArray(value) ? [...(value as readonly T[])] : [value as T];
}

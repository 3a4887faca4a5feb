// The path of a request to one of the five API endpoints, as named steps: authenticate, limit,
// negotiate, check the product and the query, then the cached answer or the handler's (which is
// then cached). A cached answer is served synchronously from here to the socket write: each step
// continues at once with a value, and only waits (returns a promise) when a step has to wait.
import type { TokenAuthenticator } from '../serving/auth.ts';
import { requireProduct } from '../serving/auth.ts';
import type { Principal } from '../serving/auth.ts';
import { preferredCoding } from './cache/conditional.ts';
import { ResponseCache } from './cache/responses.ts';
import type { CachedResponse } from './cache/responses.ts';
import type { Exchange, Responder } from './wire/exchange.ts';
import { Kept, MAX_KEPT_PATH } from './wire/kept.ts';
import { negotiate } from './negotiate.ts';
import { enforceRate } from './pipeline/limit.ts';
import type { MediaType } from './negotiate.ts';
import type { RequestObserver } from './observer.ts';
import { HttpProblem } from '../serving/problems.ts';
import type { RateLimitDecision, RateLimiter } from '../serving/rate-limit.ts';
import type { ReadModel } from '../serving/read-model.ts';
import type { ApiRoute, CheckedQuery } from './route.ts';

const CONTENT_TYPES: Record<MediaType, string> = {
  'application/json': 'application/json',
  'application/xml': 'application/xml; charset=utf-8',
  'text/xml': 'text/xml; charset=utf-8',
};
const VARY_ENCODING = 'Accept-Encoding';
const VARY_BOTH = 'Accept, Accept-Encoding';
/** Paths whose keys are kept (pathKey), at most MAX_KEPT_PATH characters each. */
const MAX_KEPT_PATHS = 1024;
/** Keys kept per path and format (pathKey): one for a league's path, one per user for a list. */
const MAX_USER_KEYS = 1000;
/** The user slot of a league route's key, which serves every member. */
const NO_USER = -1;

export interface ApiServingDeps {
  routes: readonly ApiRoute[];
  auth: TokenAuthenticator;
  limiter: RateLimiter;
  /** Undefined when the app runs without a response cache. */
  responses: ResponseCache | undefined;
  read: ReadModel;
  responder: Responder;
  observer: RequestObserver | undefined;
}

/** Serves `route` for `ex`: returns when answered, or a promise when a step had to wait. */
export type ServeApi = (
  ex: Exchange,
  route: ApiRoute,
  params: readonly string[],
  rawQuery: string | undefined,
) => void | Promise<void>;

export function createApiServing(deps: ApiServingDeps): ServeApi {
  const { auth, limiter, responses, read, responder, observer } = deps;
  const leagueParams = leagueParamIndexes(deps.routes);
  const keysByPath = new Kept<string, Map<MediaType, Kept<number, string>>>(MAX_KEPT_PATHS);

  function serveApi(
    ex: Exchange,
    route: ApiRoute,
    params: readonly string[],
    rawQuery: string | undefined,
  ): void | Promise<void> {
    const authenticated = auth.authenticate(ex.headers, ex.req);
    if (authenticated instanceof Promise) {
      return authenticated.then((principal) => serveAs(ex, route, params, rawQuery, principal));
    }
    return serveAs(ex, route, params, rawQuery, authenticated);
  }

  function serveAs(
    ex: Exchange,
    route: ApiRoute,
    params: readonly string[],
    rawQuery: string | undefined,
    principal: Principal,
  ): void | Promise<void> {
    ex.userId = principal.userId;
    if (!limiter.enabled) return serveWithin(ex, route, params, rawQuery, principal);
    const hit = limiter.hit(principal.rateKey);
    if (hit instanceof Promise) {
      return hit.then((decision) => {
        checkRate(ex, decision);
        return serveWithin(ex, route, params, rawQuery, principal);
      });
    }
    checkRate(ex, hit);
    return serveWithin(ex, route, params, rawQuery, principal);
  }

  function checkRate(ex: Exchange, decision: RateLimitDecision): void {
    if (!decision.allowed) observer?.rateLimited();
    enforceRate(ex, decision, 'this token');
  }

  /** Within the rate limit: negotiate, product, query, then the cached answer or the handler's. */
  function serveWithin(
    ex: Exchange,
    route: ApiRoute,
    params: readonly string[],
    rawQuery: string | undefined,
    principal: Principal,
  ): void | Promise<void> {
    const { produces } = route.doc;
    const format = negotiate(ex.headers.accept, produces);
    if (format === undefined) {
      throw new HttpProblem(
        'not_acceptable',
        `this endpoint answers with ${listTypes(produces)}, which the Accept header does not allow`,
      );
    }
    // The operation's product, checked here only: before the query and the cache, so a token
    // without it is a 403 whatever it asks, and a query that is no question never becomes an
    // entry of its own.
    requireProduct(principal, route.doc.product);
    const query = route.checkQuery(rawQuery);
    const vary = produces.length > 1 ? VARY_BOTH : VARY_ENCODING;
    // No cache, or path parameters that fail their check (the handler words the 400).
    const keyParams = responses && route.cacheParams(params);
    if (responses === undefined || keyParams === undefined) {
      return serveUncached(ex, route, params, query, principal, format);
    }
    const leagueParam = leagueParams.get(route);
    const userId = leagueParam === undefined ? principal.userId : undefined;
    const key =
      query.key === undefined
        ? pathKey(ex.path, route, keyParams, format, userId)
        : ResponseCache.key(route.doc.operationId, userId, keyParams, query.key, format);
    const entry = responses.lookup(key, principal.userId);
    observer?.cacheLookup(entry !== undefined);
    if (entry === undefined) {
      return serveFresh(ex, route, params, query, principal, format, key, leagueParam, vary);
    }
    return sendEntry(ex, entry, vary);
  }

  /**
   * The key of an answer without a query, made once per path, format and (a user's own list)
   * user, so no key string is built per request.
   */
  function pathKey(
    path: string,
    route: ApiRoute,
    keyParams: readonly string[],
    format: MediaType,
    userId: number | undefined,
  ): string {
    let byFormat = keysByPath.get(path);
    if (byFormat === undefined) {
      byFormat = new Map();
      if (path.length <= MAX_KEPT_PATH) keysByPath.set(path, byFormat);
    }
    let byUser = byFormat.get(format);
    if (byUser === undefined) {
      byUser = new Kept(MAX_USER_KEYS);
      byFormat.set(format, byUser);
    }
    const slot = userId ?? NO_USER;
    let key = byUser.get(slot);
    if (key === undefined) {
      key = ResponseCache.key(route.doc.operationId, userId, keyParams, undefined, format);
      byUser.set(slot, key);
    }
    return key;
  }

  function sendEntry(ex: Exchange, entry: CachedResponse, vary: string): void | Promise<void> {
    const chosen = entry.representation(preferredCoding(ex.headers['accept-encoding']));
    if (chosen instanceof Promise) {
      return chosen.then((representation) =>
        responder.sendRepresentation(ex, entry, representation, vary),
      );
    }
    responder.sendRepresentation(ex, entry, chosen, vary);
  }

  /** Runs the handler, keeps its answer in the response cache, and sends it. */
  async function serveFresh(
    ex: Exchange,
    route: ApiRoute,
    params: readonly string[],
    query: CheckedQuery,
    principal: Principal,
    format: MediaType,
    key: string,
    leagueParam: number | undefined,
    vary: string,
  ): Promise<void> {
    const cache = responses as ResponseCache;
    const generation = cache.generation;
    const headers: Record<string, string> = {};
    const body = await route.run({ principal, read, rawParams: params, query, format, headers });
    const extra: string[] = [];
    for (const name in headers) extra.push(name, headers[name] as string);
    const entry = await cache.remember(
      key,
      {
        userId: principal.userId,
        leagueId: leagueParam === undefined ? undefined : Number(params[leagueParam]),
      },
      generation,
      { contentType: CONTENT_TYPES[format], body, headers: extra },
    );
    return sendEntry(ex, entry, vary);
  }

  /** Without a response cache (`cache: false`, or parameters that fail their check). */
  async function serveUncached(
    ex: Exchange,
    route: ApiRoute,
    params: readonly string[],
    query: CheckedQuery,
    principal: Principal,
    format: MediaType,
  ): Promise<void> {
    const headers: Record<string, string> = {
      Vary: route.doc.produces.length > 1 ? VARY_BOTH : VARY_ENCODING,
    };
    const body = await route.run({ principal, read, rawParams: params, query, format, headers });
    responder.send(ex, 200, CONTENT_TYPES[format], body, headers);
  }

  return serveApi;
}

/** 'a, b or c', for the 406 detail. */
function listTypes(types: readonly MediaType[]): string {
  return types.length === 1
    ? String(types[0])
    : `${types.slice(0, -1).join(', ')} or ${String(types.at(-1))}`;
}

/** Where each route has its league_id among the path parameters (league-scoped routes only). */
function leagueParamIndexes(routes: readonly ApiRoute[]): Map<ApiRoute, number> {
  const indexes = new Map<ApiRoute, number>();
  for (const route of routes) {
    const index = route.segments.filter((s) => s.startsWith('{')).indexOf('{league_id}');
    if (index !== -1) indexes.set(route, index);
  }
  return indexes;
}

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
import { Kept } from './wire/kept.ts';
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
/** Keys kept per path and format (pathKey): one for a league's path, one per user for a list. */
const MAX_USER_KEYS = 1000;
/** The user slot of a league route's key, which serves every member. */
const NO_USER = -1;

export interface ApiServingDeps {
  auth: TokenAuthenticator;
  limiter: RateLimiter;
  /** Undefined when the app runs without a response cache. */
  responses: ResponseCache | undefined;
  read: ReadModel;
  responder: Responder;
  observer: RequestObserver | undefined;
}

/** What serving a route needs that depends on the route alone: built once per route. */
export interface ServedRoute {
  readonly route: ApiRoute;
  /** Where its league_id is among the path parameters; undefined for a user's own list. */
  readonly leagueParam: number | undefined;
  /** The Vary of its answers: Accept too when it answers in more than one format. */
  readonly vary: string;
}

export function servedRoute(route: ApiRoute): ServedRoute {
  const index = route.segments.filter((s) => s.startsWith('{')).indexOf('{league_id}');
  return {
    route,
    leagueParam: index === -1 ? undefined : index,
    vary: route.doc.produces.length > 1 ? VARY_BOTH : VARY_ENCODING,
  };
}

/** Serves a route for `ex`: returns when answered, or a promise when a step had to wait. */
export type ServeApi = (
  ex: Exchange,
  served: ServedRoute,
  params: readonly string[],
  rawQuery: string | undefined,
) => void | Promise<void>;

export function createApiServing(deps: ApiServingDeps): ServeApi {
  const { auth, limiter, responses, read, responder, observer } = deps;
  const keysByParams = new WeakMap<readonly string[], Map<MediaType, Kept<number, string>>>();

  function serveApi(
    ex: Exchange,
    served: ServedRoute,
    params: readonly string[],
    rawQuery: string | undefined,
  ): void | Promise<void> {
    const authenticated = auth.authenticate(ex.headers, ex.req);
    if (authenticated instanceof Promise) {
      return authenticated.then((principal) => serveAs(ex, served, params, rawQuery, principal));
    }
    return serveAs(ex, served, params, rawQuery, authenticated);
  }

  function serveAs(
    ex: Exchange,
    served: ServedRoute,
    params: readonly string[],
    rawQuery: string | undefined,
    principal: Principal,
  ): void | Promise<void> {
    ex.userId = principal.userId;
    if (!limiter.enabled) return serveWithin(ex, served, params, rawQuery, principal);
    const hit = limiter.hit(principal.rateKey);
    if (hit instanceof Promise) {
      return hit.then((decision) => {
        checkRate(ex, decision);
        return serveWithin(ex, served, params, rawQuery, principal);
      });
    }
    checkRate(ex, hit);
    return serveWithin(ex, served, params, rawQuery, principal);
  }

  function checkRate(ex: Exchange, decision: RateLimitDecision): void {
    if (!decision.allowed) observer?.rateLimited();
    enforceRate(ex, decision, 'this token');
  }

  /** Within the rate limit: negotiate, product, query, then the cached answer or the handler's. */
  function serveWithin(
    ex: Exchange,
    served: ServedRoute,
    params: readonly string[],
    rawQuery: string | undefined,
    principal: Principal,
  ): void | Promise<void> {
    const { route } = served;
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
    // No cache, or path parameters that fail their check (the handler words the 400).
    const keyParams = responses && route.cacheParams(params);
    if (responses === undefined || keyParams === undefined) {
      return serveUncached(ex, served, params, query, principal, format);
    }
    const userId = served.leagueParam === undefined ? principal.userId : undefined;
    const key =
      query.key === undefined
        ? pathKey(route, params, keyParams, format, userId)
        : ResponseCache.key(route.doc.operationId, userId, keyParams, query.key, format);
    if (route.doc.fresh === true) {
      return serveFresh(ex, served, params, query, principal, format, key, false);
    }
    const entry = responses.lookup(key, principal.userId);
    observer?.cacheLookup(entry !== undefined);
    if (entry === undefined) {
      return serveFresh(ex, served, params, query, principal, format, key);
    }
    return sendEntry(ex, entry, served.vary);
  }

  /**
   * The key of an answer without a query, made once per path, format and (a user's own list)
   * user: the router gives a path it keeps the same parameter array every time, so the keys are
   * found by that array, without building and hashing a new string per request.
   */
  function pathKey(
    route: ApiRoute,
    params: readonly string[],
    keyParams: readonly string[],
    format: MediaType,
    userId: number | undefined,
  ): string {
    let byFormat = keysByParams.get(params);
    if (byFormat === undefined) {
      byFormat = new Map();
      keysByParams.set(params, byFormat);
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

  /** Runs the handler, keeps its answer in the response cache (unless `keep` is false), and sends it. */
  async function serveFresh(
    ex: Exchange,
    served: ServedRoute,
    params: readonly string[],
    query: CheckedQuery,
    principal: Principal,
    format: MediaType,
    key: string,
    keep = true,
  ): Promise<void> {
    const { route, leagueParam } = served;
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
      keep,
    );
    return sendEntry(ex, entry, served.vary);
  }

  /** Without a response cache (`cache: false`, or parameters that fail their check). */
  async function serveUncached(
    ex: Exchange,
    { route, vary }: ServedRoute,
    params: readonly string[],
    query: CheckedQuery,
    principal: Principal,
    format: MediaType,
  ): Promise<void> {
    const headers: Record<string, string> = { Vary: vary };
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

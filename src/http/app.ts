// The HTTP application on plain node:http: `createApp` builds what the surfaces share (caches,
// authentication, rate limits, the access log) and mounts the three surfaces per path prefix, and
// never listens (src/main.ts does). Each surface is its own named steps: the public API in
// api-mount.ts and api-serving.ts, the admin API in admin/surface.ts, the connect page in
// connect/surface.ts; the steps they share are in pipeline/.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { Duplex } from 'node:stream';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { Store } from '../storage/db.ts';
import { AccessLog } from './wire/access-log.ts';
import { createApiMount, apiDocuments, methodNotAllowed } from './api-mount.ts';
import { CorsPolicy } from './cors.ts';
import { createApiServing } from './api-serving.ts';
import {
  TOKEN_CACHE_MAX_ENTRIES,
  TOKEN_CACHE_TTL_MS,
  TokenAuthenticator,
} from '../serving/auth.ts';
import { AuthThrottle } from '../serving/auth-throttle.ts';
import { MemoryAttemptStore } from '../sync/attempts.ts';
import { cacheBudgets, createCaching } from './cache/index.ts';
import type { CacheOptions } from './cache/index.ts';
import type { Snapshots } from '../serving/cache/snapshots.ts';
import { Responder } from './wire/exchange.ts';
import type { ResponseEvent } from './wire/exchange.ts';
import type { RequestObserver } from './observer.ts';
import { HttpProblem, MAX_HEADER_BYTES } from '../serving/problems.ts';
import { MemoryRateLimitStore, RateLimiter } from '../serving/rate-limit.ts';
import type { RateLimitStore } from '../serving/rate-limit.ts';
import { RateLimitFields } from './rate-limit-fields.ts';
import { createStoreReadModel } from '../serving/read-model.ts';
import type { ReadModel } from '../serving/read-model.ts';
import { responseInFlight } from './wire/internals.ts';
import { createAdminSurface } from './admin/surface.ts';
import { createConnectSurface } from './connect/surface.ts';
import type { AccountServices } from '../sync/account-services.ts';
import { answerFailure } from './pipeline/failure.ts';
import { mountFor } from './pipeline/mount.ts';
import type { Mount } from './pipeline/mount.ts';
import { openExchange, requestIdOf } from './pipeline/request.ts';
import { apiRoutes } from './routes/index.ts';

export type { CacheOptions } from './cache/index.ts';
export type { ResponseEvent } from './wire/exchange.ts';
export { apiDocuments, READY_TIMEOUT_MS } from './api-mount.ts';
export type { ApiDocuments } from './api-mount.ts';

export interface AppDeps {
  store: Store;
  config: Config;
  logger: Logger;
  /** Defaults to the repositories over `store`; the seam for a response cache. */
  readModel?: ReadModel;
  /** Defaults to one in-memory store per app (owned and closed by the app). */
  rateLimitStore?: RateLimitStore;
  /** Failed authentications per client address; defaults to counting in memory per app. */
  authThrottle?: AuthThrottle;
  /** Called after each response is written (metrics, tests). */
  onResponse?: (event: ResponseEvent) => void;
  /** Metrics of every request (src/metrics); must be cheap: it runs on the hot path. */
  observer?: RequestObserver;
  /** The response cache and in-memory snapshots (docs/performance.md); `false` turns both off. */
  cache?: false | CacheOptions;
  /**
   * Linking and background syncs (src/sync/account-services.ts), built in the composition root:
   * with them the app serves the admin API (/admin/) and the hosted page (/connect/).
   */
  accounts?: AccountServices;
}

export interface App {
  handle(req: IncomingMessage, res: ServerResponse): void;
  /** node:http's 'clientError': a request it refused to parse (too large, malformed, too slow). */
  clientError(error: Error, socket: Duplex): void;
  /** node:http's 'connect': CONNECT comes apart from other requests and has no ServerResponse. */
  connect(req: IncomingMessage, socket: Duplex): void;
  /** Checks the store for changes now instead of at the next poll (after an in-process write). */
  refresh(): Promise<void>;
  /** The snapshots under the response cache, for the warm-up at start; undefined when it is off. */
  readonly snapshots: Snapshots | undefined;
  close(): Promise<void>;
}

export function createApp(deps: AppDeps): App {
  const { logger, onResponse, observer } = deps;
  const { supportedSeasons } = deps.config;
  const storeRead = createStoreReadModel(deps.store, supportedSeasons);
  const caching =
    deps.cache === false
      ? undefined
      : createCaching(deps.store, storeRead, logger, supportedSeasons, {
          ...cacheBudgets(deps.config.cacheMegabytes),
          ...deps.cache,
        });
  const read = deps.readModel ?? caching?.read ?? storeRead;
  const ownRateStore = deps.rateLimitStore === undefined ? new MemoryRateLimitStore() : undefined;
  const limiter = new RateLimiter(
    deps.rateLimitStore ?? (ownRateStore as RateLimitStore),
    deps.config.rateLimitPerMinute,
  );
  const ownAttempts = deps.authThrottle === undefined ? new MemoryAttemptStore() : undefined;
  const authThrottle =
    deps.authThrottle ??
    new AuthThrottle(ownAttempts as MemoryAttemptStore, deps.config.authFailuresPerMinute);
  const auth = new TokenAuthenticator(
    (hash) => read.findToken(hash),
    Date.now,
    TOKEN_CACHE_TTL_MS,
    TOKEN_CACHE_MAX_ENTRIES,
    authThrottle,
  );
  // The request line carries fixed fields, none of them a secret (see access-log.ts).
  const accessLog = new AccessLog(logger, deps.config.accessLogFlushMs);
  const responder = new Responder(
    new RateLimitFields(deps.config.rateLimitPerMinute),
    accessLog,
    onResponse,
    observer,
  );
  const routes = apiRoutes(supportedSeasons);
  const serveApi = createApiServing({
    auth,
    limiter,
    responses: caching?.responses,
    read,
    responder,
    observer,
  });
  const api = createApiMount({
    routes,
    serveApi,
    documents: apiDocuments(supportedSeasons),
    read,
    responder,
    logger,
    ...(deps.config.corsOrigins.length > 0 && { cors: new CorsPolicy(deps.config.corsOrigins) }),
  });
  const services =
    deps.accounts === undefined
      ? undefined
      : { store: deps.store, config: deps.config, accounts: deps.accounts, authThrottle };
  // By path prefix, the first that matches; the public API takes every other path.
  const mounts: readonly Mount[] =
    services === undefined
      ? [api]
      : [
          createAdminSurface({ services, limiter, responder }),
          createConnectSurface({ services, limiter, responder, logger }),
          api,
        ];

  return {
    handle(req, res) {
      const url = req.url ?? '/';
      const query = url.indexOf('?');
      const ex = openExchange(req, res, url, query);
      const mount = mountFor(mounts, ex.path);
      let served: void | Promise<void>;
      try {
        served = mount.serve(ex, query === -1 ? undefined : url.slice(query + 1));
      } catch (error) {
        return answerFailure(logger, mount, ex, error);
      }
      served?.catch((error: unknown) => answerFailure(logger, mount, ex, error));
    },
    clientError(error, socket) {
      const { code } = error as NodeJS.ErrnoException;
      const started = performance.now();
      const answer = (): void => {
        // Nothing can be said on a connection the peer reset or that is already closing.
        if (code === 'ECONNRESET' || !socket.writable) return void socket.destroy();
        responder.sendOnSocket(socket, clientProblem(code), {
          requestId: randomUUID(),
          started,
          path: '',
        });
      };
      // A pipelined request may still be answering on this connection (node:http's own, internal
      // link): the problem follows its answer, never cuts into it.
      const inFlight = responseInFlight(socket);
      if (inFlight?.writableFinished === false) inFlight.once('finish', answer);
      else answer();
    },
    connect(req, socket) {
      const url = req.url ?? '';
      responder.sendOnSocket(socket, methodNotAllowed('CONNECT'), {
        requestId: requestIdOf(req.headers['x-request-id']),
        started: performance.now(),
        method: 'CONNECT',
        // Like every other request's, the path without its query.
        path: url.includes('?') ? url.slice(0, url.indexOf('?')) : url,
      });
    },
    refresh: async () => caching?.refresh(),
    snapshots: caching?.snapshots,
    async close() {
      accessLog.close();
      await caching?.close();
      auth.clear();
      await ownRateStore?.close();
      await ownAttempts?.close();
    },
  };
}

/** The problem for what node:http's parser refused, by its error code. */
function clientProblem(code: string | undefined): HttpProblem {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return new HttpProblem(
        'headers_too_large',
        `the request line and headers exceed ${MAX_HEADER_BYTES / 1024} KB; send a shorter path or fewer headers`,
      );
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return new HttpProblem('request_timeout', 'the request did not arrive in time');
    default:
      return new HttpProblem(
        'malformed_request',
        'the request is not HTTP/1.1 this server can read',
      );
  }
}

// The HTTP application on plain node:http: `createApp` wires routes, authentication, rate limits,
// content negotiation and problem rendering, and never listens (src/main.ts does). The path of an
// API request is in api-serving.ts; this file routes, answers the operations and the errors.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { Duplex } from 'node:stream';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { Store } from '../storage/db.ts';
import { describeStoreError, isStoreUnavailable } from '../storage/unavailable.ts';
import { withTimeout } from '../timeout.ts';
import { AccessLog } from './wire/access-log.ts';
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
import { renderDocsHtml } from './docs-html.ts';
import { Responder } from './wire/exchange.ts';
import type { Exchange, ResponseEvent } from './wire/exchange.ts';
import type { RequestObserver } from './observer.ts';
import { buildOpenApi } from './openapi.ts';
import type { OpenApiDocument } from './openapi.ts';
import { HttpProblem, MAX_HEADER_BYTES, storeUnavailableProblem } from '../serving/problems.ts';
import { MemoryRateLimitStore, RateLimiter } from '../serving/rate-limit.ts';
import type { RateLimitStore } from '../serving/rate-limit.ts';
import { RateLimitFields } from './rate-limit-fields.ts';
import { createStoreReadModel } from '../serving/read-model.ts';
import type { ReadModel } from '../serving/read-model.ts';
import { responseInFlight } from './wire/internals.ts';
import { discardBody } from './wire/request-body.ts';
import { apiHeaders } from './wire/request-headers.ts';
import type { ApiRoute } from './route.ts';
import { createAdminSurface } from './admin/surface.ts';
import { ADMIN_ROUTES } from './admin/routes/index.ts';
import type { AdminSurface } from './admin/surface.ts';
import { createConnectSurface } from './connect/surface.ts';
import type { ConnectSurface } from './connect/surface.ts';
import type { AccountServices } from '../sync/account-services.ts';
import { Router } from './wire/router.ts';
import { apiRoutes } from './routes/index.ts';
import { OPERATIONS } from './routes/operations.ts';
import type { OperationDoc } from './routes/operations.ts';

export type { CacheOptions } from './cache/index.ts';
export type { ResponseEvent } from './wire/exchange.ts';

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

export const READY_TIMEOUT_MS = 2000;
const ALLOW = 'GET, HEAD';
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;
const HEALTHY = Buffer.from('{"status":"ok"}');

type Target = { kind: 'api'; route: ApiRoute } | { kind: 'operation'; operation: OperationDoc };

export interface ApiDocuments {
  openapi: OpenApiDocument;
  json: Buffer;
  html: Buffer;
}

/** By the served seasons: a process normally has one setting, tests several. */
const documents = new Map<string, ApiDocuments>();

/** The OpenAPI document and the reference page of a service serving `seasons`, built once. */
export function apiDocuments(seasons: readonly number[]): ApiDocuments {
  const key = seasons.join(',');
  let built = documents.get(key);
  if (built === undefined) {
    const openapi = buildOpenApi(
      apiRoutes(seasons).map((route) => route.doc),
      OPERATIONS,
      ADMIN_ROUTES.map((route) => route.doc),
    );
    built = {
      openapi,
      json: Buffer.from(JSON.stringify(openapi)),
      html: Buffer.from(renderDocsHtml(openapi)),
    };
    documents.set(key, built);
  }
  return built;
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
  const routes = apiRoutes(supportedSeasons);
  const router = new Router<Target>();
  for (const route of routes) router.add(route.doc.path, { kind: 'api', route });
  for (const operation of OPERATIONS) router.add(operation.path, { kind: 'operation', operation });
  const docs = apiDocuments(supportedSeasons);
  // The request line carries fixed fields, none of them a secret (see access-log.ts).
  const accessLog = new AccessLog(logger, deps.config.accessLogFlushMs);
  const responder = new Responder(
    new RateLimitFields(deps.config.rateLimitPerMinute),
    accessLog,
    onResponse,
    observer,
  );
  const send = responder.send.bind(responder);
  const sendProblem = responder.sendProblem.bind(responder);
  const services =
    deps.accounts === undefined
      ? undefined
      : { store: deps.store, config: deps.config, accounts: deps.accounts, authThrottle };
  const admin: AdminSurface | undefined =
    services && createAdminSurface({ services, limiter, responder, logger });
  const connect: ConnectSurface | undefined =
    services && createConnectSurface({ services, limiter, responder, logger });

  const serveApi = createApiServing({
    routes,
    auth,
    limiter,
    responses: caching?.responses,
    read,
    responder,
    observer,
  });

  async function serveOperation(ex: Exchange, operation: OperationDoc): Promise<void> {
    switch (operation.operationId) {
      case 'healthz':
        return send(ex, 200, 'application/json', HEALTHY);
      case 'readyz':
        await ready(read, logger, ex.requestId);
        return send(ex, 200, 'application/json', HEALTHY);
      case 'openapi':
        return send(ex, 200, 'application/json', docs.json, { 'Cache-Control': 'no-cache' });
      case 'docs':
        return send(ex, 200, 'text/html; charset=utf-8', docs.html, {
          'Cache-Control': 'no-cache',
        });
    }
  }

  function serve(ex: Exchange, rawQuery: string | undefined): void | Promise<void> {
    if (admin !== undefined && ex.path.startsWith('/admin/')) return admin.serve(ex, rawQuery);
    if (connect !== undefined && ex.path.startsWith('/connect/')) {
      return connect.serve(ex, rawQuery);
    }
    const match = router.match(ex.path);
    if (match === undefined) {
      throw new HttpProblem('route_not_found', 'no endpoint has this path; the list is at /docs');
    }
    const { target } = match;
    ex.operationId =
      target.kind === 'api' ? target.route.doc.operationId : target.operation.operationId;
    const { method } = ex.req;
    if (method !== 'GET' && method !== 'HEAD') throw methodNotAllowed(method);
    discardBody(ex.req);
    if (target.kind === 'api') return serveApi(ex, target.route, match.params, rawQuery);
    return serveOperation(ex, target.operation);
  }

  function fail(ex: Exchange, error: unknown): void {
    if (error instanceof HttpProblem) {
      if (!ex.res.headersSent) return sendProblem(ex, error);
    } else if (isStoreUnavailable(error)) {
      // An outage, not a fault: the API, the admin API and the connect page all say so alike.
      const { reason, code } = describeStoreError(error);
      logger.warn(
        { request_id: ex.requestId, route: ex.operationId, reason, ...(code && { code }) },
        'request failed: the store does not answer',
      );
      if (!ex.res.headersSent) return sendProblem(ex, storeUnavailableProblem());
    } else {
      logger.error(
        { err: error, request_id: ex.requestId, route: ex.operationId },
        'request failed',
      );
      if (!ex.res.headersSent) {
        return sendProblem(
          ex,
          new HttpProblem(
            'internal_error',
            `something went wrong on our side; quote request id ${ex.requestId} when reporting it`,
          ),
        );
      }
    }
    ex.res.destroy();
  }

  return {
    handle(req, res) {
      const url = req.url ?? '/';
      const query = url.indexOf('?');
      const headers = apiHeaders(req.rawHeaders);
      const incomingId = headers['x-request-id'];
      const ex: Exchange = {
        req,
        res,
        headers,
        requestId:
          typeof incomingId === 'string' && REQUEST_ID.test(incomingId) ? incomingId : randomUUID(),
        started: performance.now(),
        path: query === -1 ? url : url.slice(0, query),
        operationId: undefined,
        userId: undefined,
        rate: undefined,
        adminKeyId: undefined,
      };
      let served: void | Promise<void>;
      try {
        served = serve(ex, query === -1 ? undefined : url.slice(query + 1));
      } catch (error) {
        return fail(ex, error);
      }
      served?.catch((error: unknown) => fail(ex, error));
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
      const incomingId = req.headers['x-request-id'];
      const url = req.url ?? '';
      responder.sendOnSocket(socket, methodNotAllowed('CONNECT'), {
        requestId:
          typeof incomingId === 'string' && REQUEST_ID.test(incomingId) ? incomingId : randomUUID(),
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

function methodNotAllowed(method: string | undefined): HttpProblem {
  return new HttpProblem(
    'method_not_allowed',
    `${String(method)} is not allowed here; the API is read-only`,
    {},
    { Allow: ALLOW },
  );
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

/** Throws a 503 problem unless the store answers within READY_TIMEOUT_MS. */
async function ready(read: ReadModel, logger: Logger, requestId: string): Promise<void> {
  try {
    await withTimeout(read.ping(), READY_TIMEOUT_MS, `no answer within ${READY_TIMEOUT_MS} ms`);
  } catch (error) {
    logger.warn({ err: error, request_id: requestId }, 'readiness check failed');
    throw new HttpProblem('not_ready', 'the store does not answer');
  }
}

// The public API's mount: its path matched to an endpoint (api-serving.ts) or to an operation of
// the service itself (health, readiness, the OpenAPI document, its page and the page's files under
// /docs/assets/); read-only, so only GET and HEAD, whose bodies are dropped as they arrive.
// Failures are JSON problems.
import type { Logger } from 'pino';
import { withTimeout } from '../timeout.ts';
import { HttpProblem } from '../serving/problems.ts';
import type { ReadModel } from '../serving/read-model.ts';
import { servedRoute } from './api-serving.ts';
import type { ServeApi, ServedRoute } from './api-serving.ts';
import { buildOpenApi } from './openapi.ts';
import type { OpenApiDocument } from './openapi.ts';
import { preferredCoding } from './cache/conditional.ts';
import { ASSET_CACHE_CONTROL, ASSET_PREFIX, docsAssets } from './docs/assets.ts';
import type { DocsAssets } from './docs/assets.ts';
import { renderDocsPage } from './docs/page.ts';
import type { Mount } from './pipeline/mount.ts';
import type { ApiRoute } from './route.ts';
import { ADMIN_ROUTES } from './admin/routes/index.ts';
import { apiRoutes } from './routes/index.ts';
import { OPERATIONS } from './routes/operations.ts';
import type { OperationDoc } from './routes/operations.ts';
import type { Exchange, Responder } from './wire/exchange.ts';
import { discardBody } from './wire/request-body.ts';
import { Router } from './wire/router.ts';
import type { CorsPolicy } from './cors.ts';

export const READY_TIMEOUT_MS = 2000;
const ALLOW = 'GET, HEAD';
const HEALTHY = Buffer.from('{"status":"ok"}');
const INDEX = Buffer.from(
  JSON.stringify({
    service: 'Fantasy League Data Service',
    docs: '/docs',
    openapi: '/openapi.json',
    health: '/healthz',
  }),
);

type Target = { kind: 'api'; served: ServedRoute } | { kind: 'operation'; operation: OperationDoc };

export interface ApiDocuments {
  openapi: OpenApiDocument;
  json: Buffer;
  html: Buffer;
  assets: DocsAssets;
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
    const assets = docsAssets();
    built = {
      openapi,
      json: Buffer.from(JSON.stringify(openapi)),
      html: Buffer.from(renderDocsPage(openapi, assets)),
      assets,
    };
    documents.set(key, built);
  }
  return built;
}

/**
 * Matched paths the router keeps (wire/router.ts), at most 200 characters each. The cache keys of
 * answers are kept per matched parameter array (api-serving.ts), so a repeated path costs no match
 * and no key: without the memo the bench's cached answers ran at 0.83-0.90 of the bare reference,
 * with it 0.88-0.94 (small, 5 runs each, same host, 2026-11-27).
 */
const REMEMBERED_PATHS = 1024;

export function createApiMount(deps: {
  routes: readonly ApiRoute[];
  serveApi: ServeApi;
  documents: ApiDocuments;
  read: ReadModel;
  responder: Responder;
  logger: Logger;
  /** CORS_ORIGINS (http/cors.ts); absent: no cross-origin answers. */
  cors?: CorsPolicy;
}): Mount {
  const { serveApi, documents: docs, read, responder, logger, cors } = deps;
  const router = new Router<Target>(REMEMBERED_PATHS);
  for (const route of deps.routes) {
    router.add(route.doc.path, { kind: 'api', served: servedRoute(route) });
  }
  for (const operation of OPERATIONS) router.add(operation.path, { kind: 'operation', operation });

  async function serveOperation(ex: Exchange, operation: OperationDoc): Promise<void> {
    switch (operation.operationId) {
      case 'index':
        return responder.send(ex, 200, 'application/json', INDEX);
      case 'healthz':
        return responder.send(ex, 200, 'application/json', HEALTHY);
      case 'readyz':
        await ready(read, logger, ex.requestId);
        return responder.send(ex, 200, 'application/json', HEALTHY);
      case 'openapi':
        return responder.send(ex, 200, 'application/json', docs.json, {
          'Cache-Control': 'no-cache',
        });
      case 'docs':
        return responder.send(ex, 200, 'text/html; charset=utf-8', docs.html, {
          'Cache-Control': 'no-cache',
        });
    }
  }

  /** A file of the /docs page: its address names its bytes, so it is cached for a year. */
  function serveAsset(ex: Exchange): void {
    const asset = docs.assets.byPath.get(ex.path);
    // An unknown file is an unknown path, as anywhere else: no operation.
    if (asset === undefined) throw new HttpProblem('route_not_found', 'no such file of /docs');
    ex.operationId = 'docs';
    const { method } = ex.req;
    if (method !== 'GET' && method !== 'HEAD') throw methodNotAllowed(method);
    discardBody(ex.req);
    const coding = preferredCoding(ex.headers['accept-encoding']);
    const body = coding === 'identity' ? asset.body : asset.encoded(coding);
    responder.send(ex, 200, asset.contentType, body, {
      'Cache-Control': ASSET_CACHE_CONTROL,
      Vary: 'Accept-Encoding',
      ...(coding !== 'identity' && { 'Content-Encoding': coding }),
    });
  }

  return {
    prefix: '/',
    serve(ex, rawQuery) {
      if (ex.path.startsWith(ASSET_PREFIX)) return serveAsset(ex);
      if (ex.path === '/docs/') {
        // The reference is /docs; a typed trailing slash finds it. No operation of its own: the
        // address is not one the document lists.
        discardBody(ex.req);
        return responder.send(ex, 308, 'text/plain', 'see /docs', { Location: '/docs' });
      }
      // Problems too carry the grant: a page must be able to read why it was refused.
      if (cors !== undefined) ex.cors = cors.linesFor(ex.headers.origin);
      const match = router.match(ex.path);
      if (match === undefined) {
        throw new HttpProblem('route_not_found', 'no endpoint has this path; the list is at /docs');
      }
      const { target } = match;
      ex.operationId =
        target.kind === 'api' ? target.served.route.doc.operationId : target.operation.operationId;
      const { method } = ex.req;
      if (method === 'OPTIONS' && cors !== undefined) {
        const requested = ex.req.headers['access-control-request-method'];
        const granted = cors.preflight(ex.headers.origin, requested);
        if (granted !== undefined) {
          discardBody(ex.req);
          ex.cors = undefined;
          return responder.send(ex, 204, 'text/plain', '', granted);
        }
      }
      if (method !== 'GET' && method !== 'HEAD') throw methodNotAllowed(method);
      discardBody(ex.req);
      if (target.kind === 'api') return serveApi(ex, target.served, match.params, rawQuery);
      return serveOperation(ex, target.operation);
    },
    answer: (ex, problem) => responder.sendProblem(ex, problem),
  };
}

export function methodNotAllowed(method: string | undefined): HttpProblem {
  return new HttpProblem(
    'method_not_allowed',
    `${String(method)} is not allowed here; the API is read-only`,
    {},
    { Allow: ALLOW },
  );
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

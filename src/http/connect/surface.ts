// The hosted connect page, as named steps: match the route (method and pattern), find the
// session from the token in the address (behind the auth throttle) and count it against the
// session's rate limit, dispatch to the route's handler, and answer any failure with a page.
// The handlers (routes.ts) check their form at their top.
import type { Logger } from 'pino';
import { tokenDisplayPrefix } from '../../domain/tokens.ts';
import {
  STORE_RETRY_AFTER_SECONDS,
  describeStoreError,
  isStoreUnavailable,
} from '../../storage/unavailable.ts';
import { HttpProblem } from '../../serving/problems.ts';
import type { RateLimiter } from '../../serving/rate-limit.ts';
import type { AdminServices } from '../admin/services.ts';
import type { Exchange, Responder } from '../wire/exchange.ts';
import { PageAnswer, connectContext, sendPage } from './context.ts';
import type { ConnectContext } from './context.ts';
import { throttledPage } from './guard.ts';
import { noticePage, refusedPage } from './html.ts';
import { connectRouter } from './routes.ts';
import type { ConnectRoute, RouteFound } from './routes.ts';
import { findSession, limit } from './session.ts';

export { CONNECT_OPERATIONS } from './routes.ts';

export interface ConnectSurface {
  serve(ex: Exchange, rawQuery: string | undefined): Promise<void>;
}

export function createConnectSurface(deps: {
  services: AdminServices;
  limiter: RateLimiter;
  responder: Responder;
  logger: Logger;
}): ConnectSurface {
  const ctx = connectContext(deps);
  const match = connectRouter();
  return {
    async serve(ex, rawQuery) {
      try {
        const found = route(ex, match(ex.path));
        allowMethod(ex, found.target);
        if (found.target.kind === 'callback') {
          return await found.target.serve(ctx, ex, rawQuery, found.params[0] ?? '');
        }
        const [token = '', ...params] = found.params;
        const session = await findSession(ctx, ex, token);
        ex.userId = session.userId;
        await limit(ctx, ex, session);
        return await found.target.serve(ctx, ex, { token, session, params });
      } catch (error) {
        return failed(ctx, ex, error);
      }
    },
  };
}

/** The matched route, its label set; a session's token cut to its prefix in the logged path. */
function route(ex: Exchange, found: RouteFound | undefined): RouteFound {
  if (found?.target.kind !== 'callback') {
    // The token is a secret: the log keeps only its prefix.
    const [, , token = '', ...rest] = ex.path.split('/');
    ex.path = ['', 'connect', `${tokenDisplayPrefix(token)}…`, ...rest].join('/');
  }
  if (found === undefined) {
    throw new PageAnswer(404, refusedPage('Page not found', 'Open your link again.'));
  }
  ex.operationId = found.target.operationId;
  return found;
}

function allowMethod(ex: Exchange, route: ConnectRoute): void {
  const { method } = ex.req;
  const allowed =
    route.method === 'read' ? method === 'GET' || method === 'HEAD' : method === 'POST';
  if (!allowed) {
    throw new HttpProblem(
      'method_not_allowed',
      `${String(method)} is not allowed here`,
      {},
      { Allow: route.method === 'read' ? 'GET, HEAD' : 'POST' },
    );
  }
}

/** A failure as a page for the person at the browser; anything else is the app's to answer. */
function failed(ctx: ConnectContext, ex: Exchange, error: unknown): void {
  if (error instanceof PageAnswer) return sendPage(ctx, ex, error.status, error.html);
  if (error instanceof HttpProblem && error.code === 'auth_throttled') {
    return sendPage(ctx, ex, 429, throttledPage(error), undefined, error.headers);
  }
  if (isStoreUnavailable(error)) {
    // The person gets a page, not JSON; the driver's words go to the log only.
    const { reason, code } = describeStoreError(error);
    ctx.logger.warn(
      { request_id: ex.requestId, route: ex.operationId, reason, ...(code && { code }) },
      'connect page: the store does not answer',
    );
    const retryAfter = { 'Retry-After': String(STORE_RETRY_AFTER_SECONDS) };
    const html = noticePage(
      'We cannot reach your details right now',
      `Nothing was changed. Wait ${STORE_RETRY_AFTER_SECONDS} seconds and reload this page.`,
    );
    return sendPage(ctx, ex, 503, html, undefined, retryAfter);
  }
  throw error;
}

// The hosted connect page, as named steps: match the route (method and pattern), find the
// session from the token in the address (behind the auth throttle) and count it against the
// session's rate limit, dispatch to the route's handler (routes.ts; a form's handler checks it
// first), and answer any failure a person can act on with a page.
import type { Logger } from 'pino';
import { tokenDisplayPrefix } from '../../domain/tokens.ts';
import { HttpProblem } from '../../serving/problems.ts';
import type { RateLimiter } from '../../serving/rate-limit.ts';
import type { AdminServices } from '../admin/services.ts';
import type { Mount } from '../pipeline/mount.ts';
import type { Exchange, Responder } from '../wire/exchange.ts';
import { PageAnswer, connectContext, sendPage } from './context.ts';
import type { ConnectContext } from './context.ts';
import { throttledPage } from './guard.ts';
import { noticePage, page, refusedPage } from './html.ts';
import { connectRouter } from './routes.ts';
import type { ConnectRoute, RouteFound } from './routes.ts';
import { findSession, limitSession } from './session.ts';

export { CONNECT_OPERATIONS } from './routes.ts';

export function createConnectSurface(deps: {
  services: AdminServices;
  limiter: RateLimiter;
  responder: Responder;
  logger: Logger;
}): Mount {
  const ctx = connectContext(deps);
  const match = connectRouter();

  async function serve(ex: Exchange, rawQuery: string | undefined): Promise<void> {
    const found = route(ex, match(ex.path));
    allowMethod(ex, found.target);
    if (found.target.kind === 'callback') {
      return found.target.serve(ctx, ex, rawQuery, found.params[0] ?? '');
    }
    const [token = '', ...params] = found.params;
    const session = await findSession(ctx, ex, token);
    ex.userId = session.userId;
    await limitSession(ctx, ex, session);
    return found.target.serve(ctx, ex, { token, session, params });
  }

  return {
    prefix: '/connect/',
    serve: (ex, rawQuery) =>
      serve(ex, rawQuery).catch((error: unknown) => {
        if (error instanceof PageAnswer) return sendPage(ctx, ex, error.status, error.html);
        throw error;
      }),
    answer: (ex, problem) => answer(ctx, ex, problem),
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
  const read = route.method === 'read';
  if (read ? method !== 'GET' && method !== 'HEAD' : method !== 'POST') {
    throw new HttpProblem(
      'method_not_allowed',
      `${String(method)} is not allowed here`,
      {},
      { Allow: read ? 'GET, HEAD' : 'POST' },
    );
  }
}

/**
 * A problem as the person at the browser sees it: a page for what they can wait out (too many
 * tries or requests, a store outage; the driver's words went to the log), else the problem.
 */
function answer(ctx: ConnectContext, ex: Exchange, problem: HttpProblem): void {
  const seconds = problem.headers['Retry-After'] ?? '60';
  switch (problem.code) {
    case 'auth_throttled':
      return sendPage(ctx, ex, 429, throttledPage(problem), undefined, problem.headers);
    case 'rate_limited':
      return sendPage(
        ctx,
        ex,
        429,
        page(
          'Too many requests',
          `<h1>Too many requests</h1><p class="lead">Wait ${seconds} seconds, then reload this page.</p>`,
        ),
        undefined,
        problem.headers,
      );
    case 'store_unavailable':
      return sendPage(
        ctx,
        ex,
        503,
        noticePage(
          'We cannot reach your details right now',
          `Nothing was changed. Wait ${seconds} seconds and reload this page.`,
        ),
        undefined,
        problem.headers,
      );
    default:
      return ctx.responder.sendProblem(ex, problem);
  }
}

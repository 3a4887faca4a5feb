// The /admin/ surface, as named steps: match the path and method, authenticate the admin key
// (behind the auth throttle), count it against the key's rate limit, check the key's scopes cover
// the operation, read the JSON body, run the operation, answer JSON; failures are JSON problems.
import { findAdminKeyByHash } from '../../storage/repositories/admin-keys.ts';
import { findUserById, isForeignKeyViolation } from '../../storage/repositories/users.ts';
import type { Exchange, Responder } from '../wire/exchange.ts';
import { HttpProblem, invalidParameter } from '../../serving/problems.ts';
import type { RateLimiter } from '../../serving/rate-limit.ts';
import { limit } from '../pipeline/limit.ts';
import type { Mount } from '../pipeline/mount.ts';
import { parseQuery } from '../route.ts';
import { Router } from '../wire/router.ts';
import type { RawParams } from '../validate.ts';
import { authenticateAdmin } from './auth.ts';
import { readJsonBody } from './body.ts';
import { requireScope } from './route.ts';
import type { AdminRoute } from './route.ts';
import { notFound } from './routes/common.ts';
import { ADMIN_ROUTES } from './routes/index.ts';
import type { AdminServices } from './services.ts';

type Methods = Map<string, AdminRoute>;

export function createAdminSurface(deps: {
  services: AdminServices;
  limiter: RateLimiter;
  responder: Responder;
}): Mount {
  const { services, limiter, responder } = deps;
  const router = new Router<Methods>();
  const byTemplate = new Map<string, Methods>();
  for (const route of ADMIN_ROUTES) {
    let methods = byTemplate.get(route.doc.path);
    if (methods === undefined) {
      methods = new Map();
      byTemplate.set(route.doc.path, methods);
      router.add(route.doc.path, methods);
    }
    methods.set(route.doc.method, route);
  }
  const lookup = (hash: string) => findAdminKeyByHash(services.store.db, hash);

  function match(ex: Exchange): { route: AdminRoute; rawParams: RawParams } {
    const found = router.match(ex.path);
    if (found === undefined) {
      throw new HttpProblem(
        'route_not_found',
        'no admin operation has this path; the list is at /docs',
      );
    }
    const method = ex.req.method === 'HEAD' ? 'GET' : (ex.req.method ?? '');
    const route = found.target.get(method);
    if (route === undefined) {
      const allowed = [...found.target.keys()];
      if (allowed.includes('GET')) allowed.push('HEAD');
      throw new HttpProblem(
        'method_not_allowed',
        `${String(ex.req.method)} is not allowed here; this path takes ${allowed.join(', ')}`,
        {},
        { Allow: allowed.join(', ') },
      );
    }
    ex.operationId = route.doc.operationId;
    const names = route.doc.path
      .split('/')
      .filter((s) => s.startsWith('{'))
      .map((s) => s.slice(1, -1));
    const rawParams: RawParams = Object.create(null) as RawParams;
    names.forEach((name, i) => {
      const raw = found.params[i] as string;
      try {
        rawParams[name] = decodeURIComponent(raw);
      } catch {
        throw invalidParameter(name, 'path', 'is not valid percent-encoded UTF-8');
      }
    });
    return { route, rawParams };
  }

  /**
   * The operation's failure as answered: a write refused because its user was deleted while the
   * write was on its way (token, link, connect session, sync) is that user's 404, as it would
   * have been a moment later, and not a 500.
   */
  async function userGone(error: unknown, userId: number | undefined): Promise<unknown> {
    if (userId === undefined || !isForeignKeyViolation(error)) return error;
    const user = await findUserById(services.store.db, userId);
    return user === undefined ? notFound.user(userId) : error;
  }

  return {
    prefix: '/admin/',
    answer: (ex, problem) => responder.sendProblem(ex, problem),
    async serve(ex, rawQuery) {
      const { route, rawParams } = match(ex);
      const admin = await authenticateAdmin(ex.req.headers, lookup, {
        throttle: services.authThrottle,
        client: ex.req,
      });
      ex.adminKeyId = admin.keyId;
      const userId = Number(rawParams.user_id);
      if (Number.isSafeInteger(userId)) ex.userId = userId;
      await limit(limiter, ex, `admin:${admin.keyId}`, 'this admin key');
      requireScope(admin, route.doc);
      const body = route.doc.body === undefined ? undefined : await readJsonBody(ex.req);
      const headers: Record<string, string> = {};
      const result = await route
        .run({
          rawParams,
          rawQuery: parseQuery(rawQuery),
          body,
          admin,
          services,
          req: ex.req,
          headers,
        })
        .catch(async (error: unknown) => {
          throw await userGone(error, ex.userId);
        });
      if (route.doc.status === 204) return responder.send(ex, 204, 'application/json', '', headers);
      responder.send(ex, route.doc.status, 'application/json', JSON.stringify(result), headers);
    },
  };
}

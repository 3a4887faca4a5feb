// An operation of the admin API: method, path, schemas of its parameters, body and answer, the
// problems it may answer, and a short handler; the route table (routes/index.ts) adds the scope
// an admin key needs for it. The OpenAPI document is built from the same.
import type { Static, TObject, TSchema, TUnknown } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import type { IncomingMessage } from 'node:http';
import { scopesAllow } from '../../domain/admin-scopes.ts';
import type { AdminResourceScope } from '../../domain/admin-scopes.ts';
import type { ProblemCode } from '../../serving/problems.ts';
import { HttpProblem } from '../../serving/problems.ts';
import { compileParams } from '../validate.ts';
import type { RawParams } from '../validate.ts';
import type { AdminPrincipal } from './auth.ts';
import type { AdminServices } from './services.ts';

export type AdminMethod = 'GET' | 'POST' | 'DELETE';
export const ADMIN_TAGS = {
  'admin-users': 'Admin: users of the service (admin key).',
  'admin-tokens': "Admin: a user's API tokens (admin key).",
  'admin-links': "Admin: a user's linked platform accounts (admin key).",
  'admin-syncs': "Admin: syncs of a user's accounts, started and followed (admin key).",
  'admin-connect': 'Admin: connect sessions, one-time links to the hosted page (admin key).',
  'admin-webhooks':
    'Admin: webhook endpoints, and the deliveries of events to them (admin key; docs/webhooks.md).',
} as const;
export type AdminTag = keyof typeof ADMIN_TAGS;

export interface AdminRouteDoc {
  operationId: string;
  method: AdminMethod;
  /** OpenAPI path template under /admin/. */
  path: string;
  tag: AdminTag;
  summary: string;
  description: string;
  params: TObject;
  query: TObject;
  body?: TSchema;
  /** Undefined for 204. */
  response?: TSchema;
  status: 200 | 201 | 202 | 204;
  responseDescription: string;
  errors: readonly ProblemCode[];
  /** The curl line's path and, for a body, its JSON. */
  example: { path: string; body?: unknown };
  /** The resource scope a key needs (a GET also runs with `read`; `full` runs everything). */
  scope: AdminResourceScope;
}

export interface AdminContext<P extends TObject, Q extends TObject, B extends TSchema> {
  readonly params: Static<P>;
  readonly query: Static<Q>;
  readonly body: Static<B>;
  readonly admin: AdminPrincipal;
  readonly services: AdminServices;
  readonly req: IncomingMessage;
  header(name: string, value: string): void;
}

/** An operation as its file defines it, before the route table gives it its scope. */
export interface AdminOperation {
  readonly doc: Omit<AdminRouteDoc, 'scope'>;
  run(input: {
    rawParams: RawParams;
    rawQuery: RawParams;
    body: unknown;
    admin: AdminPrincipal;
    services: AdminServices;
    req: IncomingMessage;
    headers: Record<string, string>;
  }): Promise<unknown>;
}

export interface AdminRoute extends AdminOperation {
  readonly doc: AdminRouteDoc;
}

/** The operation, run only with an admin key whose scopes cover `scope`. */
export function needs(scope: AdminResourceScope, operation: AdminOperation): AdminRoute {
  return { doc: { ...operation.doc, scope }, run: operation.run };
}

/** 403 `admin_scope_missing` unless the key's scopes cover the operation. */
export function requireScope(admin: AdminPrincipal, doc: AdminRouteDoc): void {
  const readsOnly = doc.method === 'GET';
  if (scopesAllow(admin.scopes, doc.scope, readsOnly)) return;
  const enough = readsOnly ? `"${doc.scope}", "read" or "full"` : `"${doc.scope}" or "full"`;
  throw new HttpProblem(
    'admin_scope_missing',
    `this admin key has the scopes ${admin.scopes.join(', ')}; ${doc.operationId} needs ${enough}. ` +
      `Use a key with one of them (fantasy-data admin-keys create --scope ${doc.scope} ...)`,
    { required_scope: doc.scope },
  );
}

export interface AdminRouteDefinition<
  P extends TObject,
  Q extends TObject,
  B extends TSchema,
  R extends TSchema,
> extends Omit<AdminRouteDoc, 'params' | 'query' | 'body' | 'response' | 'scope'> {
  params: P;
  query: Q;
  body?: B;
  response?: R;
  handler(context: AdminContext<P, Q, B>): Promise<Static<R> | undefined>;
}

export function defineAdminRoute<
  P extends TObject,
  Q extends TObject,
  B extends TSchema = TUnknown,
  R extends TSchema = TUnknown,
>(definition: AdminRouteDefinition<P, Q, B, R>): AdminOperation {
  const { handler, ...doc } = definition;
  const params = compileParams(definition.params, 'path');
  const query = compileParams(definition.query, 'query');
  const body = definition.body === undefined ? undefined : TypeCompiler.Compile(definition.body);
  return {
    doc,
    async run(input) {
      let checkedBody: unknown = undefined;
      if (body !== undefined) {
        if (!body.Check(input.body)) {
          const error = body.Errors(input.body).First();
          const member = error?.path.replace(/^\//, '').replaceAll('/', '.') || 'body';
          throw new HttpProblem(
            'invalid_body',
            `${member}: ${error?.message.toLowerCase() ?? 'does not match the schema'}`,
            { invalid_params: [{ name: member, in: 'body', reason: error?.message ?? '' }] },
          );
        }
        checkedBody = input.body;
      }
      return handler({
        params: params.parse(input.rawParams),
        query: query.parse(input.rawQuery),
        body: checkedBody as Static<B>,
        admin: input.admin,
        services: input.services,
        req: input.req,
        header: (name, value) => {
          input.headers[name] = value;
        },
      });
    },
  };
}

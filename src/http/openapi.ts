// Assembles the OpenAPI 3.0 document from the routes' own schemas, so what is documented is
// what is validated and returned. Built once; the app serves the serialized bytes.
import type { TObject, TSchema } from '@sinclair/typebox';
import { AUTH_HEADERS } from '../serving/auth.ts';
import { toOpenApiSchema } from './openapi-schema.ts';
import type { SchemaObject } from './openapi-schema.ts';
import { AUTH_PROBLEMS, PROBLEMS, PROBLEM_CONTENT_TYPE } from '../serving/problems.ts';
import type { ProblemCode } from '../serving/problems.ts';
import type { RouteDoc } from './route.ts';
import type { OperationDoc } from './routes/operations.ts';
import { NAMED_SCHEMAS } from '../serving/schemas.ts';
import { GAME_NAMED_SCHEMAS } from '../serving/game-schemas.ts';
import { RULES_NAMED_SCHEMAS } from '../serving/rules-schemas.ts';
import { TEAM_NAMED_SCHEMAS } from '../serving/team-schemas.ts';
import { ADMIN_TAGS } from './admin/route.ts';
import type { AdminRouteDoc } from './admin/route.ts';
import { ADMIN_NAMED_SCHEMAS } from './admin/schemas.ts';
import { parameterExamples } from './docs/request-examples.ts';
import type { ParameterExamples } from './docs/request-examples.ts';
import { jsonExample, exampleOf } from './docs/response-examples.ts';

export const API_VERSION = '1.0.0-oas3';

export type HttpMethod = 'get' | 'post' | 'delete';
/** Every path answers GET; admin paths may answer POST and DELETE too. */
export interface PathItem {
  get: OperationObject;
  post?: OperationObject;
  delete?: OperationObject;
}
export type SecurityScheme =
  | { type: 'apiKey'; in: 'header'; name: string; description: string }
  | { type: 'http'; scheme: 'bearer'; description: string };

export interface ParameterObject {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  description?: string;
  schema: SchemaObject;
  style?: 'form';
  explode?: boolean;
  /** The value the route's `example` path gives it. */
  example?: unknown;
}
/** A body's schema and, on the success answer and a request body, a real example. */
export interface MediaTypeObject {
  schema: SchemaObject;
  example?: unknown;
}
export interface ResponseObject {
  description: string;
  headers?: Record<string, { $ref: string }>;
  content?: Record<string, MediaTypeObject>;
}
export interface OperationObject {
  operationId: string;
  summary: string;
  description: string;
  tags: string[];
  security: Array<Record<string, string[]>>;
  parameters: ParameterObject[];
  responses: Record<string, ResponseObject>;
  'x-required-product'?: string;
  /** Admin operations: the scopes that let a key run it, any one of them. */
  'x-admin-scopes'?: string[];
  requestBody?: { required: boolean; content: Record<string, MediaTypeObject> };
  'x-codeSamples'?: Array<{ lang: string; label: string; source: string }>;
}
export interface HeaderObject {
  description: string;
  schema: SchemaObject;
}
export interface OpenApiDocument {
  openapi: '3.0.3';
  info: { title: string; version: string; description: string };
  servers: Array<{ url: string; description: string }>;
  tags: Array<{ name: string; description: string }>;
  paths: Record<string, PathItem>;
  components: {
    schemas: Record<string, SchemaObject>;
    headers: Record<string, HeaderObject>;
    securitySchemes: Record<string, SecurityScheme>;
  };
}

const SECURITY_SCHEMES = { 'X-Auth-Token': 'XAuthToken', auth_token: 'AuthToken' } as const;
/** The third way a user token is accepted: `Authorization: Bearer fld_...`. */
const BEARER_SCHEME = 'BearerToken';

const HEADERS: Record<string, HeaderObject> = {
  'X-Request-Id': {
    description:
      'Identifies the request in the logs; echoed from the request when it sends a sane one.',
    schema: { type: 'string' },
  },
  'RateLimit-Policy': {
    description: 'The limit and its window: `600;w=60`.',
    schema: { type: 'string' },
  },
  'RateLimit-Limit': { description: 'Requests allowed per window.', schema: { type: 'integer' } },
  'RateLimit-Remaining': {
    description: 'Requests left in the window.',
    schema: { type: 'integer' },
  },
  'RateLimit-Reset': {
    description: 'Seconds until the window resets.',
    schema: { type: 'integer' },
  },
  'Retry-After': { description: 'Seconds to wait before retrying.', schema: { type: 'integer' } },
  ETag: {
    description:
      'Strong entity tag of the body (`-gz` or `-br` appended for a compressed body); send it ' +
      'back in `If-None-Match` to get 304 while the data is unchanged.',
    schema: { type: 'string' },
  },
  'Last-Modified': {
    description: "When a sync last changed the league (the league list: the user's newest).",
    schema: { type: 'string' },
  },
  'Cache-Control': {
    description: '`private` on answers from the API, `no-store` on errors.',
    schema: { type: 'string' },
  },
  'WWW-Authenticate': {
    description: 'The challenge: `Token realm="fantasy-league-data", header="X-Auth-Token"`.',
    schema: { type: 'string' },
  },
};
const RATE_LIMIT_HEADERS = [
  'RateLimit-Policy',
  'RateLimit-Limit',
  'RateLimit-Remaining',
  'RateLimit-Reset',
];

const CACHE_HEADERS = ['ETag', 'Last-Modified', 'Cache-Control'];

const headerRefs = (names: readonly string[]) =>
  Object.fromEntries(names.map((name) => [name, { $ref: `#/components/headers/${name}` }]));

export function buildOpenApi(
  routes: readonly RouteDoc[],
  operations: readonly OperationDoc[],
  adminRoutes: readonly AdminRouteDoc[] = [],
): OpenApiDocument {
  const named: ReadonlyArray<readonly [string, TSchema]> = [
    ...NAMED_SCHEMAS,
    ...TEAM_NAMED_SCHEMAS,
    ...RULES_NAMED_SCHEMAS,
    ...GAME_NAMED_SCHEMAS,
    ...(adminRoutes.length > 0 ? ADMIN_NAMED_SCHEMAS : []),
  ];
  const names = new Map<TSchema, string>(named.map(([name, schema]) => [schema, name]));
  const convert = (schema: TSchema) => toOpenApiSchema(schema, names);
  const paths: Record<string, PathItem> = {};
  for (const route of routes) paths[route.path] = { get: apiOperation(route, convert) };
  for (const operation of operations)
    paths[operation.path] = { get: plainOperation(operation, convert) };
  const adminPaths: Record<string, Partial<PathItem>> = {};
  for (const route of adminRoutes) {
    const item = (adminPaths[route.path] ??= {});
    item[route.method.toLowerCase() as HttpMethod] = adminOperation(route, convert);
  }
  for (const [path, item] of Object.entries(adminPaths)) {
    if (item.get === undefined) throw new Error(`admin path ${path} has no GET`);
    paths[path] = item as PathItem;
  }
  return {
    openapi: '3.0.3',
    info: {
      title: 'Fantasy League Data Service',
      version: API_VERSION,
      description:
        "Read access to a user's fantasy-sports leagues, league settings and players, answered " +
        'from the data the service has synced from each linked platform. The public API is ' +
        'read-only: GET (HEAD works too; other methods get 405 with `Allow: GET, HEAD`), with the ' +
        'token in `X-Auth-Token`, `auth_token` or `Authorization: Bearer`.' +
        (adminRoutes.length > 0
          ? ' The admin API under `/admin/` manages users, tokens, links and syncs with an admin ' +
            'key, and also takes POST and DELETE.'
          : '') +
        ' Errors are `application/problem+json` (RFC 9457) carrying `request_id`.',
    },
    // Relative: the service that served this document, wherever it is deployed.
    servers: [{ url: '/', description: 'This service' }],
    tags: [
      {
        name: 'league',
        description: 'Leagues, their rules and seasons (product `league`).',
      },
      {
        name: 'player',
        description: 'Players of a league and their injuries (product `player`).',
      },
      { name: 'roster', description: 'Rostered players (product `roster`).' },
      { name: 'team', description: 'Teams, standings, matchups and lineups (product `team`).' },
      {
        name: 'transaction',
        description: 'Transactions and drafts of a league (product `transaction`).',
      },
      { name: 'user', description: "The token's user and linked accounts (product `user`)." },
      { name: 'meta', description: 'What the service serves; league sync state (product `meta`).' },
      { name: 'operations', description: 'Health, readiness and documentation; no token.' },
      ...(adminRoutes.length > 0
        ? Object.entries(ADMIN_TAGS).map(([name, description]) => ({ name, description }))
        : []),
    ],
    paths,
    components: {
      schemas: Object.fromEntries(
        named.map(([name, schema]) => [name, toOpenApiSchema(schema, names, true)]),
      ),
      headers: HEADERS,
      securitySchemes: securitySchemes(adminRoutes.length > 0),
    },
  };
}

function apiOperation(
  route: RouteDoc,
  convert: (schema: TSchema) => SchemaObject,
): OperationObject {
  const contract = SECURITY_SCHEMES[route.contractHeader];
  const other = contract === 'XAuthToken' ? 'AuthToken' : 'XAuthToken';
  const success: ResponseObject = {
    description: `${route.responseDescription} gzip or br when Accept-Encoding asks for it.`,
    headers: headerRefs(['X-Request-Id', ...CACHE_HEADERS, ...RATE_LIMIT_HEADERS]),
    content: Object.fromEntries(
      route.produces.map((type) => [
        type,
        { schema: convert(route.response), ...jsonExample(type, route.operationId) },
      ]),
    ),
  };
  const examples = parameterExamples(
    route.operationId,
    route.path,
    route.example,
    route.params,
    route.query,
  );
  for (const [name, header] of Object.entries(route.responseHeaders ?? {})) {
    (success.headers as Record<string, unknown>)[name] = header;
  }
  const notModified: ResponseObject = {
    description: 'If-None-Match named the current ETag: the data is unchanged, no body.',
    headers: headerRefs(['X-Request-Id', ...CACHE_HEADERS, ...RATE_LIMIT_HEADERS]),
  };
  return {
    operationId: route.operationId,
    summary: route.summary,
    description: `${route.description}\n\nRequires a token with the \`${route.product}\` product.`,
    tags: [route.tag],
    security: [{ [contract]: [] }, { [other]: [] }, { [BEARER_SCHEME]: [] }],
    parameters: [
      ...parameters(route.params, 'path', convert, examples),
      ...parameters(route.query, 'query', convert, examples),
    ],
    responses: {
      '200': success,
      '304': notModified,
      ...problemResponses([...route.errors, ...AUTH_PROBLEMS]),
    },
    'x-required-product': route.product,
    'x-codeSamples': [
      {
        lang: 'Shell',
        label: 'curl',
        source: `curl -sS -H "${route.contractHeader}: $TOKEN" "$B${route.example}"`,
      },
    ],
  };
}

const ADMIN_SCHEME = 'AdminKey';

function securitySchemes(withAdmin: boolean): Record<string, SecurityScheme> {
  const schemes: Record<string, SecurityScheme> = {};
  for (const header of AUTH_HEADERS) {
    schemes[SECURITY_SCHEMES[header]] = {
      type: 'apiKey',
      in: 'header',
      name: header,
      description: `The token in the ${header} header. Either header works on every endpoint; sending both with different tokens is a 400. Admin keys are refused.`,
    };
  }
  schemes[BEARER_SCHEME] = {
    type: 'http',
    scheme: 'bearer',
    description:
      'The token as `Authorization: Bearer fld_...`, on every endpoint beside the two headers; sending it with a different token in either header is a 400. Admin keys are refused.',
  };
  if (withAdmin) {
    schemes[ADMIN_SCHEME] = {
      type: 'http',
      scheme: 'bearer',
      description:
        'An admin key (`fantasy-data admin-keys create`) as `Authorization: Bearer fla_...`: /admin/ operations only; user tokens are refused there. Each operation names the key scopes that let it run (`x-admin-scopes`); another key answers 403 `admin_scope_missing`.',
    };
  }
  return schemes;
}
/** "`tokens`, `read` or `full`". */
function scopeWords(scopes: readonly string[]): string {
  const quoted = scopes.map((scope) => `\`${scope}\``);
  return `${quoted.slice(0, -1).join(', ')} or ${quoted.at(-1) ?? ''}`;
}

/** Problems every admin operation may answer. */
const ADMIN_AUTH_PROBLEMS: readonly ProblemCode[] = [
  'admin_key_missing',
  'admin_key_invalid',
  'admin_key_revoked',
  'admin_key_expired',
  'admin_scope_missing',
  'rate_limited',
  'auth_throttled',
  'internal_error',
  'store_unavailable',
];

function adminOperation(
  route: AdminRouteDoc,
  convert: (schema: TSchema) => SchemaObject,
): OperationObject {
  const success: ResponseObject = {
    description: route.responseDescription,
    headers: headerRefs(['X-Request-Id', ...RATE_LIMIT_HEADERS]),
    ...(route.response !== undefined && {
      content: {
        'application/json': {
          schema: convert(route.response),
          ...jsonExample('application/json', route.operationId),
        },
      },
    }),
  };
  const examples = parameterExamples(
    route.operationId,
    route.path,
    route.example.path,
    route.params,
    route.query,
  );
  const bodyProblems: ProblemCode[] =
    route.body === undefined ? [] : ['invalid_body', 'payload_too_large', 'unsupported_media_type'];
  const scopes = [route.scope, ...(route.method === 'GET' ? ['read'] : []), 'full'];
  const data =
    route.example.body === undefined
      ? ''
      : ` -H 'Content-Type: application/json' -d '${JSON.stringify(route.example.body)}'`;
  return {
    operationId: route.operationId,
    summary: route.summary,
    description: `${route.description}\n\nRequires an admin key with the scope ${scopeWords(scopes)}.`,
    tags: [route.tag],
    // OpenAPI 3.0 lists scopes only for OAuth schemes: an admin key's are in x-admin-scopes.
    security: [{ [ADMIN_SCHEME]: [] }],
    'x-admin-scopes': scopes,
    parameters: [
      ...parameters(route.params, 'path', convert, examples),
      ...parameters(route.query, 'query', convert, examples),
    ],
    ...(route.body !== undefined && {
      requestBody: {
        required: false,
        content: {
          'application/json': {
            schema: convert(route.body),
            ...(route.example.body !== undefined && { example: route.example.body }),
          },
        },
      },
    }),
    responses: {
      [String(route.status)]: success,
      ...problemResponses([...route.errors, ...bodyProblems, ...ADMIN_AUTH_PROBLEMS]),
    },
    'x-codeSamples': [
      {
        lang: 'Shell',
        label: 'curl',
        source:
          `curl -sS${route.method === 'GET' ? '' : ` -X ${route.method}`} -H "Authorization: Bearer $ADMIN_KEY"` +
          `${data} "$B${route.example.path}"`,
      },
    ],
  };
}

function plainOperation(
  operation: OperationDoc,
  convert: (schema: TSchema) => SchemaObject,
): OperationObject {
  const responses: Record<string, ResponseObject> = {};
  for (const [status, response] of Object.entries(operation.responses)) {
    responses[status] = {
      description: response.description,
      headers: headerRefs(['X-Request-Id']),
      content: {
        [response.contentType]: {
          schema: convert(response.schema),
          ...(status === '200' && exampleOf(operation.operationId)),
        },
      },
    };
  }
  return {
    operationId: operation.operationId,
    summary: operation.summary,
    description: operation.description,
    tags: ['operations'],
    security: [],
    parameters: [],
    responses,
    'x-codeSamples': [{ lang: 'Shell', label: 'curl', source: `curl -sS "$B${operation.path}"` }],
  };
}

function parameters(
  schema: TObject,
  where: 'path' | 'query',
  convert: (schema: TSchema) => SchemaObject,
  examples?: ParameterExamples,
): ParameterObject[] {
  const required = new Set(schema.required ?? []);
  const given = examples?.[where] ?? {};
  return Object.entries(schema.properties).map(([name, property]) => {
    const { description, ...rest } = convert(property);
    const isArray = property.type === 'array';
    return {
      name,
      in: where,
      required: where === 'path' || required.has(name),
      ...(typeof description === 'string' ? { description } : {}),
      schema: rest,
      ...(where === 'query' && isArray ? { style: 'form' as const, explode: true } : {}),
      ...(Object.hasOwn(given, name) && { example: given[name] }),
    };
  });
}

const RETRY_AFTER_PROBLEMS = new Set<ProblemCode>([
  'rate_limited',
  'platform_busy',
  'link_attempts_exceeded',
  'auth_throttled',
  'queue_unavailable',
  'store_unavailable',
]);

/** One response per status, listing the problem codes behind it. */
function problemResponses(codes: readonly ProblemCode[]): Record<string, ResponseObject> {
  const byStatus = new Map<number, ProblemCode[]>();
  for (const code of new Set(codes)) {
    const { status } = PROBLEMS[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const responses: Record<string, ResponseObject> = {};
  for (const status of [...byStatus.keys()].sort((a, b) => a - b)) {
    const list = byStatus.get(status) as ProblemCode[];
    const retry = list.some((code) => RETRY_AFTER_PROBLEMS.has(code));
    const extra = status === 401 ? ['WWW-Authenticate'] : retry ? ['Retry-After'] : [];
    // A request is counted against its token's limit once the token checks out, so every problem
    // but a 401 may carry the RateLimit fields.
    const limited = status === 401 ? [] : RATE_LIMIT_HEADERS;
    responses[String(status)] = {
      description: list.map((code) => `\`${code}\`: ${PROBLEMS[code].title}.`).join(' '),
      headers: headerRefs(['X-Request-Id', ...extra, ...limited]),
      content: { [PROBLEM_CONTENT_TYPE]: { schema: { $ref: '#/components/schemas/Problem' } } },
    };
  }
  return responses;
}

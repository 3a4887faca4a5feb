// Every error the API can answer with: one list of codes, one code -> status mapping, one renderer
// of RFC 9457 problem details. Handlers throw `HttpProblem`; the app turns it into a response.
import { STORE_RETRY_AFTER_SECONDS } from '../storage/unavailable.ts';

/** The most the request line and headers may take together (node:http's maxHeaderSize). */
export const MAX_HEADER_BYTES = 16 * 1024;

/** The problem types, in the order the documentation lists them. */
export const PROBLEMS = {
  invalid_parameter: {
    status: 400,
    title: 'Invalid parameter',
    when: 'A path or query parameter is malformed or out of range; `invalid_params` names it.',
  },
  conflicting_tokens: {
    status: 400,
    title: 'Conflicting authentication headers',
    when: 'The token headers carry different tokens: X-Auth-Token, auth_token and Authorization: Bearer, or one of them sent twice.',
  },
  malformed_request: {
    status: 400,
    title: 'Malformed request',
    when: 'The request is not HTTP/1.1 the server can read (answered before any route is matched; the connection is then closed).',
  },
  invalid_body: {
    status: 400,
    title: 'Invalid request body',
    when: "An admin request body is not JSON, or does not follow the operation's schema; `invalid_params` names the member.",
  },
  admin_key_missing: {
    status: 401,
    title: 'Admin key missing',
    when: 'An /admin/ operation was called without `Authorization: Bearer` and an admin key (user tokens are never accepted there).',
  },
  admin_key_invalid: {
    status: 401,
    title: 'Admin key not recognised',
    when: 'The admin key is malformed or was never issued (`fantasy-data admin-keys create` issues them).',
  },
  admin_key_revoked: {
    status: 401,
    title: 'Admin key revoked',
    when: 'The admin key was revoked with `fantasy-data admin-keys revoke`.',
  },
  admin_key_expired: {
    status: 401,
    title: 'Admin key expired',
    when: 'The admin key was created with a lifetime (`--expires-in`) that has passed; create a new one.',
  },
  token_missing: {
    status: 401,
    title: 'Authentication token missing',
    when: 'None of X-Auth-Token, auth_token and Authorization: Bearer was sent, or Authorization has another scheme. Whoever runs the service issues tokens (`fantasy-data tokens create`, or the admin API).',
  },
  token_invalid: {
    status: 401,
    title: 'Authentication token not recognised',
    when: 'The token is malformed or was never issued by this service (an admin key is refused too). Whoever runs the service issues tokens (`fantasy-data tokens create`, or the admin API).',
  },
  token_expired: {
    status: 401,
    title: 'Authentication token expired',
    when: 'The token was issued with a lifetime that has passed. Whoever runs the service issues a new one (`fantasy-data tokens create`, or the admin API).',
  },
  token_revoked: {
    status: 401,
    title: 'Authentication token revoked',
    when: 'The token was revoked (within about a second of the revocation). Whoever runs the service issues a new one (`fantasy-data tokens create`, or the admin API).',
  },
  product_missing: {
    status: 403,
    title: 'Product not granted to this token',
    when: "The token was not issued with the product the endpoint needs; `required_product` names it. A token's products are fixed when it is created: a new token with that product is needed.",
  },
  admin_scope_missing: {
    status: 403,
    title: 'Scope not granted to this admin key',
    when: 'The admin key was not created with a scope that covers this operation; `required_scope` names the one it needs (`full` covers every operation, `read` every GET).',
  },
  route_not_found: {
    status: 404,
    title: 'No such endpoint',
    when: 'No endpoint has this path.',
  },
  league_not_found: {
    status: 404,
    title: 'League not found',
    when: "No league with this league_id among the token's user's leagues (whether or not it exists).",
  },
  player_not_found: {
    status: 404,
    title: 'Player not found',
    when: "No player with this id, or matching this name, in the league's player pool.",
  },
  team_not_found: {
    status: 404,
    title: 'Team not found',
    when: 'No team with this roster_id in the league.',
  },
  user_not_found: {
    status: 404,
    title: 'User not found',
    when: 'No user with this user_id.',
  },
  token_not_found: {
    status: 404,
    title: 'Token not found',
    when: "No token with this token_id among the user's tokens.",
  },
  link_not_found: {
    status: 404,
    title: 'Link not found',
    when: 'The user has no account linked on this platform.',
  },
  sync_not_found: {
    status: 404,
    title: 'Sync not found',
    when: 'No sync with this sync_id.',
  },
  webhook_not_found: {
    status: 404,
    title: 'Webhook not found',
    when: 'No webhook endpoint with this webhook_id (or it was deleted).',
  },
  delivery_not_found: {
    status: 404,
    title: 'Webhook delivery not found',
    when: 'No webhook delivery with this delivery_id.',
  },
  method_not_allowed: {
    status: 405,
    title: 'Method not allowed',
    when: 'A method other than GET or HEAD (CONNECT included); the Allow header lists the allowed ones.',
  },
  not_acceptable: {
    status: 406,
    title: 'No acceptable representation',
    when: 'The Accept header allows none of the media types the endpoint offers.',
  },
  user_exists: {
    status: 409,
    title: 'User exists',
    when: 'A user with this name already exists.',
  },
  payload_too_large: {
    status: 413,
    title: 'Request body too large',
    when: 'An admin request body is over 64 KB.',
  },
  unsupported_media_type: {
    status: 415,
    title: 'Unsupported media type',
    when: 'An admin request body is not `application/json`.',
  },
  link_refused: {
    status: 422,
    title: 'Link refused',
    when: 'The platform or the service refused what was given to link (an unknown username, malformed cookies, a used OAuth code); `detail` says what.',
  },
  request_timeout: {
    status: 408,
    title: 'Request timeout',
    when: 'The request line and headers did not arrive in time; the connection is then closed.',
  },
  rate_limited: {
    status: 429,
    title: 'Rate limit exceeded',
    when: 'The token used up its requests for the current window; see Retry-After.',
  },
  link_attempts_exceeded: {
    status: 429,
    title: 'Too many link attempts',
    when: 'The user (or the connect session) made too many link attempts on this platform: at most LINK_ATTEMPTS_PER_USER per user and LINK_ATTEMPTS_PER_SESSION per session in 15 minutes, and after each refused password or username a wait doubling from 1 s to 5 minutes. The platform was not called; try again after Retry-After.',
  },
  auth_throttled: {
    status: 429,
    title: 'Too many failed authentications',
    when: 'This client address sent too many unknown, revoked or expired keys or tokens this minute (AUTH_FAILURES_PER_MINUTE); nothing was checked. Try again after Retry-After.',
  },
  webhook_endpoints_exceeded: {
    status: 429,
    title: 'Too many webhook endpoints',
    when: 'The deployment already has WEBHOOK_MAX_ENDPOINTS webhook endpoints in use; nothing was created. Delete one it no longer needs (or raise the setting), then try again.',
  },
  webhook_replays_exceeded: {
    status: 429,
    title: 'Too many replays',
    when: 'The webhook endpoint had WEBHOOK_REPLAYS_PER_MINUTE replays and test events in the last minute; nothing was sent. Try again after Retry-After.',
  },
  headers_too_large: {
    status: 431,
    title: 'Request header fields too large',
    when: `The request line and headers together exceed ${MAX_HEADER_BYTES / 1024} KB (a very long path counts too); the connection is then closed.`,
  },
  internal_error: {
    status: 500,
    title: 'Internal server error',
    when: 'Something unexpected failed; the details are in the server log under the request id.',
  },
  platform_unavailable: {
    status: 502,
    title: 'Platform unavailable',
    when: "The platform did not answer the link check as it should (down, throttling, an unexpected answer), or not within the link's 20 s deadline; nothing was changed, try again later.",
  },
  setting_missing: {
    status: 503,
    title: 'Setting missing',
    when: 'The operation needs a setting this deployment has not set (the detail names it); the operator sets it and restarts the service. Nothing was changed.',
  },
  platform_busy: {
    status: 503,
    title: 'Platform busy',
    when: "The service's call budget for the platform is in use by background syncs and other links, so the link could not be checked within a few seconds; nothing was changed. Try again after Retry-After.",
  },
  queue_unavailable: {
    status: 503,
    title: 'Sync queue unavailable',
    when: "The sync queue's Redis (REDIS_URL) did not take the sync; nothing was recorded. Try again after Retry-After.",
  },
  store_unavailable: {
    status: 503,
    title: 'Store unavailable',
    when: 'The database does not answer (restarting, failing over, unreachable), or not within a few seconds, or (SQLite) another process holds its write lock past the busy timeout. Try again after Retry-After.',
  },
  not_ready: {
    status: 503,
    title: 'Service not ready',
    when: 'The store does not answer (readiness check only).',
  },
} as const satisfies Record<string, { status: number; title: string; when: string }>;

export type ProblemCode = keyof typeof PROBLEMS;

export const PROBLEM_CODES = Object.keys(PROBLEMS) as ProblemCode[];

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

/** Problems every authenticated endpoint can return, whatever it does. */
export const AUTH_PROBLEMS: readonly ProblemCode[] = [
  'conflicting_tokens',
  'token_missing',
  'token_invalid',
  'token_expired',
  'token_revoked',
  'product_missing',
  'rate_limited',
  'auth_throttled',
  'internal_error',
  'store_unavailable',
];

/**
 * Where a user token comes from, for a person who has none that works: the two documented ways an
 * operator issues one (docs/cli.md, docs/api.md's admin API).
 */
export const TOKEN_SOURCE =
  'whoever runs this service issues tokens, with `fantasy-data tokens create --user NAME --products "..."` or the admin API\'s POST /admin/users/{user_id}/tokens';

/** The 403 detail: the product the operation needs, and that only a new token can add it. */
export function productMissingDetail(product: string): string {
  return (
    `this endpoint needs the "${product}" product, which the token was not issued with; ` +
    `a token's products are fixed when it is created, so ask for a new token with "${product}" ` +
    `among its products (\`fantasy-data tokens create --user NAME --products "${product} ..."\`, ` +
    `or POST /admin/users/{user_id}/tokens with "products": ["${product}", ...])`
  );
}

/** One bad parameter, as listed in `invalid_params` of a 400 body. */
export interface InvalidParam {
  name: string;
  in: 'path' | 'query' | 'header' | 'body';
  reason: string;
}

/** Optional members a problem body may carry beyond the RFC 9457 ones. */
export interface ProblemExtensions {
  invalid_params?: InvalidParam[];
  required_product?: string;
  required_scope?: string;
}

export class HttpProblem extends Error {
  readonly status: number;
  constructor(
    readonly code: ProblemCode,
    readonly detail: string,
    readonly extensions: ProblemExtensions = {},
    /** Response headers that belong to this problem (Allow, Retry-After, WWW-Authenticate...). */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    // A problem is an answer, not a fault: skip the stack trace, which costs more than the rest
    // of a 401 or 404 together.
    const stackTraceLimit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(detail);
    Error.stackTraceLimit = stackTraceLimit;
    this.name = 'HttpProblem';
    this.status = PROBLEMS[code].status;
  }
}

/** The problem's `type`: a link to its entry on the service's own /docs page. */
export function problemTypeUri(code: ProblemCode): string {
  return `/docs#problem-${code.replaceAll('_', '-')}`;
}

/** Serializes a problem body; members in the order RFC 9457 lists them, then the extensions. */
export function renderProblem(problem: HttpProblem, requestId: string): string {
  const { code } = problem;
  return JSON.stringify({
    type: problemTypeUri(code),
    title: PROBLEMS[code].title,
    status: problem.status,
    detail: problem.detail,
    code,
    request_id: requestId,
    ...problem.extensions,
  });
}

/** The store does not answer: try again after STORE_RETRY_AFTER_SECONDS (storage/unavailable.ts). */
export function storeUnavailableProblem(): HttpProblem {
  return new HttpProblem(
    'store_unavailable',
    `the database does not answer at the moment; try again in ${STORE_RETRY_AFTER_SECONDS} seconds`,
    {},
    { 'Retry-After': String(STORE_RETRY_AFTER_SECONDS) },
  );
}

/** A 400 naming one parameter. */
export function invalidParameter(
  name: string,
  where: InvalidParam['in'],
  reason: string,
): HttpProblem {
  return new HttpProblem('invalid_parameter', `${name} ${reason}`, {
    invalid_params: [{ name, in: where, reason }],
  });
}

/** Quotes a client-supplied value for an error message without echoing unbounded input. */
export function quoteValue(value: string): string {
  const shown = value.length > 40 ? `${value.slice(0, 40)}…` : value;
  return JSON.stringify(shown);
}

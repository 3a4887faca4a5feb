// What the service says about a failed request (its RFC 9457 problem document) and about the
// token's rate limit (the RateLimit-* fields every answer carries), in typed form.
import type { components } from './api.js';

export type Problem = components['schemas']['Problem'];
export type ProblemCode = Problem['code'];

/** The token's request budget, from the RateLimit-* response fields. */
export interface RateLimitInfo {
  /** Requests allowed per window. */
  limit: number;
  /** Requests left in the current window. */
  remaining: number;
  /** Seconds until the window resets. */
  resetSeconds: number;
}

/**
 * A request the service answered with a problem (4xx or 5xx), or that never got an answer the
 * client could read. `code` is the problem type's short name (`league_not_found`...), `type` its
 * URI, `requestId` what to quote when reporting it (also in the server's log line).
 */
export class FantasyApiError extends Error {
  readonly status: number;
  readonly type: string;
  readonly code: ProblemCode | undefined;
  readonly title: string;
  readonly detail: string;
  readonly requestId: string | undefined;
  /** On 429: the seconds the service asked the client to wait (Retry-After). */
  readonly retryAfterSeconds: number | undefined;
  readonly rateLimit: RateLimitInfo | undefined;
  /** The whole problem document, with its extensions (invalid_params, required_product). */
  readonly problem: Problem | undefined;

  constructor(response: Response, problem: Problem | undefined) {
    const requestId = problem?.request_id ?? response.headers.get('X-Request-Id') ?? undefined;
    const detail = problem?.detail ?? `HTTP ${response.status} without a problem document`;
    super(`${response.status} ${problem?.code ?? 'http_error'}: ${detail}`);
    this.name = 'FantasyApiError';
    this.status = response.status;
    this.type = problem?.type ?? 'about:blank';
    this.code = problem?.code;
    this.title = problem?.title ?? response.statusText;
    this.detail = detail;
    this.requestId = requestId;
    this.retryAfterSeconds = seconds(response.headers.get('Retry-After'));
    this.rateLimit = rateLimitOf(response.headers);
    this.problem = problem;
  }
}

/** Reads a problem body; anything else (a proxy's HTML page) gives undefined. */
export function asProblem(body: unknown): Problem | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const candidate = body as Partial<Problem>;
  return typeof candidate.status === 'number' &&
    typeof candidate.code === 'string' &&
    typeof candidate.detail === 'string'
    ? (candidate as Problem)
    : undefined;
}

export function rateLimitOf(headers: Headers): RateLimitInfo | undefined {
  const limit = seconds(headers.get('RateLimit-Limit'));
  const remaining = seconds(headers.get('RateLimit-Remaining'));
  const resetSeconds = seconds(headers.get('RateLimit-Reset'));
  if (limit === undefined || remaining === undefined || resetSeconds === undefined) {
    return undefined;
  }
  return { limit, remaining, resetSeconds };
}

/** A non-negative whole number of a header, or undefined. */
export function seconds(value: string | null): number | undefined {
  if (value === null || !/^\d+$/.test(value.trim())) return undefined;
  return Number(value.trim());
}

// The rate-limit step of every surface: a request counted against its holder's key (a token, an
// admin key, a connect session), its decision kept for the RateLimit fields of the answer, and a
// 429 past the limit.
import { HttpProblem } from '../../serving/problems.ts';
import type { RateLimitDecision, RateLimiter } from '../../serving/rate-limit.ts';
import type { Exchange } from '../wire/exchange.ts';

/**
 * Keeps the decision on the exchange and throws the 429 when it refuses; `holder` names who made
 * the requests ("this token"). A plain call, so the API's cached path stays synchronous.
 */
export function enforceRate(ex: Exchange, decision: RateLimitDecision, holder: string): void {
  ex.rate = decision;
  if (!decision.allowed) {
    throw new HttpProblem(
      'rate_limited',
      `${holder} made more than ${decision.limit} requests this minute; retry in ${decision.resetSeconds} s`,
      {},
      { 'Retry-After': String(decision.resetSeconds) },
    );
  }
}

/** Counts the request against `key` and enforces the decision (admin API, connect page). */
export async function limit(
  limiter: RateLimiter,
  ex: Exchange,
  key: string,
  holder: string,
): Promise<void> {
  if (!limiter.enabled) return;
  enforceRate(ex, await limiter.hit(key), holder);
}

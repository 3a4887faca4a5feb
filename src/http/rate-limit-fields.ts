// A rate limit decision (serving/rate-limit.ts) as the IETF draft's RateLimit-* header fields:
// as header lines for the cached hot path's head, and as an object for every other answer.
import { RATE_WINDOW_MS } from '../serving/rate-limit.ts';
import type { RateLimitDecision } from '../serving/rate-limit.ts';
import { flat } from './wire/flat.ts';

/** The fields of a limit of `limitPerMinute` requests a window. */
export class RateLimitFields {
  private readonly policy: string;
  /** The RateLimit-Policy line, the same on every answer. */
  private readonly policyLine: string;
  /** The lines up to Remaining's value, for the limit a decision last carried. */
  private lead = '';
  private leadLimit = -1;

  constructor(limitPerMinute: number) {
    this.policy = `${limitPerMinute};w=${RATE_WINDOW_MS / 1000}`;
    this.policyLine = `RateLimit-Policy: ${this.policy}\r\n`;
  }

  /** The same fields as header lines (`Name: value\r\n`), as the hot path writes them. */
  fieldLines(decision: RateLimitDecision): string {
    if (decision.limit !== this.leadLimit) {
      this.leadLimit = decision.limit;
      this.lead = flat(
        `${this.policyLine}RateLimit-Limit: ${decision.limit}\r\nRateLimit-Remaining: `,
      );
    }
    return `${this.lead}${decimal(decision.remaining)}\r\nRateLimit-Reset: ${decision.resetSeconds}\r\n`;
  }

  /** The IETF draft's RateLimit-* fields for a decision. */
  headers(decision: RateLimitDecision): Record<string, string> {
    return {
      'RateLimit-Policy': this.policy,
      'RateLimit-Limit': String(decision.limit),
      'RateLimit-Remaining': decimal(decision.remaining),
      'RateLimit-Reset': String(decision.resetSeconds),
    };
  }
}

/** "00" to "99", and "0" to "99" for a number's leading digits. */
const PAIRS = Array.from({ length: 100 }, (_, n) => String(n).padStart(2, '0'));
const LEADING = Array.from({ length: 100 }, (_, n) => String(n));
/**
 * Counts below this go through String(): a limit of up to this many requests a minute gives back
 * the same few counts again and again, which V8's number-to-string cache (16,384 entries) holds.
 */
const CACHED_BELOW = 10_000;

/**
 * `String(n)` for a count, made without V8's number-to-string cache when the count is large.
 * Under a high limit RateLimit-Remaining is a new number on every request; each String() of it
 * was kept in that cache, an old-generation array, so every young string it made stayed alive
 * until the next scavenge, was copied there through the old-to-new remembered set, and promoted
 * at the one after. perf put most of a scavenge's time there; on the cached league list (limit
 * 10^9, as in the bench) each scavenge promoted 18 KB and paused 0.98-1.94 ms, against 0.2 KB
 * and 0.72-0.91 ms with the count formatted here (--trace-gc-nvp, docs/performance.md). Digits
 * go two at a time (56 ns against String()'s 21-25 ns); strings this short are made flat.
 */
export function decimal(n: number): string {
  if (n < CACHED_BELOW || !Number.isSafeInteger(n)) return String(n);
  let text = '';
  let rest = n;
  while (rest >= 100) {
    const high = Math.floor(rest / 100);
    text = (PAIRS[rest - high * 100] as string) + text;
    rest = high;
  }
  return (LEADING[rest] as string) + text;
}

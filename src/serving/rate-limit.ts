// Per-token rate limiting with a fixed window that starts at a key's first request (the shape of
// Redis INCR + PEXPIRE, so a shared store can replace the in-memory one without changing the
// answers). Stores may answer synchronously; the app only awaits when handed a promise.

import { flat } from '../http/flat.ts';

export interface RateLimitDecision {
  allowed: boolean;
  limit: number;
  /** Requests left in the current window (0 once exceeded). */
  remaining: number;
  /** Whole seconds until the window resets (at least 1). */
  resetSeconds: number;
}

export interface RateLimitStore {
  /** Counts one request against `key` and says whether it is within `limit` per `windowMs`. */
  hit(key: string, limit: number, windowMs: number): RateLimitDecision | Promise<RateLimitDecision>;
  close(): Promise<void>;
}

interface Window {
  count: number;
  endsAt: number;
}

/** One process's counters. Bounded: expired windows are swept once per window length. */
export class MemoryRateLimitStore implements RateLimitStore {
  private readonly windows = new Map<string, Window>();
  private nextSweep = 0;

  constructor(
    private readonly now: () => number = Date.now,
    private readonly maxKeys = 100_000,
  ) {}

  hit(key: string, limit: number, windowMs: number): RateLimitDecision {
    const now = this.now();
    if (now >= this.nextSweep) this.sweep(now, windowMs);
    let window = this.windows.get(key);
    if (window === undefined || window.endsAt <= now) {
      if (window === undefined && this.windows.size >= this.maxKeys) this.evictOldest();
      window = { count: 0, endsAt: now + windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    return {
      allowed: window.count <= limit,
      limit,
      remaining: Math.max(0, limit - window.count),
      resetSeconds: Math.max(1, Math.ceil((window.endsAt - now) / 1000)),
    };
  }

  async close(): Promise<void> {
    this.windows.clear();
  }

  private sweep(now: number, windowMs: number): void {
    for (const [key, window] of this.windows) {
      if (window.endsAt <= now) this.windows.delete(key);
    }
    this.nextSweep = now + windowMs;
  }

  private evictOldest(): void {
    const oldest = this.windows.keys().next();
    if (oldest.done !== true) this.windows.delete(oldest.value);
  }
}

const WINDOW_MS = 60_000;

/** The per-token limit of `limitPerMinute` requests; 0 turns it off. */
export class RateLimiter {
  readonly enabled: boolean;
  private readonly policy: string;
  /** The RateLimit-Policy line, the same on every answer. */
  private readonly policyLine: string;
  /** The lines up to Remaining's value, for the limit a decision last carried. */
  private lead = '';
  private leadLimit = -1;

  constructor(
    private readonly store: RateLimitStore,
    private readonly limitPerMinute: number,
  ) {
    this.enabled = limitPerMinute > 0;
    this.policy = `${limitPerMinute};w=${WINDOW_MS / 1000}`;
    this.policyLine = `RateLimit-Policy: ${this.policy}\r\n`;
  }

  hit(key: string): RateLimitDecision | Promise<RateLimitDecision> {
    return this.store.hit(key, this.limitPerMinute, WINDOW_MS);
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

// Per-token rate limiting with a fixed window that starts at a key's first request (the shape of
// Redis INCR + PEXPIRE, so a shared store can replace the in-memory one without changing the
// answers). Stores may answer synchronously; the app only awaits when handed a promise. The
// decision's header fields are the HTTP layer's (http/rate-limit-fields.ts).

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

/** The window every limit counts in. */
export const RATE_WINDOW_MS = 60_000;

/** The per-token limit of `limitPerMinute` requests; 0 turns it off. */
export class RateLimiter {
  readonly enabled: boolean;

  constructor(
    private readonly store: RateLimitStore,
    private readonly limitPerMinute: number,
  ) {
    this.enabled = limitPerMinute > 0;
  }

  hit(key: string): RateLimitDecision | Promise<RateLimitDecision> {
    return this.store.hit(key, this.limitPerMinute, RATE_WINDOW_MS);
  }
}

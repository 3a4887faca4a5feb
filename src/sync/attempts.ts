// Counts of attempts in fixed windows (each starting at its key's first count, the shape of Redis
// INCR + PEXPIRE), for the limits on links (sync/link-attempts.ts) and on failed authentications
// (serving/auth-throttle.ts). One small interface, this process's memory here and Redis beside it
// (attempts-redis.ts), opened once by the composition root: with REDIS_URL every instance counts
// in one place, so a client spreading its tries over instances gains nothing.
import type { Config } from '../config.ts';
import type { Logger } from '../logger.ts';

/** At most `limit` counts on `key` per window of `windowMs` from its first count. */
export interface AttemptRule {
  key: string;
  limit: number;
  windowMs: number;
  /** false: the rule is checked, not counted (a wait set with `hold`). Default true. */
  count?: boolean;
}

export interface AttemptCount {
  /** Counts in the key's current window, this one included. */
  count: number;
  /** Milliseconds until that window ends (at least 1). */
  resetMs: number;
}

export interface AttemptStore {
  /**
   * Checks every rule and, when all allow, counts one on each (atomically: two instances never
   * both take the last count). Answers 0 when counted, else the milliseconds until the refusing
   * rules allow again, with nothing counted.
   */
  take(rules: readonly AttemptRule[]): number | Promise<number>;
  /** Counts one on `key` whatever its count, and answers the count and what is left of its window. */
  add(key: string, windowMs: number): AttemptCount | Promise<AttemptCount>;
  /** Makes every rule on `key` refuse for `ms`. */
  hold(key: string, ms: number): void | Promise<void>;
  /** Forgets the keys' counts. */
  clear(keys: readonly string[]): void | Promise<void>;
  close(): Promise<void>;
}

interface Window {
  count: number;
  endsAt: number;
}

/** A count no limit reaches: what `hold` sets. */
const HELD = Number.MAX_SAFE_INTEGER;

/** One process's counts. Bounded: ended windows are swept, and the oldest key goes past maxKeys. */
export class MemoryAttemptStore implements AttemptStore {
  private readonly windows = new Map<string, Window>();
  private nextSweep = 0;

  constructor(
    private readonly now: () => number = Date.now,
    private readonly maxKeys = 100_000,
  ) {}

  take(rules: readonly AttemptRule[]): number {
    const now = this.now();
    this.sweep(now);
    let wait = 0;
    for (const rule of rules) {
      const window = this.live(rule.key, now);
      if (window !== undefined && window.count >= rule.limit) {
        wait = Math.max(wait, window.endsAt - now, 1);
      } else if (window === undefined && rule.limit <= 0) {
        wait = Math.max(wait, rule.windowMs);
      }
    }
    if (wait > 0) return wait;
    for (const rule of rules) {
      if (rule.count !== false) this.count(rule.key, rule.windowMs, now);
    }
    return 0;
  }

  add(key: string, windowMs: number): AttemptCount {
    const now = this.now();
    this.sweep(now);
    const window = this.count(key, windowMs, now);
    return { count: window.count, resetMs: Math.max(1, window.endsAt - now) };
  }

  hold(key: string, ms: number): void {
    const now = this.now();
    this.set(key, { count: HELD, endsAt: now + ms });
  }

  clear(keys: readonly string[]): void {
    for (const key of keys) this.windows.delete(key);
  }

  async close(): Promise<void> {
    this.windows.clear();
  }

  private live(key: string, now: number): Window | undefined {
    const window = this.windows.get(key);
    return window !== undefined && window.endsAt > now ? window : undefined;
  }

  private count(key: string, windowMs: number, now: number): Window {
    let window = this.live(key, now);
    if (window === undefined) {
      window = { count: 0, endsAt: now + windowMs };
      this.set(key, window);
    }
    window.count += 1;
    return window;
  }

  private set(key: string, window: Window): void {
    if (!this.windows.has(key) && this.windows.size >= this.maxKeys) {
      const oldest = this.windows.keys().next();
      if (oldest.done !== true) this.windows.delete(oldest.value);
    }
    this.windows.set(key, window);
  }

  /** Drops ended windows, at most once a minute. */
  private sweep(now: number): void {
    if (now < this.nextSweep) return;
    for (const [key, window] of this.windows) {
      if (window.endsAt <= now) this.windows.delete(key);
    }
    this.nextSweep = now + 60_000;
  }
}

export interface AttemptStores {
  readonly store: AttemptStore;
  readonly kind: 'redis' | 'memory';
  close(): Promise<void>;
}

/** The process's one attempt store: Redis with REDIS_URL (ioredis loaded only then), else memory. */
export async function openAttemptStore(
  config: Pick<Config, 'redisUrl'>,
  options: { logger: Logger; keyPrefix?: string },
): Promise<AttemptStores> {
  if (config.redisUrl === undefined) {
    const store = new MemoryAttemptStore();
    return { store, kind: 'memory', close: () => store.close() };
  }
  const { RedisAttemptStore } = await import('./attempts-redis.ts');
  const store = new RedisAttemptStore(config.redisUrl, options);
  // Attempts made before Redis answers are counted here (fail open); the store keeps trying.
  await store.ready();
  return { store, kind: 'redis', close: () => store.close() };
}

// The rate-limit store shared by every instance: one Redis key per token, counted by one atomic
// Lua script per request (INCR, PEXPIRE on the first hit, PTTL), so the answers are those of
// MemoryRateLimitStore with the count held in Redis.
//
// Redis unreachable while serving: fail open. The request is counted by a MemoryRateLimitStore in
// this process instead, so the RateLimit headers are still sent and a token that exceeds the limit
// on this instance alone still gets 429; the limit is per instance until Redis answers again. A
// warning is logged at most once per `warnIntervalMs`. At start-up `connect` fails fast instead,
// naming REDIS_URL. The URL's credentials never reach a log line or an error message.
//
// Redis hung (connected, answering nothing) would make every request wait the command timeout.
// So after `failuresToPause` failed commands in a row the store stops asking: hits are counted
// locally and answered at once, a PING probes Redis every `probeIntervalMs` in the background, and
// the first answer (or a fresh connection becoming ready) hands the counting back to Redis.
import { setTimeout as delay } from 'node:timers/promises';
import { Redis } from 'ioredis';
import type { Result } from 'ioredis';
import type { Logger } from 'pino';
import { ConfigError, describeRedisUrl } from '../config.ts';

export { describeRedisUrl } from '../config.ts';
import { MemoryRateLimitStore } from './rate-limit.ts';
import type { RateLimitDecision, RateLimitStore } from './rate-limit.ts';

export const RATE_LIMIT_KEY_PREFIX = 'fld:rl:';

// A key without a TTL cannot come from this script (it is atomic), but if one ever exists it
// would never reset; giving it the window keeps the limit from sticking forever.
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}
`;

declare module 'ioredis' {
  interface RedisCommander<Context> {
    fldRateLimitHit(key: string, windowMs: number): Result<[number, number], Context>;
  }
}

export interface RedisRateLimitOptions {
  logger: Logger;
  /** Prepended to the token id; tests isolate themselves with their own. */
  keyPrefix?: string;
  /** Longest a request waits for Redis before it is counted locally instead. */
  commandTimeoutMs?: number;
  /** At most one "Redis unavailable" warning per this many milliseconds. */
  warnIntervalMs?: number;
  /** Failed commands in a row after which Redis is left alone until a probe answers. */
  failuresToPause?: number;
  /** How long Redis is left alone before each background probe. */
  probeIntervalMs?: number;
}

export interface ConnectOptions extends RedisRateLimitOptions {
  /** How long start-up keeps trying to PING before giving up. */
  startupTimeoutMs?: number;
}

export class RedisRateLimitStore implements RateLimitStore {
  private readonly redis: Redis;
  private readonly fallback = new MemoryRateLimitStore();
  private readonly logger: Logger;
  private readonly keyPrefix: string;
  private readonly warnIntervalMs: number;
  private lastWarnAt = Number.NEGATIVE_INFINITY;
  private suppressed = 0;
  private degraded = false;
  /** Off while `connect` waits for the first PING: start-up reports its own failure. */
  private reporting = true;
  private lastError: string | undefined;
  private readonly failuresToPause: number;
  private readonly probeIntervalMs: number;
  private failuresInARow = 0;
  /** Set while Redis is left alone: hits are counted locally, synchronously. */
  private paused = false;
  private probeTimer: NodeJS.Timeout | undefined;
  private closed = false;

  /** Starts connecting in the background; until Redis answers, hits are counted locally. */
  constructor(url: string, options: RedisRateLimitOptions) {
    this.logger = options.logger;
    this.keyPrefix = options.keyPrefix ?? RATE_LIMIT_KEY_PREFIX;
    this.warnIntervalMs = options.warnIntervalMs ?? 5000;
    this.failuresToPause = options.failuresToPause ?? 3;
    this.probeIntervalMs = options.probeIntervalMs ?? 1000;
    this.redis = new Redis(url, {
      lazyConnect: true,
      // Fail a command at once while disconnected instead of queueing it (the request would wait).
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: options.commandTimeoutMs ?? 250,
      connectTimeout: 2000,
      retryStrategy: (attempt) => Math.min(attempt * 100, 2000),
    });
    this.redis.defineCommand('fldRateLimitHit', { numberOfKeys: 1, lua: HIT_SCRIPT });
    this.redis.on('error', (error: Error) => this.unavailable(error));
    this.redis.on('ready', () => this.answering());
    // Failures are reported through the 'error' event; reconnection continues on its own.
    this.redis.connect().catch(() => undefined);
  }

  /** Whether hits go to Redis now (false while counting locally because Redis failed). */
  isShared(): boolean {
    return !this.degraded && !this.paused && !this.closed;
  }

  /** A store whose Redis answered a PING, or a ConfigError naming REDIS_URL (for start-up). */
  static async connect(url: string, options: ConnectOptions): Promise<RedisRateLimitStore> {
    const store = new RedisRateLimitStore(url, options);
    store.reporting = false;
    const timeoutMs = options.startupTimeoutMs ?? 3000;
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      try {
        await store.redis.ping();
        store.reporting = true;
        return store;
      } catch (error) {
        if (Date.now() >= deadline) {
          await store.close();
          const reason = store.lastError ?? (error as Error).message;
          throw new ConfigError(
            'REDIS_URL',
            `no answer from Redis at ${describeRedisUrl(url)} within ${timeoutMs} ms (${reason})`,
          );
        }
        await delay(100);
      }
    }
  }

  hit(
    key: string,
    limit: number,
    windowMs: number,
  ): RateLimitDecision | Promise<RateLimitDecision> {
    if (this.paused) return this.fallback.hit(key, limit, windowMs);
    return this.hitRedis(key, limit, windowMs);
  }

  private async hitRedis(key: string, limit: number, windowMs: number): Promise<RateLimitDecision> {
    let count: number;
    let ttlMs: number;
    try {
      [count, ttlMs] = await this.redis.fldRateLimitHit(this.keyPrefix + key, windowMs);
    } catch (error) {
      this.unavailable(error as Error);
      this.failuresInARow += 1;
      if (this.failuresInARow >= this.failuresToPause && !this.paused) this.pause();
      return this.fallback.hit(key, limit, windowMs);
    }
    this.failuresInARow = 0;
    return {
      allowed: count <= limit,
      limit,
      remaining: Math.max(0, limit - count),
      resetSeconds: Math.max(1, Math.ceil(ttlMs / 1000)),
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.probeTimer);
    await this.fallback.close();
    if (this.redis.status === 'ready') {
      try {
        await this.redis.quit();
        return;
      } catch {
        // Lost while quitting: fall through and drop the connection.
      }
    }
    this.redis.disconnect();
  }

  /** Stops asking Redis until a probe answers. */
  private pause(): void {
    this.paused = true;
    this.logger.info(
      { failures: this.failuresInARow, probeIntervalMs: this.probeIntervalMs },
      'redis rate-limit store not answering; counting in this process until it does',
    );
    this.scheduleProbe();
  }

  private scheduleProbe(): void {
    if (this.closed) return;
    this.probeTimer = setTimeout(() => {
      this.redis.ping().then(
        () => this.answering(),
        (error: Error) => {
          this.lastError = error.message;
          if (this.paused) this.scheduleProbe();
        },
      );
    }, this.probeIntervalMs);
    this.probeTimer.unref();
  }

  /** Redis answered (a probe, or a connection became ready): it counts again. */
  private answering(): void {
    if (this.closed) return;
    clearTimeout(this.probeTimer);
    this.failuresInARow = 0;
    const wasDown = this.paused || this.degraded;
    this.paused = false;
    this.degraded = false;
    if (wasDown) this.logger.info('redis rate-limit store answering again; limits are shared');
  }

  private unavailable(error: Error): void {
    this.lastError = error.message;
    if (!this.reporting) return;
    this.degraded = true;
    const now = Date.now();
    if (now - this.lastWarnAt < this.warnIntervalMs) {
      this.suppressed += 1;
      return;
    }
    this.logger.warn(
      { reason: error.message, suppressed: this.suppressed },
      'redis rate-limit store unavailable; counting in this process (fail open)',
    );
    this.lastWarnAt = now;
    this.suppressed = 0;
  }
}

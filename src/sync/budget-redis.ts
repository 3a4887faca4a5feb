// The platforms' request budgets shared by every process of a deployment: one Redis sorted set per
// platform holding the times of its calls in the window (`fld:budget:<platform>`), trimmed,
// counted and added to by one atomic Lua script, with Redis's own clock (TIME) so workers on
// machines whose clocks disagree still share one window. Same answers as MemoryBudgetStore.
//
// Redis failing or hung: fail open, as the API's rate limiter does (http/rate-limit-redis.ts).
// The call is counted by a MemoryBudgetStore in this process instead, so the budget holds per
// process until Redis answers again; after `failuresToPause` failures in a row Redis is left
// alone (calls do not wait on a hung Redis) and probed with a PING every `probeIntervalMs`.
// A warning is logged at most every `warnIntervalMs`; the URL's credentials are never shown.
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Result } from 'ioredis';
import type { Logger } from '../logger.ts';
import { MemoryBudgetStore } from '../platforms/request-budget.ts';
import type { BudgetStore } from '../platforms/request-budget.ts';

export const BUDGET_KEY_PREFIX = 'fld:budget:';

const TAKE_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local window = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
if redis.call('ZCARD', KEYS[1]) < tonumber(ARGV[1]) then
  redis.call('ZADD', KEYS[1], now, ARGV[3])
  redis.call('PEXPIRE', KEYS[1], window)
  return 0
end
local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
return math.max(1, tonumber(oldest[2]) + window - now)
`;

declare module 'ioredis' {
  interface RedisCommander<Context> {
    fldBudgetTake(
      key: string,
      limit: number,
      windowMs: number,
      member: string,
    ): Result<number, Context>;
  }
}

export interface RedisBudgetOptions {
  logger: Logger;
  /** Prepended to the budget's key (the platform); tests isolate themselves with their own. */
  keyPrefix?: string;
  commandTimeoutMs?: number;
  warnIntervalMs?: number;
  failuresToPause?: number;
  probeIntervalMs?: number;
}

export class RedisBudgetStore implements BudgetStore {
  private readonly redis: Redis;
  private readonly fallback = new MemoryBudgetStore();
  private readonly logger: Logger;
  private readonly keyPrefix: string;
  private readonly warnIntervalMs: number;
  private readonly failuresToPause: number;
  private readonly probeIntervalMs: number;
  /** Makes each logged call a distinct member of the set. */
  private readonly processTag = randomBytes(4).toString('hex');
  private calls = 0;
  private lastWarnAt = Number.NEGATIVE_INFINITY;
  private failuresInARow = 0;
  private paused = false;
  private probeTimer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(url: string, options: RedisBudgetOptions) {
    this.logger = options.logger;
    this.keyPrefix = options.keyPrefix ?? BUDGET_KEY_PREFIX;
    this.warnIntervalMs = options.warnIntervalMs ?? 5000;
    this.failuresToPause = options.failuresToPause ?? 3;
    this.probeIntervalMs = options.probeIntervalMs ?? 1000;
    this.redis = new Redis(url, {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      // Longer than the rate limiter's 250 ms: a sync can wait, and a worker's event loop is busy
      // (a SQLite write blocks it) so a short timeout would fail open on a healthy Redis.
      commandTimeout: options.commandTimeoutMs ?? 2000,
      connectTimeout: 2000,
      retryStrategy: (attempt) => Math.min(attempt * 100, 2000),
    });
    this.redis.defineCommand('fldBudgetTake', { numberOfKeys: 1, lua: TAKE_SCRIPT });
    // Reported through take()'s failures; reconnection continues on its own.
    this.redis.on('error', () => undefined);
    this.redis.on('ready', () => this.answering());
    this.redis.connect().catch(() => undefined);
  }

  /**
   * Waits until Redis answers a PING (at most `timeoutMs`): calls made before are counted in
   * this process. Resolves false when Redis did not answer in time; the store keeps trying.
   */
  async ready(timeoutMs = 3000): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (this.redis.status === 'ready') {
        try {
          await this.redis.ping();
          return true;
        } catch {
          // Not answering yet: try again below.
        }
      }
      if (Date.now() >= deadline) return false;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  take(key: string, limit: number, windowMs: number): number | Promise<number> {
    if (this.paused) return this.fallback.take(key, limit, windowMs);
    return this.takeShared(key, limit, windowMs);
  }

  private async takeShared(key: string, limit: number, windowMs: number): Promise<number> {
    this.calls += 1;
    const member = `${Date.now()}:${this.processTag}:${this.calls}`;
    try {
      const waitMs = await this.redis.fldBudgetTake(this.keyPrefix + key, limit, windowMs, member);
      this.failuresInARow = 0;
      return waitMs;
    } catch (error) {
      this.unavailable(error as Error);
      this.failuresInARow += 1;
      if (this.failuresInARow >= this.failuresToPause && !this.paused) this.pause();
      return this.fallback.take(key, limit, windowMs);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.probeTimer);
    if (this.redis.status === 'ready') {
      try {
        await this.redis.quit();
        return;
      } catch {
        // Lost while quitting: drop the connection below.
      }
    }
    this.redis.disconnect();
  }

  private pause(): void {
    this.paused = true;
    this.logger.info(
      { failures: this.failuresInARow, probeIntervalMs: this.probeIntervalMs },
      'redis request budgets not answering; counting platform calls in this process until they do',
    );
    this.scheduleProbe();
  }

  private scheduleProbe(): void {
    if (this.closed) return;
    this.probeTimer = setTimeout(() => {
      this.redis.ping().then(
        () => this.answering(),
        () => {
          if (this.paused) this.scheduleProbe();
        },
      );
    }, this.probeIntervalMs);
    this.probeTimer.unref();
  }

  private answering(): void {
    if (this.closed) return;
    clearTimeout(this.probeTimer);
    this.failuresInARow = 0;
    if (this.paused) this.logger.info('redis request budgets answering again; budgets are shared');
    this.paused = false;
  }

  private unavailable(error: Error): void {
    const now = Date.now();
    if (now - this.lastWarnAt < this.warnIntervalMs) return;
    this.lastWarnAt = now;
    this.logger.warn(
      { reason: error.message },
      'redis request budgets unavailable; counting platform calls in this process (fail open)',
    );
  }
}

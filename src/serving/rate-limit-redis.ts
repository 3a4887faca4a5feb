// The rate-limit store shared by every instance: one Redis key per token, counted by one atomic
// Lua script per request (INCR, PEXPIRE on the first hit, PTTL), so the answers are those of
// MemoryRateLimitStore with the count held in Redis.
//
// Redis unreachable or hung while serving: fail open (redis/circuit.ts, with a 250 ms command
// timeout since a request waits on it). The request is counted by a MemoryRateLimitStore in this
// process instead, so the RateLimit headers are still sent and a token that exceeds the limit on
// this instance alone still gets 429; the limit is per instance until Redis answers again. At
// start-up `connect` fails fast instead, naming REDIS_URL. The URL's credentials never reach a
// log line or an error message.
import type { Result } from 'ioredis';
import { ConfigError, describeRedisUrl } from '../config.ts';
import type { Logger } from '../logger.ts';
import { RedisCircuit } from '../redis/circuit.ts';
import { FIXED_WINDOW_HIT_SCRIPT } from '../redis/fixed-window.ts';
import type { RedisCircuitTuning } from '../redis/circuit.ts';
import { MemoryRateLimitStore } from './rate-limit.ts';
import type { RateLimitDecision, RateLimitStore } from './rate-limit.ts';

export { describeRedisUrl } from '../config.ts';

export const RATE_LIMIT_KEY_PREFIX = 'fld:rl:';

declare module 'ioredis' {
  interface RedisCommander<Context> {
    fldRateLimitHit(key: string, windowMs: number): Result<[number, number], Context>;
  }
}

export interface RedisRateLimitOptions extends RedisCircuitTuning {
  logger: Logger;
  /** Prepended to the token id; tests isolate themselves with their own. */
  keyPrefix?: string;
}

export interface ConnectOptions extends RedisRateLimitOptions {
  /** How long start-up keeps trying to PING before giving up. */
  startupTimeoutMs?: number;
}

export class RedisRateLimitStore implements RateLimitStore {
  private readonly circuit: RedisCircuit;
  private readonly fallback = new MemoryRateLimitStore();
  private readonly keyPrefix: string;

  /** Starts connecting in the background; until Redis answers, hits are counted locally. */
  constructor(url: string, options: RedisRateLimitOptions) {
    this.keyPrefix = options.keyPrefix ?? RATE_LIMIT_KEY_PREFIX;
    this.circuit = new RedisCircuit(url, {
      ...options,
      commandTimeoutMs: options.commandTimeoutMs ?? 250,
      scripts: { fldRateLimitHit: { numberOfKeys: 1, lua: FIXED_WINDOW_HIT_SCRIPT } },
      reportConnectionErrors: true,
      messages: {
        unavailable: 'redis rate-limit store unavailable; counting in this process (fail open)',
        paused: 'redis rate-limit store not answering; counting in this process until it does',
        answering: 'redis rate-limit store answering again; limits are shared',
      },
    });
  }

  /** Whether hits go to Redis now (false while counting locally because Redis failed). */
  isShared(): boolean {
    return this.circuit.isShared();
  }

  /** A store whose Redis answered a PING, or a ConfigError naming REDIS_URL (for start-up). */
  static async connect(url: string, options: ConnectOptions): Promise<RedisRateLimitStore> {
    const store = new RedisRateLimitStore(url, options);
    const timeoutMs = options.startupTimeoutMs ?? 3000;
    if (await store.circuit.waitForAnswer(timeoutMs)) return store;
    await store.close();
    throw new ConfigError(
      'REDIS_URL',
      `no answer from Redis at ${describeRedisUrl(url)} within ${timeoutMs} ms (${store.circuit.lastError()})`,
    );
  }

  hit(
    key: string,
    limit: number,
    windowMs: number,
  ): RateLimitDecision | Promise<RateLimitDecision> {
    return this.circuit.run(
      async (redis) => {
        const [count, ttlMs] = await redis.fldRateLimitHit(this.keyPrefix + key, windowMs);
        return {
          allowed: count <= limit,
          limit,
          remaining: Math.max(0, limit - count),
          resetSeconds: Math.max(1, Math.ceil(ttlMs / 1000)),
        };
      },
      () => this.fallback.hit(key, limit, windowMs),
    );
  }

  async close(): Promise<void> {
    await this.circuit.close();
    await this.fallback.close();
  }
}

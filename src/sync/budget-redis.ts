// The platforms' request budgets shared by every process of a deployment: one Redis sorted set per
// platform holding the times of its calls in the window (`fld:budget:<platform>`), trimmed,
// counted and added to by one atomic Lua script, with Redis's own clock (TIME) so workers on
// machines whose clocks disagree still share one window. Same answers as MemoryBudgetStore.
//
// Redis failing or hung: fail open, as the API's rate limiter does (both through
// redis/circuit.ts, here with a 2 s command timeout). The call is counted by a MemoryBudgetStore
// in this process instead, so the budget holds per process until Redis answers again.
import { randomBytes } from 'node:crypto';
import type { Result } from 'ioredis';
import type { Logger } from '../logger.ts';
import { RedisCircuit } from '../redis/circuit.ts';
import type { RedisCircuitTuning } from '../redis/circuit.ts';
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

export interface RedisBudgetOptions extends RedisCircuitTuning {
  logger: Logger;
  /** Prepended to the budget's key (the platform); tests isolate themselves with their own. */
  keyPrefix?: string;
}

export class RedisBudgetStore implements BudgetStore {
  private readonly circuit: RedisCircuit;
  private readonly fallback = new MemoryBudgetStore();
  private readonly keyPrefix: string;
  /** Makes each logged call a distinct member of the set. */
  private readonly processTag = randomBytes(4).toString('hex');
  private calls = 0;

  constructor(url: string, options: RedisBudgetOptions) {
    this.keyPrefix = options.keyPrefix ?? BUDGET_KEY_PREFIX;
    this.circuit = new RedisCircuit(url, {
      ...options,
      // Longer than the rate limiter's 250 ms: a sync can wait, and a worker's event loop is busy
      // (a SQLite write blocks it) so a short timeout would fail open on a healthy Redis.
      commandTimeoutMs: options.commandTimeoutMs ?? 2000,
      scripts: { fldBudgetTake: { numberOfKeys: 1, lua: TAKE_SCRIPT } },
      messages: {
        unavailable:
          'redis request budgets unavailable; counting platform calls in this process (fail open)',
        paused:
          'redis request budgets not answering; counting platform calls in this process until they do',
        answering: 'redis request budgets answering again; budgets are shared',
      },
    });
  }

  /**
   * Waits until Redis answers a PING (at most `timeoutMs`): calls made before are counted in
   * this process. Resolves false when Redis did not answer in time; the store keeps trying.
   */
  ready(timeoutMs = 3000): Promise<boolean> {
    return this.circuit.waitForAnswer(timeoutMs);
  }

  take(key: string, limit: number, windowMs: number): number | Promise<number> {
    return this.circuit.run(
      (redis) => {
        this.calls += 1;
        const member = `${Date.now()}:${this.processTag}:${this.calls}`;
        return redis.fldBudgetTake(this.keyPrefix + key, limit, windowMs, member);
      },
      () => this.fallback.take(key, limit, windowMs),
    );
  }

  close(): Promise<void> {
    return this.circuit.close();
  }
}

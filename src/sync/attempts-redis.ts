// The attempt counts shared by every instance: one Redis key per count (`fld:attempts:<key>`),
// checked and counted by atomic Lua scripts, with the answers of MemoryAttemptStore.
//
// Redis failing or hung: fail open, as the rate limiter and the request budgets do (through
// redis/circuit.ts, here with a 500 ms command timeout: a link or a refused login waits on it).
// The attempt is counted by a MemoryAttemptStore in this process instead, so the limits hold per
// instance until Redis answers again.
import type { Result } from 'ioredis';
import type { Logger } from '../logger.ts';
import { RedisCircuit } from '../redis/circuit.ts';
import { FIXED_WINDOW_HIT_SCRIPT } from '../redis/fixed-window.ts';
import type { RedisCircuitTuning } from '../redis/circuit.ts';
import { MemoryAttemptStore } from './attempts.ts';
import type { AttemptCount, AttemptRule, AttemptStore } from './attempts.ts';

export const ATTEMPT_KEY_PREFIX = 'fld:attempts:';

/** The value `hold` sets: no limit reaches it. */
const HELD = 1_000_000_000_000;

// ARGV holds limit, window and whether to count (1/0) for each key, in KEYS' order. A key left
// without a TTL (none of these scripts makes one) is given its window rather than kept forever.
const TAKE_SCRIPT = `
local wait = 0
for i, key in ipairs(KEYS) do
  local limit = tonumber(ARGV[i * 3 - 2])
  local count = tonumber(redis.call('GET', key) or '0')
  if count >= limit then
    local ttl = redis.call('PTTL', key)
    if ttl == -1 then redis.call('PEXPIRE', key, ARGV[i * 3 - 1]) end
    if ttl < 0 then ttl = tonumber(ARGV[i * 3 - 1]) end
    if ttl > wait then wait = ttl end
  end
end
if wait > 0 then return wait end
for i, key in ipairs(KEYS) do
  if ARGV[i * 3] == '1' then
    if redis.call('INCR', key) == 1 then redis.call('PEXPIRE', key, ARGV[i * 3 - 1]) end
  end
end
return 0
`;

declare module 'ioredis' {
  interface RedisCommander<Context> {
    fldAttemptsAdd(key: string, windowMs: number): Result<[number, number], Context>;
  }
}

export interface RedisAttemptOptions extends RedisCircuitTuning {
  logger: Logger;
  /** Prepended to every key; tests isolate themselves with their own. */
  keyPrefix?: string;
}

export class RedisAttemptStore implements AttemptStore {
  private readonly circuit: RedisCircuit;
  private readonly fallback = new MemoryAttemptStore();
  private readonly keyPrefix: string;

  constructor(url: string, options: RedisAttemptOptions) {
    this.keyPrefix = options.keyPrefix ?? ATTEMPT_KEY_PREFIX;
    this.circuit = new RedisCircuit(url, {
      ...options,
      commandTimeoutMs: options.commandTimeoutMs ?? 500,
      scripts: { fldAttemptsAdd: { numberOfKeys: 1, lua: FIXED_WINDOW_HIT_SCRIPT } },
      messages: {
        unavailable:
          'redis attempt limits unavailable; counting attempts in this process (fail open)',
        paused:
          'redis attempt limits not answering; counting attempts in this process until they do',
        answering: 'redis attempt limits answering again; limits are shared',
      },
    });
  }

  /** Waits until Redis answers a PING (at most `timeoutMs`); false when it did not in time. */
  ready(timeoutMs = 3000): Promise<boolean> {
    return this.circuit.waitForAnswer(timeoutMs);
  }

  take(rules: readonly AttemptRule[]): number | Promise<number> {
    if (rules.length === 0) return 0;
    return this.circuit.run(
      // EVAL with the script's text (a variable number of keys): takes are rare, one per link.
      async (redis) =>
        Number(
          await redis.eval(
            TAKE_SCRIPT,
            rules.length,
            ...rules.map((rule) => this.keyPrefix + rule.key),
            ...rules.flatMap((rule) => [rule.limit, rule.windowMs, rule.count === false ? 0 : 1]),
          ),
        ),
      () => this.fallback.take(rules),
    );
  }

  add(key: string, windowMs: number): AttemptCount | Promise<AttemptCount> {
    return this.circuit.run(
      async (redis) => {
        const [count, ttl] = await redis.fldAttemptsAdd(this.keyPrefix + key, windowMs);
        return { count, resetMs: Math.max(1, ttl) };
      },
      () => this.fallback.add(key, windowMs),
    );
  }

  hold(key: string, ms: number): void | Promise<void> {
    this.fallback.hold(key, ms);
    return this.circuit.run(
      async (redis) => {
        await redis.set(this.keyPrefix + key, HELD, 'PX', Math.max(1, Math.ceil(ms)));
      },
      () => undefined,
    );
  }

  clear(keys: readonly string[]): void | Promise<void> {
    this.fallback.clear(keys);
    if (keys.length === 0) return;
    return this.circuit.run(
      async (redis) => {
        await redis.del(...keys.map((key) => this.keyPrefix + key));
      },
      () => undefined,
    );
  }

  close(): Promise<void> {
    return this.circuit.close();
  }
}

// RedisRateLimitStore against a real Redis (TEST_REDIS_URL): counts and window expiry, the same
// answers as MemoryRateLimitStore, one limit shared by two connections (two instances), fail-open
// with local counting when Redis is unreachable, and a start-up failure naming REDIS_URL.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import { ConfigError } from '../../src/config.ts';
import { MemoryRateLimitStore } from '../../src/serving/rate-limit.ts';
import type { RateLimitDecision } from '../../src/serving/rate-limit.ts';
import { RedisRateLimitStore, describeRedisUrl } from '../../src/serving/rate-limit-redis.ts';
import { silentLogger } from '../../src/logger.ts';
import {
  SKIP_WITHOUT_REDIS,
  TEST_REDIS_URL,
  capturingLogger,
  closedPort,
  deleteKeys,
  uniquePrefix,
} from './redis.ts';

const MINUTE = 60_000;

describe('RedisRateLimitStore', { skip: SKIP_WITHOUT_REDIS }, () => {
  const url = TEST_REDIS_URL ?? '';
  const prefixes: string[] = [];
  const open = async (keyPrefix: string) =>
    RedisRateLimitStore.connect(url, { logger: silentLogger(), keyPrefix });
  const prefix = () => {
    const p = uniquePrefix();
    prefixes.push(p);
    return p;
  };
  after(async () => {
    for (const p of prefixes) await deleteKeys(p);
  });

  it('counts hits per key within the limit, then refuses', async () => {
    const store = await open(prefix());
    try {
      const decisions: RateLimitDecision[] = [];
      for (let i = 0; i < 4; i += 1) decisions.push(await store.hit('7', 3, MINUTE));
      assert.deepEqual(
        decisions.map((d) => [d.allowed, d.limit, d.remaining]),
        [
          [true, 3, 2],
          [true, 3, 1],
          [true, 3, 0],
          [false, 3, 0],
        ],
      );
      assert.ok(decisions.every((d) => d.resetSeconds >= 1 && d.resetSeconds <= 60));
      const other = await store.hit('8', 3, MINUTE);
      assert.equal(other.remaining, 2, 'another token has its own counter');
    } finally {
      await store.close();
    }
  });

  it('starts a new window once the old one expires', async () => {
    const store = await open(prefix());
    try {
      const windowMs = 200;
      assert.equal((await store.hit('1', 1, windowMs)).allowed, true);
      const refused = await store.hit('1', 1, windowMs);
      assert.equal(refused.allowed, false);
      assert.equal(refused.resetSeconds, 1, 'under a second left rounds up to 1');
      let next = await store.hit('1', 1, windowMs);
      for (let i = 0; !next.allowed && i < 500; i += 1) {
        await delay(20);
        next = await store.hit('1', 1, windowMs);
      }
      assert.equal(next.allowed, true, 'a fresh window after expiry');
      assert.equal(next.remaining, 0);
    } finally {
      await store.close();
    }
  });

  it('answers as MemoryRateLimitStore does for the same sequence', async () => {
    const sequence = ['a', 'a', 'b', 'a', 'a', 'b', 'c', 'a', 'b', 'b', 'b', 'a'];
    /** Compared hits, or undefined when the run outlasted a second (resetSeconds may then fairly differ). */
    const attempt = async (): Promise<number | undefined> => {
      const store = await open(prefix());
      const start = Date.now();
      const memory = new MemoryRateLimitStore(() => start);
      try {
        for (const [i, key] of sequence.entries()) {
          const expected = memory.hit(key, 4, MINUTE);
          const actual = await store.hit(key, 4, MINUTE);
          if (Date.now() - start >= 1000) return undefined;
          assert.deepEqual(actual, expected, `hit ${i} (${key})`);
        }
        return sequence.length;
      } finally {
        await store.close();
        await memory.close();
      }
    };
    // A slow machine may overrun the second; a fresh key prefix retries, and a run must finish.
    let compared: number | undefined;
    for (let run = 0; run < 5 && compared === undefined; run += 1) compared = await attempt();
    assert.equal(compared, sequence.length, 'no run compared the whole sequence within 1 s');
  });

  it('shares one limit between two connections (two instances)', async () => {
    const keyPrefix = prefix();
    const first = await open(keyPrefix);
    const second = await open(keyPrefix);
    try {
      const seen = [];
      for (let i = 0; i < 6; i += 1) {
        const store = i % 2 === 0 ? first : second;
        seen.push(await store.hit('42', 5, MINUTE));
      }
      assert.deepEqual(
        seen.map((d) => d.remaining),
        [4, 3, 2, 1, 0, 0],
      );
      assert.deepEqual(
        seen.map((d) => d.allowed),
        [true, true, true, true, true, false],
      );
    } finally {
      await first.close();
      await second.close();
    }
  });

  it('fails open when Redis is unreachable: counted locally, headers intact, one warning', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const port = await closedPort();
    const store = new RedisRateLimitStore(`redis://:s3cret-pass@127.0.0.1:${port}`, {
      logger: capturingLogger(lines),
      keyPrefix: prefix(),
      warnIntervalMs: 60_000,
    });
    const memory = new MemoryRateLimitStore();
    try {
      for (let i = 0; i < 3; i += 1) {
        assert.deepEqual(await store.hit('9', 2, MINUTE), memory.hit('9', 2, MINUTE));
      }
      const decision = await store.hit('10', 2, MINUTE);
      assert.equal(decision.allowed, true);
      assert.equal(decision.remaining, 1);
      const warnings = lines.filter((l) => l.level === 40);
      assert.equal(warnings.length, 1, 'one warning per interval, however many failures');
      assert.match(String(warnings[0]?.msg), /fail open/);
      assert.ok(!JSON.stringify(lines).includes('s3cret-pass'), 'no password in the logs');
    } finally {
      await store.close();
      await memory.close();
    }
  });
});

describe('RedisRateLimitStore.connect', () => {
  it('fails fast at start-up, naming REDIS_URL and hiding the password', async () => {
    const port = await closedPort();
    const url = `redis://user:s3cret-pass@127.0.0.1:${port}/2`;
    await assert.rejects(
      RedisRateLimitStore.connect(url, { logger: silentLogger(), startupTimeoutMs: 300 }),
      (error: unknown) => {
        assert.ok(error instanceof ConfigError);
        assert.equal(error.variable, 'REDIS_URL');
        assert.match(error.message, new RegExp(`127\\.0\\.0\\.1:${port}/2`));
        assert.ok(!error.message.includes('s3cret-pass'));
        return true;
      },
    );
  });

  it('describes a URL without its credentials', () => {
    assert.equal(describeRedisUrl('redis://u:p@host:6380/1'), 'redis://host:6380/1');
    assert.equal(describeRedisUrl('rediss://:p@host'), 'rediss://host');
  });
});

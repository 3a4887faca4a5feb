// RedisRateLimitStore with Redis hung, not down: connected, but answering nothing. After a few
// commands time out it stops asking (answering at once, counted locally), probes in the background,
// and shares the limit through Redis again once Redis answers. A fake that holds its answers
// always; a real Redis paused with CLIENT PAUSE when TEST_REDIS_URL is set.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { RedisRateLimitStore } from '../../src/serving/rate-limit-redis.ts';
import type { RateLimitDecision } from '../../src/serving/rate-limit.ts';
import { eventually } from '../helpers/eventually.ts';
import { startFakeRedis } from './fake-redis.ts';
import {
  SKIP_WITHOUT_REDIS,
  TEST_REDIS_URL,
  capturingLogger,
  deleteKeys,
  uniquePrefix,
} from './redis.ts';

const MINUTE = 60_000;
const TIMEOUT_MS = 100;
const FAILURES = 3;

/** Awaits a hit, saying whether it was answered at once (no promise) and how long it took. */
async function timedHit(
  store: RedisRateLimitStore,
  key: string,
): Promise<{ decision: RateLimitDecision; immediate: boolean; ms: number }> {
  const started = performance.now();
  const answer = store.hit(key, 1000, MINUTE);
  const immediate = !(answer instanceof Promise);
  const decision = await answer;
  return { decision, immediate, ms: performance.now() - started };
}

describe('RedisRateLimitStore with a hung Redis (fake)', () => {
  it('stops waiting on it after a few timeouts, counts locally at once, and resumes once it answers', async () => {
    const fake = await startFakeRedis();
    const lines: Array<Record<string, unknown>> = [];
    const store = await RedisRateLimitStore.connect(fake.url, {
      logger: capturingLogger(lines),
      commandTimeoutMs: TIMEOUT_MS,
      failuresToPause: FAILURES,
      probeIntervalMs: 150,
    });
    try {
      assert.equal((await store.hit('7', 5, MINUTE)).remaining, 4, 'counted by Redis');
      assert.equal(fake.scriptCalls, 1);
      fake.hang();
      for (let i = 0; i < FAILURES; i += 1) {
        const { decision, ms } = await timedHit(store, '7');
        assert.ok(ms >= TIMEOUT_MS * 0.9, `hit ${i} waited for the command timeout (${ms} ms)`);
        assert.equal(decision.allowed, true);
      }
      const held = fake.scriptCalls;
      assert.equal(held, 1 + FAILURES, 'the hits that timed out reached Redis');
      for (let i = 0; i < 50; i += 1) {
        const { decision, immediate } = await timedHit(store, '7');
        assert.ok(immediate, `hit ${i} after the pause answered without asking Redis`);
        assert.equal(decision.remaining, 1000 - FAILURES - 1 - i, 'counted in this process');
      }
      await delay(400); // a few probe intervals while still hung: probes only, no hits
      assert.equal(fake.scriptCalls, held, 'no hit reached the hung Redis');
      assert.ok((await timedHit(store, '7')).immediate, 'still counting locally while hung');
      fake.resume();
      await eventually('hits go to Redis again', async () => {
        const { immediate } = await timedHit(store, '8');
        return !immediate;
      });
      const before = fake.scriptCalls;
      const { decision } = await timedHit(store, '9');
      assert.equal(fake.scriptCalls, before + 1, 'this hit was counted by Redis');
      assert.equal(decision.remaining, 999);
      assert.ok(lines.some((line) => /answering again/.test(String(line.msg))));
    } finally {
      await store.close();
      await fake.close();
    }
  });

  it('keeps counting locally while the probes get no answer', async () => {
    const fake = await startFakeRedis();
    const store = await RedisRateLimitStore.connect(fake.url, {
      logger: capturingLogger([]),
      commandTimeoutMs: TIMEOUT_MS,
      failuresToPause: 1,
      probeIntervalMs: 50,
    });
    try {
      fake.hang();
      await timedHit(store, '1');
      await delay(400); // several probes, each timed out
      for (let i = 0; i < 10; i += 1) assert.ok((await timedHit(store, '1')).immediate);
      assert.equal(fake.scriptCalls, 1, 'only the hit that timed out reached Redis');
    } finally {
      await store.close();
      await fake.close();
    }
  });
});

describe('RedisRateLimitStore with a paused Redis', { skip: SKIP_WITHOUT_REDIS }, () => {
  const url = TEST_REDIS_URL ?? '';
  const keyPrefix = uniquePrefix();
  after(() => deleteKeys(keyPrefix));

  it('stops waiting on it during CLIENT PAUSE and shares the limit again afterwards', async () => {
    const admin = new Redis(url);
    const store = await RedisRateLimitStore.connect(url, {
      logger: capturingLogger([]),
      keyPrefix,
      commandTimeoutMs: TIMEOUT_MS,
      failuresToPause: FAILURES,
      probeIntervalMs: 200,
    });
    try {
      await store.hit('5', 1000, MINUTE);
      assert.equal(await admin.get(`${keyPrefix}5`), '1');
      const pauseMs = 1500;
      await admin.client('PAUSE', pauseMs, 'ALL');
      const pausedAt = Date.now();
      for (let i = 0; i < FAILURES; i += 1) await timedHit(store, '5');
      const local = await timedHit(store, '5');
      assert.ok(Date.now() - pausedAt < pauseMs, 'the test outran the pause');
      assert.ok(local.immediate, 'answered without asking the paused Redis');
      await eventually('hits go to Redis again after the pause', async () => {
        const { immediate } = await timedHit(store, '6');
        return !immediate;
      });
      // The hits that timed out still ran once Redis woke up; the local one never reached it.
      const counted = Number(await admin.get(`${keyPrefix}5`));
      assert.equal(counted, 1 + FAILURES);
    } finally {
      await store.close();
      await admin.quit();
    }
  });
});

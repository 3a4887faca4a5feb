// RedisCircuit, which both Redis stores (rate limit, request budgets) stand on: the fallback
// answers while Redis cannot be reached, one warning per interval, no password in the logs, and
// after a few failures in a row the fallback answers at once. Against the real Redis
// (TEST_REDIS_URL): answers from Redis shared by two circuits, and Redis hung behind a proxy that
// holds every byte: the circuit stops waiting on it, probes, and asks Redis again once it answers.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { RedisCircuit } from '../../src/redis/circuit.ts';
import type { RedisCircuitOptions } from '../../src/redis/circuit.ts';
import { startTcpProxy } from '../helpers/tcp-proxy.ts';
import { eventually } from '../helpers/eventually.ts';
import {
  SKIP_WITHOUT_REDIS,
  TEST_REDIS_URL,
  capturingLogger,
  closedPort,
  deleteKeys,
  uniquePrefix,
} from '../http/redis.ts';

const messages = {
  unavailable: 'test counts unavailable (fail open)',
  paused: 'test counts not answering',
  answering: 'test counts answering again',
};
const LOCAL = -1;

/** A Lua script, so the circuit's `scripts` option is what defines the command. */
const scripts = { circuitTestIncr: { numberOfKeys: 1, lua: "return redis.call('INCR', KEYS[1])" } };
type WithScripts = Redis & { circuitTestIncr(key: string): Promise<number> };

function openCircuit(
  url: string,
  lines: Array<Record<string, unknown>>,
  options: Partial<RedisCircuitOptions> = {},
): RedisCircuit {
  return new RedisCircuit(url, {
    logger: capturingLogger(lines),
    messages,
    commandTimeoutMs: 1000,
    scripts,
    ...options,
  });
}

/** Counts `key` through the circuit, saying whether the answer came at once (no promise). */
async function count(
  circuit: RedisCircuit,
  key: string,
): Promise<{ value: number; immediate: boolean; ms: number }> {
  const started = performance.now();
  const answer = circuit.run(
    (redis) => (redis as WithScripts).circuitTestIncr(key),
    () => LOCAL,
  );
  const immediate = !(answer instanceof Promise);
  return { value: await answer, immediate, ms: performance.now() - started };
}

const logged = (lines: Array<Record<string, unknown>>, msg: string) =>
  lines.filter((line) => line.msg === msg).length;

describe('RedisCircuit with Redis unreachable', () => {
  it('answers from the fallback, warns once per interval, then stops asking', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const url = `redis://:s3cret-pass@127.0.0.1:${await closedPort()}`;
    const circuit = openCircuit(url, lines, { failuresToPause: 2, warnIntervalMs: 60_000 });
    try {
      for (let i = 0; i < 2; i += 1) {
        const { value, immediate } = await count(circuit, 'k');
        assert.equal(value, LOCAL);
        assert.equal(immediate, false, `call ${i} asked Redis`);
      }
      for (let i = 0; i < 5; i += 1) {
        const { value, immediate } = await count(circuit, 'k');
        assert.equal(value, LOCAL);
        assert.ok(immediate, `call ${i} after the pause answered without asking Redis`);
      }
      assert.equal(circuit.isShared(), false);
      assert.equal(logged(lines, messages.unavailable), 1, 'one warning per interval');
      assert.equal(logged(lines, messages.paused), 1);
      assert.ok(!JSON.stringify(lines).includes('s3cret-pass'), 'no password in the logs');
    } finally {
      await circuit.close();
    }
  });

  it('warns of a lost connection before any command only when asked to', async () => {
    const url = `redis://127.0.0.1:${await closedPort()}`;
    const quietLines: Array<Record<string, unknown>> = [];
    const reportingLines: Array<Record<string, unknown>> = [];
    const quiet = openCircuit(url, quietLines);
    const reporting = openCircuit(url, reportingLines, { reportConnectionErrors: true });
    try {
      await eventually('both saw the refused connection', async () =>
        [quiet, reporting].every((circuit) => circuit.lastError() !== undefined),
      );
      assert.match(String(quiet.lastError()), /ECONNREFUSED/);
      assert.equal(logged(reportingLines, messages.unavailable), 1);
      assert.equal(reporting.isShared(), false);
      assert.equal(logged(quietLines, messages.unavailable), 0);
      assert.equal(await quiet.waitForAnswer(200), false, 'no answer to wait for');
    } finally {
      await quiet.close();
      await reporting.close();
    }
  });
});

describe('RedisCircuit against Redis', { skip: SKIP_WITHOUT_REDIS }, () => {
  const url = TEST_REDIS_URL ?? '';
  const prefix = uniquePrefix();
  after(() => deleteKeys(prefix));

  it('answers from Redis, one count shared by two circuits', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const first = openCircuit(url, lines);
    const second = openCircuit(url, lines);
    try {
      assert.equal(await first.waitForAnswer(3000), true);
      assert.equal(await second.waitForAnswer(3000), true);
      const values = [];
      for (let i = 0; i < 4; i += 1) values.push(await count(i % 2 ? second : first, `${prefix}n`));
      assert.deepEqual(
        values.map((v) => [v.value, v.immediate]),
        [
          [1, false],
          [2, false],
          [3, false],
          [4, false],
        ],
      );
      assert.ok(first.isShared() && second.isShared());
      assert.deepEqual(lines, [], 'nothing to report');
    } finally {
      await first.close();
      await second.close();
    }
  });

  it('stops waiting on a hung Redis after a few timeouts, probes, and resumes once it answers', async () => {
    const target = new URL(url);
    const proxy = await startTcpProxy({
      host: target.hostname,
      port: Number(target.port || 6379),
    });
    const through = new URL(url);
    through.hostname = '127.0.0.1';
    through.port = String(proxy.port);
    const admin = new Redis(url);
    const lines: Array<Record<string, unknown>> = [];
    const timeoutMs = 100;
    const failures = 3;
    const circuit = openCircuit(through.href, lines, {
      commandTimeoutMs: timeoutMs,
      failuresToPause: failures,
      probeIntervalMs: 150,
    });
    const key = `${prefix}hung`;
    try {
      assert.equal(await circuit.waitForAnswer(3000), true);
      assert.equal((await count(circuit, key)).value, 1, 'counted by Redis');
      proxy.stall();
      for (let i = 0; i < failures; i += 1) {
        const { value, immediate, ms } = await count(circuit, key);
        assert.equal(value, LOCAL);
        assert.ok(!immediate && ms >= timeoutMs * 0.9, `call ${i} waited the timeout (${ms} ms)`);
      }
      for (let i = 0; i < 20; i += 1) {
        assert.ok((await count(circuit, key)).immediate, `call ${i} did not wait on Redis`);
      }
      await delay(400); // a few probe intervals while still hung: probes only, no calls
      assert.ok((await count(circuit, key)).immediate, 'still answered locally while hung');
      assert.equal(await admin.get(key), '1', 'nothing got through the stalled proxy');
      proxy.resume();
      await eventually('calls go to Redis again', async () => {
        const { immediate } = await count(circuit, `${prefix}after`);
        return !immediate;
      });
      // The calls that timed out still ran once Redis heard them; the local ones never reached it.
      assert.equal((await count(circuit, key)).value, 2 + failures);
      assert.equal(logged(lines, messages.paused), 1);
      assert.equal(logged(lines, messages.answering), 1);
      assert.ok(circuit.isShared());
    } finally {
      await circuit.close();
      await admin.quit();
      await proxy.close();
    }
  });
});

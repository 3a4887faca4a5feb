// Waiting for something another connection, process or timer brings about, without timing it.
import assert from 'node:assert/strict';
import { setTimeout as delay } from 'node:timers/promises';

/** Polls until `check` holds; fails after `timeoutMs` (a bound, not a timing assertion). */
export async function eventually(
  what: string,
  check: () => Promise<boolean>,
  timeoutMs = 5000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) assert.fail(`${what}: not within ${timeoutMs} ms`);
    await delay(10);
  }
}

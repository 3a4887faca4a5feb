// Waiting for what another process, connection or timer brings about: polls `check` until it
// holds, and fails the test after `timeoutMs` (a bound on a hang, not a timing assertion).
import assert from 'node:assert/strict';
import { setTimeout as delay } from 'node:timers/promises';

export async function eventually(
  what: string,
  check: () => Promise<boolean> | boolean,
  timeoutMs = 5000,
  everyMs = 10,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) assert.fail(`${what}: not within ${timeoutMs} ms`);
    await delay(everyMs);
  }
}

// Redis for the rate-limit tests: TEST_REDIS_URL (skipped with a reason when unset), a unique key
// prefix per test so parallel files never share a counter, and removal of those keys afterwards.
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import { createLogger } from '../../src/logger.ts';
import type { Logger } from '../../src/logger.ts';

export const TEST_REDIS_URL = process.env.TEST_REDIS_URL || undefined;

/** For `describe(..., { skip })`: false when Redis is configured, else why the tests are skipped. */
export const SKIP_WITHOUT_REDIS: string | false = TEST_REDIS_URL
  ? false
  : 'TEST_REDIS_URL is not set (e.g. redis://127.0.0.1:6379)';

export function uniquePrefix(): string {
  return `fld:test:${randomBytes(6).toString('hex')}:`;
}

/** Deletes every key under `prefix`. */
export async function deleteKeys(prefix: string): Promise<void> {
  if (!TEST_REDIS_URL) return;
  const redis = new Redis(TEST_REDIS_URL, { lazyConnect: true });
  await redis.connect();
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
      if (keys.length > 0) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    await redis.quit();
  }
}

/** A port on 127.0.0.1 that nothing listens on (taken, then released). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A logger whose parsed lines land in `lines`. */
export function capturingLogger(lines: Array<Record<string, unknown>>): Logger {
  return createLogger({
    level: 'info',
    destination: { write: (line: string) => void lines.push(JSON.parse(line)) },
  });
}

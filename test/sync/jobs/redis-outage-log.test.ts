// The sync queue's Redis refusing every connection (through a proxy this test closes): BullMQ
// reports an error on each reconnection attempt, several a second; the log gets the first at once
// and then at most one per interval with the count left out, not a line per attempt.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import { createLogger } from '../../../src/logger.ts';
import { connectQueueSyncJobs } from '../../../src/sync/jobs/bullmq.ts';
import type { QueueSyncJobs } from '../../../src/sync/jobs/bullmq.ts';
import { startTcpProxy } from '../../helpers/tcp-proxy.ts';
import type { TcpProxy } from '../../helpers/tcp-proxy.ts';
import { SKIP_WITHOUT_REDIS, TEST_REDIS_URL, deleteKeys, uniquePrefix } from '../../http/redis.ts';

describe('the sync queue while Redis is down', { skip: SKIP_WITHOUT_REDIS }, () => {
  const base = uniquePrefix();
  const lines: Array<{ msg: string; reason?: string; suppressed?: number }> = [];
  let proxy: TcpProxy;
  let jobs: QueueSyncJobs;

  before(async () => {
    const target = new URL(TEST_REDIS_URL as string);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 6379) });
    const through = new URL(TEST_REDIS_URL as string);
    through.hostname = '127.0.0.1';
    through.port = String(proxy.port);
    const logger = createLogger({
      level: 'info',
      destination: { write: (line: string) => void lines.push(JSON.parse(line)) },
    });
    jobs = await connectQueueSyncJobs({ url: through.href, prefix: `${base}q`, logger });
  });
  after(async () => {
    await jobs?.close().catch(() => undefined);
    await deleteKeys(base);
  });

  it('logs its reconnection errors once, then at most every 5 s', async () => {
    await proxy.close();
    await delay(4_000);
    const errors = lines.filter((line) => line.msg === 'sync queue error');
    assert.equal(errors.length, 1, JSON.stringify(lines));
    assert.equal(errors[0]?.suppressed, 0);
  });
});

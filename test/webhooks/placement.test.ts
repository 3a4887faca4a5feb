// Where webhooks are posted: with REDIS_URL by the sync workers (a `serve` that runs no worker
// posts none), as the syncs are; without it by `serve` (test/webhooks/kill.test.ts).
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { loadConfig } from '../../src/config.ts';
import { startServer } from '../../src/main.ts';
import { createSecretBox } from '../../src/secrets.ts';
import { writeTransaction } from '../../src/storage/db.ts';
import { findDelivery } from '../../src/storage/repositories/webhook-deliveries.ts';
import {
  createWebhookEndpoint,
  recordWebhookEvent,
} from '../../src/storage/repositories/webhooks.ts';
import { startWorkerProcess } from '../../src/worker.ts';
import { eventually } from '../helpers/eventually.ts';
import {
  SKIP_WITHOUT_REDIS,
  TEST_REDIS_URL,
  capturingLogger,
  deleteKeys,
  uniquePrefix,
} from '../http/redis.ts';
import { startReceiver, verified } from './receiver.ts';

describe('webhooks with a sync queue', { skip: SKIP_WITHOUT_REDIS }, () => {
  const prefix = uniquePrefix();
  const dir = mkdtempSync(join(tmpdir(), 'fantasy-webhooks-queue-'));
  const closers: Array<() => Promise<void>> = [];
  after(async () => {
    for (const close of closers.reverse()) await close();
    rmSync(dir, { recursive: true, force: true });
    await deleteKeys(prefix);
  });

  it('are posted by the worker process, not by a serve without a worker', async () => {
    const config = loadConfig({
      FANTASY_DATA_DIR: dir,
      FANTASY_SECRET_KEY: randomBytes(32).toString('hex'),
      FANTASY_DEMO_ON_EMPTY: 'false',
      PORT: '0',
      REDIS_URL: TEST_REDIS_URL,
      RATE_LIMIT_PER_MINUTE: '0',
      SYNC_WORKER_IN_SERVE: 'false',
      // The receiver is on loopback, which webhooks may reach only when allowed.
      WEBHOOK_ALLOW_PRIVATE: '127.0.0.0/8,::1/128',
    });
    const prefixes = { queuePrefix: `${prefix}q`, budgetKeyPrefix: `${prefix}budget:` };
    const lines: Array<Record<string, unknown>> = [];
    const server = await startServer(config, { ...prefixes, logger: capturingLogger(lines) });
    closers.push(() => server.close());
    const listening = lines.find((line) => line.msg === 'listening');
    assert.equal(listening?.webhookRelay, false, 'serve runs no relay without its worker');

    const receiver = await startReceiver();
    closers.push(() => receiver.close());
    const secret = `whsec_${randomBytes(32).toString('base64')}`;
    await createWebhookEndpoint(server.store.db, {
      url: receiver.url,
      events: ['link.needs_relink'],
      secretEncrypted: createSecretBox(config).encrypt(secret),
    });
    const data = { user_id: 1, platform: 'sleeper' as const, account_id: 1, problem: 'refused' };
    await writeTransaction(server.store, (tx) =>
      recordWebhookEvent(tx, { type: 'link.needs_relink', userId: 1, data }),
    );

    const worker = await startWorkerProcess(config, prefixes);
    closers.push(() => worker.close());
    await eventually('posted by the worker', () => receiver.received.length === 1, 15_000);
    assert.deepEqual(verified(secret, receiver.received[0] as never).data, data);
    await eventually(
      'recorded delivered',
      async () => (await findDelivery(server.store.db, 1))?.status === 'delivered',
    );
  });
});

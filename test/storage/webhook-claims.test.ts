// Claiming deliveries on every backend (issue 40): fair between endpoints and bounded per
// endpoint, never for a deleted endpoint (a replay racing the DELETE included), never while an
// endpoint's circuit is open; and the relay's purge of events past WEBHOOK_RETENTION_DAYS.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { silentLogger } from '../../src/logger.ts';
import { createSecretBox } from '../../src/secrets.ts';
import { nowIso, writeTransaction } from '../../src/storage/db.ts';
import {
  claimDueDeliveries,
  recordAttempt,
  replayDelivery,
} from '../../src/storage/repositories/webhook-deliveries.ts';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  findWebhookEndpoint,
  listWebhookEvents,
  recordWebhookEvent,
} from '../../src/storage/repositories/webhooks.ts';
import type { NewWebhookEvent } from '../../src/domain/webhooks.ts';
import { startWebhookRelay } from '../../src/webhooks/relay.ts';
import { eventually } from '../helpers/eventually.ts';
import { describeEachBackend } from './backends.ts';

const relinkEvent: NewWebhookEvent = {
  type: 'link.needs_relink',
  userId: 7,
  data: { user_id: 7, platform: 'sleeper', account_id: 3, problem: 'credentials refused' },
};
const endpoint = (url: string) => ({
  url,
  events: ['link.needs_relink' as const],
  secretEncrypted: 'x',
});

describeEachBackend('webhook claims', ({ store }) => {
  it("takes every endpoint's oldest before anyone's second, at most N of one at once", async () => {
    const s = store();
    const busy = await createWebhookEndpoint(s.db, endpoint('http://127.0.0.1:1/busy'));
    for (let i = 0; i < 5; i++) {
      await writeTransaction(s, (tx) => recordWebhookEvent(tx, relinkEvent));
    }
    const quiet = await createWebhookEndpoint(s.db, endpoint('http://127.0.0.1:1/quiet'));
    await writeTransaction(s, (tx) => recordWebhookEvent(tx, relinkEvent));

    // The busy endpoint's five came first, yet the quiet one's is among the first two.
    const first = await claimDueDeliveries(s, 'relay', {
      limit: 2,
      leaseMs: 15_000,
      perEndpoint: 2,
    });
    assert.deepEqual(first.map((d) => d.endpointId).sort(), [busy.id, quiet.id].sort());
    // The busy one holds one lease: one more of its own, not three.
    const second = await claimDueDeliveries(s, 'relay', {
      limit: 10,
      leaseMs: 15_000,
      perEndpoint: 2,
    });
    assert.deepEqual(
      second.map((d) => d.endpointId),
      [busy.id],
    );
    assert.deepEqual(
      await claimDueDeliveries(s, 'relay', { limit: 10, leaseMs: 15_000, perEndpoint: 2 }),
      [],
    );
  });

  it('never claims for a deleted endpoint, even a replay that raced its DELETE', async () => {
    const s = store();
    const doomed = await createWebhookEndpoint(s.db, endpoint('http://127.0.0.1:1/doomed'));
    await writeTransaction(s, (tx) => recordWebhookEvent(tx, relinkEvent));
    const [original] = await claimDueDeliveries(s, 'relay', { limit: 10, leaseMs: 15_000 });
    assert.ok(original);
    await recordAttempt(
      s,
      'relay',
      original,
      { at: nowIso(), outcome: 'delivered', status: 200, durationMs: 1 },
      { delivered: true },
    );
    // The replay route checked the endpoint, then the DELETE committed, then the replay's insert:
    // the insert checks again and adds nothing.
    assert.equal(await writeTransaction(s, (tx) => deleteWebhookEndpoint(tx, doomed.id)), true);
    assert.equal(await replayDelivery(s.db, original.id), undefined);
    // A pending delivery of a deleted endpoint, however it got there, is not claimed.
    await s.db
      .insertInto('webhook_deliveries')
      .values({
        event_id: (await listWebhookEvents(s.db))[0]?.id as number,
        endpoint_id: doomed.id,
        status: 'pending',
        attempts: 0,
        next_attempt_at: nowIso(),
        created_at: nowIso(),
      })
      .execute();
    assert.deepEqual(await claimDueDeliveries(s, 'relay', { limit: 10, leaseMs: 15_000 }), []);
  });

  it('claims nothing of an endpoint whose circuit is open, one probe once it is half-open', async () => {
    const s = store();
    const failing = await createWebhookEndpoint(s.db, endpoint('http://127.0.0.1:1/failing'));
    for (let i = 0; i < 3; i++)
      await writeTransaction(s, (tx) => recordWebhookEvent(tx, relinkEvent));
    const circuit = { failures: 2, pauseMs: 60_000, maxPauseMs: 120_000 };
    const claimed = await claimDueDeliveries(s, 'relay', { limit: 2, leaseMs: 15_000 });
    for (const delivery of claimed) {
      await recordAttempt(
        s,
        'relay',
        delivery,
        { at: nowIso(), outcome: 'http_5xx', status: 500, error: 'HTTP 500', durationMs: 1 },
        { delivered: false, nextAttemptAt: nowIso() },
        circuit,
      );
    }
    const opened = await findWebhookEndpoint(s.db, failing.id);
    assert.equal(opened?.consecutiveFailures, 2);
    assert.ok((opened?.circuitOpenUntil ?? '') > new Date(Date.now() + 50_000).toISOString());
    assert.deepEqual(await claimDueDeliveries(s, 'relay', { limit: 10, leaseMs: 15_000 }), []);
    const later = new Date(Date.now() + 61_000);
    const probe = await claimDueDeliveries(s, 'relay', { limit: 10, leaseMs: 15_000, now: later });
    assert.equal(probe.length, 1, 'half-open: one attempt probes it');
    await recordAttempt(
      s,
      'relay',
      probe[0] as NonNullable<(typeof probe)[0]>,
      { at: nowIso(), outcome: 'delivered', status: 200, durationMs: 1 },
      { delivered: true },
      circuit,
    );
    const closed = await findWebhookEndpoint(s.db, failing.id);
    assert.equal(closed?.consecutiveFailures, 0);
    assert.equal(closed?.circuitOpenUntil, undefined);
  });

  it('the relay deletes events past the retention, keeping newer ones and pending ones', async () => {
    const s = store();
    await createWebhookEndpoint(s.db, endpoint('http://127.0.0.1:1/old'));
    const old = await writeTransaction(s, (tx) => recordWebhookEvent(tx, relinkEvent));
    const oldPending = await writeTransaction(s, (tx) => recordWebhookEvent(tx, relinkEvent));
    const recent = await writeTransaction(s, (tx) => recordWebhookEvent(tx, relinkEvent));
    const threeDaysAgo = new Date(Date.now() - 3 * 86_400_000).toISOString();
    await s.db
      .updateTable('webhook_events')
      .set({ created_at: threeDaysAgo })
      .where('id', 'in', [old as number, oldPending as number])
      .execute();
    await s.db
      .updateTable('webhook_deliveries')
      .set({ status: 'delivered', next_attempt_at: null })
      .where('event_id', 'in', [old as number, recent as number])
      .execute();
    // oldPending's delivery is due far ahead: the relay leaves it alone and must keep its event.
    await s.db
      .updateTable('webhook_deliveries')
      .set({ next_attempt_at: new Date(Date.now() + 86_400_000).toISOString() })
      .where('event_id', '=', oldPending as number)
      .execute();
    const relay = startWebhookRelay({
      store: s,
      secrets: createSecretBox({ secretKey: 'a'.repeat(64), dataDir: '/nonexistent' }),
      logger: silentLogger(),
      pollMs: 20,
      retentionDays: 2,
    });
    try {
      await eventually('the old event purged', async () =>
        (await listWebhookEvents(s.db)).every((e) => e.id !== old),
      );
      assert.deepEqual(
        (await listWebhookEvents(s.db)).map((e) => e.id),
        [oldPending, recent],
      );
    } finally {
      await relay.close();
    }
  });
});

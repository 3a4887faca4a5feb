// The webhook outbox on every backend: an event gets one delivery per subscribed endpoint in use;
// deliveries are claimed with a lease, rescheduled, finished, listed and replayed.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { writeTransaction } from '../../src/storage/db.ts';
import {
  claimDueDeliveries,
  findDelivery,
  listDeliveries,
  recordAttempt,
  replayDelivery,
} from '../../src/storage/repositories/webhook-deliveries.ts';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listWebhookEndpoints,
  listWebhookEvents,
  pruneWebhookEvents,
  recordWebhookEvent,
} from '../../src/storage/repositories/webhooks.ts';
import type { NewWebhookEvent } from '../../src/domain/webhooks.ts';
import { describeEachBackend } from './backends.ts';

const relinkEvent: NewWebhookEvent = {
  type: 'link.needs_relink',
  userId: 7,
  data: { user_id: 7, platform: 'sleeper', account_id: 3, problem: 'credentials refused' },
};
const LEASE = { limit: 10, leaseMs: 15_000 };

describeEachBackend('webhook outbox', ({ store }) => {
  it('gives an event one pending delivery per endpoint in use subscribed to its type', async () => {
    const db = store().db;
    const a = await createWebhookEndpoint(db, {
      url: 'http://127.0.0.1:1/a',
      events: ['link.needs_relink', 'sync.finished'],
      secretEncrypted: 'x',
      description: 'app A',
    });
    await createWebhookEndpoint(db, {
      url: 'http://127.0.0.1:1/b',
      events: ['sync.finished'],
      secretEncrypted: 'x',
    });
    const c = await createWebhookEndpoint(db, {
      url: 'http://127.0.0.1:1/c',
      events: ['link.needs_relink'],
      secretEncrypted: 'x',
    });
    assert.equal(await deleteWebhookEndpoint(db, c.id), true);
    assert.equal(await deleteWebhookEndpoint(db, c.id), false, 'deleted once');
    assert.deepEqual(
      (await listWebhookEndpoints(db)).map((e) => e.description ?? e.url),
      ['app A', 'http://127.0.0.1:1/b'],
    );

    const eventId = await writeTransaction(store(), (tx) => recordWebhookEvent(tx, relinkEvent));
    const [event] = await listWebhookEvents(db, { userId: 7 });
    assert.equal(event?.id, eventId);
    assert.match(event?.messageId ?? '', /^msg_[A-Za-z0-9_-]{22}$/);
    assert.deepEqual(JSON.parse(event?.payload ?? ''), {
      type: 'link.needs_relink',
      timestamp: event?.createdAt,
      data: relinkEvent.data,
    });
    const toA = await listDeliveries(db, a.id, { limit: 50 });
    assert.equal(toA.length, 1);
    assert.equal(toA[0]?.status, 'pending');
    assert.equal(toA[0]?.messageId, event?.messageId);
    assert.equal((await listDeliveries(db, c.id, { limit: 50 })).length, 0, 'deleted: none');
  });

  it('claims a due delivery once while its lease holds, again once it lapses', async () => {
    const s = store();
    await createWebhookEndpoint(s.db, {
      url: 'http://127.0.0.1:1/a',
      events: ['link.needs_relink'],
      secretEncrypted: 'sealed',
    });
    await writeTransaction(s, (tx) => recordWebhookEvent(tx, relinkEvent));
    const first = await claimDueDeliveries(s, 'relay-1', LEASE);
    assert.equal(first.length, 1);
    assert.equal(first[0]?.secretEncrypted, 'sealed');
    assert.equal(first[0]?.attempts, 0);
    assert.deepEqual(await claimDueDeliveries(s, 'relay-2', LEASE), [], 'held by relay-1');
    // relay-1 died: a minute later its lease has lapsed and relay-2 takes the delivery.
    const later = new Date(Date.now() + 60_000);
    const taken = await claimDueDeliveries(s, 'relay-2', { ...LEASE, now: later });
    assert.deepEqual(
      taken.map((d) => d.id),
      first.map((d) => d.id),
    );
  });

  it('reschedules a failed attempt, fails it when the schedule is spent, delivers on 2xx', async () => {
    const s = store();
    const endpoint = await createWebhookEndpoint(s.db, {
      url: 'http://127.0.0.1:1/a',
      events: ['link.needs_relink'],
      secretEncrypted: 'x',
    });
    await writeTransaction(s, (tx) => recordWebhookEvent(tx, relinkEvent));
    await writeTransaction(s, (tx) => recordWebhookEvent(tx, relinkEvent));
    const [one, two] = await claimDueDeliveries(s, 'relay', LEASE);
    assert.ok(one && two);
    const at = new Date().toISOString();
    const retryAt = new Date(Date.now() + 300_000).toISOString();
    await recordAttempt(
      s,
      'relay',
      one,
      { at, outcome: 'http_5xx', status: 500, error: 'HTTP 500', durationMs: 12 },
      { delivered: false, nextAttemptAt: retryAt },
    );
    await recordAttempt(
      s,
      'relay',
      two,
      {
        at,
        outcome: 'connection_refused',
        error: 'the request failed: ECONNREFUSED',
        durationMs: 3,
      },
      { delivered: false },
    );
    const rescheduled = await findDelivery(s.db, one.id);
    assert.equal(rescheduled?.status, 'pending');
    assert.equal(rescheduled?.attempts, 1);
    assert.equal(rescheduled?.nextAttemptAt, retryAt);
    assert.equal(rescheduled?.lastStatus, 500);
    assert.deepEqual(rescheduled?.attemptList, [
      { at, status: 500, error: 'HTTP 500', outcome: 'http_5xx', durationMs: 12 },
    ]);
    const failed = await findDelivery(s.db, two.id);
    assert.equal(failed?.status, 'failed');
    assert.equal(failed?.lastError, 'the request failed: ECONNREFUSED');
    assert.equal(failed?.nextAttemptAt, undefined);
    assert.deepEqual(await claimDueDeliveries(s, 'relay', LEASE), [], 'none due before 5 min');

    const [again] = await claimDueDeliveries(s, 'relay', {
      ...LEASE,
      now: new Date(Date.now() + 301_000),
    });
    assert.equal(again?.id, one.id);
    assert.equal(again?.attempts, 1);
    await recordAttempt(
      s,
      'relay',
      one,
      { at, outcome: 'delivered', status: 204, durationMs: 5 },
      { delivered: true },
    );
    const delivered = await findDelivery(s.db, one.id);
    assert.equal(delivered?.status, 'delivered');
    assert.equal(delivered?.deliveredAt, at);
    assert.equal(delivered?.attempts, 2);
    assert.deepEqual(
      (await listDeliveries(s.db, endpoint.id, { status: 'failed', limit: 50 })).map((d) => d.id),
      [two.id],
    );
    assert.deepEqual(
      (await listDeliveries(s.db, endpoint.id, { limit: 50 })).map((d) => d.id),
      [two.id, one.id],
      'newest first',
    );

    // A replay: a new delivery of the same event (same webhook-id), due now.
    const replayed = await replayDelivery(s.db, two.id);
    const fresh = await findDelivery(s.db, replayed as number);
    assert.equal(fresh?.status, 'pending');
    assert.equal(fresh?.attempts, 0);
    assert.equal(fresh?.messageId, failed?.messageId);
    assert.equal(fresh?.payload, failed?.payload);
    assert.equal(await replayDelivery(s.db, 999_999), undefined);
    const [claimedReplay] = await claimDueDeliveries(s, 'relay', LEASE);
    assert.equal(claimedReplay?.id, replayed);
  });

  it("ends a deleted endpoint's pending deliveries failed", async () => {
    const s = store();
    const endpoint = await createWebhookEndpoint(s.db, {
      url: 'http://127.0.0.1:1/a',
      events: ['link.needs_relink'],
      secretEncrypted: 'x',
    });
    await writeTransaction(s, (tx) => recordWebhookEvent(tx, relinkEvent));
    await deleteWebhookEndpoint(s.db, endpoint.id);
    const [delivery] = await listDeliveries(s.db, endpoint.id, { limit: 50 });
    assert.equal(delivery?.status, 'failed');
    assert.equal(delivery?.lastError, 'the endpoint was deleted');
    assert.deepEqual(await claimDueDeliveries(s, 'relay', LEASE), []);
  });
});

describeEachBackend('webhook outbox upkeep', ({ store }) => {
  it('records nothing when no endpoint takes the type', async () => {
    const s = store();
    await createWebhookEndpoint(s.db, {
      url: 'http://127.0.0.1:1/a',
      events: ['sync.finished'],
      secretEncrypted: 'x',
    });
    assert.equal(await writeTransaction(s, (tx) => recordWebhookEvent(tx, relinkEvent)), undefined);
    assert.deepEqual(await listWebhookEvents(s.db), []);
  });

  it('prunes old events whose deliveries are done, never one still pending', async () => {
    const s = store();
    await createWebhookEndpoint(s.db, {
      url: 'http://127.0.0.1:1/a',
      events: ['link.needs_relink'],
      secretEncrypted: 'x',
    });
    const done = await writeTransaction(s, (tx) => recordWebhookEvent(tx, relinkEvent));
    const pending = await writeTransaction(s, (tx) => recordWebhookEvent(tx, relinkEvent));
    const [claimed] = await claimDueDeliveries(s, 'relay', { limit: 1, leaseMs: 15_000 });
    await recordAttempt(
      s,
      'relay',
      claimed as NonNullable<typeof claimed>,
      { at: new Date().toISOString(), outcome: 'delivered', status: 200, durationMs: 1 },
      { delivered: true },
    );
    const future = new Date(Date.now() + 60_000).toISOString();
    assert.equal(await pruneWebhookEvents(s.db, new Date(0).toISOString()), 0, 'none that old');
    assert.equal(await pruneWebhookEvents(s.db, future), 1);
    assert.deepEqual(
      (await listWebhookEvents(s.db)).map((e) => e.id),
      [pending],
    );
    assert.equal(await findDelivery(s.db, claimed?.id as number), undefined, 'with its delivery');
    assert.notEqual(done, pending);
  });
});

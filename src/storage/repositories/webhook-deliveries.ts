// Deliveries of webhook events: claimed by a relay with a lease (so of several processes one
// posts each, and a killed one's claim lapses by itself), finished or rescheduled after each
// attempt, listed and replayed for the admin API.
import { sql } from 'kysely';
import type { WebhookDeliveryStatus } from '../../domain/webhooks.ts';
import { nowIso, writeTransaction } from '../db.ts';
import type { Store, Tx } from '../db.ts';

/** What a relay needs to post one delivery. */
export interface ClaimedDelivery {
  id: number;
  /** Attempts made before this one. */
  attempts: number;
  messageId: string;
  payload: string;
  url: string;
  secretEncrypted: string;
}

/**
 * Claims up to `limit` pending deliveries that are due and not held by a live lease, for
 * `owner` until `leaseMs` from now. PostgreSQL skips rows another process is claiming at the
 * same moment (`for update skip locked`); SQLite has one writer at a time anyway.
 */
export async function claimDueDeliveries(
  store: Store,
  owner: string,
  options: { limit: number; leaseMs: number; now?: Date },
): Promise<ClaimedDelivery[]> {
  const now = (options.now ?? new Date()).toISOString();
  const due = (db: Tx) =>
    db
      .selectFrom('webhook_deliveries')
      .select('id')
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', now)
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
      .orderBy('next_attempt_at')
      .orderBy('id')
      .limit(options.limit);
  // A read first: an idle relay polls without taking SQLite's write lock.
  if ((await due(store.db).execute()).length === 0) return [];
  const leaseUntil = new Date(Date.parse(now) + options.leaseMs).toISOString();
  const ids = await writeTransaction(store, async (tx) => {
    const query = due(tx);
    const rows = await (
      store.dialect === 'postgres' ? query.forUpdate().skipLocked() : query
    ).execute();
    const claimed = rows.map((row) => row.id);
    if (claimed.length === 0) return [];
    await tx
      .updateTable('webhook_deliveries')
      .set({ lease_owner: owner, lease_until: leaseUntil })
      .where('id', 'in', claimed)
      .execute();
    return claimed;
  });
  if (ids.length === 0) return [];
  const rows = await store.db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_events as e', 'e.id', 'd.event_id')
    .innerJoin('webhook_endpoints as p', 'p.id', 'd.endpoint_id')
    .select(['d.id', 'd.attempts', 'e.message_id', 'e.payload', 'p.url', 'p.secret_encrypted'])
    .where('d.id', 'in', ids)
    .orderBy('d.id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    attempts: row.attempts,
    messageId: row.message_id,
    payload: row.payload,
    url: row.url,
    secretEncrypted: row.secret_encrypted,
  }));
}

export interface AttemptResult {
  at: string;
  /** The receiver's HTTP status, when it answered. */
  status?: number;
  /** Why the attempt failed, when it did (no answer, or a status outside 2xx). */
  error?: string;
  durationMs: number;
}

/**
 * Records an attempt and what follows: delivered, due again at `nextAttemptAt`, or failed when
 * there is none. The delivery changes only while `owner` still holds it (a lease that lapsed
 * mid-attempt is another relay's now; its attempt is recorded all the same).
 */
export async function recordAttempt(
  store: Store,
  owner: string,
  deliveryId: number,
  attempt: AttemptResult,
  outcome: { delivered: true } | { delivered: false; nextAttemptAt?: string },
): Promise<void> {
  await writeTransaction(store, async (tx) => {
    await tx
      .insertInto('webhook_attempts')
      .values({
        delivery_id: deliveryId,
        at: attempt.at,
        status: attempt.status ?? null,
        error: attempt.error ?? null,
        duration_ms: Math.round(attempt.durationMs),
      })
      .execute();
    const next = outcome.delivered ? undefined : outcome.nextAttemptAt;
    const status: WebhookDeliveryStatus = outcome.delivered
      ? 'delivered'
      : next === undefined
        ? 'failed'
        : 'pending';
    await tx
      .updateTable('webhook_deliveries')
      .set({
        status,
        attempts: sql<number>`attempts + 1`,
        next_attempt_at: next ?? null,
        lease_owner: null,
        lease_until: null,
        last_status: attempt.status ?? null,
        last_error: attempt.error ?? null,
        ...(outcome.delivered && { delivered_at: attempt.at }),
      })
      .where('id', '=', deliveryId)
      .where('lease_owner', '=', owner)
      .where('status', '=', 'pending')
      .execute();
  });
}

/** Gives claimed deliveries back unattempted (a relay stopping): due again at once. */
export async function releaseDeliveries(
  db: Tx,
  owner: string,
  deliveryIds: readonly number[],
): Promise<void> {
  if (deliveryIds.length === 0) return;
  await db
    .updateTable('webhook_deliveries')
    .set({ lease_owner: null, lease_until: null })
    .where('id', 'in', deliveryIds)
    .where('lease_owner', '=', owner)
    .execute();
}

export interface WebhookDelivery {
  id: number;
  endpointId: number;
  eventId: number;
  messageId: string;
  type: string;
  userId: number;
  status: WebhookDeliveryStatus;
  attempts: number;
  nextAttemptAt?: string;
  lastStatus?: number;
  lastError?: string;
  createdAt: string;
  deliveredAt?: string;
}

export interface WebhookAttempt {
  at: string;
  status?: number;
  error?: string;
  durationMs: number;
}

function deliveries(db: Tx) {
  return db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_events as e', 'e.id', 'd.event_id')
    .select([
      'd.id',
      'd.endpoint_id',
      'd.event_id',
      'e.message_id',
      'e.type',
      'e.user_id',
      'e.payload',
      'd.status',
      'd.attempts',
      'd.next_attempt_at',
      'd.last_status',
      'd.last_error',
      'd.created_at',
      'd.delivered_at',
    ]);
}

type DeliveryRow = Awaited<ReturnType<ReturnType<typeof deliveries>['executeTakeFirstOrThrow']>>;

function toWebhookDelivery(row: DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    endpointId: row.endpoint_id,
    eventId: row.event_id,
    messageId: row.message_id,
    type: row.type,
    userId: row.user_id,
    status: row.status as WebhookDeliveryStatus,
    attempts: row.attempts,
    ...(row.next_attempt_at !== null && { nextAttemptAt: row.next_attempt_at }),
    ...(row.last_status !== null && { lastStatus: row.last_status }),
    ...(row.last_error !== null && { lastError: row.last_error }),
    createdAt: row.created_at,
    ...(row.delivered_at !== null && { deliveredAt: row.delivered_at }),
  };
}

/** An endpoint's deliveries (of one event, when given), newest first. */
export async function listDeliveries(
  db: Tx,
  endpointId: number,
  filter: { status?: WebhookDeliveryStatus; eventId?: number; limit: number },
): Promise<WebhookDelivery[]> {
  let query = deliveries(db).where('d.endpoint_id', '=', endpointId);
  if (filter.status !== undefined) query = query.where('d.status', '=', filter.status);
  if (filter.eventId !== undefined) query = query.where('d.event_id', '=', filter.eventId);
  const rows = await query.orderBy('d.id', 'desc').limit(filter.limit).execute();
  return rows.map(toWebhookDelivery);
}

/** One delivery with its event's body and its attempts, oldest first. */
export async function findDelivery(
  db: Tx,
  deliveryId: number,
): Promise<(WebhookDelivery & { payload: string; attemptList: WebhookAttempt[] }) | undefined> {
  const row = await deliveries(db).where('d.id', '=', deliveryId).executeTakeFirst();
  if (row === undefined) return undefined;
  const attempts = await db
    .selectFrom('webhook_attempts')
    .selectAll()
    .where('delivery_id', '=', deliveryId)
    .orderBy('id')
    .execute();
  return {
    ...toWebhookDelivery(row),
    payload: row.payload,
    attemptList: attempts.map((a) => ({
      at: a.at,
      ...(a.status !== null && { status: a.status }),
      ...(a.error !== null && { error: a.error }),
      durationMs: a.duration_ms,
    })),
  };
}

/**
 * Sends a delivery's event again to its endpoint: a new pending delivery, due now, of the same
 * event (same `webhook-id` and body). Returns its id.
 */
export async function replayDelivery(db: Tx, deliveryId: number): Promise<number | undefined> {
  const original = await db
    .selectFrom('webhook_deliveries')
    .select(['event_id', 'endpoint_id'])
    .where('id', '=', deliveryId)
    .executeTakeFirst();
  if (original === undefined) return undefined;
  const now = nowIso();
  const row = await db
    .insertInto('webhook_deliveries')
    .values({
      event_id: original.event_id,
      endpoint_id: original.endpoint_id,
      status: 'pending',
      attempts: 0,
      next_attempt_at: now,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

// Deliveries of webhook events: claimed by a relay with a lease (so of several processes one
// posts each, and a killed one's claim lapses by itself), finished or rescheduled after each
// attempt, listed and replayed for the admin API.
import { sql } from 'kysely';
import type { WebhookDeliveryStatus, WebhookOutcome } from '../../domain/webhooks.ts';
import { nowIso, writeTransaction } from '../db.ts';
import type { Store, Tx } from '../db.ts';

/** What a relay needs to post one delivery. */
export interface ClaimedDelivery {
  id: number;
  endpointId: number;
  /** Attempts made before this one. */
  attempts: number;
  messageId: string;
  payload: string;
  url: string;
  secretEncrypted: string;
}

/**
 * Claims up to `limit` pending deliveries that are due and not held by a live lease, for
 * `owner` until `leaseMs` from now, fairly between endpoints: never more than `perEndpoint` of
 * one endpoint's held at once (other relays' live leases count; one while its circuit is
 * half-open), and every endpoint's oldest before anyone's second. A deleted endpoint's, or one
 * whose circuit is open, are never claimed: checked in the claiming transaction itself, with the
 * endpoints' rows locked on PostgreSQL so a DELETE committing meanwhile is seen (its own
 * transaction fails the pending deliveries). SQLite has one writer at a time anyway.
 */
export async function claimDueDeliveries(
  store: Store,
  owner: string,
  options: { limit: number; leaseMs: number; perEndpoint?: number; now?: Date },
): Promise<ClaimedDelivery[]> {
  const now = (options.now ?? new Date()).toISOString();
  const perEndpoint = options.perEndpoint ?? options.limit;
  const claimable = (db: Tx) =>
    db
      .selectFrom('webhook_deliveries')
      .select(['id', 'next_attempt_at'])
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', now)
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]));
  // Each waiting endpoint's queue is read through (endpoint_id, status, next_attempt_at) and
  // only as far as its free lanes: a few queries a claim, whatever the backlog of the endpoints
  // that already use all their lanes (webhook_endpoints itself is small).
  const due = async (db: Tx): Promise<Array<{ id: number; endpoint_id: number }>> => {
    const endpoints = await db
      .selectFrom('webhook_endpoints')
      .select(['id', 'circuit_opens'])
      .where('disabled_at', 'is', null)
      .where((eb) =>
        eb.or([eb('circuit_open_until', 'is', null), eb('circuit_open_until', '<=', now)]),
      )
      .execute();
    const held = new Map<number, number>();
    for (const row of await db
      .selectFrom('webhook_deliveries')
      .select(['endpoint_id', (eb) => eb.fn.countAll<string | number>().as('n')])
      .where('status', '=', 'pending')
      .where('lease_until', '>=', now)
      .groupBy('endpoint_id')
      .execute()) {
      held.set(row.endpoint_id, Number(row.n));
    }
    const waiting = new Set(
      (await claimable(db).clearSelect().select('endpoint_id').distinct().execute()).map(
        (row) => row.endpoint_id,
      ),
    );
    const heads: Array<{ id: number; endpoint_id: number; rank: number; at: string }> = [];
    for (const endpoint of endpoints) {
      if (!waiting.has(endpoint.id)) continue;
      const cap = endpoint.circuit_opens > 0 ? 1 : perEndpoint;
      const free = Math.min(cap - (held.get(endpoint.id) ?? 0), options.limit);
      if (free <= 0) continue;
      const rows = await claimable(db)
        .where('endpoint_id', '=', endpoint.id)
        .orderBy('next_attempt_at')
        .orderBy('id')
        .limit(free)
        .execute();
      rows.forEach((row, rank) =>
        heads.push({
          id: row.id,
          endpoint_id: endpoint.id,
          rank,
          at: row.next_attempt_at ?? '',
        }),
      );
    }
    heads.sort((x, y) => x.rank - y.rank || x.at.localeCompare(y.at) || x.id - y.id);
    return heads.slice(0, options.limit);
  };
  // A read first, of one row: an idle relay polls without taking SQLite's write lock.
  if ((await claimable(store.db).limit(1).execute()).length === 0) return [];
  if ((await due(store.db)).length === 0) return [];
  const leaseUntil = new Date(Date.parse(now) + options.leaseMs).toISOString();
  const ids = await writeTransaction(store, async (tx) => {
    const candidates = await due(tx);
    if (candidates.length === 0) return [];
    const endpointIds = [...new Set(candidates.map((row) => Number(row.endpoint_id)))];
    const endpoints = tx
      .selectFrom('webhook_endpoints')
      .select('id')
      .where('id', 'in', endpointIds)
      .where('disabled_at', 'is', null);
    const live = (
      await (store.dialect === 'postgres' ? endpoints.forShare() : endpoints).execute()
    ).map((row) => row.id);
    if (live.length === 0) return [];
    const claimed = await tx
      .updateTable('webhook_deliveries')
      .set({ lease_owner: owner, lease_until: leaseUntil })
      .where(
        'id',
        'in',
        candidates.map((row) => Number(row.id)),
      )
      .where('endpoint_id', 'in', live)
      .where('status', '=', 'pending')
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
      .returning('id')
      .execute();
    return claimed.map((row) => row.id);
  });
  if (ids.length === 0) return [];
  const rows = await store.db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_events as e', 'e.id', 'd.event_id')
    .innerJoin('webhook_endpoints as p', 'p.id', 'd.endpoint_id')
    .select([
      'd.id',
      'd.endpoint_id',
      'd.attempts',
      'e.message_id',
      'e.payload',
      'p.url',
      'p.secret_encrypted',
    ])
    .where('d.id', 'in', ids)
    .orderBy('d.id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    endpointId: row.endpoint_id,
    attempts: row.attempts,
    messageId: row.message_id,
    payload: row.payload,
    url: row.url,
    secretEncrypted: row.secret_encrypted,
  }));
}

/** Whether `owner` still holds the delivery, pending (its endpoint was not deleted since). */
export async function stillClaimed(db: Tx, owner: string, deliveryId: number): Promise<boolean> {
  const row = await db
    .selectFrom('webhook_deliveries')
    .select('id')
    .where('id', '=', deliveryId)
    .where('lease_owner', '=', owner)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return row !== undefined;
}

export interface AttemptResult {
  at: string;
  outcome: WebhookOutcome;
  /** The receiver's HTTP status, when it answered. */
  status?: number;
  /** Why the attempt failed, when it did (no answer, or a status outside 2xx). */
  error?: string;
  durationMs: number;
}

/** When an endpoint failing again and again is left alone (relay.ts DEFAULT_WEBHOOK_CIRCUIT). */
export interface CircuitRule {
  /** Failed attempts in a row that open the circuit. */
  failures: number;
  /** The first pause; each opening after it doubles it, up to maxPauseMs. */
  pauseMs: number;
  maxPauseMs: number;
}

/**
 * After 5 failed attempts in a row an endpoint is left alone for a pause that starts at 1 minute
 * and doubles with each opening up to 1 hour; then one attempt probes it (half-open), and a
 * delivered one closes the circuit (docs/webhooks.md).
 */
export const DEFAULT_CIRCUIT: CircuitRule = { failures: 5, pauseMs: 60_000, maxPauseMs: 3_600_000 };

/**
 * Records an attempt and what follows: delivered, due again at `nextAttemptAt`, or failed when
 * there is none. The delivery changes only while `owner` still holds it (a lease that lapsed
 * mid-attempt is another relay's now; its attempt is recorded all the same). The endpoint's
 * circuit follows in the same transaction: a delivered attempt closes it, `circuit.failures`
 * failures in a row (or a failed probe of a half-open one) open it. Returns until when it was
 * opened, when this attempt opened it.
 */
export async function recordAttempt(
  store: Store,
  owner: string,
  delivery: Pick<ClaimedDelivery, 'id' | 'endpointId'>,
  attempt: AttemptResult,
  outcome: { delivered: true } | { delivered: false; nextAttemptAt?: string },
  circuit: CircuitRule = DEFAULT_CIRCUIT,
): Promise<string | undefined> {
  return writeTransaction(store, async (tx) => {
    // The endpoint's row first, as a DELETE of the endpoint and a claim lock it: one order of
    // locks, so PostgreSQL never finds two of them waiting on each other.
    const opened = await updateCircuit(tx, delivery.endpointId, outcome.delivered, circuit);
    await tx
      .insertInto('webhook_attempts')
      .values({
        delivery_id: delivery.id,
        at: attempt.at,
        status: attempt.status ?? null,
        error: attempt.error ?? null,
        outcome: attempt.outcome,
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
        last_outcome: attempt.outcome,
        ...(outcome.delivered && { delivered_at: attempt.at }),
      })
      .where('id', '=', delivery.id)
      .where('lease_owner', '=', owner)
      .where('status', '=', 'pending')
      .execute();
    return opened;
  });
}

async function updateCircuit(
  tx: Tx,
  endpointId: number,
  delivered: boolean,
  rule: CircuitRule,
): Promise<string | undefined> {
  if (delivered) {
    await tx
      .updateTable('webhook_endpoints')
      .set({ consecutive_failures: 0, circuit_opens: 0, circuit_open_until: null })
      .where('id', '=', endpointId)
      .execute();
    return undefined;
  }
  const endpoint = await tx
    .selectFrom('webhook_endpoints')
    .select(['consecutive_failures', 'circuit_opens'])
    .where('id', '=', endpointId)
    .executeTakeFirst();
  if (endpoint === undefined) return undefined;
  const failures = endpoint.consecutive_failures + 1;
  const halfOpen = endpoint.circuit_opens > 0;
  if (!halfOpen && failures < rule.failures) {
    await tx
      .updateTable('webhook_endpoints')
      .set({ consecutive_failures: failures })
      .where('id', '=', endpointId)
      .execute();
    return undefined;
  }
  const pauseMs = Math.min(rule.pauseMs * 2 ** endpoint.circuit_opens, rule.maxPauseMs);
  const until = new Date(Date.now() + pauseMs).toISOString();
  await tx
    .updateTable('webhook_endpoints')
    .set({
      consecutive_failures: failures,
      circuit_opens: endpoint.circuit_opens + 1,
      circuit_open_until: until,
    })
    .where('id', '=', endpointId)
    .execute();
  return until;
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

/** Who made a delivery: its event, or an operator (a replay, a test event). */
export type DeliveryOrigin = 'event' | 'replay' | 'test';

export interface WebhookDelivery {
  id: number;
  endpointId: number;
  eventId: number;
  messageId: string;
  type: string;
  /** Absent for a test event, which belongs to no user. */
  userId?: number;
  origin: DeliveryOrigin;
  status: WebhookDeliveryStatus;
  attempts: number;
  nextAttemptAt?: string;
  lastStatus?: number;
  lastError?: string;
  lastOutcome?: WebhookOutcome;
  createdAt: string;
  deliveredAt?: string;
}

export interface WebhookAttempt {
  at: string;
  status?: number;
  error?: string;
  /** Absent for attempts recorded before outcome classes were (migration 020). */
  outcome?: WebhookOutcome;
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
      'd.origin',
      'd.status',
      'd.attempts',
      'd.next_attempt_at',
      'd.last_status',
      'd.last_error',
      'd.last_outcome',
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
    ...(row.user_id !== null && { userId: row.user_id }),
    origin: row.origin as DeliveryOrigin,
    status: row.status as WebhookDeliveryStatus,
    attempts: row.attempts,
    ...(row.next_attempt_at !== null && { nextAttemptAt: row.next_attempt_at }),
    ...(row.last_status !== null && { lastStatus: row.last_status }),
    ...(row.last_error !== null && { lastError: row.last_error }),
    ...(row.last_outcome !== null && { lastOutcome: row.last_outcome as WebhookOutcome }),
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
      ...(a.outcome !== null && { outcome: a.outcome as WebhookOutcome }),
      durationMs: a.duration_ms,
    })),
  };
}

/**
 * The columns of a delivery an operator asks for (a replay, a test event), inserted from a select
 * of the event's and endpoint's ids followed by `pendingNow`'s values.
 */
export const OPERATOR_DELIVERY_COLUMNS = [
  'event_id',
  'endpoint_id',
  'origin',
  'status',
  'attempts',
  'next_attempt_at',
  'created_at',
] as const;

/** A new delivery's values after its ids: pending, never tried, due now. */
export function pendingNow(origin: 'replay' | 'test', now: string) {
  return [
    sql.lit(origin).as('origin'),
    sql.lit('pending').as('status'),
    sql.lit(0).as('attempts'),
    sql<string>`${now}`.as('next_attempt_at'),
    sql<string>`${now}`.as('created_at'),
  ] as const;
}

/**
 * Sends a delivery's event again to its endpoint: a new pending delivery, due now, of the same
 * event (same `webhook-id` and body). Inserted only while the endpoint is in use, checked in the
 * insert itself, so a replay racing the endpoint's DELETE adds nothing. Returns its id, or
 * undefined when there is no such delivery or its endpoint is deleted.
 */
export async function replayDelivery(db: Tx, deliveryId: number): Promise<number | undefined> {
  const now = nowIso();
  const row = await db
    .insertInto('webhook_deliveries')
    .columns(OPERATOR_DELIVERY_COLUMNS)
    .expression((eb) =>
      eb
        .selectFrom('webhook_deliveries as d')
        .innerJoin('webhook_endpoints as p', 'p.id', 'd.endpoint_id')
        .select(['d.event_id', 'd.endpoint_id', ...pendingNow('replay', now)])
        .where('d.id', '=', deliveryId)
        .where('p.disabled_at', 'is', null),
    )
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/**
 * The replays and test events an operator made to an endpoint since `since`, oldest first: the
 * admin API bounds them per minute (WEBHOOK_REPLAYS_PER_MINUTE).
 */
export async function operatorDeliveriesSince(
  db: Tx,
  endpointId: number,
  since: string,
): Promise<string[]> {
  const rows = await db
    .selectFrom('webhook_deliveries')
    .select('created_at')
    .where('endpoint_id', '=', endpointId)
    .where('created_at', '>=', since)
    .where('origin', 'in', ['replay', 'test'])
    .orderBy('created_at')
    .execute();
  return rows.map((row) => row.created_at);
}

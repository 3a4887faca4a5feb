// Webhook endpoints (where events go) and the outbox: an event is recorded with one pending
// delivery per endpoint subscribed to its type, in the transaction of the write it reports, so
// an event exists exactly when what it reports was committed (docs/webhooks.md).
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import {
  WEBHOOK_TEST_EVENT_TYPE,
  isWebhookEventType,
  webhookPayload,
} from '../../domain/webhooks.ts';
import type { NewWebhookEvent, WebhookEventType } from '../../domain/webhooks.ts';
import { nowIso } from '../db.ts';
import type { Tx } from '../db.ts';
import { OPERATOR_DELIVERY_COLUMNS, pendingNow } from './webhook-deliveries.ts';
import type { WebhookEndpointsTable } from '../schema.ts';
import type { Selectable } from 'kysely';

export interface WebhookEndpoint {
  id: number;
  url: string;
  events: WebhookEventType[];
  /** Encrypted with the SecretBox; only the relay decrypts it, to sign. */
  secretEncrypted: string;
  description?: string;
  createdAt: string;
  /** Failed attempts in a row, and the circuit (webhook-deliveries.ts recordAttempt). */
  consecutiveFailures: number;
  /** Set while the circuit is open or half-open: until when it is (or was) left alone. */
  circuitOpenUntil?: string;
}

function toWebhookEndpoint(row: Selectable<WebhookEndpointsTable>): WebhookEndpoint {
  const events = (JSON.parse(row.events) as string[]).filter(isWebhookEventType);
  return {
    id: row.id,
    url: row.url,
    events,
    secretEncrypted: row.secret_encrypted,
    ...(row.description !== null && { description: row.description }),
    createdAt: row.created_at,
    consecutiveFailures: row.consecutive_failures,
    ...(row.circuit_open_until !== null && { circuitOpenUntil: row.circuit_open_until }),
  };
}

/** How many endpoints are in use (WEBHOOK_MAX_ENDPOINTS bounds it). */
export async function countWebhookEndpoints(db: Tx): Promise<number> {
  const row = await db
    .selectFrom('webhook_endpoints')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('disabled_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function createWebhookEndpoint(
  db: Tx,
  e: {
    url: string;
    events: readonly WebhookEventType[];
    secretEncrypted: string;
    description?: string;
  },
): Promise<WebhookEndpoint> {
  const row = await db
    .insertInto('webhook_endpoints')
    .values({
      url: e.url,
      events: JSON.stringify([...new Set(e.events)]),
      secret_encrypted: e.secretEncrypted,
      description: e.description ?? null,
      created_at: nowIso(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toWebhookEndpoint(row);
}

/** The endpoints in use (not deleted), oldest first. */
export async function listWebhookEndpoints(db: Tx): Promise<WebhookEndpoint[]> {
  const rows = await db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('disabled_at', 'is', null)
    .orderBy('id')
    .execute();
  return rows.map(toWebhookEndpoint);
}

/** An endpoint in use; a deleted one only when `deleted` is asked for (its history). */
export async function findWebhookEndpoint(
  db: Tx,
  id: number,
  options: { deleted?: boolean } = {},
): Promise<WebhookEndpoint | undefined> {
  let query = db.selectFrom('webhook_endpoints').selectAll().where('id', '=', id);
  if (options.deleted !== true) query = query.where('disabled_at', 'is', null);
  const row = await query.executeTakeFirst();
  return row && toWebhookEndpoint(row);
}

/**
 * Deletes an endpoint: no new deliveries, and its pending ones end `failed`. The row stays so
 * its deliveries can still be read. Returns whether an endpoint in use was deleted.
 */
export async function deleteWebhookEndpoint(db: Tx, id: number): Promise<boolean> {
  const now = nowIso();
  const deleted = await db
    .updateTable('webhook_endpoints')
    .set({ disabled_at: now })
    .where('id', '=', id)
    .where('disabled_at', 'is', null)
    .executeTakeFirst();
  if (deleted.numUpdatedRows === 0n) return false;
  await db
    .updateTable('webhook_deliveries')
    .set({ status: 'failed', next_attempt_at: null, last_error: 'the endpoint was deleted' })
    .where('endpoint_id', '=', id)
    .where('status', '=', 'pending')
    .execute();
  return true;
}

/** A `webhook-id`: unique per event, kept by its attempts and replays (receivers dedupe on it). */
function newMessageId(): string {
  return `msg_${randomBytes(16).toString('base64url')}`;
}

/**
 * Records an event and a pending delivery, due now, to each endpoint subscribed to its type.
 * Call it with the transaction of the write the event reports. Returns the event's id, or
 * undefined when no endpoint takes its type: nothing is recorded, so a deployment without
 * webhooks keeps no outbox.
 */
export async function recordWebhookEvent(
  db: Tx,
  event: NewWebhookEvent,
): Promise<number | undefined> {
  const endpoints = (await listWebhookEndpoints(db)).filter((e) => e.events.includes(event.type));
  if (endpoints.length === 0) return undefined;
  const now = nowIso();
  const row = await db
    .insertInto('webhook_events')
    .values({
      message_id: newMessageId(),
      type: event.type,
      user_id: event.userId,
      payload: webhookPayload(event, now),
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('webhook_deliveries')
    .values(
      endpoints.map((endpoint) => ({
        event_id: row.id,
        endpoint_id: endpoint.id,
        status: 'pending',
        attempts: 0,
        next_attempt_at: now,
        created_at: now,
      })),
    )
    .execute();
  return row.id;
}

/**
 * Records a test event (`webhook.test`) and one pending delivery of it, due now, to this endpoint
 * only, whatever types it takes; nothing when the endpoint is deleted (checked in the insert).
 * Returns the delivery's id.
 */
export async function recordTestEvent(db: Tx, endpointId: number): Promise<number | undefined> {
  const now = nowIso();
  const event = await db
    .insertInto('webhook_events')
    .values({
      message_id: newMessageId(),
      type: WEBHOOK_TEST_EVENT_TYPE,
      user_id: null,
      payload: webhookPayload(
        { type: WEBHOOK_TEST_EVENT_TYPE, data: { webhook_id: endpointId } },
        now,
      ),
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const delivery = await db
    .insertInto('webhook_deliveries')
    .columns(OPERATOR_DELIVERY_COLUMNS)
    .expression((eb) =>
      eb
        .selectFrom('webhook_endpoints')
        .select([sql<number>`${event.id}`.as('event_id'), 'id', ...pendingNow('test', now)])
        .where('id', '=', endpointId)
        .where('disabled_at', 'is', null),
    )
    .returning('id')
    .executeTakeFirst();
  if (delivery === undefined) {
    await db.deleteFrom('webhook_events').where('id', '=', event.id).execute();
    return undefined;
  }
  return delivery.id;
}

/**
 * Deletes the events recorded before `before` that have no pending delivery, with their
 * deliveries and attempts (cascade): the outbox keeps the recent history, not every event ever.
 * Returns how many events went.
 */
export async function pruneWebhookEvents(db: Tx, before: string): Promise<number> {
  const result = await db
    .deleteFrom('webhook_events')
    .where('created_at', '<', before)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('webhook_deliveries')
            .select('webhook_deliveries.id')
            .whereRef('webhook_deliveries.event_id', '=', 'webhook_events.id')
            .where('webhook_deliveries.status', '=', 'pending'),
        ),
      ),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export interface WebhookEvent {
  id: number;
  messageId: string;
  type: string;
  /** Absent for a test event. */
  userId?: number;
  payload: string;
  createdAt: string;
}

/** The events recorded for a user, oldest first (tests, and what an operator may look at). */
export async function listWebhookEvents(
  db: Tx,
  filter: { userId?: number; type?: WebhookEventType } = {},
): Promise<WebhookEvent[]> {
  let query = db.selectFrom('webhook_events').selectAll();
  if (filter.userId !== undefined) query = query.where('user_id', '=', filter.userId);
  if (filter.type !== undefined) query = query.where('type', '=', filter.type);
  const rows = await query.orderBy('id').execute();
  return rows.map((row) => ({
    id: row.id,
    messageId: row.message_id,
    type: row.type,
    ...(row.user_id !== null && { userId: row.user_id }),
    payload: row.payload,
    createdAt: row.created_at,
  }));
}

import type { CreateTableBuilder, Kysely, Migration } from 'kysely';
import type { Dialect } from '../db.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it
   was, not the current Schema type, which is Kysely's documented way to type them. */
type AnyDb = Kysely<any>;

function withId<T extends string>(
  table: CreateTableBuilder<T, never>,
  dialect: Dialect,
): CreateTableBuilder<T, 'id'> {
  return dialect === 'postgres'
    ? table.addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

/**
 * Webhooks for applications (issue 30, docs/webhooks.md):
 * - `webhook_endpoints`: where events go (URL, event types as JSON, the signing secret
 *   encrypted like credentials); deleted ones keep their row (`disabled_at`) for their history;
 * - `webhook_events`: the outbox, written in the same transaction as what each event reports;
 *   `message_id` is the `webhook-id` header, the same on every attempt and replay;
 * - `webhook_deliveries`: one per event and subscribed endpoint, created with the event, claimed
 *   by a relay with a lease (`lease_owner`, `lease_until`) so a killed process's claim lapses;
 * - `webhook_attempts`: each POST and how it ended.
 * Events are kept when their user goes (user_id is not a foreign key): they are a log.
 */
export const webhooks = (dialect: Dialect): Migration => ({
  async up(db: AnyDb): Promise<void> {
    await withId(db.schema.createTable('webhook_endpoints'), dialect)
      .addColumn('url', 'text', (c) => c.notNull())
      .addColumn('events', 'text', (c) => c.notNull())
      .addColumn('secret_encrypted', 'text', (c) => c.notNull())
      .addColumn('description', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('disabled_at', 'text')
      .execute();

    await withId(db.schema.createTable('webhook_events'), dialect)
      .addColumn('message_id', 'text', (c) => c.notNull().unique())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('user_id', 'bigint', (c) => c.notNull())
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();

    await withId(db.schema.createTable('webhook_deliveries'), dialect)
      .addColumn('event_id', 'bigint', (c) =>
        c.notNull().references('webhook_events.id').onDelete('cascade'),
      )
      .addColumn('endpoint_id', 'bigint', (c) =>
        c.notNull().references('webhook_endpoints.id').onDelete('cascade'),
      )
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_attempt_at', 'text')
      .addColumn('lease_owner', 'text')
      .addColumn('lease_until', 'text')
      .addColumn('last_status', 'integer')
      .addColumn('last_error', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('delivered_at', 'text')
      .execute();
    // The relay's scan: pending deliveries by when they are due.
    await db.schema
      .createIndex('webhook_deliveries_due')
      .on('webhook_deliveries')
      .columns(['status', 'next_attempt_at'])
      .execute();
    // The admin API's list of an endpoint's deliveries, newest first.
    await db.schema
      .createIndex('webhook_deliveries_endpoint')
      .on('webhook_deliveries')
      .columns(['endpoint_id', 'id'])
      .execute();

    await withId(db.schema.createTable('webhook_attempts'), dialect)
      .addColumn('delivery_id', 'bigint', (c) =>
        c.notNull().references('webhook_deliveries.id').onDelete('cascade'),
      )
      .addColumn('at', 'text', (c) => c.notNull())
      .addColumn('status', 'integer')
      .addColumn('error', 'text')
      .addColumn('duration_ms', 'integer', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('webhook_attempts_delivery')
      .on('webhook_attempts')
      .columns(['delivery_id', 'id'])
      .execute();
  },

  async down(db: AnyDb): Promise<void> {
    await db.schema.dropTable('webhook_attempts').execute();
    await db.schema.dropTable('webhook_deliveries').execute();
    await db.schema.dropTable('webhook_events').execute();
    await db.schema.dropTable('webhook_endpoints').execute();
  },
});

import { sql } from 'kysely';
import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../db.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it
   was, not the current Schema type, which is Kysely's documented way to type them. */
type AnyDb = Kysely<any>;

/**
 * Webhook hardening (issue 40, docs/webhooks.md):
 * - `webhook_endpoints` gain a circuit: failures in a row, and until when the endpoint is left
 *   alone (`circuit_open_until`, doubling with each opening counted in `circuit_opens`);
 * - `webhook_deliveries.origin`: `event`, `replay` or `test`, so replays and test events can be
 *   bounded per endpoint per minute; `last_outcome` and `webhook_attempts.outcome` hold the
 *   outcome class a read-only key may see (`timeout`, `blocked_address`...);
 * - `webhook_events.user_id` may be null: a test event belongs to no user. SQLite cannot drop a
 *   NOT NULL, so the table is rebuilt; `legacy_alter_table` keeps the deliveries' foreign key
 *   naming `webhook_events` (the new table) while the old one is renamed and dropped.
 */
export const webhookLanes = (dialect: Dialect): Migration => ({
  async up(db: AnyDb): Promise<void> {
    await db.schema
      .alterTable('webhook_endpoints')
      .addColumn('consecutive_failures', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable('webhook_endpoints')
      .addColumn('circuit_opens', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable('webhook_endpoints').addColumn('circuit_open_until', 'text').execute();
    await db.schema
      .alterTable('webhook_deliveries')
      .addColumn('origin', 'text', (c) => c.notNull().defaultTo('event'))
      .execute();
    await db.schema.alterTable('webhook_deliveries').addColumn('last_outcome', 'text').execute();
    await db.schema.alterTable('webhook_attempts').addColumn('outcome', 'text').execute();
    // The bound on replays and test events counts an endpoint's recent ones.
    await db.schema
      .createIndex('webhook_deliveries_endpoint_created')
      .on('webhook_deliveries')
      .columns(['endpoint_id', 'created_at'])
      .execute();

    if (dialect === 'postgres') {
      await db.schema
        .alterTable('webhook_events')
        .alterColumn('user_id', (c) => c.dropNotNull())
        .execute();
      return;
    }
    await sql`pragma legacy_alter_table = on`.execute(db);
    await sql`alter table webhook_events rename to webhook_events_before_020`.execute(db);
    await db.schema
      .createTable('webhook_events')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('message_id', 'text', (c) => c.notNull().unique())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('user_id', 'bigint')
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await sql`insert into webhook_events (id, message_id, type, user_id, payload, created_at)
      select id, message_id, type, user_id, payload, created_at from webhook_events_before_020`.execute(
      db,
    );
    await sql`drop table webhook_events_before_020`.execute(db);
    await sql`pragma legacy_alter_table = off`.execute(db);
  },

  // user_id stays nullable: test events already recorded would not fit a NOT NULL again.
  async down(db: AnyDb): Promise<void> {
    await db.schema.dropIndex('webhook_deliveries_endpoint_created').execute();
    await db.schema.alterTable('webhook_attempts').dropColumn('outcome').execute();
    await db.schema.alterTable('webhook_deliveries').dropColumn('last_outcome').execute();
    await db.schema.alterTable('webhook_deliveries').dropColumn('origin').execute();
    for (const column of ['circuit_open_until', 'circuit_opens', 'consecutive_failures']) {
      await db.schema.alterTable('webhook_endpoints').dropColumn(column).execute();
    }
  },
});

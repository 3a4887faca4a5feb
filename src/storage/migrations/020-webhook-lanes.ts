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
 *   NOT NULL in place (its defensive mode forbids editing the schema text), so the outbox's
 *   three tables are copied to new ones, the old dropped children first (no cascade reaches the
 *   copies) and the copies renamed, which carries their foreign keys along.
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
    await db.schema
      .alterTable('webhook_endpoints')
      .addColumn('circuit_open_until', 'text')
      .execute();
    await db.schema
      .alterTable('webhook_deliveries')
      .addColumn('origin', 'text', (c) => c.notNull().defaultTo('event'))
      .execute();
    await db.schema.alterTable('webhook_deliveries').addColumn('last_outcome', 'text').execute();
    await db.schema.alterTable('webhook_attempts').addColumn('outcome', 'text').execute();
    // The claim reads each endpoint's due deliveries as far as its free lanes.
    await db.schema
      .createIndex('webhook_deliveries_endpoint_due')
      .on('webhook_deliveries')
      .columns(['endpoint_id', 'status', 'next_attempt_at'])
      .execute();
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
    await rebuildSqliteEventsNullableUser(db);
  },

  // user_id stays nullable: test events already recorded would not fit a NOT NULL again.
  async down(db: AnyDb): Promise<void> {
    await db.schema.dropIndex('webhook_deliveries_endpoint_created').execute();
    await db.schema.dropIndex('webhook_deliveries_endpoint_due').execute();
    await db.schema.alterTable('webhook_attempts').dropColumn('outcome').execute();
    await db.schema.alterTable('webhook_deliveries').dropColumn('last_outcome').execute();
    await db.schema.alterTable('webhook_deliveries').dropColumn('origin').execute();
    for (const column of ['circuit_open_until', 'circuit_opens', 'consecutive_failures']) {
      await db.schema.alterTable('webhook_endpoints').dropColumn(column).execute();
    }
  },
});

const OUTBOX = ['webhook_events', 'webhook_deliveries', 'webhook_attempts'] as const;

async function rebuildSqliteEventsNullableUser(db: AnyDb): Promise<void> {
  const { rows } = await sql<{ type: string; name: string; tbl_name: string; sql: string }>`
    select type, name, tbl_name, sql from sqlite_master
    where tbl_name in (${sql.join([...OUTBOX])}) and sql is not null`.execute(db);
  const renamed = (text: string): string =>
    OUTBOX.reduce((out, table) => out.replaceAll(`"${table}"`, `"${table}_new"`), text);
  for (const table of OUTBOX) {
    const create = rows.find((row) => row.type === 'table' && row.name === table)?.sql;
    if (create === undefined) throw new Error(`020: no table ${table}`);
    let text = renamed(create);
    if (table === 'webhook_events') {
      text = text.replace('"user_id" bigint not null', '"user_id" bigint');
      if (text.includes('"user_id" bigint not null')) throw new Error('020: user_id unchanged');
    }
    await sql.raw(text).execute(db);
    await sql.raw(`insert into "${table}_new" select * from "${table}"`).execute(db);
  }
  for (const table of [...OUTBOX].reverse()) await sql.raw(`drop table "${table}"`).execute(db);
  for (const table of OUTBOX) {
    await sql.raw(`alter table "${table}_new" rename to "${table}"`).execute(db);
  }
  for (const index of rows.filter((row) => row.type === 'index')) {
    await sql.raw(index.sql).execute(db);
  }
}

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
 * Accounts over HTTP (issue 11):
 * - `admin_keys`: keys of the /admin/ API, hashed like tokens (shown once, never stored);
 * - `connect_sessions`: one-time links to the hosted page where a user links platforms;
 * - `connect_oauth_states`: the single-use OAuth `state` of a session's Yahoo redirect;
 * - `sync_requests`: syncs started over HTTP and run in the background, with their progress.
 * Everything of a user goes with the user (cascade).
 */
export const adminSchema = (dialect: Dialect): Migration => ({
  async up(db: AnyDb): Promise<void> {
    await withId(db.schema.createTable('admin_keys'), dialect)
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('key_hash', 'text', (c) => c.notNull().unique())
      .addColumn('key_prefix', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('revoked_at', 'text')
      .execute();

    await withId(db.schema.createTable('connect_sessions'), dialect)
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('token_prefix', 'text', (c) => c.notNull())
      .addColumn('platforms', 'text', (c) => c.notNull())
      .addColumn('return_url', 'text')
      .addColumn('csrf_token', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('used_at', 'text')
      .execute();
    await db.schema
      .createIndex('connect_sessions_user')
      .on('connect_sessions')
      .column('user_id')
      .execute();

    await db.schema
      .createTable('connect_oauth_states')
      .addColumn('nonce_hash', 'text', (c) => c.primaryKey())
      .addColumn('session_id', 'bigint', (c) =>
        c.notNull().references('connect_sessions.id').onDelete('cascade'),
      )
      .addColumn('platform', 'text', (c) => c.notNull())
      .addColumn('session_token_encrypted', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('used_at', 'text')
      .execute();

    await withId(db.schema.createTable('sync_requests'), dialect)
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('platform', 'text')
      .addColumn('connect_session_id', 'bigint', (c) =>
        c.references('connect_sessions.id').onDelete('set null'),
      )
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('finished_at', 'text')
      .addColumn('progress', 'text', (c) => c.notNull())
      .addColumn('error', 'text')
      .addColumn('owner', 'text')
      .execute();
    await db.schema
      .createIndex('sync_requests_user')
      .on('sync_requests')
      .column('user_id')
      .execute();
  },

  async down(db: AnyDb): Promise<void> {
    await db.schema.dropTable('sync_requests').execute();
    await db.schema.dropTable('connect_oauth_states').execute();
    await db.schema.dropTable('connect_sessions').execute();
    await db.schema.dropTable('admin_keys').execute();
  },
});

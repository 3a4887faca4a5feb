import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../db.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it
   was, not the current Schema type, which is Kysely's documented way to type them. */
type AnyDb = Kysely<any>;

/**
 * secret_key_check: one row, a check value of the secret key the store's credentials are
 * encrypted with (an HMAC of a fixed label under the key; never the key), recorded by the first
 * serve or worker to start, so a process started with another key refuses to start rather than
 * fail later account by account. A store from before records it at its next start.
 */
export const secretKeyCheck = (_dialect: Dialect): Migration => ({
  async up(db: AnyDb): Promise<void> {
    await db.schema
      .createTable('secret_key_check')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('check_value', 'text', (c) => c.notNull())
      .addColumn('recorded_at', 'text', (c) => c.notNull())
      .execute();
  },

  async down(db: AnyDb): Promise<void> {
    await db.schema.dropTable('secret_key_check').execute();
  },
});

import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../db.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it
   was, not the current Schema type, which is Kysely's documented way to type them. */
type AnyDb = Kysely<any>;

/**
 * Admin keys get scopes (space-separated, src/domain/admin-scopes.ts) and an optional expiry.
 * Keys made before keep what they could always do: `full`, no expiry.
 */
export const adminKeyScopes = (_dialect: Dialect): Migration => ({
  async up(db: AnyDb): Promise<void> {
    await db.schema
      .alterTable('admin_keys')
      .addColumn('scopes', 'text', (c) => c.notNull().defaultTo('full'))
      .execute();
    await db.schema.alterTable('admin_keys').addColumn('expires_at', 'text').execute();
  },

  async down(db: AnyDb): Promise<void> {
    await db.schema.alterTable('admin_keys').dropColumn('expires_at').execute();
    await db.schema.alterTable('admin_keys').dropColumn('scopes').execute();
  },
});

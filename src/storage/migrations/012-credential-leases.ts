import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../db.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it
   was, not the current Schema type, which is Kysely's documented way to type them. */
type AnyDb = Kysely<any>;

/**
 * platform_accounts gain a lease on their credentials, so that of several processes finding an
 * account's OAuth token expired only one renews it (sync/credential-lease.ts):
 * - `credentials_lease`: who holds it (a random id per claim), null when free;
 * - `credentials_lease_until`: when it lapses (ISO), so a holder that died frees it by itself.
 */
export const credentialLeases = (_dialect: Dialect): Migration => ({
  async up(db: AnyDb): Promise<void> {
    await db.schema
      .alterTable('platform_accounts')
      .addColumn('credentials_lease', 'text')
      .execute();
    await db.schema
      .alterTable('platform_accounts')
      .addColumn('credentials_lease_until', 'text')
      .execute();
  },

  async down(db: AnyDb): Promise<void> {
    await db.schema.alterTable('platform_accounts').dropColumn('credentials_lease_until').execute();
    await db.schema.alterTable('platform_accounts').dropColumn('credentials_lease').execute();
  },
});

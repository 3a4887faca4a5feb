import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../db.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it
   was, not the current Schema type, which is Kysely's documented way to type them. */
type AnyDb = Kysely<any>;

/**
 * account_seasons: the finished seasons (per sport) whose leagues an account has synced in full
 * after the season ended. Their data no longer changes, so later syncs skip them without asking
 * the platform, not even for the account's league list (one upstream call per sport and season on
 * Sleeper). Linking the account again forgets them: the link may now reach other leagues.
 */
export const accountSeasons = (_dialect: Dialect): Migration => ({
  async up(db: AnyDb): Promise<void> {
    await db.schema
      .createTable('account_seasons')
      .addColumn('account_id', 'bigint', (c) =>
        c.notNull().references('platform_accounts.id').onDelete('cascade'),
      )
      .addColumn('sport', 'text', (c) => c.notNull())
      .addColumn('season', 'integer', (c) => c.notNull())
      .addColumn('completed_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('account_seasons_pk', ['account_id', 'sport', 'season'])
      .execute();
  },

  async down(db: AnyDb): Promise<void> {
    await db.schema.dropTable('account_seasons').execute();
  },
});

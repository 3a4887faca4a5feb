import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../db.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it
   was, not the current Schema type, which is Kysely's documented way to type them. */
type AnyDb = Kysely<any>;

/**
 * Live refreshes (issue 42, sync/live/): one row per league a live scheduler has looked at, shared
 * by every process so that two workers never refresh one league at once (`claimed_until`), and so
 * that /meta and the admin API can say when a league was last refreshed and when it is next.
 * Times are ISO 8601 text, as everywhere in the store. Deleted with the league (cascade).
 */
export const leagueRefreshes = (_dialect: Dialect): Migration => ({
  async up(db: AnyDb): Promise<void> {
    await db.schema
      .createTable('league_refreshes')
      .addColumn('league_id', 'bigint', (c) =>
        c.primaryKey().references('leagues.id').onDelete('cascade'),
      )
      .addColumn('period', 'integer')
      .addColumn('last_refresh_at', 'text')
      .addColumn('next_refresh_at', 'text')
      .addColumn('last_outcome', 'text')
      .addColumn('last_error', 'text')
      .addColumn('claimed_until', 'text')
      .execute();
  },

  async down(db: AnyDb): Promise<void> {
    await db.schema.dropTable('league_refreshes').ifExists().execute();
  },
});

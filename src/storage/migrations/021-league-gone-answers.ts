import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../db.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it
   was, not the current Schema type, which is Kysely's documented way to type them. */
type AnyDb = Kysely<any>;

/**
 * league_members.gone_syncs: how many syncs in a row found the member's league gone from the
 * platform (not listed, or answered "no such league"). A league is detached only once this
 * reaches the engine's bound (sync/engine.ts, GONE_SYNCS_TO_DETACH), so one failed or odd read
 * never takes away what was served; a sync that reads the league again sets it back to 0.
 */
export const leagueGoneAnswers = (_dialect: Dialect): Migration => ({
  async up(db: AnyDb): Promise<void> {
    await db.schema
      .alterTable('league_members')
      .addColumn('gone_syncs', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
});

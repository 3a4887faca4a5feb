import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../db.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it
   was, not the current Schema type, which is Kysely's documented way to type them. */
type AnyDb = Kysely<any>;

/**
 * sync_runs gain a lease, so a run whose process died (kill -9, a crash, a lost machine) is found
 * and shown as 'interrupted' instead of 'running' forever:
 * - `owner`: "host:pid" of the process running it (a run on this host whose pid is gone is dead);
 * - `heartbeat_at`: renewed every few seconds while it runs (a run silent for longer than the
 *   staleness time is dead, whichever host ran it: several processes may share PostgreSQL).
 * Rows from before have neither; their started_at stands in for the heartbeat.
 */
export const syncRunLeases = (_dialect: Dialect): Migration => ({
  async up(db: AnyDb): Promise<void> {
    await db.schema.alterTable('sync_runs').addColumn('owner', 'text').execute();
    await db.schema.alterTable('sync_runs').addColumn('heartbeat_at', 'text').execute();
    // The sweep looks for unfinished runs only.
    await db.schema.createIndex('sync_runs_outcome').on('sync_runs').column('outcome').execute();
  },

  async down(db: AnyDb): Promise<void> {
    await db.schema.dropIndex('sync_runs_outcome').execute();
    await db.schema.alterTable('sync_runs').dropColumn('heartbeat_at').execute();
    await db.schema.alterTable('sync_runs').dropColumn('owner').execute();
  },
});

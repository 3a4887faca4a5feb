import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../db.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it
   was, not the current Schema type, which is Kysely's documented way to type them. */
type AnyDb = Kysely<any>;

/**
 * A request's account remembers the queued job that is to sync it (`job_id`, with REDIS_URL), so
 * a job the queue lost (its Redis flushed, or restarted without persistence) is found when the
 * request is read, and the request ends 'interrupted' instead of 'running' forever. Rows from
 * before, and those of syncs run in process, have none and are never checked.
 */
export const syncRequestJobs = (_dialect: Dialect): Migration => ({
  async up(db: AnyDb): Promise<void> {
    await db.schema.alterTable('sync_request_accounts').addColumn('job_id', 'text').execute();
  },

  async down(db: AnyDb): Promise<void> {
    await db.schema.alterTable('sync_request_accounts').dropColumn('job_id').execute();
  },
});

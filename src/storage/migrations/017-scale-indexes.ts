import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../db.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it
   was, not the current Schema type, which is Kysely's documented way to type them. */
type AnyDb = Kysely<any>;

/**
 * Indexes for queries whose cost grew with the store rather than with what they return
 * (measured at a million leagues: docs/performance.md, "Queries at scale"):
 * - `users_data_seq`: the change feed's poll reads the users stamped since its cursor; without
 *   it every poll that saw a write read every user.
 * - `league_syncs_league` (league_id, finished_at): `/meta` and a sync's final-league check read
 *   each league's newest good attempt by its id, and deleting a league nobody belongs to any
 *   more (after an unlink or a user deleted) sets its attempts' league_id to null: each walked
 *   every attempt ever recorded.
 * - `league_members_account`: unlinking an account deletes the memberships made through it
 *   (cascade), a scan of every membership without it.
 * - `sync_runs_account` (user_id, platform, id) instead of `sync_runs_user` (user_id): an
 *   account's latest run is its last entry, not the newest of every run of the user's history.
 * - `webhook_deliveries_event`: pruning old events deletes their deliveries (cascade) and checks
 *   each event for a pending one.
 * - `connect_oauth_states_session`, `sync_requests_connect_session`: deleting a connect session
 *   deletes its OAuth states and clears it from sync requests (every one ever made otherwise).
 * After it every foreign key has an index led by its column (test/storage/query-plans.test.ts).
 */
export const scaleIndexes = (_dialect: Dialect): Migration => ({
  async up(db: AnyDb): Promise<void> {
    await db.schema.createIndex('users_data_seq').on('users').column('data_seq').execute();
    await db.schema
      .createIndex('league_syncs_league')
      .on('league_syncs')
      .columns(['league_id', 'finished_at'])
      .execute();
    await db.schema
      .createIndex('league_members_account')
      .on('league_members')
      .column('account_id')
      .execute();
    await db.schema
      .createIndex('sync_runs_account')
      .on('sync_runs')
      .columns(['user_id', 'platform', 'id'])
      .execute();
    await db.schema.dropIndex('sync_runs_user').execute();
    await db.schema
      .createIndex('webhook_deliveries_event')
      .on('webhook_deliveries')
      .column('event_id')
      .execute();
    await db.schema
      .createIndex('connect_oauth_states_session')
      .on('connect_oauth_states')
      .column('session_id')
      .execute();
    await db.schema
      .createIndex('sync_requests_connect_session')
      .on('sync_requests')
      .column('connect_session_id')
      .execute();
  },

  async down(db: AnyDb): Promise<void> {
    await db.schema.dropIndex('sync_requests_connect_session').execute();
    await db.schema.dropIndex('connect_oauth_states_session').execute();
    await db.schema.dropIndex('webhook_deliveries_event').execute();
    await db.schema.createIndex('sync_runs_user').on('sync_runs').column('user_id').execute();
    await db.schema.dropIndex('sync_runs_account').execute();
    await db.schema.dropIndex('league_members_account').execute();
    await db.schema.dropIndex('league_syncs_league').execute();
    await db.schema.dropIndex('users_data_seq').execute();
  },
});

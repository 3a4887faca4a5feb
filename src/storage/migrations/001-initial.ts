import { sql } from 'kysely';
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

export const initialSchema = (dialect: Dialect): Migration => ({
  async up(db: AnyDb): Promise<void> {
    await withId(db.schema.createTable('users'), dialect)
      .addColumn('name', 'text', (c) => c.notNull().unique())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('data_seq', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();

    await withId(db.schema.createTable('tokens'), dialect)
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('token_prefix', 'text', (c) => c.notNull())
      .addColumn('products', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text')
      .addColumn('revoked_at', 'text')
      .execute();
    await db.schema.createIndex('tokens_user').on('tokens').column('user_id').execute();

    await withId(db.schema.createTable('platform_accounts'), dialect)
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('platform', 'text', (c) => c.notNull())
      .addColumn('external_user_id', 'text', (c) => c.notNull())
      .addColumn('username', 'text')
      .addColumn('credentials_encrypted', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('platform_accounts_user_platform', ['user_id', 'platform'])
      .execute();

    await withId(db.schema.createTable('leagues'), dialect)
      .addColumn('platform', 'text', (c) => c.notNull())
      .addColumn('platform_league_key', 'text', (c) => c.notNull())
      .addColumn('season', 'integer', (c) => c.notNull())
      .addColumn('sport', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('num_teams', 'integer')
      .addColumn('league_url', 'text')
      .addColumn('league_avatar', 'text')
      .addColumn('content_hash', 'text', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('data_seq', 'bigint', (c) => c.notNull())
      .addColumn('synced_at', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('leagues_platform_key_season', [
        'platform',
        'platform_league_key',
        'season',
      ])
      .execute();
    await db.schema.createIndex('leagues_data_seq').on('leagues').column('data_seq').execute();

    await db.schema
      .createTable('league_members')
      .addColumn('league_id', 'bigint', (c) =>
        c.notNull().references('leagues.id').onDelete('cascade'),
      )
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('account_id', 'bigint', (c) =>
        c.references('platform_accounts.id').onDelete('cascade'),
      )
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('league_members_pk', ['user_id', 'league_id'])
      .execute();
    await db.schema
      .createIndex('league_members_league')
      .on('league_members')
      .column('league_id')
      .execute();

    await db.schema
      .createTable('fantasy_teams')
      .addColumn('league_id', 'bigint', (c) =>
        c.notNull().references('leagues.id').onDelete('cascade'),
      )
      .addColumn('roster_id', 'text', (c) => c.notNull())
      .addColumn('name', 'text')
      .addColumn('owner_platform_user_id', 'text')
      .addPrimaryKeyConstraint('fantasy_teams_pk', ['league_id', 'roster_id'])
      .execute();

    await db.schema
      .createTable('players')
      .addColumn('platform', 'text', (c) => c.notNull())
      .addColumn('sport', 'text', (c) => c.notNull())
      .addColumn('player_id', 'text', (c) => c.notNull())
      .addColumn('full_name', 'text', (c) => c.notNull())
      .addColumn('first_name', 'text')
      .addColumn('last_name', 'text')
      .addColumn('position', 'text')
      .addColumn('irl_team', 'text')
      .addColumn('uniform_number', 'text')
      .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
      .addPrimaryKeyConstraint('players_pk', ['platform', 'sport', 'player_id'])
      .execute();

    await db.schema
      .createTable('player_pools')
      .addColumn('platform', 'text', (c) => c.notNull())
      .addColumn('sport', 'text', (c) => c.notNull())
      .addColumn('content_hash', 'text')
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('data_seq', 'bigint', (c) => c.notNull())
      .addColumn('refreshed_at', 'text')
      .addPrimaryKeyConstraint('player_pools_pk', ['platform', 'sport'])
      .execute();

    await db.schema
      .createTable('roster_entries')
      .addColumn('league_id', 'bigint', (c) =>
        c.notNull().references('leagues.id').onDelete('cascade'),
      )
      .addColumn('player_id', 'text', (c) => c.notNull())
      .addColumn('roster_id', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('roster_entries_pk', ['league_id', 'player_id'])
      .execute();

    await withId(db.schema.createTable('sync_runs'), dialect)
      .addColumn('user_id', 'bigint', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('platform', 'text')
      .addColumn('trigger', 'text', (c) => c.notNull())
      .addColumn('started_at', 'text', (c) => c.notNull())
      .addColumn('finished_at', 'text')
      .addColumn('outcome', 'text', (c) => c.notNull())
      .addColumn('leagues_found', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('leagues_written', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('leagues_unchanged', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('leagues_failed', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('leagues_detached', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('pools_refreshed', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('error', 'text')
      .execute();

    // For `status` of one user's syncs (listLeagueSyncStatus joins runs by user).
    await db.schema.createIndex('sync_runs_user').on('sync_runs').column('user_id').execute();

    await withId(db.schema.createTable('league_syncs'), dialect)
      .addColumn('run_id', 'bigint', (c) =>
        c.notNull().references('sync_runs.id').onDelete('cascade'),
      )
      .addColumn('league_id', 'bigint', (c) => c.references('leagues.id').onDelete('set null'))
      .addColumn('platform', 'text', (c) => c.notNull())
      .addColumn('platform_league_key', 'text', (c) => c.notNull())
      .addColumn('season', 'integer', (c) => c.notNull())
      .addColumn('sport', 'text', (c) => c.notNull())
      .addColumn('started_at', 'text', (c) => c.notNull())
      .addColumn('finished_at', 'text')
      .addColumn('outcome', 'text', (c) => c.notNull())
      .addColumn('teams', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('roster_entries', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('error', 'text')
      .execute();
    await db.schema
      .createIndex('league_syncs_key')
      .on('league_syncs')
      .columns(['platform', 'platform_league_key', 'season'])
      .execute();
    await db.schema.createIndex('league_syncs_run').on('league_syncs').column('run_id').execute();

    await db.schema
      .createTable('store_state')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('value', 'bigint', (c) => c.notNull())
      .execute();
    await sql`insert into store_state (key, value) values ('data_seq', 0)`.execute(db);
  },

  async down(db: AnyDb): Promise<void> {
    for (const table of [
      'store_state',
      'league_syncs',
      'sync_runs',
      'roster_entries',
      'player_pools',
      'players',
      'fantasy_teams',
      'league_members',
      'leagues',
      'platform_accounts',
      'tokens',
      'users',
    ]) {
      await db.schema.dropTable(table).ifExists().execute();
    }
  },
});

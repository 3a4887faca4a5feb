import { sql } from 'kysely';
import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../db.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it
   was, not the current Schema type, which is Kysely's documented way to type them. */
type AnyDb = Kysely<any>;

/**
 * - players and player_pools gain `season` in their key: ESPN, Yahoo and MFL list players per
 *   season, so their pools are per season; 0 is the one pool of a platform that is not.
 * - platform_accounts gain `settings` (JSON the connector owns and that is no secret, such as the
 *   ESPN league ids a user follows) and `link_problem` (set when the platform refused the stored
 *   credentials: the account must be linked again and is not synced until then).
 */
export const seasonalPoolsAndLinks = (dialect: Dialect): Migration => ({
  async up(db: AnyDb): Promise<void> {
    if (dialect === 'postgres') {
      for (const table of ['players', 'player_pools']) {
        await db.schema
          .alterTable(table)
          .addColumn('season', 'integer', (c) => c.notNull().defaultTo(0))
          .execute();
      }
      await sql`alter table players drop constraint players_pk`.execute(db);
      await sql`alter table players add constraint players_pk
        primary key (platform, sport, season, player_id)`.execute(db);
      await sql`alter table player_pools drop constraint player_pools_pk`.execute(db);
      await sql`alter table player_pools add constraint player_pools_pk
        primary key (platform, sport, season)`.execute(db);
    } else {
      // SQLite cannot change a primary key: rebuild both tables under the new key.
      await db.schema
        .createTable('players_new')
        .addColumn('platform', 'text', (c) => c.notNull())
        .addColumn('sport', 'text', (c) => c.notNull())
        .addColumn('season', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('player_id', 'text', (c) => c.notNull())
        .addColumn('full_name', 'text', (c) => c.notNull())
        .addColumn('first_name', 'text')
        .addColumn('last_name', 'text')
        .addColumn('position', 'text')
        .addColumn('irl_team', 'text')
        .addColumn('uniform_number', 'text')
        .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
        .addPrimaryKeyConstraint('players_pk', ['platform', 'sport', 'season', 'player_id'])
        .execute();
      await sql`insert into players_new (platform, sport, season, player_id, full_name,
          first_name, last_name, position, irl_team, uniform_number, active)
        select platform, sport, 0, player_id, full_name, first_name, last_name, position,
          irl_team, uniform_number, active from players`.execute(db);
      await db.schema.dropTable('players').execute();
      await sql`alter table players_new rename to players`.execute(db);

      await db.schema
        .createTable('player_pools_new')
        .addColumn('platform', 'text', (c) => c.notNull())
        .addColumn('sport', 'text', (c) => c.notNull())
        .addColumn('season', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('content_hash', 'text')
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('data_seq', 'bigint', (c) => c.notNull())
        .addColumn('refreshed_at', 'text')
        .addPrimaryKeyConstraint('player_pools_pk', ['platform', 'sport', 'season'])
        .execute();
      await sql`insert into player_pools_new
          (platform, sport, season, content_hash, version, data_seq, refreshed_at)
        select platform, sport, 0, content_hash, version, data_seq, refreshed_at
        from player_pools`.execute(db);
      await db.schema.dropTable('player_pools').execute();
      await sql`alter table player_pools_new rename to player_pools`.execute(db);
    }
    await db.schema.alterTable('platform_accounts').addColumn('settings', 'text').execute();
    await db.schema.alterTable('platform_accounts').addColumn('link_problem', 'text').execute();
  },

  async down(db: AnyDb): Promise<void> {
    await db.schema.alterTable('platform_accounts').dropColumn('link_problem').execute();
    await db.schema.alterTable('platform_accounts').dropColumn('settings').execute();
  },
});

import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../db.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it
   was, not the current Schema type, which is Kysely's documented way to type them. */
type AnyDb = Kysely<any>;

/** players' new columns: PlayerRecord.injury of a platform's player list (Sleeper's dump). */
const PLAYER_INJURY_COLUMNS = ['injury_status', 'injury_designation', 'injury_note'] as const;

/**
 * The game of a league (issue 38, domain/game.ts), written in the league's snapshot transaction
 * and deleted with the league (cascade). Every table's primary key is led by league_id, which
 * serves both the cascade and the reads:
 * - `league_rules`: one row per league, the LeagueRules as JSON, read and replaced whole;
 * - `lineups`: one row per (period, team), its entries as JSON. A lineup is read whole, never
 *   filtered by player, so a row per player would multiply a million-league store's rows by
 *   twenty for no query. Period 0 holds the current lineup (no points).
 * - `league_injuries`: the players the league's calls list as hurt or unavailable;
 * - `league_seasons`: the league's seasons as its platform links them.
 * players gain the injury a platform's player list carries, null for a healthy player.
 */
export const leagueGame = (_dialect: Dialect): Migration => ({
  async up(db: AnyDb): Promise<void> {
    await db.schema
      .createTable('league_rules')
      .addColumn('league_id', 'bigint', (c) =>
        c.primaryKey().references('leagues.id').onDelete('cascade'),
      )
      .addColumn('rules', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('lineups')
      .addColumn('league_id', 'bigint', (c) =>
        c.notNull().references('leagues.id').onDelete('cascade'),
      )
      .addColumn('period', 'integer', (c) => c.notNull())
      .addColumn('roster_id', 'text', (c) => c.notNull())
      // Fractional points (112.46): double precision on PostgreSQL, REAL affinity on SQLite.
      .addColumn('points', 'double precision')
      .addColumn('projected_points', 'double precision')
      .addColumn('entries', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('lineups_pk', ['league_id', 'period', 'roster_id'])
      .execute();

    await db.schema
      .createTable('league_injuries')
      .addColumn('league_id', 'bigint', (c) =>
        c.notNull().references('leagues.id').onDelete('cascade'),
      )
      .addColumn('player_id', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('designation', 'text', (c) => c.notNull())
      .addColumn('note', 'text')
      .addPrimaryKeyConstraint('league_injuries_pk', ['league_id', 'player_id'])
      .execute();

    await db.schema
      .createTable('league_seasons')
      .addColumn('league_id', 'bigint', (c) =>
        c.notNull().references('leagues.id').onDelete('cascade'),
      )
      .addColumn('season', 'integer', (c) => c.notNull())
      .addColumn('platform_league_key', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('league_seasons_pk', ['league_id', 'season'])
      .execute();

    // SQLite adds one column per statement.
    for (const column of PLAYER_INJURY_COLUMNS) {
      await db.schema.alterTable('players').addColumn(column, 'text').execute();
    }
  },

  async down(db: AnyDb): Promise<void> {
    for (const column of [...PLAYER_INJURY_COLUMNS].reverse()) {
      await db.schema.alterTable('players').dropColumn(column).execute();
    }
    for (const table of ['league_seasons', 'league_injuries', 'lineups', 'league_rules']) {
      await db.schema.dropTable(table).ifExists().execute();
    }
  },
});

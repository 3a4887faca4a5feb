import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../db.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it
   was, not the current Schema type, which is Kysely's documented way to type them. */
type AnyDb = Kysely<any>;

/** fantasy_teams' new columns: a team's details (domain/league-data.ts TeamDetails), null when absent. */
const TEAM_DETAIL_COLUMNS = [
  ['abbreviation', 'text'],
  ['logo_url', 'text'],
  // JSON array of {platformUserId, displayName?}: read and written whole, never queried into.
  ['managers', 'text'],
  ['wins', 'integer'],
  ['losses', 'integer'],
  ['ties', 'integer'],
  // Fractional points (112.46): double precision on PostgreSQL, REAL affinity on SQLite.
  ['points_for', 'double precision'],
  ['points_against', 'double precision'],
  ['standing', 'integer'],
  ['division_id', 'text'],
  ['division_name', 'text'],
] as const;

/**
 * The `team` product's data (issue 29):
 * - fantasy_teams gain the team details, one column each (SQLite adds one column per statement);
 * - leagues gain `current_period`, the week or scoring period the platform says the league is in;
 * - `matchups` holds a league's schedule, one row per (week, matchup), replaced with each written
 *   snapshot like the rosters. Its primary key serves both reads: a league's whole schedule and
 *   one week of it. `teams` is the JSON of the sides ([{rosterId, score?}], home first).
 */
export const leagueTeamsAndMatchups = (_dialect: Dialect): Migration => ({
  async up(db: AnyDb): Promise<void> {
    for (const [column, type] of TEAM_DETAIL_COLUMNS) {
      await db.schema.alterTable('fantasy_teams').addColumn(column, type).execute();
    }
    await db.schema.alterTable('leagues').addColumn('current_period', 'integer').execute();
    await db.schema
      .createTable('matchups')
      .addColumn('league_id', 'bigint', (c) =>
        c.notNull().references('leagues.id').onDelete('cascade'),
      )
      .addColumn('week', 'integer', (c) => c.notNull())
      .addColumn('matchup_id', 'text', (c) => c.notNull())
      .addColumn('status', 'text')
      .addColumn('kind', 'text')
      .addColumn('winner_roster_id', 'text')
      .addColumn('teams', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('matchups_pk', ['league_id', 'week', 'matchup_id'])
      .execute();
  },

  async down(db: AnyDb): Promise<void> {
    await db.schema.dropTable('matchups').execute();
    await db.schema.alterTable('leagues').dropColumn('current_period').execute();
    for (const [column] of [...TEAM_DETAIL_COLUMNS].reverse()) {
      await db.schema.alterTable('fantasy_teams').dropColumn(column).execute();
    }
  },
});

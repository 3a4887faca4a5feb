import { sql } from 'kysely';
import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../db.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it
   was, not the current Schema type, which is Kysely's documented way to type them. */
type AnyDb = Kysely<any>;

/**
 * A league's transactions, drafts and future picks (domain/league-data.ts), replaced with every
 * written snapshot of the league and deleted with it (cascade):
 * - `league_transactions`: one row per transaction; what is only ever shown, never filtered on
 *   (player, pick and FAAB moves, the bid, the teams in their order), is one JSON `body`. The
 *   index (league_id, occurred_at, transaction_id) serves the newest-first page as a keyset scan
 *   that stops after `limit` rows, whatever the league's count.
 * - `league_transaction_rosters`: one row per team a transaction involves, for the roster_id
 *   filter. It repeats occurred_at so that its key (league_id, roster_id, occurred_at,
 *   transaction_id) alone yields one team's page in order, with a primary-key look-up per row.
 * - `league_drafts`: one row per draft, its picks as JSON. A draft is read whole (a few hundred
 *   picks at most), never filtered or paged by pick, and replaced whole by each sync, so a row
 *   per pick would only multiply the rows written per sync with no query to use them.
 * - `league_future_picks`: one row per pick not drafted yet, keyed by who first owned it.
 *
 * Ids and timestamps are compared in code-point order on both backends: PostgreSQL's columns use
 * the "C" collation (its default one follows the locale), SQLite's text compares bytewise.
 */
export const leagueTransactionsAndDrafts = (dialect: Dialect): Migration => ({
  async up(db: AnyDb): Promise<void> {
    const key = dialect === 'postgres' ? sql`text collate "C"` : sql`text`;
    await db.schema
      .createTable('league_transactions')
      .addColumn('league_id', 'bigint', (c) =>
        c.notNull().references('leagues.id').onDelete('cascade'),
      )
      .addColumn('transaction_id', key, (c) => c.notNull())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('occurred_at', key, (c) => c.notNull())
      .addColumn('week', 'integer')
      .addColumn('body', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('league_transactions_pk', ['league_id', 'transaction_id'])
      .execute();
    await db.schema
      .createIndex('league_transactions_newest')
      .on('league_transactions')
      .columns(['league_id', 'occurred_at', 'transaction_id'])
      .execute();

    await db.schema
      .createTable('league_transaction_rosters')
      .addColumn('league_id', 'bigint', (c) =>
        c.notNull().references('leagues.id').onDelete('cascade'),
      )
      .addColumn('roster_id', 'text', (c) => c.notNull())
      .addColumn('occurred_at', key, (c) => c.notNull())
      .addColumn('transaction_id', key, (c) => c.notNull())
      .addPrimaryKeyConstraint('league_transaction_rosters_pk', [
        'league_id',
        'roster_id',
        'occurred_at',
        'transaction_id',
      ])
      .execute();

    await db.schema
      .createTable('league_drafts')
      .addColumn('league_id', 'bigint', (c) =>
        c.notNull().references('leagues.id').onDelete('cascade'),
      )
      .addColumn('draft_id', 'text', (c) => c.notNull())
      .addColumn('type', 'text')
      .addColumn('status', 'text')
      .addColumn('started_at', 'text')
      .addColumn('rounds', 'integer')
      .addColumn('picks', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('league_drafts_pk', ['league_id', 'draft_id'])
      .execute();

    await db.schema
      .createTable('league_future_picks')
      .addColumn('league_id', 'bigint', (c) =>
        c.notNull().references('leagues.id').onDelete('cascade'),
      )
      .addColumn('season', 'integer', (c) => c.notNull())
      .addColumn('round', 'integer', (c) => c.notNull())
      .addColumn('original_roster_id', 'text', (c) => c.notNull())
      .addColumn('owner_roster_id', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('league_future_picks_pk', [
        'league_id',
        'season',
        'round',
        'original_roster_id',
      ])
      .execute();
  },

  async down(db: AnyDb): Promise<void> {
    for (const table of [
      'league_future_picks',
      'league_drafts',
      'league_transaction_rosters',
      'league_transactions',
    ]) {
      await db.schema.dropTable(table).ifExists().execute();
    }
  },
});

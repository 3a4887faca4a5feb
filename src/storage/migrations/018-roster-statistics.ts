import { sql } from 'kysely';
import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../db.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it
   was, not the current Schema type, which is Kysely's documented way to type them. */
type AnyDb = Kysely<any>;

/**
 * PostgreSQL's count of distinct leagues in roster_entries, pinned to one per 200 rows.
 *
 * A league's roster entries are written together, so they sit side by side on disk, and
 * ANALYZE's 30,000-row sample meets a few long runs of each league instead of many leagues: it
 * estimated 37,970 leagues at 100,000 and 44,235 at 1,000,000, so 520-4,490 entries a league
 * instead of about 200. With that estimate the rostered map (listRosteredPlayers) hashed the
 * league's whole player pool, 12,000 players, instead of looking up its ~200 players by primary
 * key: 10 ms against 4 ms under EXPLAIN ANALYZE at 100k leagues, a p99 of 25 ms at 1M
 * (docs/performance.md, "Queries at scale"). A negative n_distinct is a fraction of the rows, so
 * the estimate stays right as the table grows; a league of 400 entries (16 teams of 25) is off
 * by two, not by twenty. SQLite keeps no such statistic: its plan is fixed by the query's CROSS
 * JOIN.
 */
export const rosterStatistics = (dialect: Dialect): Migration => ({
  async up(db: AnyDb): Promise<void> {
    if (dialect !== 'postgres') return;
    await sql`alter table roster_entries alter column league_id set (n_distinct = -0.005)`.execute(
      db,
    );
    // The setting is read at the next ANALYZE: take it now rather than at autovacuum's.
    await sql`analyze roster_entries`.execute(db);
  },
});

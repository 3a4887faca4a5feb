// PostgreSQL's count of leagues in roster_entries, pinned by migration 018. A league's entries
// lie together (it is written in one transaction), so on a store of millions of entries
// ANALYZE's sample meets few leagues, takes a league for thousands of entries, and the rostered
// map hashes the whole player pool instead of looking up the league's players (measured on the
// bench's 100k and 1M stores: docs/performance.md, "Queries at scale"). That needs more pages
// than a test can fill in seconds, so this checks the pin is in place, that ANALYZE keeps it,
// and the plan it gives on clustered entries. SQLite keeps no such statistic: its plan is the
// query-plans test's.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { sql } from 'kysely';
import { listRosteredPlayers } from '../../src/storage/repositories/players.ts';
import { planOf, recordQueries } from '../helpers/query-plans.ts';
import { TEST_DATABASE_URL } from '../helpers/store.ts';
import { describeEachBackend } from './backends.ts';

const LEAGUES = 1_000;
const ENTRIES_PER_LEAGUE = 200;
const POOL_PLAYERS = 12_000;

describeEachBackend('rostered map plan on clustered roster entries', ({ store, dialect }) => {
  it(
    'looks up a league’s players by key rather than hashing its whole pool',
    {
      skip:
        dialect === 'sqlite' &&
        (TEST_DATABASE_URL ? 'PostgreSQL only' : 'PostgreSQL only: set TEST_DATABASE_URL'),
    },
    async () => {
      const { db } = store();
      await sql`insert into players (platform, sport, season, player_id, full_name)
        select 'espn', 'football', 2021, 'p' || g, 'P' || g
        from generate_series(1, ${POOL_PLAYERS}) g`.execute(db);
      await sql`insert into leagues (platform, platform_league_key, season, sport, name,
          content_hash, version, data_seq, synced_at, created_at)
        select 'espn', 'k' || g, 2021, 'football', 'L', 'h', 1, 0, 'x', 'x'
        from generate_series(1, ${LEAGUES}) g`.execute(db);
      // In league order, a league's entries side by side, as league-by-league writes leave them.
      await sql`insert into roster_entries (league_id, player_id, roster_id)
        select l.id, 'p' || (1 + (l.id * 37 + e) % ${POOL_PLAYERS}), (e % 12)::text
        from leagues l, generate_series(1, ${ENTRIES_PER_LEAGUE}) e
        order by l.id, e`.execute(db);
      await sql`analyze`.execute(db);

      const { id } = await db
        .selectFrom('leagues')
        .select('id')
        .orderBy('id')
        .offset(LEAGUES / 2)
        .limit(1)
        .executeTakeFirstOrThrow();
      const league = {
        leagueId: Number(id),
        platform: 'espn',
        sport: 'football',
        season: 2021,
        name: 'L',
      } as const;
      const { rows: stats } = await sql<{ n_distinct: number }>`
        select n_distinct from pg_stats
        where schemaname = current_schema() and tablename = 'roster_entries'
          and attname = 'league_id'`.execute(db);
      assert.deepEqual(stats, [{ n_distinct: -0.005 }]);
      const [query] = await recordQueries(db, (tx) => listRosteredPlayers(tx, league));
      assert.ok(query);
      const plan = await planOf(db, dialect, query);
      assert.match(plan, /Nested Loop/, plan);
      // A league's entries as the planner counts them: about 200, not thousands.
      const entries = /Scan using roster_entries_pk on roster_entries .*rows=(\d+)/.exec(plan);
      const estimate = Number(entries?.[1]);
      assert.ok(estimate > 150 && estimate < 250, plan);
      assert.match(plan, /Index Scan using players_pk on players/, plan);
      assert.doesNotMatch(plan, /Hash Join|Bitmap Heap Scan on players/, plan);
      assert.equal((await listRosteredPlayers(db, league)).length, ENTRIES_PER_LEAGUE);
    },
  );
});

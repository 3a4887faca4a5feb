// Whether the queries whose cost must not grow with the store reach their rows through an index:
// the serving path's reads, the change feed's poll, the warm-up's, a sync's bookkeeping and
// writes, the webhook relay's claim. A test's store holds a handful of rows, so what is checked
// is the plan, not the time: a whole-table read here is a whole-table read at a million leagues
// (docs/performance.md, "Queries at scale", has the figures).
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { CompiledQuery, sql } from 'kysely';
import type { CompiledQuery as Compiled } from 'kysely';
import type { Store, Tx } from '../../src/storage/db.ts';
import { createStoreReadModel } from '../../src/serving/read-model.ts';
import { findKnownLeagueIds } from '../../src/storage/repositories/league-keys.ts';
import { findFinalLineupPeriods } from '../../src/storage/repositories/game-reads.ts';
import {
  findCompleteSeasons,
  findLastGoodSyncs,
  findLeagueSizes,
} from '../../src/storage/repositories/account-seasons.ts';
import { lastEndedRunId, latestRunAfter } from '../../src/storage/repositories/account-runs.ts';
import {
  findChangesSince,
  findRosterIds,
  findVersionedLeaguesForUser,
  listPoolNamesPaged,
  listUsedPools,
} from '../../src/storage/repositories/snapshot-reads.ts';
import { writeLeagueSnapshot } from '../../src/storage/repositories/snapshots.ts';
import {
  listLatestUnfinishedRuns,
  listUnfinishedRuns,
  recordLeagueSync,
  startSyncRun,
} from '../../src/storage/repositories/syncs.ts';
import { claimDueDeliveries } from '../../src/storage/repositories/webhook-deliveries.ts';
import { createUser, hasUsers } from '../../src/storage/repositories/users.ts';
import { buildGameLeagueSnapshot } from '../helpers/game-data.ts';
import { buildLeagueSnapshot } from '../helpers/records.ts';
import { planOf, recordQueries, tablesScanned } from '../helpers/query-plans.ts';
import { describeEachBackend } from './backends.ts';

/** Tables of a few rows whatever the store holds, and the names plans give derived tables. */
const SMALL = new Set(['store_state', 'player_pools', 'webhook_endpoints', 'latest']);

interface Case {
  name: string;
  run(db: Tx, store: Store): Promise<unknown>;
  /** Reads in index order and stops at its LIMIT: a walk is bounded unless the rows are sorted. */
  limited?: boolean;
}

function cases(ids: { userId: number; leagueId: number }): Case[] {
  const { userId, leagueId } = ids;
  const model = (store: Store, db: Tx) =>
    createStoreReadModel({ ...store, db } as Store, [2021, 2022]);
  const league = async (store: Store, db: Tx) => {
    const found = await model(store, db).findLeague(userId, leagueId);
    assert.ok(found, 'the seeded league');
    return found;
  };
  const refs = [{ platformLeagueKey: '784462448236363776', season: 2021 }];
  return [
    { name: 'token', run: (db, s) => model(s, db).findToken('no such hash') },
    { name: 'league list', run: (db) => findVersionedLeaguesForUser(db, userId) },
    { name: 'one league', run: (db, s) => model(s, db).findLeague(userId, leagueId) },
    {
      name: 'player by id',
      run: async (db, s) => model(s, db).findPlayer(await league(s, db), '4046'),
    },
    { name: 'rostered', run: async (db, s) => model(s, db).listRostered(await league(s, db)) },
    { name: 'roster ids', run: (db) => findRosterIds(db, leagueId) },
    { name: 'teams', run: async (db, s) => model(s, db).listTeams(await league(s, db)) },
    { name: 'matchups', run: async (db, s) => model(s, db).listMatchups(await league(s, db)) },
    {
      name: 'transactions',
      run: async (db, s) =>
        model(s, db).listTransactions(await league(s, db), { types: [], limit: 25 }),
    },
    { name: 'drafts', run: async (db, s) => model(s, db).listDrafts(await league(s, db)) },
    { name: 'rules', run: async (db, s) => model(s, db).findRules(await league(s, db)) },
    {
      name: "a week's lineups",
      run: async (db, s) => model(s, db).listLineups(await league(s, db), { week: 1 }),
    },
    {
      name: "one team's current lineup",
      run: async (db, s) => model(s, db).listLineups(await league(s, db), { rosterId: '1' }),
    },
    {
      name: 'seasons',
      run: async (db, s) => model(s, db).listSeasons(userId, await league(s, db)),
    },
    {
      name: 'injuries',
      run: async (db, s) => model(s, db).findInjuries(await league(s, db), ['4046', 'DET']),
    },
    { name: 'final lineup periods', run: (db) => findFinalLineupPeriods(db, leagueId, true) },
    {
      name: 'player ids elsewhere',
      run: async (db, s) => model(s, db).findPlayerIds(await league(s, db), '4046'),
    },
    { name: '/user', run: (db, s) => model(s, db).findUserOverview(userId) },
    { name: '/meta sync times', run: (db, s) => model(s, db).findLeagueSyncTimes(userId) },
    {
      name: 'pool in pages',
      run: (db) =>
        listPoolNamesPaged(
          db,
          { platform: 'sleeper', sport: 'football', season: 0 },
          {
            pageRows: 2,
            between: async () => undefined,
          },
        ),
    },
    { name: 'change feed poll', run: (db) => findChangesSince(db, 0) },
    // A sample far below the table's size, as at scale (10,000 of a million leagues).
    { name: 'warm-up pools', run: (db) => listUsedPools(db, [2021], 100), limited: true },
    { name: 'empty-store check', run: (db) => hasUsers(db), limited: true },
    { name: 'known league ids', run: (db) => findKnownLeagueIds(db, 'sleeper', refs) },
    { name: 'last good syncs', run: (db) => findLastGoodSyncs(db, 'sleeper', refs) },
    { name: 'league sizes', run: (db) => findLeagueSizes(db, [leagueId]) },
    { name: 'complete seasons', run: (db) => findCompleteSeasons(db, 1) },
    { name: 'last ended run', run: (db) => lastEndedRunId(db, { userId, platform: 'sleeper' }) },
    {
      name: 'latest run',
      run: (db) => latestRunAfter(db, { userId, platform: 'sleeper' }, 0),
      limited: true,
    },
    { name: 'unfinished runs', run: (db) => listUnfinishedRuns(db) },
    { name: "a user's unfinished runs", run: (db) => listLatestUnfinishedRuns(db, { userId }) },
    {
      name: 'league write',
      run: (db, s) =>
        writeLeagueSnapshot(
          { ...s, db } as Store,
          buildLeagueSnapshot({ name: 'Renamed', rosterEntries: [] }),
          { userId, accountId: null },
        ),
    },
    {
      name: 'webhook claim',
      run: (db, s) => claimDueDeliveries({ ...s, db } as Store, 'me', { limit: 10, leaseMs: 1000 }),
      limited: true,
    },
  ];
}

/** A PostgreSQL plan's nodes that read a table whole: its JSON form, walked. */
interface PgNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Cond'?: string;
  Plans?: PgNode[];
}

function pgWholeReads(node: PgNode, limited: boolean, out: string[]): void {
  const table = node['Relation Name'];
  if (table !== undefined && !SMALL.has(table)) {
    const type = node['Node Type'];
    if (type === 'Seq Scan') out.push(table);
    // A walk of a whole index, unless a LIMIT above it (with no sort between) stops it.
    if (/^Index (Only )?Scan$/.test(type) && node['Index Cond'] === undefined && !limited) {
      out.push(table);
    }
  }
  const type = node['Node Type'];
  const below = type === 'Limit' || (limited && !/Sort|Aggregate|Hash|Materialize/.test(type));
  for (const child of node.Plans ?? []) pgWholeReads(child, below, out);
}

async function wholeReads(store: Store, query: Compiled, limited: boolean): Promise<string[]> {
  if (store.dialect === 'sqlite') {
    const plan = await planOf(store.db, 'sqlite', query);
    const sorted = /TEMP B-TREE/.test(plan);
    return tablesScanned(plan).filter((t) => !SMALL.has(t) && !(limited && !sorted));
  }
  return store.db.connection().execute(async (connection) => {
    await sql`set enable_seqscan = off`.execute(connection);
    try {
      const { rows } = await connection.executeQuery<{ 'QUERY PLAN': [{ Plan: PgNode }] }>(
        CompiledQuery.raw(`explain (format json) ${query.sql}`, [...query.parameters]),
      );
      const out: string[] = [];
      pgWholeReads(
        (rows[0] as { 'QUERY PLAN': [{ Plan: PgNode }] })['QUERY PLAN'][0].Plan,
        false,
        out,
      );
      return out;
    } finally {
      await sql`reset enable_seqscan`.execute(connection);
    }
  });
}

describeEachBackend('query plans at scale', ({ store, dialect }) => {
  it('reaches every row of the serving path, the feed, syncs and webhooks through an index', async () => {
    const user = await createUser(store().db, 'alice');
    const { leagueId } = await writeLeagueSnapshot(store(), buildGameLeagueSnapshot(), {
      userId: user.id,
      accountId: null,
    });
    const runId = await startSyncRun(store().db, {
      userId: user.id,
      platform: 'sleeper',
      trigger: 'test',
    });
    await recordLeagueSync(store().db, {
      runId,
      leagueId,
      platform: 'sleeper',
      platformLeagueKey: '784462448236363776',
      season: 2021,
      sport: 'football',
      startedAt: '2026-01-01T00:00:00.000Z',
      finishedAt: '2026-01-01T00:00:01.000Z',
      outcome: 'written',
      teams: 2,
      rosterEntries: 3,
    });
    if (dialect === 'postgres') await fillForThePlanner(store());

    const failures: string[] = [];
    for (const c of cases({ userId: user.id, leagueId })) {
      const queries = await recordQueries(store().db, (db) => c.run(db, store()));
      assert.ok(queries.length > 0, `${c.name}: no statement recorded`);
      for (const query of queries) {
        if (!/^\s*(select|insert|update|delete|with)\b/i.test(query.sql)) continue;
        const whole = await wholeReads(store(), query, c.limited === true);
        if (whole.length > 0) {
          const plan = await planOf(store().db, dialect, query);
          failures.push(`${c.name} reads ${whole.join(', ')} whole:\n${query.sql}\n${plan}`);
        }
      }
    }
    assert.deepEqual(failures, []);
  });

  it('has an index led by the column of every foreign key, for the deletes it cascades', async () => {
    const missing: string[] = [];
    for (const { table, column } of await foreignKeys(store())) {
      if (!(await indexLeadingWith(store(), table, column))) missing.push(`${table}.${column}`);
    }
    assert.deepEqual(missing, []);
  });
});

/**
 * PostgreSQL plans a table of a few rows however suits it (a walk of any index will do), so its
 * plans are asked of tables of 20,000 rows each, analysed; none of these rows is the seeded
 * user's or league's. SQLite plans without statistics (the service never runs ANALYZE), the
 * same for a handful of rows as for millions.
 */
async function fillForThePlanner(store: Store): Promise<void> {
  const { db } = store;
  await sql`insert into users (name, created_at, data_seq)
    select 'filler' || g, 'x', 0 from generate_series(1, 20000) g`.execute(db);
  await sql`insert into tokens (user_id, token_hash, token_prefix, products, created_at)
    select id, 'h' || id, 'p', 'league', 'x' from users where name like 'filler%'`.execute(db);
  await sql`insert into leagues (platform, platform_league_key, season, sport, name,
      content_hash, version, data_seq, synced_at, created_at)
    select 'espn', 'f' || g, 2021, 'football', 'F', 'h', 1, 0, 'x', 'x'
    from generate_series(1, 20000) g`.execute(db);
  await sql`insert into league_members (league_id, user_id, created_at)
    select l.id, u.id, 'x'
    from (select id, row_number() over (order by id) as r from leagues
          where platform_league_key like 'f%') l
    join (select id, row_number() over (order by id) as r from users
          where name like 'filler%') u using (r)`.execute(db);
  await sql`insert into fantasy_teams (league_id, roster_id)
    select league_id, '1' from league_members where created_at = 'x'`.execute(db);
  await sql`insert into roster_entries (league_id, player_id, roster_id)
    select league_id, 'p', '1' from league_members where created_at = 'x'`.execute(db);
  await sql`insert into league_transactions (league_id, transaction_id, type, status,
      occurred_at, body)
    select league_id, 't', 'trade', 'complete', 'x', '{}' from league_members
    where created_at = 'x'`.execute(db);
  await sql`insert into players (platform, sport, season, player_id, full_name)
    select 'espn', 'football', 2021, 'f' || g, 'F' from generate_series(1, 20000) g`.execute(db);
  await sql`insert into sync_runs (user_id, platform, trigger, started_at, outcome)
    select user_id, 'espn', 'x', 'x', 'ok' from league_members
    where created_at = 'x'`.execute(db);
  await sql`insert into league_syncs (run_id, league_id, platform, platform_league_key, season,
      sport, started_at, finished_at, outcome)
    select r.id, m.league_id, 'espn', 'f', 2021, 'football', 'x', 'x', 'written'
    from sync_runs r join league_members m on m.user_id = r.user_id
    where r.trigger = 'x'`.execute(db);
  await sql`analyze`.execute(db);
}

async function foreignKeys(store: Store): Promise<{ table: string; column: string }[]> {
  if (store.dialect === 'sqlite') {
    const { rows } = await sql<{ table: string; column: string }>`
      select m.name as "table", f."from" as "column"
      from sqlite_master m, pragma_foreign_key_list(m.name) f
      where m.type = 'table'`.execute(store.db);
    return rows;
  }
  const { rows } = await sql<{ table: string; column: string }>`
    select c.conrelid::regclass::text as "table", a.attname as "column"
    from pg_constraint c
    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
    where c.contype = 'f' and c.connamespace = current_schema()::regnamespace`.execute(store.db);
  return rows;
}

async function indexLeadingWith(store: Store, table: string, column: string): Promise<boolean> {
  if (store.dialect === 'sqlite') {
    const { rows } = await sql<{ first: string }>`
      select (select name from pragma_index_info(l.name) where seqno = 0) as first
      from pragma_index_list(${table}) l`.execute(store.db);
    return rows.some((row) => row.first === column);
  }
  const { rows } = await sql<{ first: string }>`
    select a.attname as first
    from pg_index i
    join pg_attribute a on a.attrelid = i.indrelid and a.attnum = i.indkey[0]
    where i.indrelid = ${table}::regclass`.execute(store.db);
  return rows.some((row) => row.first === column);
}

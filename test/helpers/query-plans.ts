// The statements a piece of store code runs, and how each backend would run them: tests check that
// a query reaches its rows through an index rather than by reading a whole table, whatever the
// table holds (the benchmark's stores hold a million leagues; a test's a handful).
import { CompiledQuery, sql } from 'kysely';
import type { Kysely, KyselyPlugin } from 'kysely';
import type { Dialect, Tx } from '../../src/storage/db.ts';
import type { Schema } from '../../src/storage/schema.ts';

/** Runs `work` on a handle of `db` that records every statement it compiles, in order. */
export async function recordQueries(
  db: Kysely<Schema>,
  work: (db: Tx) => Promise<unknown>,
): Promise<CompiledQuery[]> {
  const compiled: CompiledQuery[] = [];
  const executor = db.getExecutor();
  const recorder: KyselyPlugin = {
    transformQuery(args) {
      compiled.push(executor.compileQuery(args.node, args.queryId));
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  await work(db.withPlugin(recorder));
  return compiled;
}

/**
 * The backend's plan of a statement, one line per step. PostgreSQL plans a small table with a
 * sequential scan whatever its indexes, so it is asked with sequential scans priced out: a scan
 * still in the plan then means no index can serve the query.
 */
export async function planOf(
  db: Kysely<Schema>,
  dialect: Dialect,
  query: CompiledQuery,
): Promise<string> {
  if (dialect === 'sqlite') {
    const { rows } = await db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
    );
    return rows.map((row) => row.detail).join('\n');
  }
  return db.connection().execute(async (connection) => {
    await sql`set enable_seqscan = off`.execute(connection);
    try {
      const { rows } = await connection.executeQuery<{ 'QUERY PLAN': string }>(
        CompiledQuery.raw(`explain ${query.sql}`, [...query.parameters]),
      );
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    } finally {
      await sql`reset enable_seqscan`.execute(connection);
    }
  });
}

/**
 * What a plan reads whole: SQLite's `SCAN <table or alias>` (with or without an index: a walk
 * of a whole index costs as much), PostgreSQL's `Seq Scan on <table>`.
 */
export function tablesScanned(plan: string): string[] {
  const scanned = new Set<string>();
  // Not `SCAN CONSTANT ROW` or `SCAN 2-ROW VALUES CLAUSE`: no table there.
  for (const match of plan.matchAll(/^SCAN ([A-Za-z_]\w*)(?! ROW)/gm)) {
    scanned.add(match[1] as string);
  }
  for (const match of plan.matchAll(/Seq Scan on (\w+)/g)) scanned.add(match[1] as string);
  return [...scanned];
}

// What a refused admin or connect request must leave as it was: the rows of every table those
// surfaces write (users, tokens, keys, links, memberships, sessions, OAuth states, syncs), read
// when no background sync is running, so two snapshots differ only by what requests did.
import { sql } from 'kysely';
import type { Tx } from '../src/storage/db.ts';

/** Table -> its rows, as one sorted text (the order rows come back in is not part of it). */
export type StoreSnapshot = ReadonlyMap<string, string>;

const TABLES = [
  'users',
  'tokens',
  'admin_keys',
  'platform_accounts',
  'account_seasons',
  'league_members',
  'connect_sessions',
  'connect_oauth_states',
  'sync_requests',
  'sync_runs',
  'store_state',
] as const;

export async function snapshotStore(db: Tx): Promise<StoreSnapshot> {
  const snapshot = new Map<string, string>();
  for (const table of TABLES) {
    const rows = await db.selectFrom(table).selectAll().execute();
    snapshot.set(
      table,
      rows
        .map((row) => JSON.stringify(row))
        .sort()
        .join('\n'),
    );
  }
  // Leagues by version only: their content is the sync's, and a refused request writes none.
  const leagues = await db.selectFrom('leagues').select(['id', 'version', 'data_seq']).execute();
  snapshot.set(
    'leagues',
    leagues
      .map((row) => JSON.stringify(row))
      .sort()
      .join('\n'),
  );
  return snapshot;
}

/** The tables that differ between two snapshots (none: the store is as it was). */
export function changedTables(before: StoreSnapshot, after: StoreSnapshot): string[] {
  return [...before.keys()].filter((table) => before.get(table) !== after.get(table));
}

/** Resolves once no sync started over HTTP is running (they write after their request ended). */
export async function whenSyncsIdle(db: Tx, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await sql<{ n: number | string }>`
      select count(*) as n from sync_requests where status = 'running'`.execute(db);
    if (Number(rows[0]?.n ?? 0) === 0) return;
    if (Date.now() > deadline) throw new Error(`syncs still running after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

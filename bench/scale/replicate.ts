// Copies a store's template leagues at the SQL level: every table with a league_id column (and
// the leagues themselves) gets `copies` more copies of the template's rows, each copy's league
// ids shifted by `templateLeagues` and its platform keys suffixed with `~<copy>`, in large
// INSERT ... SELECT statements ordered by the key so each B-tree grows at its end. Then users and
// memberships are made in bulk, and the statistics refreshed (ANALYZE).
// The columns are read from the store itself, so a migration adding a column is copied too.
import SQLite from 'better-sqlite3';
import pg from 'pg';

/** Tables holding a league's rows beside `leagues`, found by their league_id column. */
const NOT_COPIED = new Set(['league_members', 'league_syncs']);
/** Leagues per statement: big enough for bulk speed, small enough to report progress. */
const LEAGUES_PER_STATEMENT = 50_000;

export interface ReplicationPlan {
  /** Template leagues: ids 1..templateLeagues, written by the real store code. */
  templateLeagues: number;
  /** Total leagues wanted: a multiple of templateLeagues. */
  leagues: number;
  /** Users made in bulk (`bench-u<n>`), each a member of every `users`-th league. */
  users: number;
  onProgress?: (message: string) => void;
}

/** A table's columns and primary key, read from the store. */
interface TableShape {
  name: string;
  columns: string[];
  key: string[];
}

/** The SQL both backends share, built from a table's shape and the copies' range. */
function copySelect(shape: TableShape, template: number, copy: string): string {
  const columns = shape.columns.map((column) => {
    if (shape.name === 'leagues' && column === 'id') return `t.id + ${copy} * ${template}`;
    if (column === 'league_id') return `t.league_id + ${copy} * ${template}`;
    if (column === 'platform_league_key') return `t.platform_league_key || '~' || ${copy}`;
    return `t.${column}`;
  });
  return columns.join(', ');
}

function leagueIdColumn(shape: TableShape): string {
  return shape.name === 'leagues' ? 'id' : 'league_id';
}

export function replicateSqlite(file: string, plan: ReplicationPlan): void {
  const db = new SQLite(file);
  try {
    // Bulk-build settings for this connection only: no fsync, and a rollback journal (pages
    // appended past the file's end are not journaled) instead of writing everything twice
    // through the WAL. The store is set back to WAL, which the service expects, at the end.
    try {
      db.pragma('journal_mode = DELETE');
    } catch {
      // Another connection has the store open (the builder's test): it stays in WAL.
    }
    db.pragma('synchronous = OFF');
    db.pragma('cache_size = -262144');
    db.pragma('foreign_keys = OFF');
    const shapes = sqliteShapes(db);
    const copies = plan.leagues / plan.templateLeagues;
    const perStatement = Math.max(1, Math.floor(LEAGUES_PER_STATEMENT / plan.templateLeagues));
    for (let first = 1; first < copies; first += perStatement) {
      const last = Math.min(copies - 1, first + perStatement - 1);
      const started = performance.now();
      db.transaction(() => {
        for (const shape of shapes) {
          const id = leagueIdColumn(shape);
          db.exec(
            `with recursive c(k) as (select ${first} union all select k + 1 from c where k < ${last})
             insert into ${shape.name} (${shape.columns.join(', ')})
             select ${copySelect(shape, plan.templateLeagues, 'c.k')}
             from c cross join ${shape.name} t
             where t.${id} <= ${plan.templateLeagues}
             order by c.k, ${shape.key.map((k) => `t.${k}`).join(', ')}`,
          );
        }
      })();
      plan.onProgress?.(
        `copies ${first}-${last} of ${copies - 1}: ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
    }
    db.transaction(() => {
      db.exec(
        `with recursive n(i) as (select 1 union all select i + 1 from n where i < ${plan.users})
         insert into users (name, created_at, data_seq)
         select 'bench-u' || i, '2026-01-01T00:00:00.000Z', 0 from n`,
      );
      const firstUser = firstBulkUser(
        db.prepare(`select min(id) as id from users where name = 'bench-u1'`).get(),
      );
      // The primary key is (user_id, league_id): inserted in that order.
      db.exec(
        `insert into league_members (league_id, user_id, account_id, created_at)
         select id, ${firstUser} + (id - 1) % ${plan.users}, null, '2026-01-01T00:00:00.000Z'
         from leagues order by (id - 1) % ${plan.users}, id`,
      );
    })();
    plan.onProgress?.('users and memberships written; analyzing');
    db.exec('analyze');
    db.pragma('journal_mode = WAL');
  } finally {
    db.close();
  }
}

function firstBulkUser(row: unknown): number {
  const id = (row as { id?: number | string | null } | undefined)?.id;
  if (id === undefined || id === null) throw new Error('the bulk users were not written');
  return Number(id);
}

function sqliteShapes(db: SQLite.Database): TableShape[] {
  const tables = db
    .prepare(`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`)
    .all() as Array<{ name: string }>;
  const shapes: TableShape[] = [];
  for (const { name } of tables) {
    const info = db.pragma(`table_info(${name})`) as Array<{ name: string; pk: number }>;
    const columns = info.map((c) => c.name);
    const isLeagueTable = name === 'leagues' || columns.includes('league_id');
    if (!isLeagueTable || NOT_COPIED.has(name)) continue;
    const key = info
      .filter((c) => c.pk > 0)
      .sort((a, b) => a.pk - b.pk)
      .map((c) => c.name);
    shapes.push({ name, columns, key: key.length > 0 ? key : [leagueIdOf(name)] });
  }
  // leagues first: the others' rows belong to its rows.
  return shapes.sort((a, b) => Number(b.name === 'leagues') - Number(a.name === 'leagues'));
}

function leagueIdOf(table: string): string {
  return table === 'leagues' ? 'id' : 'league_id';
}

export async function replicatePostgres(
  url: string,
  schema: string | undefined,
  plan: ReplicationPlan,
): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    if (schema !== undefined) await client.query(`set search_path to ${schema}`);
    // This session only: commits need not wait for the disk, and the foreign-key triggers are
    // skipped (every copied row's league is copied first, in the same statement batch).
    await client.query('set synchronous_commit = off');
    await client.query(`set session_replication_role = replica`);
    await client.query(`set maintenance_work_mem = '256MB'`);
    const shapes = await postgresShapes(client);
    const copies = plan.leagues / plan.templateLeagues;
    const perStatement = Math.max(1, Math.floor(LEAGUES_PER_STATEMENT / plan.templateLeagues));
    for (let first = 1; first < copies; first += perStatement) {
      const last = Math.min(copies - 1, first + perStatement - 1);
      const started = performance.now();
      await client.query('begin');
      for (const shape of shapes) {
        const id = leagueIdColumn(shape);
        await client.query(
          `insert into ${shape.name} (${shape.columns.join(', ')})
           select ${copySelect(shape, plan.templateLeagues, 'c.k')}
           from generate_series(${first}, ${last}) as c(k) cross join ${shape.name} t
           where t.${id} <= ${plan.templateLeagues}
           order by c.k, ${shape.key.map((k) => `t.${k}`).join(', ')}`,
        );
      }
      await client.query('commit');
      plan.onProgress?.(
        `copies ${first}-${last} of ${copies - 1}: ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
    }
    await client.query('begin');
    await client.query(
      `insert into users (name, created_at, data_seq)
       select 'bench-u' || i, '2026-01-01T00:00:00.000Z', 0 from generate_series(1, ${plan.users}) i`,
    );
    const first = await client.query(`select min(id) as id from users where name = 'bench-u1'`);
    const firstUser = firstBulkUser(first.rows[0]);
    await client.query(
      `insert into league_members (league_id, user_id, account_id, created_at)
       select id, ${firstUser} + (id - 1) % ${plan.users}, null, '2026-01-01T00:00:00.000Z'
       from leagues order by (id - 1) % ${plan.users}, id`,
    );
    // The identity must go on after the copied ids, or the next league written collides.
    await client.query(
      `select setval(pg_get_serial_sequence('leagues', 'id'), (select max(id) from leagues))`,
    );
    await client.query('commit');
    plan.onProgress?.('users and memberships written; analyzing');
    await client.query('analyze');
  } finally {
    await client.end();
  }
}

async function postgresShapes(client: pg.Client): Promise<TableShape[]> {
  const columns = await client.query<{ table_name: string; column_name: string }>(
    `select table_name, column_name from information_schema.columns
     where table_schema = current_schema() order by table_name, ordinal_position`,
  );
  const keys = await client.query<{ table_name: string; column_name: string }>(
    `select tc.table_name, kcu.column_name
     from information_schema.table_constraints tc
     join information_schema.key_column_usage kcu
       on kcu.constraint_name = tc.constraint_name and kcu.table_schema = tc.table_schema
     where tc.table_schema = current_schema() and tc.constraint_type = 'PRIMARY KEY'
     order by tc.table_name, kcu.ordinal_position`,
  );
  const byTable = new Map<string, TableShape>();
  for (const row of columns.rows) {
    const shape = byTable.get(row.table_name) ?? { name: row.table_name, columns: [], key: [] };
    shape.columns.push(row.column_name);
    byTable.set(row.table_name, shape);
  }
  for (const row of keys.rows) byTable.get(row.table_name)?.key.push(row.column_name);
  const shapes = [...byTable.values()].filter(
    (s) => (s.name === 'leagues' || s.columns.includes('league_id')) && !NOT_COPIED.has(s.name),
  );
  for (const shape of shapes) if (shape.key.length === 0) shape.key = [leagueIdOf(shape.name)];
  return shapes.sort((a, b) => Number(b.name === 'leagues') - Number(a.name === 'leagues'));
}

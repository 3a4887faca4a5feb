// The database handle: SQLite (embedded default) or PostgreSQL, behind one Kysely query layer.
import { closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import type { Transaction } from 'kysely';
import type { Logger } from '../logger.ts';
import type { Schema } from './schema.ts';
import { migrateToLatest } from './migrate.ts';
import { guardPool } from './pg-pool.ts';
import type { PoolGuard } from './pg-pool.ts';
import { describeStoreError } from './unavailable.ts';

export type Dialect = 'sqlite' | 'postgres';

export interface Store {
  readonly db: Kysely<Schema>;
  readonly dialect: Dialect;
  /** Where the data lives, for messages: a file path or the URL without its password. */
  readonly location: string;
  /** Set on the store `inOneTransaction` hands out: every write joins that one transaction. */
  readonly inTransaction?: boolean;
  close(): Promise<void>;
}

export type Tx = Kysely<Schema> | Transaction<Schema>;

export interface StoreOptions {
  /** PostgreSQL URL; without it the store is SQLite under dataDir. */
  databaseUrl?: string | undefined;
  dataDir?: string;
  /** SQLite file path, overriding dataDir (tests use throwaway files). */
  sqliteFile?: string;
  /** PostgreSQL schema to use instead of public (tests isolate themselves this way). */
  pgSchema?: string;
  /** Pool size for PostgreSQL. */
  maxConnections?: number;
  /** Fail with StoreNotFoundError rather than create a store (commands that only read). */
  mustExist?: boolean;
  /** Where a lost PostgreSQL connection is reported (never with the URL's password). */
  logger?: Logger;
  /** PostgreSQL: the longest wait for a connection, pooled or new. */
  connectTimeoutMs?: number;
  /** PostgreSQL: the longest wait for one query's answer (migrations have none). */
  queryTimeoutMs?: number;
}

/**
 * The bounds on a PostgreSQL store that does not answer: a request fails with
 * StoreUnavailableError (503 store_unavailable) rather than wait longer. A query may wait as long
 * as SQLite's writers do for the write lock (busy_timeout).
 */
export const PG_CONNECT_TIMEOUT_MS = 5000;
export const PG_QUERY_TIMEOUT_MS = 10_000;
/** How the service's connections show in pg_stat_activity, unless the URL names another. */
export const PG_APPLICATION_NAME = 'fantasy-data';

/** No store where the configuration points: nothing was created there. */
export class StoreNotFoundError extends Error {
  constructor(readonly location: string) {
    super(`no store at ${location}`);
    this.name = 'StoreNotFoundError';
  }
}

export const SQLITE_FILE_NAME = 'fantasy.sqlite';
/** The page cache of a SQLite connection, in KiB (PRAGMA cache_size takes it negated). */
const SQLITE_PAGE_CACHE_KIB = 2000;

function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'postgresql://(unparseable url)';
  }
}

/** Opens the store and brings its schema up to date. */
export async function openStore(options: StoreOptions): Promise<Store> {
  const { store, guard } = options.databaseUrl
    ? await openPostgres(options.databaseUrl, options)
    : { store: openSqlite(options), guard: undefined };
  try {
    if (options.mustExist === true && store.dialect === 'postgres' && !(await isMigrated(store))) {
      throw new StoreNotFoundError(store.location);
    }
    // A migration may rewrite a large table: it is not bound like a request's query.
    const queryTimeoutMs = guard?.queryTimeoutMs ?? 0;
    if (guard !== undefined) guard.queryTimeoutMs = 0;
    await migrateToLatest(store.db, store.dialect);
    if (guard !== undefined) guard.queryTimeoutMs = queryTimeoutMs;
  } catch (error) {
    await store.close();
    throw error;
  }
  return store;
}

/** Whether the PostgreSQL schema holds a store (its migration table). */
async function isMigrated(store: Store): Promise<boolean> {
  const { rows } = await sql<{
    found: string | null;
  }>`select to_regclass('kysely_migration')::text as found`.execute(store.db);
  return rows[0]?.found != null;
}

function openSqlite(options: StoreOptions): Store {
  const file = options.sqliteFile ?? join(options.dataDir ?? './data', SQLITE_FILE_NAME);
  if (!existsSync(file)) {
    if (options.mustExist === true) throw new StoreNotFoundError(file);
    if (options.sqliteFile === undefined)
      mkdirSync(options.dataDir ?? './data', { recursive: true });
    // The file holds tokens' hashes and encrypted credentials: readable by its owner only.
    // SQLite gives the -wal and -shm files the mode of the database file.
    closeSync(openSync(file, 'a', 0o600));
  }
  const database = new SQLite(file);
  // WAL lets the server read while the CLI or a sync writes; busy_timeout makes writers queue.
  database.pragma('journal_mode = WAL');
  database.pragma('busy_timeout = 10000');
  database.pragma('foreign_keys = ON');
  database.pragma('synchronous = NORMAL');
  // SQLite's own default page cache, 2 MB, where better-sqlite3 builds with 16 MB: the service
  // keeps what it serves in its own caches and the OS caches the file, so the larger cache only
  // added up to 14 MB of RSS (the large benchmark's cold path), at the same CPU for reads and
  // writes (docs/performance.md, Memory).
  database.pragma(`cache_size = -${SQLITE_PAGE_CACHE_KIB}`);
  const db = new Kysely<Schema>({ dialect: new SqliteDialect({ database }) });
  return {
    db,
    dialect: 'sqlite',
    location: file,
    close: () => db.destroy(),
  };
}

async function openPostgres(
  url: string,
  options: StoreOptions,
): Promise<{ store: Store; guard: PoolGuard }> {
  // Loaded here, not at the top: the embedded default (SQLite) never needs the driver, which
  // costs about 5 MB of RSS in every process that imports it.
  const { default: pg } = await import('pg');
  // PostgreSQL returns int8 and numeric as strings; every such column here holds values below 2^53.
  pg.types.setTypeParser(20, (value) => Number(value));
  const location = redactUrl(url);
  const logger = options.logger;
  let lastWarned = 0;
  const guard: PoolGuard = {
    queryTimeoutMs: options.queryTimeoutMs ?? PG_QUERY_TIMEOUT_MS,
    onConnectionError(error) {
      // A restart drops every connection at once: one line a second says it.
      if (logger === undefined || Date.now() - lastWarned < 1000) return;
      lastWarned = Date.now();
      logger.warn(
        { store: location, ...describeStoreError(error) },
        'a PostgreSQL connection failed; it is dropped and a new one opened when needed',
      );
    },
  };
  const pool = new pg.Pool({
    connectionString: url,
    max: options.maxConnections ?? 10,
    connectionTimeoutMillis: options.connectTimeoutMs ?? PG_CONNECT_TIMEOUT_MS,
    fallback_application_name: PG_APPLICATION_NAME,
    ...(options.pgSchema ? { options: `-c search_path=${options.pgSchema}` } : {}),
  });
  const db = new Kysely<Schema>({ dialect: new PostgresDialect({ pool: guardPool(pool, guard) }) });
  return {
    store: { db, dialect: 'postgres', location, close: () => db.destroy() },
    guard,
  };
}

/**
 * Runs `work` in one write transaction. On SQLite it begins IMMEDIATE, taking the write lock up
 * front, so two processes writing at once queue on busy_timeout instead of failing mid-way.
 */
export async function writeTransaction<T>(store: Store, work: (tx: Tx) => Promise<T>): Promise<T> {
  // Already inside one: a failure propagates and rolls the enclosing transaction back whole.
  if (store.inTransaction === true) return work(store.db);
  if (store.dialect === 'postgres') {
    return store.db.transaction().execute(work);
  }
  return store.db.connection().execute(async (connection) => {
    await sql`begin immediate`.execute(connection);
    try {
      const result = await work(connection);
      await sql`commit`.execute(connection);
      return result;
    } catch (error) {
      await sql`rollback`.execute(connection);
      throw error;
    }
  });
}

/**
 * Runs `work` against a store whose every read and write, the engine's per-league transactions
 * included, belongs to one write transaction: all of it is committed, or none (a crash or an
 * error leaves the store as it was). `lockKey` (PostgreSQL) queues processes doing the same
 * work at once, as SQLite's IMMEDIATE transaction does for every writer.
 */
export async function inOneTransaction<T>(
  store: Store,
  work: (store: Store) => Promise<T>,
  lockKey?: number,
): Promise<T> {
  if (store.inTransaction === true) return work(store);
  return writeTransaction(store, async (tx) => {
    if (lockKey !== undefined && store.dialect === 'postgres') {
      await sql`select pg_advisory_xact_lock(${lockKey})`.execute(tx);
    }
    return work({
      db: tx,
      dialect: store.dialect,
      location: store.location,
      inTransaction: true,
      close: async () => {},
    });
  });
}

/** Current time as the ISO-8601 UTC string every timestamp column holds. */
export function nowIso(): string {
  return new Date().toISOString();
}

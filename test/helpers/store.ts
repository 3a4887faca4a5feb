// Throwaway stores for tests: a fresh SQLite file always, and a fresh PostgreSQL schema when
// TEST_DATABASE_URL is set. Suites call `forEachBackend` to run the same tests on both.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openStore } from '../../src/storage/db.ts';
import type { Dialect, Store, StoreOptions } from '../../src/storage/db.ts';

export interface TestStore extends Store {
  /** How to open this same store again (from a child process, for instance). */
  options: StoreOptions;
  /** Closes the store and deletes its file or schema. */
  destroy(): Promise<void>;
}

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;

/** The backends this run covers: SQLite always, PostgreSQL when TEST_DATABASE_URL is set. */
export function testBackends(): Dialect[] {
  return TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
}

/**
 * Where a store lives, for a test that opens it more than once (restarts, two handles, child
 * processes): a fresh SQLite file, or a fresh PostgreSQL schema. `remove` deletes it.
 */
export interface StoreLocation {
  options: StoreOptions;
  remove(): Promise<void>;
}

export async function createStoreLocation(
  dialect: Dialect,
  maxConnections = 4,
): Promise<StoreLocation> {
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'fantasy-test-'));
    return {
      options: { sqliteFile: join(dir, 'test.sqlite') },
      remove: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  if (!TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL is not set');
  const schema = `test_${randomBytes(6).toString('hex')}`;
  await adminQuery(`create schema ${schema}`);
  return {
    options: { databaseUrl: TEST_DATABASE_URL, pgSchema: schema, maxConnections },
    remove: async () => {
      await adminQuery(`drop schema ${schema} cascade`);
    },
  };
}

export async function createTestStore(dialect: Dialect = 'sqlite'): Promise<TestStore> {
  const location = await createStoreLocation(dialect);
  let store: Store;
  try {
    store = await openStore(location.options);
  } catch (error) {
    await location.remove();
    throw error;
  }
  return {
    ...store,
    options: location.options,
    async destroy() {
      await store.close();
      await location.remove();
    },
  };
}

/** One statement on a connection of its own (schemas are made and dropped outside the pool). */
export async function adminQuery(statement: string): Promise<unknown[]> {
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  try {
    return (await admin.query(statement)).rows;
  } finally {
    await admin.end();
  }
}

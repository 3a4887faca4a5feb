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

export async function createTestStore(dialect: Dialect = 'sqlite'): Promise<TestStore> {
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'fantasy-test-'));
    const options = { sqliteFile: join(dir, 'test.sqlite') };
    const store = await openStore(options);
    return {
      ...store,
      options,
      async destroy() {
        await store.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  if (!TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL is not set');
  const schema = `test_${randomBytes(6).toString('hex')}`;
  await adminQuery(`create schema ${schema}`);
  let store: Store;
  const options = { databaseUrl: TEST_DATABASE_URL, pgSchema: schema, maxConnections: 4 };
  try {
    store = await openStore(options);
  } catch (error) {
    await adminQuery(`drop schema ${schema} cascade`);
    throw error;
  }
  return {
    ...store,
    options,
    async destroy() {
      await store.close();
      await adminQuery(`drop schema ${schema} cascade`);
    },
  };
}

/** One statement on a connection of its own (schemas are made and dropped outside the pool). */
export async function adminQuery(statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

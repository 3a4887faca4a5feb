// Where a reliability run keeps its store: a fresh SQLite folder, or a fresh schema of a
// PostgreSQL database (dropped afterwards), with the environment a `fantasy-data` process needs to
// open the same store. The crash trials and the fuzz both run on either.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { StoreOptions } from '../src/storage/db.ts';

export interface StoreSpot {
  env: Record<string, string>;
  options: StoreOptions;
  remove(): Promise<void>;
}

export function sqliteSpot(prefix: string): Promise<StoreSpot> {
  const dataDir = mkdtempSync(join(tmpdir(), `fantasy-${prefix}-`));
  return Promise.resolve({
    env: { FANTASY_DATA_DIR: dataDir },
    options: { dataDir },
    remove: async () => rmSync(dataDir, { recursive: true, force: true }),
  });
}

async function admin(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

export async function postgresSpot(url: string, prefix: string): Promise<StoreSpot> {
  const schema = `${prefix}_${randomBytes(5).toString('hex')}`;
  await admin(url, `create schema ${schema}`);
  const withSchema = new URL(url);
  withSchema.searchParams.set('options', `-c search_path=${schema}`);
  const dataDir = mkdtempSync(join(tmpdir(), `fantasy-${prefix}-pg-`));
  return {
    env: { DATABASE_URL: withSchema.toString(), FANTASY_DATA_DIR: dataDir },
    options: { databaseUrl: url, pgSchema: schema, maxConnections: 2 },
    remove: async () => {
      await admin(url, `drop schema ${schema} cascade`);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The stores `--store sqlite|postgres|both` names; PostgreSQL only with a URL (else said). */
export function storesToRun(
  which: string,
  databaseUrl: string,
  prefix: string,
): Array<['sqlite' | 'postgres', () => Promise<StoreSpot>]> {
  if (!['sqlite', 'postgres', 'both'].includes(which)) {
    throw new Error(`--store is sqlite, postgres or both, not "${which}"`);
  }
  const stores: Array<['sqlite' | 'postgres', () => Promise<StoreSpot>]> = [];
  if (which !== 'postgres') stores.push(['sqlite', () => sqliteSpot(prefix)]);
  if (which !== 'sqlite') {
    if (databaseUrl) stores.push(['postgres', () => postgresSpot(databaseUrl, prefix)]);
    else console.log('postgres: skipped (set TEST_DATABASE_URL or --database-url)');
  }
  return stores;
}

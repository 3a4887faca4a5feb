// The settings every SQLite connection of the store gets (storage/db.ts): WAL so readers and a
// writer share the file, and a page cache bounded at SQLite's own default rather than the 16 MB
// better-sqlite3 builds with (docs/performance.md, Memory).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { openStore } from '../../src/storage/db.ts';

async function pragma(name: string, dataDir: string): Promise<unknown> {
  const store = await openStore({ dataDir });
  try {
    const { rows } = await sql<
      Record<string, unknown>
    >`select * from ${sql.raw(`pragma_${name}`)}`.execute(store.db);
    return rows[0]?.[name];
  } finally {
    await store.close();
  }
}

describe('a SQLite store connection', () => {
  it('runs in WAL mode with a page cache of at most 2 MB', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fantasy-sqlite-'));
    try {
      assert.equal(await pragma('journal_mode', dir), 'wal');
      // Negative: KiB. better-sqlite3's own default is -16000.
      assert.equal(await pragma('cache_size', dir), -2000);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

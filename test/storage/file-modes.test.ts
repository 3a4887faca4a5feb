// The SQLite store holds token hashes and encrypted credentials, and secret.key the key to them:
// both are created readable by their owner only, the SQLite WAL and shared-memory files too.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { KEY_FILE_NAME, loadSecretKey } from '../../src/secrets.ts';
import { SQLITE_FILE_NAME, openStore } from '../../src/storage/db.ts';

const modeOf = (file: string): string => (statSync(file).mode & 0o777).toString(8);

describe('files of a new data folder', () => {
  it('creates the SQLite file, its -wal and -shm, and secret.key 0600', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fantasy-modes-'));
    try {
      const dataDir = join(dir, 'data');
      loadSecretKey({ secretKey: undefined, dataDir });
      const store = await openStore({ dataDir });
      try {
        // Open while the store is: WAL mode keeps both beside the database file.
        const file = join(dataDir, SQLITE_FILE_NAME);
        for (const path of [file, `${file}-wal`, `${file}-shm`, join(dataDir, KEY_FILE_NAME)]) {
          assert.equal(modeOf(path), '600', path);
        }
      } finally {
        await store.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

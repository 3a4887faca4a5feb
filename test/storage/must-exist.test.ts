// Commands that only read open the store with mustExist: where there is none, they fail and
// create nothing (no ./data folder, no tables in an empty PostgreSQL schema).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { StoreNotFoundError, openStore } from '../../src/storage/db.ts';
import { TEST_DATABASE_URL, adminQuery, createStoreLocation } from '../helpers/store.ts';

describe('opening a store that must exist', () => {
  it('SQLite: fails on a missing store and creates no folder, opens an existing one', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fantasy-exist-'));
    try {
      const dataDir = join(dir, 'data');
      await assert.rejects(openStore({ dataDir, mustExist: true }), StoreNotFoundError);
      assert.equal(existsSync(dataDir), false);
      await (await openStore({ dataDir })).close();
      await (await openStore({ dataDir, mustExist: true })).close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it(
    'PostgreSQL: fails on a schema with no store and creates no table in it',
    { skip: TEST_DATABASE_URL ? false : 'TEST_DATABASE_URL is not set' },
    async () => {
      const location = await createStoreLocation('postgres');
      try {
        const options = { ...location.options, mustExist: true };
        await assert.rejects(openStore(options), StoreNotFoundError);
        const tables = await adminQuery(
          `select table_name from information_schema.tables where table_schema = '${location.options.pgSchema}'`,
        );
        assert.deepEqual(tables, []);
        await (await openStore({ ...options, mustExist: false })).close();
        await (await openStore(options)).close();
      } finally {
        await location.remove();
      }
    },
  );
});

import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, it } from 'node:test';
import pg from 'pg';
import { openStore } from '../../src/storage/db.ts';
import type { Dialect, StoreOptions } from '../../src/storage/db.ts';
import { findLeagueForUser } from '../../src/storage/repositories/leagues.ts';
import { getDataSeq, writeLeagueSnapshot } from '../../src/storage/repositories/snapshots.ts';
import { createUser, findUserByName, listUsers } from '../../src/storage/repositories/users.ts';
import { TEST_DATABASE_URL, testBackends } from '../helpers/store.ts';
import { buildLeagueSnapshot } from '../helpers/records.ts';

const CHILD = join(dirname(fileURLToPath(import.meta.url)), 'open-store.child.ts');

/** A place for a store that outlives one openStore: a file, or a schema, removed after the test. */
interface Location {
  options: StoreOptions;
  remove(): Promise<void>;
}

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

async function makeLocation(dialect: Dialect): Promise<Location> {
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'fantasy-migrate-'));
    return {
      options: { sqliteFile: join(dir, 'store.sqlite') },
      remove: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const schema = `test_${randomBytes(6).toString('hex')}`;
  await adminQuery(`create schema ${schema}`);
  return {
    options: { databaseUrl: TEST_DATABASE_URL, pgSchema: schema, maxConnections: 2 },
    remove: () => adminQuery(`drop schema ${schema} cascade`),
  };
}

for (const dialect of testBackends()) {
  describe(`migrations [${dialect}]`, () => {
    let location: Location;
    beforeEach(async () => {
      location = await makeLocation(dialect);
    });
    afterEach(async () => {
      await location.remove();
    });

    it('opens an existing store again without touching its data', async () => {
      const first = await openStore(location.options);
      try {
        const user = await createUser(first.db, 'alice');
        await writeLeagueSnapshot(first, buildLeagueSnapshot(), {
          userId: user.id,
          accountId: null,
        });
      } finally {
        await first.close();
      }
      const second = await openStore(location.options);
      try {
        const user = await findUserByName(second.db, 'alice');
        assert.ok(user);
        assert.equal((await findLeagueForUser(second.db, user.id, 1))?.name, 'Dynasty Friends');
        assert.equal(await getDataSeq(second.db), 1, 'the data_seq row is not seeded twice');
        const migrations = await second.db
          .selectFrom('kysely_migration' as never)
          .select('name' as never)
          .execute();
        assert.deepEqual(migrations, [{ name: '001-initial' }]);
      } finally {
        await second.close();
      }
    });

    it('lets two processes open a new store at once', async () => {
      // Separate processes, as in real use: better-sqlite3 is synchronous, so two connections
      // in one process would block each other's thread rather than queue.
      const json = JSON.stringify(location.options);
      const codes = await Promise.all(
        ['alice', 'bob'].map(
          (name) =>
            new Promise<number | null>((resolve, reject) => {
              const child = spawn(process.execPath, ['--import', 'tsx', CHILD, json, name], {
                stdio: ['ignore', 'ignore', 'inherit'],
              });
              child.on('error', reject);
              child.on('exit', resolve);
            }),
        ),
      );
      assert.deepEqual(codes, [0, 0]);
      const store = await openStore(location.options);
      try {
        assert.deepEqual((await listUsers(store.db)).map((u) => u.name).sort(), ['alice', 'bob']);
      } finally {
        await store.close();
      }
    });

    it('refuses a store migrated by a newer version', async () => {
      const store = await openStore(location.options);
      try {
        await store.db
          .insertInto('kysely_migration' as never)
          .values({ name: '999-future', timestamp: new Date().toISOString() } as never)
          .execute();
      } finally {
        await store.close();
      }
      await assert.rejects(openStore(location.options), /999-future/);
    });
  });
}

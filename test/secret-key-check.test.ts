// Two processes on one store with different secret keys: the first to start records its key's
// check value, and `serve` or `worker` started with another key refuses to start (exit 2, naming
// FANTASY_SECRET_KEY) before it writes or encrypts anything. The store never holds the key.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from '../src/config.ts';
import { startServer } from '../src/main.ts';
import { KEY_FILE_NAME } from '../src/secrets.ts';
import { openStore } from '../src/storage/db.ts';
import type { Dialect } from '../src/storage/db.ts';
import { runCli, tempDataDir } from './cli/run-cli.ts';
import type { TempDir } from './cli/run-cli.ts';
import { TEST_REDIS_URL } from './http/redis.ts';
import { createStoreLocation, testBackends } from './helpers/store.ts';
import type { StoreLocation } from './helpers/store.ts';

const newKey = (): string => randomBytes(32).toString('hex');

for (const dialect of testBackends()) {
  describe(`one store, two secret keys (${dialect})`, () => {
    let location: StoreLocation;
    let first: TempDir;
    let second: TempDir;
    /** Where each process keeps its own data folder; the store is the one they share. */
    let storeEnv: (dir: TempDir) => Record<string, string>;

    before(async () => {
      first = tempDataDir();
      second = tempDataDir();
      location = await createStoreLocation(dialect as Dialect);
      storeEnv = (dir): Record<string, string> => {
        if (dialect === 'sqlite') return { FANTASY_DATA_DIR: first.path };
        const url = new URL(location.options.databaseUrl as string);
        url.searchParams.set('options', `-c search_path=${location.options.pgSchema as string}`);
        return { FANTASY_DATA_DIR: dir.path, DATABASE_URL: url.toString() };
      };
    });
    after(async () => {
      await location.remove();
      first.remove();
      second.remove();
    });

    it('records the first key, accepts it again, and refuses serve and worker with another', async () => {
      const key = newKey();
      const env = { ...storeEnv(first), FANTASY_SECRET_KEY: key, PORT: '0', HOST: '127.0.0.1' };
      const running = await startServer(loadConfig(env));
      try {
        const rows = await running.store.db.selectFrom('secret_key_check').selectAll().execute();
        assert.equal(rows.length, 1);
        assert.ok(!JSON.stringify(rows).includes(key), 'the store never holds the key');
      } finally {
        await running.close();
      }
      await (await startServer(loadConfig(env))).close();

      const other = newKey();
      const refused = await runCli(['serve'], { ...env, FANTASY_SECRET_KEY: other });
      assert.equal(refused.code, 2, refused.stderr);
      assert.match(refused.stderr, /FANTASY_SECRET_KEY/);
      assert.match(refused.stderr, /same key/);
      assert.ok(!refused.stderr.includes(other) && !refused.stderr.includes(key));
      assert.doesNotMatch(refused.stderr, /listening/);

      if (TEST_REDIS_URL !== undefined) {
        const worker = await runCli(['worker'], {
          ...env,
          FANTASY_SECRET_KEY: other,
          REDIS_URL: TEST_REDIS_URL,
        });
        assert.equal(worker.code, 2, worker.stderr);
        assert.match(worker.stderr, /FANTASY_SECRET_KEY/);
      }
    });

    it(
      'refuses an instance whose own key file is not the store key',
      {
        skip:
          dialect === 'sqlite' ? 'a SQLite store lives in one data folder, with its key' : false,
      },
      async () => {
        // No FANTASY_SECRET_KEY: the second data folder makes a secret.key of its own.
        const refused = await runCli(['serve'], { ...storeEnv(second), PORT: '0' });
        assert.equal(refused.code, 2, refused.stderr);
        assert.match(refused.stderr, /FANTASY_SECRET_KEY is not set/);
        assert.ok(refused.stderr.includes(join(second.path, KEY_FILE_NAME)), refused.stderr);
        const generated = readFileSync(join(second.path, KEY_FILE_NAME), 'utf8').trim();
        assert.ok(!refused.stderr.includes(generated));
      },
    );

    it('records the key of a store from before the check at its next start', async () => {
      const key = newKey();
      const env = { ...storeEnv(first), FANTASY_SECRET_KEY: key, PORT: '0', HOST: '127.0.0.1' };
      const store = await openStore(
        dialect === 'sqlite' ? { dataDir: first.path } : location.options,
      );
      try {
        await store.db.deleteFrom('secret_key_check').execute();
      } finally {
        await store.close();
      }
      await (await startServer(loadConfig(env))).close();
      const refused = await runCli(['serve'], { ...env, FANTASY_SECRET_KEY: newKey() });
      assert.equal(refused.code, 2, refused.stderr);
    });
  });
}

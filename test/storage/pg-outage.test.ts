// A PostgreSQL store whose connections die or stall: the process stays up, the broken
// connections are dropped, each failure reaches the caller as StoreUnavailableError within the
// bounds, and the next query after the database answers again succeeds on a new connection.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as delay } from 'node:timers/promises';
import { sql } from 'kysely';
import { openStore, writeTransaction } from '../../src/storage/db.ts';
import type { Store, Tx } from '../../src/storage/db.ts';
import { StoreUnavailableError } from '../../src/storage/unavailable.ts';
import { captureLogLines } from '../helpers/log-lines.ts';
import { URL_PASSWORD, outageUrl, terminateBackends, uniqueAppName } from '../helpers/pg-outage.ts';
import { TEST_DATABASE_URL, createStoreLocation } from '../helpers/store.ts';
import type { StoreLocation } from '../helpers/store.ts';
import { startTcpProxy } from '../helpers/tcp-proxy.ts';
import type { TcpProxy } from '../helpers/tcp-proxy.ts';

const select1 = async (db: Tx): Promise<void> => {
  await sql`select 1`.execute(db);
};
const ping = (store: Store): Promise<void> => select1(store.db);

describe(
  'a PostgreSQL store losing its connections',
  { skip: TEST_DATABASE_URL ? false : 'TEST_DATABASE_URL is not set' },
  () => {
    let location: StoreLocation;
    let proxy: TcpProxy;
    const closers: Array<() => Promise<void>> = [];

    before(async () => {
      location = await createStoreLocation('postgres');
      const url = new URL(TEST_DATABASE_URL as string);
      proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
    });
    after(async () => {
      for (const close of closers) await close();
      await proxy?.close();
      await location?.remove();
    });

    async function open(appName: string, extra: { port?: number; queryTimeoutMs?: number } = {}) {
      const { logger, lines } = captureLogLines();
      const store = await openStore({
        ...location.options,
        databaseUrl: outageUrl(TEST_DATABASE_URL as string, { appName, port: extra.port }),
        maxConnections: 3,
        logger,
        ...(extra.queryTimeoutMs !== undefined && { queryTimeoutMs: extra.queryTimeoutMs }),
      });
      closers.push(() => store.close());
      return { store, lines };
    }

    it('survives its idle and busy connections being terminated, and carries on', async () => {
      const appName = uniqueAppName();
      const { store, lines } = await open(appName);
      // Three connections in the pool, idle.
      await Promise.all([ping(store), ping(store), ping(store)]);
      assert.ok((await terminateBackends(appName)) >= 1);
      // One busy: the query in flight fails as the store being unavailable.
      const busy = assert.rejects(sql`select pg_sleep(5)`.execute(store.db), StoreUnavailableError);
      await delay(200);
      await terminateBackends(appName);
      await busy;
      // The dead connections were dropped: the next queries get new ones.
      await ping(store);
      await Promise.all([ping(store), ping(store), ping(store)]);
      const warned = lines.filter((l) => String(l.msg).includes('connection failed'));
      assert.ok(warned.length > 0, 'the lost connection is logged');
      assert.ok(!JSON.stringify(lines).includes(URL_PASSWORD), "never the URL's password");
    });

    it('fails a query on a stalled connection within its bound, then recovers', async () => {
      const { store } = await open(uniqueAppName(), { port: proxy.port, queryTimeoutMs: 500 });
      await ping(store);
      proxy.stall();
      try {
        await assert.rejects(ping(store), StoreUnavailableError);
        // In a transaction too: its rollback does not wait on the stalled connection again.
        await assert.rejects(writeTransaction(store, select1), StoreUnavailableError);
      } finally {
        proxy.resume();
      }
      await ping(store);
      await writeTransaction(store, select1);
    });

    it('fails at once while the database refuses connections, and recovers by itself', async () => {
      const { store } = await open(uniqueAppName(), { port: proxy.port });
      await ping(store);
      const cut = proxy.cut(1500);
      await delay(50);
      await assert.rejects(ping(store), StoreUnavailableError);
      await cut;
      await ping(store);
    });
  },
);

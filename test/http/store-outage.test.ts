// The whole service (startServer: the API, the admin API, the connect page, /readyz, the cache's
// change feed) over PostgreSQL that goes away: its connections terminated while it serves, and
// the database unreachable for a while behind a proxy. The process stays up, every answer in the
// meantime is either the usual one or 503 store_unavailable with Retry-After, /readyz says not
// ready, and it all comes back by itself, without a restart.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { loadConfig } from '../../src/config.ts';
import { startServer } from '../../src/main.ts';
import type { RunningServer } from '../../src/main.ts';
import { writeLeagueSnapshot } from '../../src/storage/repositories/snapshots.ts';
import { createAdminKey } from '../../src/storage/repositories/admin-keys.ts';
import { issueToken } from '../../src/storage/repositories/tokens.ts';
import { findUserByName } from '../../src/storage/repositories/users.ts';
import { eventually } from '../helpers/eventually.ts';
import { captureLogLines } from '../helpers/log-lines.ts';
import { URL_PASSWORD, outageUrl, terminateBackends, uniqueAppName } from '../helpers/pg-outage.ts';
import { buildLeagueSnapshot } from '../helpers/records.ts';
import { TEST_DATABASE_URL, createStoreLocation } from '../helpers/store.ts';
import type { StoreLocation } from '../helpers/store.ts';
import { startTcpProxy } from '../helpers/tcp-proxy.ts';
import type { TcpProxy } from '../helpers/tcp-proxy.ts';

/** Far above the store's bounds (5 s to connect, 10 s a query): a hang fails the test. */
const ANSWER_BOUND_MS = 15_000;

describe(
  'serving over a PostgreSQL that goes away',
  { skip: TEST_DATABASE_URL ? false : 'TEST_DATABASE_URL is not set' },
  () => {
    let location: StoreLocation;
    let proxy: TcpProxy;
    let server: RunningServer;
    const appName = uniqueAppName();
    const { logger, lines } = captureLogLines();
    let adminKey: string;
    let demoToken: string;
    let demoUserId: number;

    before(async () => {
      location = await createStoreLocation('postgres');
      const target = new URL(TEST_DATABASE_URL as string);
      proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
      const databaseUrl = outageUrl(TEST_DATABASE_URL as string, {
        appName,
        port: proxy.port,
        schema: location.options.pgSchema as string,
      });
      server = await startServer(
        loadConfig({
          DATABASE_URL: databaseUrl,
          HOST: '127.0.0.1',
          PORT: '0',
          FANTASY_SECRET_KEY: randomBytes(32).toString('hex'),
          ACCESS_LOG_FLUSH_MS: '0',
        }),
        { logger },
      );
      demoToken = server.demoToken as string;
      demoUserId = (await findUserByName(server.store.db, 'demo'))?.id as number;
      adminKey = (await createAdminKey(server.store.db, 'outage')).key;
    });
    after(async () => {
      await server?.close();
      await proxy?.close();
      await location?.remove();
    });

    const get = (path: string, headers: Record<string, string> = {}): Promise<Response> =>
      fetch(server.url + path, { headers, signal: AbortSignal.timeout(ANSWER_BOUND_MS) });
    const admin = (path: string): Promise<Response> =>
      get(path, { authorization: `Bearer ${adminKey}` });
    const api = (token: string): Promise<Response> =>
      get('/league/findAllLeagues', { 'X-Auth-Token': token });

    async function assertStoreUnavailable(response: Response, what: string): Promise<void> {
      assert.equal(response.status, 503, what);
      if (what === 'the connect page') {
        // A person's page in their words, not a problem document.
        assert.match(response.headers.get('content-type') ?? '', /^text\/html/, what);
        assert.match(response.headers.get('retry-after') ?? '', /^\d+$/, what);
        const html = await response.text();
        assert.match(html, /We cannot reach your details right now/, what);
        assert.doesNotMatch(html, /terminat|ECONN|store_unavailable/i, what);
        return;
      }
      const body = (await response.json()) as { code: string; detail: string };
      assert.equal(body.code, 'store_unavailable', what);
      assert.match(response.headers.get('retry-after') ?? '', /^\d+$/, what);
      assert.ok(!body.detail.includes('terminat'), 'driver internals stay in the log');
    }

    /** Every answer in an outage: the usual 200, or 503 store_unavailable with Retry-After. */
    async function assertOkOrUnavailable(response: Response, what: string): Promise<void> {
      if (response.status === 200) return void (await response.arrayBuffer());
      if (what === '/readyz') {
        assert.equal(response.status, 503, what);
        return void (await response.arrayBuffer());
      }
      await assertStoreUnavailable(response, what);
    }

    it('keeps serving while its connections are terminated', async () => {
      assert.equal((await admin('/admin/users')).status, 200);
      let terminated = 0;
      for (let round = 0; round < 3; round++) {
        const requests = Array.from({ length: 12 }, (_, i) =>
          i % 3 === 0 ? ['/readyz', get('/readyz')] : ['/admin/users', admin('/admin/users')],
        ) as Array<[string, Promise<Response>]>;
        await delay(5);
        terminated += await terminateBackends(appName);
        for (const [what, response] of requests) await assertOkOrUnavailable(await response, what);
      }
      assert.ok(terminated > 0, 'connections were terminated');
      await eventually('the admin API answering', async () => (await admin('/admin/users')).ok);
      assert.equal((await get('/readyz')).status, 200);
      assert.equal((await api(demoToken)).status, 200);
    });

    it('answers 503 store_unavailable while the database is unreachable, and recovers', async () => {
      // A token not yet seen by this process: its look-up needs the store.
      const fresh = await issueToken(server.store.db, {
        userId: demoUserId,
        products: ['league'],
      });
      const connect = await fetch(`${server.url}/admin/users/${demoUserId}/connect-sessions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${adminKey}`, 'content-type': 'application/json' },
        body: '{}',
      });
      assert.equal(connect.status, 201);
      const connectPath = new URL(((await connect.json()) as { url: string }).url).pathname;
      const before = (await (await api(demoToken)).json()) as unknown[];

      const cut = proxy.cut(6000);
      try {
        await delay(50);
        await assertStoreUnavailable(await admin('/admin/users'), 'the admin API');
        await assertStoreUnavailable(await api(fresh.token), 'the API');
        await assertStoreUnavailable(await get(connectPath), 'the connect page');
        const ready = await get('/readyz');
        assert.equal(ready.status, 503);
        assert.equal(((await ready.json()) as { code: string }).code, 'not_ready');
      } finally {
        await cut;
      }

      await eventually(
        'ready again',
        async () => (await get('/readyz')).status === 200,
        ANSWER_BOUND_MS,
        100,
      );
      assert.equal((await admin('/admin/users')).status, 200);
      assert.equal((await api(fresh.token)).status, 200);
      assert.equal((await get(connectPath)).status, 200);
      // The change feed kept polling through the outage: a write is served again.
      await writeLeagueSnapshot(server.store, buildLeagueSnapshot({ name: 'After the outage' }), {
        userId: demoUserId,
        accountId: null,
      });
      await eventually(
        'the new league served',
        async () => ((await (await api(demoToken)).json()) as unknown[]).length > before.length,
        ANSWER_BOUND_MS,
        100,
      );
    });

    it("logs the outage without the URL's password", () => {
      assert.ok(lines.some((line) => line.msg === 'request failed: the store does not answer'));
      assert.ok(!JSON.stringify(lines).includes(URL_PASSWORD));
      // The change feed says once that it fails, and when it polls again: not every 500 ms.
      const count = (msg: string): number => lines.filter((line) => line.msg === msg).length;
      const resumed = count('cache change feed polling again');
      assert.ok(resumed >= 1);
      assert.ok(count('cache change feed failed; cache cleared') <= resumed + 1);
    });
  },
);

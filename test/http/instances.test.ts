// Several stateless instances on one store and one Redis (TEST_REDIS_URL): two apps over two
// handles on the same SQLite file or PostgreSQL schema share one rate limit, and a write through
// one instance's store is served by the other once its change feed has polled. Last, two
// startServer processes-in-one configured by REDIS_URL, as `fantasy-data serve` runs them.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { loadConfig } from '../../src/config.ts';
import { createApp } from '../../src/http/app.ts';
import { createHttpServer } from '../../src/http/wire/server.ts';
import { RedisRateLimitStore } from '../../src/serving/rate-limit-redis.ts';
import { silentLogger } from '../../src/logger.ts';
import { startServer } from '../../src/main.ts';
import type { RunningServer } from '../../src/main.ts';
import { openStore } from '../../src/storage/db.ts';
import type { Dialect, Store } from '../../src/storage/db.ts';
import { writeLeagueSnapshot } from '../../src/storage/repositories/snapshots.ts';
import { issueToken } from '../../src/storage/repositories/tokens.ts';
import { createUser } from '../../src/storage/repositories/users.ts';
import { eventually } from '../helpers/eventually.ts';
import { buildLeagueSnapshot } from '../helpers/records.ts';
import { createStoreLocation, testBackends } from '../helpers/store.ts';
import { SKIP_WITHOUT_REDIS, TEST_REDIS_URL, deleteKeys, uniquePrefix } from './redis.ts';

const POLL_MS = 50;
const LIMIT = 5;

/** Two handles on one database, as two processes would hold. */
async function openSharedStores(
  dialect: Dialect,
): Promise<{ stores: [Store, Store]; destroy(): Promise<void> }> {
  const location = await createStoreLocation(dialect);
  const stores: [Store, Store] = [
    await openStore(location.options),
    await openStore(location.options),
  ];
  return {
    stores,
    async destroy() {
      for (const store of stores) await store.close();
      await location.remove();
    },
  };
}

interface Instance {
  request(path: string, token: string): Promise<Response>;
  close(): Promise<void>;
}

/** One instance: its own app, caches and Redis connection over its own store handle. */
async function startInstance(store: Store, keyPrefix: string, limit: number): Promise<Instance> {
  const logger = silentLogger();
  const config = Object.freeze({
    ...loadConfig({}),
    redisUrl: TEST_REDIS_URL,
    rateLimitPerMinute: limit,
  });
  const rateLimitStore = await RedisRateLimitStore.connect(TEST_REDIS_URL ?? '', {
    logger,
    keyPrefix,
  });
  const app = createApp({
    store,
    config,
    logger,
    rateLimitStore,
    cache: { pollIntervalMs: POLL_MS },
  });
  const server = createHttpServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    request: (path, token) => fetch(baseUrl + path, { headers: { 'X-Auth-Token': token } }),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await app.close();
      await rateLimitStore.close();
    },
  };
}

async function issueTestToken(store: Store, userId: number): Promise<string> {
  const { token } = await issueToken(store.db, {
    userId,
    products: ['league', 'player', 'roster'],
  });
  return token;
}

for (const dialect of testBackends()) {
  describe(
    `two instances on one store and one Redis (${dialect})`,
    { skip: SKIP_WITHOUT_REDIS },
    () => {
      const keyPrefix = uniquePrefix();
      let shared: Awaited<ReturnType<typeof openSharedStores>>;
      const running: Instance[] = [];
      let userId: number;
      let leagueId: number;

      before(async () => {
        shared = await openSharedStores(dialect);
        const [storeA] = shared.stores;
        userId = (await createUser(storeA.db, 'alice')).id;
        ({ leagueId } = await writeLeagueSnapshot(storeA, buildLeagueSnapshot(), {
          userId,
          accountId: null,
        }));
      });
      after(async () => {
        for (const instance of running) await instance.close();
        await shared?.destroy();
        await deleteKeys(keyPrefix);
      });

      /** Instance a on the first store handle, b on the second, both counting in Redis. */
      const startPair = async (limit: number): Promise<[Instance, Instance]> => {
        const pair: [Instance, Instance] = [
          await startInstance(shared.stores[0], keyPrefix, limit),
          await startInstance(shared.stores[1], keyPrefix, limit),
        ];
        running.push(...pair);
        return pair;
      };

      it('shares the rate limit: the sum of requests across both instances hits 429', async () => {
        const [a, b] = await startPair(LIMIT);
        const token = await issueTestToken(shared.stores[0], userId);
        const answers: Array<[number, string | null]> = [];
        for (let i = 0; i < LIMIT + 2; i += 1) {
          const response = await (i % 2 === 0 ? a : b).request('/league/findAllLeagues', token);
          await response.arrayBuffer();
          answers.push([response.status, response.headers.get('ratelimit-remaining')]);
        }
        assert.deepEqual(answers, [
          [200, '4'],
          [200, '3'],
          [200, '2'],
          [200, '1'],
          [200, '0'],
          [429, '0'],
          [429, '0'],
        ]);
      });

      it("serves a write through one instance's store from the other after its poll", async () => {
        // A limit this polling cannot reach: only the cache is under test here.
        const [a, b] = await startPair(1_000_000);
        const token = await issueTestToken(shared.stores[0], userId);
        const nameOn = async (instance: Instance) => {
          const response = await instance.request(`/league/settings/${leagueId}`, token);
          assert.equal(response.status, 200);
          return ((await response.json()) as { name: string }).name;
        };
        assert.equal(await nameOn(b), 'Dynasty Friends');
        await writeLeagueSnapshot(
          shared.stores[0],
          buildLeagueSnapshot({ name: 'Renamed Friends' }),
          {
            userId,
            accountId: null,
          },
        );
        await eventually(
          'the other instance shows the write',
          async () => (await nameOn(b)) === 'Renamed Friends',
          10_000,
        );
        assert.equal(await nameOn(a), 'Renamed Friends');
      });
    },
  );
}

describe(
  'two startServer instances configured by REDIS_URL (sqlite)',
  { skip: SKIP_WITHOUT_REDIS },
  () => {
    const keyPrefix = uniquePrefix();
    const dir = mkdtempSync(join(tmpdir(), 'fantasy-serve-'));
    const servers: RunningServer[] = [];
    after(async () => {
      for (const server of servers) await server.close();
      rmSync(dir, { recursive: true, force: true });
      await deleteKeys(keyPrefix);
    });

    it('shares one rate limit between both', async () => {
      const config = loadConfig({
        FANTASY_DATA_DIR: dir,
        HOST: '127.0.0.1',
        PORT: '0',
        LOG_LEVEL: 'silent',
        REDIS_URL: TEST_REDIS_URL,
        RATE_LIMIT_PER_MINUTE: '3',
      });
      // Each also runs a sync worker on its own queue and budgets, under the test's prefix.
      const prefixes = {
        rateLimitKeyPrefix: keyPrefix,
        queuePrefix: `${keyPrefix}q`,
        budgetKeyPrefix: `${keyPrefix}budget:`,
      };
      servers.push(await startServer(config, prefixes));
      servers.push(await startServer(config, prefixes));
      const token = servers[0]?.demoToken ?? '';
      const statuses: number[] = [];
      for (let i = 0; i < 5; i += 1) {
        const server = servers[i % 2];
        const response = await fetch(`${server?.url}/league/findAllLeagues`, {
          headers: { 'X-Auth-Token': token },
        });
        await response.arrayBuffer();
        statuses.push(response.status);
      }
      assert.deepEqual(statuses, [200, 200, 200, 429, 429]);
    });
  },
);

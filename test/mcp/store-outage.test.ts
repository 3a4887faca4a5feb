// The MCP server over a PostgreSQL that goes away (behind a TCP proxy the test cuts): a tool call
// meanwhile is the store_unavailable problem, as on the HTTP API, never internal_error, whether
// the tool's read or the token's look-up meets the outage; the driver's error stays out of the
// answer and the URL's password out of the log; the tools answer again once it is back.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as delay } from 'node:timers/promises';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { createMcpServer } from '../../src/mcp/server.ts';
import { MemoryRateLimitStore, RateLimiter } from '../../src/serving/rate-limit.ts';
import { createStoreReadModel } from '../../src/serving/read-model.ts';
import { openStore } from '../../src/storage/db.ts';
import type { Store } from '../../src/storage/db.ts';
import { writeLeagueSnapshot } from '../../src/storage/repositories/snapshots.ts';
import { issueToken } from '../../src/storage/repositories/tokens.ts';
import { createUser } from '../../src/storage/repositories/users.ts';
import { eventually } from '../helpers/eventually.ts';
import { captureLogLines } from '../helpers/log-lines.ts';
import { URL_PASSWORD, outageUrl, uniqueAppName } from '../helpers/pg-outage.ts';
import { buildLeagueSnapshot } from '../helpers/records.ts';
import { TEST_DATABASE_URL, createStoreLocation } from '../helpers/store.ts';
import type { StoreLocation } from '../helpers/store.ts';
import { startTcpProxy } from '../helpers/tcp-proxy.ts';
import type { TcpProxy } from '../helpers/tcp-proxy.ts';

/** Longer than the token cache (1 s), so the next call looks the token up in the store. */
const PAST_TOKEN_CACHE_MS = 1200;

describe(
  'MCP tools over a PostgreSQL that goes away',
  { skip: TEST_DATABASE_URL ? false : 'TEST_DATABASE_URL is not set' },
  () => {
    let location: StoreLocation;
    let proxy: TcpProxy;
    let store: Store;
    let client: Client;
    let leagueId: number;
    const { logger, lines } = captureLogLines();

    before(async () => {
      location = await createStoreLocation('postgres');
      const target = new URL(TEST_DATABASE_URL as string);
      proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
      store = await openStore({
        ...location.options,
        databaseUrl: outageUrl(TEST_DATABASE_URL as string, {
          appName: uniqueAppName(),
          port: proxy.port,
        }),
      });
      const user = await createUser(store.db, 'outage');
      const { token } = await issueToken(store.db, { userId: user.id, products: ['league'] });
      await writeLeagueSnapshot(store, buildLeagueSnapshot(), { userId: user.id, accountId: null });
      const server = createMcpServer({
        read: createStoreReadModel(store, [2021]),
        limiter: new RateLimiter(new MemoryRateLimitStore(), 1000),
        seasons: [2021],
        token,
        logger,
        version: '0.0.0',
      });
      const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
      await server.connect(serverSide);
      client = new Client({ name: 'outage-test', version: '1.0.0' });
      await client.connect(clientSide);
      const listed = await call('list_leagues');
      assert.equal(listed.isError, undefined, text(listed));
      leagueId = (listed.structuredContent?.leagues as Array<{ league_id: number }>)[0]
        ?.league_id as number;
    });
    after(async () => {
      await client?.close();
      await store?.close();
      await proxy?.close();
      await location?.remove();
    });

    async function call(name: string, args: Record<string, unknown> = {}): Promise<CallToolResult> {
      return (await client.callTool({ name, arguments: args })) as CallToolResult;
    }

    function text(result: CallToolResult): string {
      const first = result.content[0];
      return first?.type === 'text' ? first.text : '';
    }

    function assertStoreUnavailable(result: CallToolResult, what: string): void {
      assert.equal(result.isError, true, what);
      assert.match(
        text(result),
        /^store_unavailable: the database does not answer at the moment; try again in \d+ seconds$/,
        what,
      );
    }

    it('answers store_unavailable while the store is unreachable, and recovers', async () => {
      const cut = proxy.cut(4000);
      try {
        await delay(50);
        // The token is still cached: the tool's own read meets the outage.
        assertStoreUnavailable(await call('get_league', { league_id: leagueId }), 'the read');
        await delay(PAST_TOKEN_CACHE_MS);
        // The token's look-up meets it first.
        assertStoreUnavailable(await call('list_leagues'), 'the token look-up');
      } finally {
        await cut;
      }
      await eventually(
        'the tools answering again',
        async () => (await call('get_league', { league_id: leagueId })).isError === undefined,
        15_000,
        100,
      );
    });

    it("logs the outage as one, without the URL's password", () => {
      const warned = lines.filter(
        (line) => line.msg === 'tool call failed: the store does not answer',
      );
      assert.ok(warned.length >= 2, JSON.stringify(lines));
      assert.ok(!lines.some((line) => line.msg === 'tool call failed'), 'not logged as a fault');
      assert.ok(!JSON.stringify(lines).includes(URL_PASSWORD));
    });
  },
);

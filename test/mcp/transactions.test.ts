// The list_transactions and get_draft tools through the MCP SDK's client, in process over a test
// store (the demo generates no transactions yet): the structured answers are the HTTP API's
// records (checked by the SDK against the output schemas), the summaries read well, the cursor
// pages, a bad argument is the problem in the tool's words, and the product is checked.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { createMcpServer } from '../../src/mcp/server.ts';
import { MemoryRateLimitStore, RateLimiter } from '../../src/serving/rate-limit.ts';
import { createStoreReadModel } from '../../src/serving/read-model.ts';
import { writeLeagueSnapshot, writePlayerPool } from '../../src/storage/repositories/snapshots.ts';
import { issueToken } from '../../src/storage/repositories/tokens.ts';
import { createUser } from '../../src/storage/repositories/users.ts';
import { captureLogLines } from '../helpers/log-lines.ts';
import { buildPlayerPool } from '../helpers/records.ts';
import { createTestStore } from '../helpers/store.ts';
import type { TestStore } from '../helpers/store.ts';
import { leagueWithActivity } from '../helpers/transaction-data.ts';

function text(result: CallToolResult): string {
  const first = result.content[0];
  return first?.type === 'text' ? first.text : '';
}

describe('MCP tools list_transactions and get_draft', () => {
  let store: TestStore;
  let leagueId: number;
  const clients: Client[] = [];

  async function connect(products: Array<'league' | 'transaction'>): Promise<Client> {
    const user = await createUser(store.db, `user-${clients.length}`);
    await writeLeagueSnapshot(store, leagueWithActivity(), { userId: user.id, accountId: null });
    const { token } = await issueToken(store.db, { userId: user.id, products });
    const server = createMcpServer({
      read: createStoreReadModel(store, [2021]),
      limiter: new RateLimiter(new MemoryRateLimitStore(), 1000),
      seasons: [2021],
      token,
      logger: captureLogLines().logger,
      version: '0.0.0',
    });
    const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const client = new Client({ name: 'transactions-test', version: '1.0.0' });
    await client.connect(clientSide);
    clients.push(client);
    return client;
  }

  const call = async (client: Client, name: string, args: Record<string, unknown>) =>
    (await client.callTool({ name, arguments: args })) as CallToolResult;

  before(async () => {
    store = await createTestStore('sqlite');
    await writePlayerPool(store, buildPlayerPool());
    leagueId = (await writeLeagueSnapshot(store, leagueWithActivity())).leagueId;
  });
  after(async () => {
    for (const client of clients) await client.close();
    await store?.destroy();
  });

  it('lists both tools with their inputs', async () => {
    const client = await connect(['transaction']);
    const { tools } = await client.listTools();
    const listTransactions = tools.find((tool) => tool.name === 'list_transactions');
    assert.deepEqual(Object.keys(listTransactions?.inputSchema.properties ?? {}).sort(), [
      'cursor',
      'league_id',
      'limit',
      'roster_id',
      'type',
      'week',
    ]);
    assert.match(listTransactions?.description ?? '', /Needs a token with the "transaction"/);
    assert.ok(tools.some((tool) => tool.name === 'get_draft'));
  });

  it('answers pages of transactions, structured and summarised, following the cursor', async () => {
    const client = await connect(['transaction']);
    const first = await call(client, 'list_transactions', { league_id: leagueId, limit: 2 });
    assert.equal(first.isError, undefined, text(first));
    const page = first.structuredContent as {
      transactions: Array<{ transaction_id: string }>;
      next_cursor?: string;
    };
    assert.deepEqual(
      page.transactions.map((t) => t.transaction_id),
      ['103', '102'],
    );
    assert.ok(page.next_cursor);
    assert.equal(
      text(first),
      `2 transactions in league ${leagueId}, newest first:\n` +
        '- drop [pending] 2021-09-15T09:30:00.000Z, teams 2: Josh Allen 2 -> out (transaction_id 103)\n' +
        '- trade 2021-09-15T09:30:00.000Z (week 3), teams 1: Josh Allen 2 -> 1; Detroit Lions 1 -> 2; ' +
        '2022 round 1 pick 1 -> 2; $5 FAAB 2 -> 1 (transaction_id 102)\n' +
        `More: cursor ${page.next_cursor}`,
    );
    const rest = await call(client, 'list_transactions', {
      league_id: leagueId,
      limit: 2,
      cursor: page.next_cursor,
    });
    assert.match(
      text(rest),
      /waiver 2021-09-08T10:00:00.000Z \(week 2\), teams 2: player_id 99999 FA -> 2/,
    );
    assert.doesNotMatch(text(rest), /More: cursor/);
    const trades = await call(client, 'list_transactions', {
      league_id: leagueId,
      type: ['trade'],
      roster_id: '2',
    });
    assert.equal((trades.structuredContent?.transactions as unknown[]).length, 1);
  });

  it('answers the drafts with a summary', async () => {
    const client = await connect(['transaction']);
    const result = await call(client, 'get_draft', { league_id: leagueId });
    assert.equal(result.isError, undefined, text(result));
    assert.equal(
      text(result),
      '- draft d-2021 (snake, complete, 2021-08-28T18:00:00.000Z): 3 of 4 picks made\n' +
        '3 future picks, 1 of them traded.',
    );
    const picks = (result.structuredContent?.drafts as Array<{ picks: unknown[] }>)[0]?.picks;
    // In process nothing is serialized: compare as the wire carries it (undefined members absent).
    assert.deepEqual(JSON.parse(JSON.stringify(picks?.[0])), {
      overall: 1,
      round: 1,
      pick: 1,
      roster_id: '1',
      player_id: '4046',
      full_name: 'Patrick Mahomes',
      keeper: true,
    });
  });

  it('words problems in the tool terms, and checks the product', async () => {
    const client = await connect(['transaction']);
    const badTeam = await call(client, 'list_transactions', {
      league_id: leagueId,
      roster_id: '9',
    });
    assert.equal(badTeam.isError, true);
    assert.match(text(badTeam), /^invalid_parameter: roster_id names no team of league/);
    const badCursor = await call(client, 'list_transactions', {
      league_id: leagueId,
      cursor: 'nope',
    });
    assert.match(text(badCursor), /cursor is not a next_cursor this service gave/);
    const foreign = await call(client, 'get_draft', { league_id: leagueId + 1000 });
    assert.match(text(foreign), /^league_not_found: .*list_leagues lists them/);
    const leagueOnly = await connect(['league']);
    const refused = await call(leagueOnly, 'get_draft', { league_id: leagueId });
    assert.equal(refused.isError, true);
    assert.match(text(refused), /transaction/);
  });
});

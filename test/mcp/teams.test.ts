// The `team` product's MCP tools (list_teams, get_team, get_standings, list_matchups) over an
// in-memory transport, on a store written through the real write path: structured answers checked
// by the SDK against each tool's output schema, the text summaries, the problems in the tool's
// words, and the product check.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { createMcpServer } from '../../src/mcp/server.ts';
import { MAX_WEEK } from '../../src/serving/operations/matchups.ts';
import { MemoryRateLimitStore, RateLimiter } from '../../src/serving/rate-limit.ts';
import { createStoreReadModel } from '../../src/serving/read-model.ts';
import { writeLeagueSnapshot, writePlayerPool } from '../../src/storage/repositories/snapshots.ts';
import { issueToken } from '../../src/storage/repositories/tokens.ts';
import { createUser } from '../../src/storage/repositories/users.ts';
import { captureLogLines } from '../helpers/log-lines.ts';
import { buildPlayerPool } from '../helpers/records.ts';
import { createTestStore, testBackends } from '../helpers/store.ts';
import type { TestStore } from '../helpers/store.ts';
import { buildTeamLeagueSnapshot } from '../helpers/team-data.ts';

function text(result: CallToolResult): string {
  const first = result.content[0];
  return first?.type === 'text' ? first.text : '';
}

for (const dialect of testBackends()) {
  describe(`team tools over MCP (${dialect})`, () => {
    let store: TestStore;
    let leagueId: number;
    const clients: Client[] = [];

    async function connect(token: string): Promise<Client> {
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
      const client = new Client({ name: 'teams-test', version: '1.0.0' });
      await client.connect(clientSide);
      clients.push(client);
      return client;
    }

    let client: Client;
    let leagueOnly: Client;
    const call = async (name: string, args: Record<string, unknown>, via = client) =>
      (await via.callTool({ name, arguments: args })) as CallToolResult;

    before(async () => {
      store = await createTestStore(dialect);
      const user = await createUser(store.db, 'alice');
      await writePlayerPool(store, buildPlayerPool());
      ({ leagueId } = await writeLeagueSnapshot(store, buildTeamLeagueSnapshot(), {
        userId: user.id,
        accountId: null,
      }));
      const team = await issueToken(store.db, { userId: user.id, products: ['team'] });
      const league = await issueToken(store.db, { userId: user.id, products: ['league'] });
      client = await connect(team.token);
      leagueOnly = await connect(league.token);
    });
    after(async () => {
      for (const each of clients) await each.close();
      await store?.destroy();
    });

    it('lists the four team tools as read-only, each naming its product', async () => {
      const { tools } = await client.listTools();
      const mine = tools.filter((tool) =>
        ['list_teams', 'get_team', 'get_standings', 'list_matchups'].includes(tool.name),
      );
      assert.equal(mine.length, 4);
      for (const tool of mine) {
        assert.equal(tool.annotations?.readOnlyHint, true, tool.name);
        assert.equal(tool.outputSchema?.type, 'object', tool.name);
        assert.match(tool.description ?? '', /"team" product/, tool.name);
      }
      // The list tools answer alike: the league, how many, then the list.
      for (const [name, list] of [
        ['list_teams', 'teams'],
        ['get_standings', 'standings'],
        ['list_matchups', 'matchups'],
      ]) {
        const schema = mine.find((tool) => tool.name === name)?.outputSchema;
        assert.deepEqual(Object.keys(schema?.properties ?? {}), ['league_id', 'count', list], name);
        assert.deepEqual(schema?.required, ['league_id', 'count', list], name);
      }
      const getTeam = mine.find((tool) => tool.name === 'get_team');
      assert.deepEqual(getTeam?.inputSchema.required, ['league_id', 'roster_id']);
    });

    it('answers list_teams and get_standings with the records and a summary', async () => {
      const teams = await call('list_teams', { league_id: leagueId });
      assert.equal(teams.isError, undefined, text(teams));
      assert.equal(teams.structuredContent?.count, 3);
      assert.deepEqual(
        (teams.structuredContent?.teams as Array<{ roster_id: string }>).map((t) => t.roster_id),
        ['1', '2', '10'],
      );
      assert.match(text(teams), /Team One \(roster_id 1\), 2-0-1, 301\.12 points for, 250 against/);
      assert.match(text(teams), /Team Two \(roster_id 2\), 1-1, 210\.5 points for/);

      const standings = await call('get_standings', { league_id: leagueId });
      assert.equal(standings.isError, undefined, text(standings));
      assert.equal(standings.structuredContent?.count, 3);
      assert.deepEqual(
        (standings.structuredContent?.standings as Array<{ roster_id: string }>).map(
          (row) => row.roster_id,
        ),
        ['1', '2', '10'],
      );
      assert.match(text(standings), /^Standings of league \d+:\n- 1\. Team One/);
      assert.match(text(standings), /- - Ten & <Co> \(roster_id 10\)$/);
    });

    it('answers get_team with its players, and team_not_found in the tool words', async () => {
      const team = await call('get_team', { league_id: leagueId, roster_id: '1' });
      assert.equal(team.isError, undefined, text(team));
      assert.deepEqual(
        (team.structuredContent?.players as Array<{ player_id: string }>).map((p) => p.player_id),
        ['DET', '4046'],
      );
      assert.match(text(team), /2 players:\n- Detroit Lions \(DEF, DET\), player_id DET/);
      const missing = await call('get_team', { league_id: leagueId, roster_id: '7' });
      assert.equal(missing.isError, true);
      assert.equal(
        text(missing),
        `team_not_found: no team with roster_id "7" in league ${leagueId}; list_teams lists them`,
      );
    });

    it('answers list_matchups for every week or one, and refuses a bad week', async () => {
      const all = await call('list_matchups', { league_id: leagueId });
      assert.equal(all.structuredContent?.count, 4);
      const week = await call('list_matchups', { league_id: leagueId, week: 2 });
      assert.equal(week.structuredContent?.count, 2);
      assert.match(
        text(week),
        /^2 matchups in week 2 in league \d+:\n- week 2 #2: 2 99\.5 vs 1 101 \(final, regular\); winner 1\n- week 2 #10: 10 \(final, regular\)$/,
      );
      const none = await call('list_matchups', { league_id: leagueId, week: 9 });
      assert.match(text(none), /^No matchups in week 9 in league \d+\.$/);
      // In the HTTP API's words (?week=0: "week must be a whole number from 1 to 100 in plain
      // decimal digits; got "0""), less the digits, which a JSON number has no way to get wrong.
      const range = `a whole number from 1 to ${MAX_WEEK}`;
      for (const [week, shown] of [
        [0, '0'],
        [MAX_WEEK + 1, String(MAX_WEEK + 1)],
        [1.5, '1.5'],
        ['two', '"two"'],
      ] as const) {
        const bad = await call('list_matchups', { league_id: leagueId, week });
        assert.equal(bad.isError, true);
        assert.equal(text(bad), `invalid_parameter: week must be ${range}; got ${shown}`);
      }
    });

    it('refuses every team tool to a token without the team product', async () => {
      for (const name of ['list_teams', 'get_standings', 'list_matchups']) {
        const refused = await call(name, { league_id: leagueId }, leagueOnly);
        assert.equal(refused.isError, true, name);
        assert.match(text(refused), /^product_missing: .*"team"/, name);
      }
      const refused = await call('get_team', { league_id: leagueId, roster_id: '1' }, leagueOnly);
      assert.match(text(refused), /^product_missing: /);
    });
  });
}

// The game's MCP tools (get_rules, get_lineups, get_league_history, get_player_injury) over an
// in-memory transport, on a store written through the real write path: structured answers checked
// by the SDK against each tool's output schema, the text summaries, problems and the product check.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { createMcpServer } from '../../src/mcp/server.ts';
import { MemoryRateLimitStore, RateLimiter } from '../../src/serving/rate-limit.ts';
import { createStoreReadModel } from '../../src/serving/read-model.ts';
import { writeLeagueSnapshot, writePlayerPool } from '../../src/storage/repositories/snapshots.ts';
import { issueToken } from '../../src/storage/repositories/tokens.ts';
import { createUser } from '../../src/storage/repositories/users.ts';
import { buildGame, buildGameLeagueSnapshot } from '../helpers/game-data.ts';
import { captureLogLines } from '../helpers/log-lines.ts';
import { buildPlayerPool } from '../helpers/records.ts';
import { createTestStore, testBackends } from '../helpers/store.ts';
import type { TestStore } from '../helpers/store.ts';

function text(result: CallToolResult): string {
  const first = result.content[0];
  return first?.type === 'text' ? first.text : '';
}

for (const dialect of testBackends()) {
  describe(`game tools over MCP (${dialect})`, () => {
    let store: TestStore;
    let leagueId: number;
    let categoryLeagueId: number;
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
      const client = new Client({ name: 'game-test', version: '1.0.0' });
      await client.connect(clientSide);
      clients.push(client);
      return client;
    }

    let client: Client;
    let teamOnly: Client;
    const call = async (name: string, args: Record<string, unknown>, via = client) =>
      (await via.callTool({ name, arguments: args })) as CallToolResult;

    before(async () => {
      store = await createTestStore(dialect);
      const user = await createUser(store.db, 'alice');
      await writePlayerPool(store, buildPlayerPool());
      ({ leagueId } = await writeLeagueSnapshot(store, buildGameLeagueSnapshot(), {
        userId: user.id,
        accountId: null,
      }));
      ({ leagueId: categoryLeagueId } = await writeLeagueSnapshot(
        store,
        buildGameLeagueSnapshot({
          platformLeagueKey: '784462448236363999',
          game: buildGame({
            rules: {
              scoringType: 'head_to_head_categories',
              scoring: [],
              categories: [
                { statId: '7', statKey: 'home_runs' },
                { statId: '47', statKey: 'earned_run_average', lowerIsBetter: true },
              ],
              rosterSlots: [],
            },
          }),
        }),
        { userId: user.id, accountId: null },
      ));
      const all = await issueToken(store.db, {
        userId: user.id,
        products: ['league', 'team', 'player'],
      });
      const team = await issueToken(store.db, { userId: user.id, products: ['team'] });
      client = await connect(all.token);
      teamOnly = await connect(team.token);
    });
    after(async () => {
      for (const each of clients) await each.close();
      await store?.destroy();
    });

    it('answers get_rules and get_league_history', async () => {
      const rules = await call('get_rules', { league_id: leagueId });
      assert.equal(rules.isError, undefined, text(rules));
      assert.equal(rules.structuredContent?.scoring_type, 'head_to_head_points');
      assert.match(text(rules), /passing_yards: 0\.04/);
      // A rule's range is part of what it says: 4 points is for 40-49 yards, not every field goal.
      assert.match(text(rules), /^- bonus_pass_yd_300: 3 bonus at 300 or more$/m);
      assert.match(text(rules), /^- field_goals_made: 4 for 40 to 49$/m);
      assert.match(text(rules), /^- points_allowed: 10 bonus at 0$/m);
      assert.match(text(rules), /Lineup: 1 QB, 1 FLEX, 1 DEF, 5 BN\./);
      const categories = text(await call('get_rules', { league_id: categoryLeagueId }));
      // Which way a category counts is part of it: a lower ERA wins.
      assert.match(categories, /^- category home_runs$/m);
      assert.match(categories, /^- category earned_run_average \(lower is better\)$/m);
      const history = await call('get_league_history', { league_id: leagueId });
      assert.equal(history.isError, undefined, text(history));
      assert.deepEqual(history.structuredContent?.seasons, [
        { season: 2020, platform_league_id: '600000000000000001', league_id: null },
        { season: 2021, platform_league_id: '784462448236363776', league_id: leagueId },
      ]);
      assert.equal(history.structuredContent?.count, 2, 'a count, like the other lists');
      assert.match(text(history), /2020: not synced/);
    });

    it('answers get_lineups for a week and now, and refuses an unknown team', async () => {
      const week = await call('get_lineups', { league_id: leagueId, week: 1 });
      assert.equal(week.isError, undefined, text(week));
      assert.match(
        text(week),
        /^Week 1 lineups of league \d+:\n- Team 1: 88 points\n- {3}QB Patrick Mahomes 80\.5 \[out\]/,
      );
      const now = await call('get_lineups', { league_id: leagueId, roster_id: '2' });
      assert.match(
        text(now),
        /^Current lineups of league \d+:\n- Team 2\n- {3}IR Josh Allen \[questionable: Ankle\]$/,
      );
      const bad = await call('get_lineups', { league_id: leagueId, roster_id: '99' });
      assert.equal(bad.isError, true);
      assert.match(text(bad), /^invalid_parameter: .*roster_id/);
    });

    it('answers get_player_injury, and refuses tools of products the token lacks', async () => {
      const hurt = await call('get_player_injury', { league_id: leagueId, player_id: '4984' });
      assert.equal(hurt.isError, undefined, text(hurt));
      assert.equal(text(hurt), 'Josh Allen (4984): questionable, "Q", Ankle.');
      const fine = await call('get_player_injury', { league_id: leagueId, player_id: 'DET' });
      assert.equal(text(fine), 'Detroit Lions (DET) is not listed as injured.');
      const refused = await call('get_rules', { league_id: leagueId }, teamOnly);
      assert.match(text(refused), /^product_missing: .*"league"/);
    });
  });
}

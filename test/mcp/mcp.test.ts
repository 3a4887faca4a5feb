// `fantasy-data mcp` spawned as a process and driven by the MCP SDK's own client over stdio, on a
// demo store: the tool list, every tool's structured answer (checked by the SDK against the
// tool's output schema) and text, the same answers as the HTTP API, products, the rate limit,
// revocation, and the start-up refusals.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { loadConfig } from '../../src/config.ts';
import { apiRoutes } from '../../src/http/routes/index.ts';
import { startServer } from '../../src/main.ts';
import { CLI_ENTRY, REPO_ROOT, cliEnv, runCli, tempDataDir } from '../cli/run-cli.ts';
import type { TempDir } from '../cli/run-cli.ts';

const TSX_LOADER = import.meta.resolve('tsx');
const WEEKEND_LEAGUE = 11;

interface Session {
  client: Client;
  stderr: () => string;
  close(): Promise<void>;
}

async function openSession(env: Record<string, string>): Promise<Session> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ['--import', TSX_LOADER, CLI_ENTRY, 'mcp'],
    env: cliEnv(env),
    cwd: REPO_ROOT,
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const client = new Client({ name: 'fantasy-data-test', version: '1.0.0' });
  await client.connect(transport);
  return { client, stderr: () => stderr, close: () => client.close() };
}

async function call(
  session: Session,
  name: string,
  args: Record<string, unknown> = {},
): Promise<CallToolResult> {
  return (await session.client.callTool({ name, arguments: args })) as CallToolResult;
}

function text(result: CallToolResult): string {
  const first = result.content[0];
  return first?.type === 'text' ? first.text : '';
}

async function issue(dir: TempDir, products: string): Promise<string> {
  const created = await runCli(['tokens', 'create', '--user', 'demo', '--products', products], {
    FANTASY_DATA_DIR: dir.path,
  });
  assert.equal(created.code, 0, created.stderr);
  return created.stdout.trim();
}

describe('fantasy-data mcp over stdio', () => {
  let dir: TempDir;
  let token: string;
  let session: Session;

  before(async () => {
    dir = tempDataDir();
    const loaded = await runCli(['demo', 'load'], { FANTASY_DATA_DIR: dir.path });
    assert.equal(loaded.code, 0, loaded.stderr);
    token = await issue(dir, 'league roster player team transaction user meta');
    session = await openSession({ FANTASY_DATA_DIR: dir.path, FANTASY_TOKEN: token });
  });
  after(async () => {
    await session?.close();
    dir.remove();
  });

  it('lists one read-only tool per API operation, with input and output schemas', async () => {
    const { tools } = await session.client.listTools();
    const names = tools.map((tool) => tool.name);
    assert.deepEqual(names.slice(0, 5), [
      'list_leagues',
      'get_league',
      'get_player',
      'find_player_by_name',
      'list_rostered_players',
    ]);
    assert.equal(names.length, apiRoutes(loadConfig({}).supportedSeasons).length);
    for (const name of [
      'list_teams',
      'get_team',
      'get_standings',
      'list_matchups',
      'list_transactions',
      'get_draft',
      'get_user',
      'get_meta',
      'get_player_ids',
    ])
      assert.ok(names.includes(name));
    for (const tool of tools) {
      assert.equal(tool.annotations?.readOnlyHint, true, tool.name);
      assert.equal(tool.inputSchema.type, 'object');
      assert.equal(tool.outputSchema?.type, 'object');
      assert.ok((tool.description ?? '').length > 80, tool.name);
    }
    const find = tools.find((tool) => tool.name === 'find_player_by_name');
    assert.deepEqual(find?.inputSchema.required, ['league_id', 'name']);
    assert.match(session.stderr(), /store: .*fantasy\.sqlite/);
  });

  it("tells the user, the deployment and a player's ids elsewhere", async () => {
    const user = await call(session, 'get_user');
    assert.equal(user.structuredContent?.name, 'demo');
    assert.match(text(user), /demo/);
    const meta = await call(session, 'get_meta');
    assert.equal((meta.structuredContent?.leagues as unknown[]).length, 17);
    assert.match(text(meta), /Platforms: sleeper, espn, yahoo, mfl, fleaflicker, fantrax, demo\./);
    const ids = await call(session, 'get_player_ids', {
      league_id: WEEKEND_LEAGUE,
      player_id: '4046',
    });
    assert.equal(ids.structuredContent?.player_id, '4046');
    // The demo's players are nobody elsewhere.
    assert.deepEqual(ids.structuredContent?.ids, []);
  });

  it('answers what the HTTP API answers, as structured content and a text summary', async () => {
    const all = await call(session, 'list_leagues');
    const leagues = all.structuredContent?.leagues as Array<{ league_id: number }>;
    assert.equal(all.structuredContent?.count, 17);
    const filtered = await call(session, 'list_leagues', { sport: ['football'], season: [2021] });
    assert.match(text(filtered), /Weekend Football League \(league_id 11\): football 2021 on demo/);
    const settings = await call(session, 'get_league', { league_id: WEEKEND_LEAGUE });
    const rostered = await call(session, 'list_rostered_players', { league_id: WEEKEND_LEAGUE });

    // The same store through the HTTP API gives the same records.
    const server = await startServer(
      loadConfig({ FANTASY_DATA_DIR: dir.path, HOST: '127.0.0.1', PORT: '0' }),
    );
    try {
      const get = async (path: string): Promise<unknown> =>
        (await fetch(server.url + path, { headers: { 'X-Auth-Token': token } })).json();
      assert.deepEqual(leagues, await get('/league/findAllLeagues'));
      assert.deepEqual(settings.structuredContent, await get(`/league/settings/${WEEKEND_LEAGUE}`));
      assert.deepEqual(
        rostered.structuredContent?.players_by_name,
        await get(`/players/getAllRostered/${WEEKEND_LEAGUE}/names`),
      );
    } finally {
      await server.close();
    }
  });

  it('finds players by id and by name, listing the other candidates when names clash', async () => {
    const clash = await call(session, 'find_player_by_name', {
      league_id: WEEKEND_LEAGUE,
      name: 'josh allman',
    });
    assert.equal(clash.isError, undefined);
    const found = clash.structuredContent as {
      match_count: number;
      best: { player_id: string; full_name: string };
      other_candidates: Array<{ player_id: string; full_name: string }>;
    };
    assert.equal(found.match_count, 2);
    assert.equal(found.other_candidates.length, 1);
    assert.equal(found.other_candidates[0]?.full_name, 'Josh Allman');
    assert.notEqual(found.other_candidates[0]?.player_id, found.best.player_id);
    assert.match(text(clash), /^2 players match "josh allman"; best: Josh Allman/);

    const single = await call(session, 'find_player_by_name', {
      league_id: WEEKEND_LEAGUE,
      name: 'andres penalosa',
    });
    assert.equal(single.structuredContent?.match_count, 1);
    assert.deepEqual(single.structuredContent?.other_candidates, []);

    const byId = await call(session, 'get_player', {
      league_id: WEEKEND_LEAGUE,
      player_id: found.best.player_id,
    });
    assert.deepEqual(byId.structuredContent, found.best);
    assert.match(text(byId), new RegExp(`player_id ${found.best.player_id}, rostered by`));
  });

  it('answers problems as tool errors a model can act on', async () => {
    const missing = await call(session, 'get_league', { league_id: 999_999 });
    assert.equal(missing.isError, true);
    assert.match(text(missing), /^league_not_found: no league 999999 .*list_leagues/);
    const malformed = await call(session, 'get_league', { league_id: 'eleven' });
    assert.equal(malformed.isError, true);
    assert.equal(
      text(malformed),
      'invalid_parameter: league_id must be a whole number from 1 to 9007199254740991; got "eleven"',
    );
    const cricket = await call(session, 'list_leagues', { sport: ['cricket'] });
    assert.equal(cricket.isError, true);
    assert.equal(
      text(cricket),
      'invalid_parameter: sport[0] must be one of baseball, football, basketball; got "cricket"',
    );
    const lacking = await call(session, 'get_player', { league_id: WEEKEND_LEAGUE });
    assert.equal(text(lacking), 'invalid_parameter: player_id is required');
    const extra = await call(session, 'get_league', { league_id: 1, season: 2021 });
    assert.equal(text(extra), 'invalid_parameter: season is not a parameter of this tool');
    const unnamed = await call(session, 'find_player_by_name', {
      league_id: WEEKEND_LEAGUE,
      name: '...',
    });
    assert.match(text(unnamed), /^invalid_parameter: name must contain/);
    const nobody = await call(session, 'get_player', { league_id: WEEKEND_LEAGUE, player_id: 'x' });
    assert.match(text(nobody), /^player_not_found: /);
    const unknown = await call(session, 'drop_table');
    assert.equal(unknown.isError, true);
  });
});

describe('fantasy-data mcp: the token decides, as on the HTTP API', () => {
  let dir: TempDir;

  before(async () => {
    dir = tempDataDir();
    const loaded = await runCli(['demo', 'load'], { FANTASY_DATA_DIR: dir.path });
    assert.equal(loaded.code, 0, loaded.stderr);
  });
  after(() => dir.remove());

  it('requires each tool’s product and stops at the rate limit', async () => {
    const leagueOnly = await issue(dir, 'league');
    const session = await openSession({
      FANTASY_DATA_DIR: dir.path,
      FANTASY_TOKEN: leagueOnly,
      RATE_LIMIT_PER_MINUTE: '3',
    });
    try {
      assert.equal((await call(session, 'list_leagues')).isError, undefined);
      const refused = await call(session, 'list_rostered_players', { league_id: WEEKEND_LEAGUE });
      assert.match(text(refused), /^product_missing: .*"roster"/);
      assert.equal((await call(session, 'get_league', { league_id: 1 })).isError, undefined);
      const limited = await call(session, 'get_league', { league_id: 1 });
      assert.equal(limited.isError, true);
      assert.match(text(limited), /^rate_limited: this token made more than 3 requests/);
    } finally {
      await session.close();
    }
  });

  it('notices a revoked token within about a second', async () => {
    const token = await issue(dir, 'league');
    const session = await openSession({ FANTASY_DATA_DIR: dir.path, FANTASY_TOKEN: token });
    try {
      assert.equal((await call(session, 'list_leagues')).isError, undefined);
      const revoked = await runCli(['tokens', 'revoke', token], { FANTASY_DATA_DIR: dir.path });
      assert.equal(revoked.code, 0, revoked.stderr);
      await new Promise((resolve) => setTimeout(resolve, 1100));
      assert.match(text(await call(session, 'list_leagues')), /^token_revoked: /);
    } finally {
      await session.close();
    }
  });

  it('refuses to start without a usable token or store', async () => {
    const noToken = await runCli(['mcp'], { FANTASY_DATA_DIR: dir.path });
    assert.equal(noToken.code, 2);
    assert.match(noToken.stderr, /FANTASY_TOKEN must hold an API token/);
    const unknown = await runCli(['mcp'], {
      FANTASY_DATA_DIR: dir.path,
      FANTASY_TOKEN: `fld_${'A'.repeat(43)}`,
    });
    assert.equal(unknown.code, 2);
    assert.match(unknown.stderr, /FANTASY_TOKEN: the token is not one this service issued/);
    assert.equal(unknown.stdout, '', 'nothing but the protocol on stdout');
    const empty = tempDataDir();
    try {
      const noStore = await runCli(['mcp'], { FANTASY_DATA_DIR: empty.path, FANTASY_TOKEN: 'x' });
      assert.equal(noStore.code, 1);
      assert.match(noStore.stderr, /no store at/);
    } finally {
      empty.remove();
    }
  });
});

// One platform end to end, as an operator does it: a fake platform on 127.0.0.1, a throwaway data
// dir, the real CLI (a child process: users, link, sync, tokens) and then the real HTTP server,
// read with a token. Each platform's e2e test (test/cli/*-e2e.test.ts) calls `endToEnd` inside its
// describe with what is its own: how to start its fake and the variables that point the CLI at it.
import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import { loadConfig } from '../../src/config.ts';
import { startServer } from '../../src/main.ts';
import type { RunningServer } from '../../src/main.ts';
import { runCli, tempDataDir } from '../cli/run-cli.ts';
import type { CliResult, TempDir } from '../cli/run-cli.ts';
import { TEST_SEASONS } from './seasons.ts';

/** A league as /league/findAllLeagues and /league/settings serve it. */
export interface LeagueBody {
  league_id: number;
  name: string;
  platform: string;
  sport: string;
  season: number;
  num_teams: number;
  league_url?: string;
  league_avatar?: string;
}

export interface EndToEndOptions<Fake> {
  startFake(): Promise<Fake>;
  /** The variables that point the CLI at the fake (FANTASY_DATA_DIR is added). */
  env(fake: Fake): Record<string, string>;
}

/** Its functions can be taken apart (`const { cli, getJson } = e2e`); `fake` is there once started. */
export interface EndToEnd<Fake> {
  readonly fake: Fake;
  readonly dataDir: string;
  /** Every CLI run so far, in order: no secret may show in any of them. */
  readonly outputs: readonly CliResult[];
  /** What `get` sends when given no token: set it to the token of the user the test reads as. */
  token: string;
  cli(...args: string[]): Promise<CliResult>;
  /** `cli` with more variables (SUPPORTED_SEASONS, say) over the fake's. */
  cliWith(env: Record<string, string>, ...args: string[]): Promise<CliResult>;
  createUser(name: string): Promise<void>;
  /** A token of the user for the three products, from `tokens create`. */
  issueToken(user: string): Promise<string>;
  /** The real HTTP server on the data dir; stopped by `stopApi` or at the end of the suite. */
  startApi(env?: Record<string, string>): Promise<RunningServer>;
  stopApi(): Promise<void>;
  get(path: string, token?: string): Promise<Response>;
  /** The body of a GET that must answer 200. */
  getJson(path: string, token?: string): Promise<unknown>;
}

/** Call inside a describe: the fake and the data dir are made before its tests, removed after. */
export function endToEnd<Fake extends { close(): Promise<void> }>(
  options: EndToEndOptions<Fake>,
): EndToEnd<Fake> {
  let fake: Fake | undefined;
  let dir: TempDir | undefined;
  let server: RunningServer | undefined;
  const outputs: CliResult[] = [];
  const dataDir = () => (dir ?? assert.fail('the data dir is not made yet')).path;
  const started = () => fake ?? assert.fail('the fake platform is not started yet');

  const cliWith = async (env: Record<string, string>, ...args: string[]) => {
    const result = await runCli(args, {
      FANTASY_DATA_DIR: dataDir(),
      ...options.env(started()),
      ...env,
    });
    outputs.push(result);
    return result;
  };
  const cli = (...args: string[]) => cliWith({}, ...args);
  const stopApi = async () => {
    const running = server;
    server = undefined;
    await running?.close();
  };
  const get = (path: string, token: string = run.token) => {
    const running = server ?? assert.fail('the HTTP server is not running');
    return fetch(`${running.url}${path}`, { headers: { 'X-Auth-Token': token } });
  };

  const run: EndToEnd<Fake> = {
    get fake() {
      return started();
    },
    get dataDir() {
      return dataDir();
    },
    outputs,
    token: '',
    cli,
    cliWith,
    async createUser(name) {
      const created = await cli('users', 'create', name);
      assert.equal(created.code, 0, created.stderr);
    },
    async issueToken(user) {
      const products = 'league roster player';
      const created = await cli('tokens', 'create', '--user', user, '--products', products);
      assert.equal(created.code, 0, created.stderr);
      return created.stdout.trim();
    },
    async startApi(env = {}) {
      assert.equal(server, undefined, 'the HTTP server is already running');
      server = await startServer(
        loadConfig({
          FANTASY_DATA_DIR: dataDir(),
          PORT: '0',
          SUPPORTED_SEASONS: TEST_SEASONS,
          ...env,
        }),
      );
      return server;
    },
    stopApi,
    get,
    async getJson(path, token) {
      const response = await get(path, token);
      assert.equal(response.status, 200, `${path}: ${await response.clone().text()}`);
      return (await response.json()) as unknown;
    },
  };
  before(async () => {
    fake = await options.startFake();
    dir = tempDataDir();
  });
  after(async () => {
    await stopApi();
    await fake?.close();
    dir?.remove();
  });
  return run;
}

// What a first-time user of the command line meets: which store a command uses (and not
// creating one by reading), --version, bad configuration as bad input, what `sync status`
// shows, and messages that say what to do next.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { openStore } from '../../src/storage/db.ts';
import { linkAccount, markLinkProblem } from '../../src/storage/repositories/accounts.ts';
import {
  claimLeagueRefresh,
  finishLeagueRefresh,
  planLeagueRefreshes,
} from '../../src/storage/repositories/live.ts';
import { startSyncRun } from '../../src/storage/repositories/syncs.ts';
import { findUserByName } from '../../src/storage/repositories/users.ts';
import { startFakePlatform } from '../helpers/fake-platform.ts';
import { REPO_ROOT, runCli, tempDataDir } from './run-cli.ts';
import type { TempDir } from './run-cli.ts';

describe('the command line for a first-time user', () => {
  let dir: TempDir;
  /** Run from `dir` (a folder that is not the repository) with no FANTASY_DATA_DIR. */
  const here = (...args: string[]) => runCli(args, {}, dir.path);
  const storeFile = () => join(dir.path, 'data', 'fantasy.sqlite');

  before(() => {
    dir = tempDataDir();
  });
  after(() => dir.remove());

  it('prints the version', async () => {
    const { version } = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as {
      version: string;
    };
    const result = await here('--version');
    assert.equal(result.code, 0, result.stderr);
    assert.equal(result.stdout, `fantasy-data ${version}\n`);
    assert.match((await here('--help')).stdout, /--version/);
  });

  it('commands that only read create no store; they say where they looked', async () => {
    for (const args of [
      ['users', 'list'],
      ['tokens', 'list', '--user', 'alice'],
      ['sync', 'status'],
    ]) {
      const result = await here(...args);
      assert.equal(result.code, 1, `${args.join(' ')}: ${result.stderr}`);
      assert.equal(result.stdout, '');
      assert.ok(result.stderr.includes(`no store at ${storeFile()}`), result.stderr);
      assert.match(result.stderr, /FANTASY_DATA_DIR/);
      assert.equal(existsSync(join(dir.path, 'data')), false, `${args.join(' ')} made ./data`);
    }
  });

  it('every command names the store it uses on stderr, data stays on stdout', async () => {
    const created = await here('users', 'create', 'alice');
    assert.equal(created.code, 0, created.stderr);
    assert.ok(created.stderr.includes(`store: ${storeFile()}`), created.stderr);
    assert.match(created.stderr, /\.\/data in the current folder/);
    const listed = await here('users', 'list');
    assert.equal(listed.code, 0, listed.stderr);
    assert.ok(listed.stderr.includes(`store: ${storeFile()}`), listed.stderr);
    assert.match(listed.stdout, /^ID\s+NAME/);
    const elsewhere = await runCli(['users', 'list'], { FANTASY_DATA_DIR: join(dir.path, 'data') });
    assert.equal(elsewhere.code, 0, elsewhere.stderr);
    assert.match(elsewhere.stderr, /store: .*fantasy\.sqlite \(FANTASY_DATA_DIR\)/);
    assert.match(elsewhere.stdout, /alice/);
  });

  it('a bad configuration value is bad input: exit 2 naming the variable, serve too', async () => {
    for (const args of [['users', 'list'], ['serve']]) {
      const result = await runCli(args, { PORT: 'eighty' }, dir.path);
      assert.equal(result.code, 2, `${args.join(' ')}: ${result.stderr}`);
      assert.match(result.stderr, /PORT: must be a whole number/);
    }
  });

  it('sync of a user with nothing linked says how to link', async () => {
    const result = await here('sync', '--user', 'alice');
    assert.equal(result.code, 1);
    assert.match(result.stderr, /alice has no linked platform accounts/);
    assert.match(result.stderr, /fantasy-data link sleeper --user alice --username/);
  });

  it('link with the platform unreachable names the host, not "not found"', async () => {
    const server = await startFakePlatform();
    const { host } = new URL(server.url);
    await server.close();
    const result = await runCli(
      ['link', 'sleeper', '--user', 'alice', '--username', 'somebody'],
      { SLEEPER_BASE_URL: `http://${host}/v1` },
      dir.path,
    );
    assert.equal(result.code, 1, result.stderr);
    assert.match(result.stderr, new RegExp(`could not reach ${host}: connection refused`));
    assert.doesNotMatch(result.stderr, /fetch failed/);
  });

  it('sync status shows whose leagues, accounts to link again and runs that died', async () => {
    const store = await openStore({ dataDir: join(dir.path, 'data') });
    try {
      const alice = await findUserByName(store.db, 'alice');
      assert.ok(alice);
      const account = await linkAccount(store.db, {
        userId: alice.id,
        platform: 'sleeper',
        externalUserId: 'A',
        username: 'alice_s',
      });
      await markLinkProblem(store.db, account.id, 'sleeper: the platform refused the credentials');
      await startSyncRun(store.db, {
        userId: alice.id,
        platform: 'sleeper',
        trigger: 'cli',
        owner: 'another-host:4242',
      });
      await store.db
        .updateTable('sync_runs')
        .set({ heartbeat_at: '2020-01-01T00:00:00.000Z' })
        .execute();
    } finally {
      await store.close();
    }
    const loaded = await here('demo', 'load');
    assert.equal(loaded.code, 0, loaded.stderr);
    const status = await here('sync', 'status');
    assert.equal(status.code, 0, status.stderr);
    const lines = status.stdout.split('\n');
    assert.match(lines[0] ?? '', /^USER\s+PLATFORM\s+LEAGUE/);
    assert.match(lines[1] ?? '', /^demo\s+demo\s+/);
    assert.match(
      status.stdout,
      /alice\s+sleeper\s+needs linking again: sleeper: the platform refused the credentials \(link it again: fantasy-data link sleeper --user alice/,
    );
    assert.match(
      status.stdout,
      /alice\s+sleeper\s+run \d+ .*interrupted: no sign of life from its process \(pid 4242 on another-host\)/,
    );
    const demoOnly = await here('sync', 'status', '--user', 'demo');
    assert.doesNotMatch(demoOnly.stdout, /alice/);
  });

  it("sync status shows each league's last live refresh and the next one planned", async () => {
    const before = await here('sync', 'status', '--user', 'demo');
    assert.match(before.stdout, /LAST ATTEMPT\s+LAST REFRESHED\s+NEXT REFRESH\s+LAST ERROR/);
    assert.doesNotMatch(before.stdout, /2026-11-29T18:0/);
    const store = await openStore({ dataDir: join(dir.path, 'data') });
    try {
      const league = await store.db
        .selectFrom('leagues')
        .select('id')
        .orderBy('id')
        .executeTakeFirst();
      assert.ok(league);
      const at = '2026-11-29T18:01:00.000Z';
      await planLeagueRefreshes(store, [{ leagueId: league.id, next: at }]);
      assert.ok(await claimLeagueRefresh(store, league.id, at, '2026-11-29T18:02:00.000Z', at));
      await finishLeagueRefresh(store.db, league.id, {
        period: 3,
        at,
        next: '2026-11-29T18:01:40.000Z',
        outcome: 'unchanged',
      });
      const after = await here('sync', 'status', '--user', 'demo');
      assert.equal(after.code, 0, after.stderr);
      const row = after.stdout.split('\n').find((line) => line.includes(at));
      assert.match(row ?? '', new RegExp(`\\s${league.id}\\s.*${at}\\s+2026-11-29T18:01:40.000Z`));
      assert.match(after.stdout, /never\s+-/);
    } finally {
      await store.close();
    }
  });
});

// Argument checking of every command, in-process through runCli (the same dispatcher the
// binary runs) with captured output: usage errors exit 2 before anything is opened or written.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli } from '../../src/cli/run.ts';
import type { CliIo } from '../../src/cli/io.ts';
import { tempDataDir } from './run-cli.ts';
import type { TempDir } from './run-cli.ts';

describe('CLI arguments', () => {
  let dir: TempDir;
  before(() => {
    dir = tempDataDir();
  });
  after(() => dir.remove());

  async function cli(...argv: string[]) {
    const out: string[] = [];
    const err: string[] = [];
    const io: CliIo = {
      out: (line) => out.push(line),
      err: (line) => err.push(line),
      env: { FANTASY_DATA_DIR: join(dir.path, 'data'), LOG_LEVEL: 'silent' },
    };
    const code = await runCli(argv, io);
    return { code, stdout: out.join('\n'), stderr: err.join('\n') };
  }

  it('prints each command group usage on --help', async () => {
    for (const group of ['serve', 'users', 'tokens', 'link', 'sync', 'demo']) {
      const result = await cli(group, '--help');
      assert.equal(result.code, 0, group);
      assert.match(result.stdout, new RegExp(`fantasy-data ${group}`));
      assert.equal(result.stderr, '');
    }
  });

  const usageErrors: Array<[string[], RegExp]> = [
    [['users'], /users needs an action/],
    [['users', 'create'], /exactly one NAME/],
    [['users', 'delete', 'x'], /unknown users action "delete"/],
    [['tokens', 'create', '--products', 'league'], /--user is required/],
    [['tokens', 'create', '--user', 'a', '--products', ''], /--products is required/],
    [
      ['tokens', 'create', '--user', 'a', '--products', 'league', '--expires-in', '0d'],
      /longer than zero/,
    ],
    [['tokens', 'create', '--user'], /--user/],
    [['tokens', 'revoke'], /either one TOKEN or --id N/],
    [['tokens', 'revoke', '--id', 'seven'], /--id must be a token id/],
    [['tokens', 'frob'], /unknown tokens action/],
    [['link', 'sleeper', '--username', 'x'], /--user is required/],
    [
      ['link', 'myspace', '--user', 'a', '--username', 'x'],
      /unknown platform "myspace"; platforms: sleeper, espn/,
    ],
    [['link'], /exactly one PLATFORM/],
    [['sync'], /either --user NAME or --all/],
    [['sync', '--user', 'a', '--all'], /either --user NAME or --all/],
    [['sync', '--all', '--platform', 'sleeper'], /--platform goes with --user/],
    [
      ['sync', '--user', 'a', '--sport', 'hockey'],
      /unknown sport "hockey"; sports: baseball, football, basketball/,
    ],
    [['sync', '--user', 'a', '--season', '1999'], /unknown season "1999"; seasons: 2017/],
    [['sync', '--user', 'a', '--platform', 'aol'], /unknown platform "aol"/],
    [['sync', 'status', '--sport', 'football'], /sync status takes only --user/],
    [['demo'], /one action: load/],
    [['serve', 'now'], /unexpected argument "now"/],
  ];
  for (const [argv, message] of usageErrors) {
    it(`exits 2 on: ${argv.join(' ')}`, async () => {
      const result = await cli(...argv);
      assert.equal(result.code, 2);
      assert.equal(result.stdout, '');
      assert.match(result.stderr, message);
      assert.match(result.stderr, /Usage:/);
    });
  }

  it('opened no store for any of them', () => {
    assert.equal(existsSync(join(dir.path, 'data')), false);
  });

  it('failures that need the store exit 1 with a message', async () => {
    const noStore = await cli('sync', '--user', 'nobody');
    assert.equal(noStore.code, 1);
    assert.match(noStore.stderr, /no store at .*nothing was created/);
    await cli('users', 'create', 'alice');
    const sync = await cli('sync', '--user', 'nobody');
    assert.equal(sync.code, 1);
    assert.match(sync.stderr, /no user named "nobody"/);
    const unlinked = await cli('sync', '--user', 'alice');
    assert.equal(unlinked.code, 1);
    assert.match(unlinked.stderr, /alice has no linked platform accounts; link one first/);
    const noUser = await cli('tokens', 'list', '--user', 'bob');
    assert.equal(noUser.code, 1);
    const status = await cli('sync', 'status');
    assert.equal(status.code, 0);
    assert.match(status.stdout, /^USER\s+PLATFORM/);
  });

  it('refuses a credentials file that is missing or not JSON (exit 2) without echoing it', async () => {
    const file = join(dir.path, 'credentials.txt');
    writeFileSync(file, 'espn_s2=very-secret\n');
    const args = ['link', 'demo', '--user', 'alice', '--username', 'demo', '--credentials-file'];
    const notJson = await cli(...args, file);
    assert.equal(notJson.code, 2);
    assert.match(notJson.stderr, /credentials file .* is not valid JSON/);
    assert.ok(!notJson.stderr.includes('very-secret') && !notJson.stdout.includes('very-secret'));
    const missing = await cli(...args, join(dir.path, 'nope.json'));
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /cannot read the credentials file .*nope\.json \(ENOENT\)/);
    const noUsername = await cli('link', 'sleeper', '--user', 'alice');
    assert.equal(noUsername.code, 2);
    assert.match(noUsername.stderr, /linking Sleeper needs --username/);
    const unknown = await cli('link', 'demo', '--user', 'alice', '--username', 'someone');
    assert.equal(unknown.code, 1);
    assert.match(unknown.stderr, /no demo user named "someone"/);
  });
});

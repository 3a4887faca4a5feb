// The admin CLI as a user runs it: a real process, a real SQLite store in a temp data dir.
// Data on stdout, messages on stderr; exit 0 success, 1 failure, 2 usage error.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { openStore } from '../../src/storage/db.ts';
import { runCli, tempDataDir } from './run-cli.ts';
import type { TempDir } from './run-cli.ts';

const TOKEN_LINE = /^fld_[A-Za-z0-9_-]{43}\n$/;

describe('fantasy-data CLI', () => {
  let dir: TempDir;
  const cli = (...args: string[]) => runCli(args, { FANTASY_DATA_DIR: dir.path });
  async function countTokens(): Promise<number> {
    const store = await openStore({ dataDir: dir.path });
    try {
      return (await store.db.selectFrom('tokens').select('id').execute()).length;
    } finally {
      await store.close();
    }
  }

  before(() => {
    dir = tempDataDir();
  });
  after(() => dir.remove());

  it('prints usage on --help (exit 0) and on no or unknown commands (exit 2)', async () => {
    const help = await cli('--help');
    assert.equal(help.code, 0);
    assert.match(help.stdout, /Usage: fantasy-data <command>/);
    assert.match(help.stdout, /tokens create --user NAME --products/);
    const none = await cli();
    assert.equal(none.code, 2);
    assert.equal(none.stdout, '');
    assert.match(none.stderr, /Usage: fantasy-data/);
    const unknown = await cli('frobnicate');
    assert.equal(unknown.code, 2);
    assert.match(unknown.stderr, /unknown command "frobnicate"/);
  });

  it('creates and lists users', async () => {
    const created = await cli('users', 'create', 'alice');
    assert.equal(created.code, 0, created.stderr);
    assert.match(created.stderr, /created user alice/);
    const again = await cli('users', 'create', 'alice');
    assert.equal(again.code, 1);
    assert.match(again.stderr, /alice/);
    const bad = await cli('users', 'create', 'no spaces please');
    assert.equal(bad.code, 2);
    const list = await cli('users', 'list');
    assert.equal(list.code, 0);
    assert.match(list.stdout, /^ID\s+NAME\s+CREATED/);
    assert.match(list.stdout, /\n1\s+alice\s+\d{4}-/);
    assert.doesNotMatch(list.stdout, /no spaces/);
  });

  it('lists users a page at a time, saying how to get the next', async () => {
    for (const name of ['bob', 'carol']) assert.equal((await cli('users', 'create', name)).code, 0);
    const first = await cli('users', 'list', '--limit', '2');
    assert.equal(first.code, 0, first.stderr);
    assert.match(first.stdout, /\n\d+\s+alice.*\n\d+\s+bob/s);
    assert.doesNotMatch(first.stdout, /carol/);
    const bobId = /\n(\d+)\s+bob/.exec(first.stdout)?.[1];
    const said = `more users follow: fantasy-data users list --after ${bobId} --limit 2`;
    assert.ok(first.stderr.includes(said), first.stderr);
    const next = await cli('users', 'list', '--after', String(bobId), '--limit', '2');
    assert.match(next.stdout, /\n\d+\s+carol/);
    assert.doesNotMatch(next.stdout, /alice|bob/);
    assert.doesNotMatch(next.stderr, /more users follow/);
    for (const bad of [['--limit', '0'], ['--limit', '1001'], ['--after=-1'], ['--limit', 'x']]) {
      const refused = await cli('users', 'list', ...bad);
      assert.equal(refused.code, 2, bad.join(' '));
      assert.match(refused.stderr, /must be a whole number/);
    }
  });

  it('tokens create prints only the token on stdout', async () => {
    const result = await cli(
      'tokens',
      'create',
      '--user',
      'alice',
      '--products',
      'league roster player',
      '--expires-in',
      '30d',
    );
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stdout, TOKEN_LINE);
    assert.match(result.stderr, /products league roster player; expires \d{4}-/);
    assert.ok(!result.stderr.includes(result.stdout.trim()), 'the token is not echoed on stderr');
    const list = await cli('tokens', 'list', '--user', 'alice');
    assert.equal(list.code, 0);
    const token = result.stdout.trim();
    assert.ok(list.stdout.includes(`${token.slice(0, 10)}…`), list.stdout);
    assert.ok(!list.stdout.includes(token), 'listings never show the token');
    assert.doesNotMatch(list.stdout, /[0-9a-f]{64}/, 'nor its hash');
    assert.match(list.stdout, /league roster player/);
  });

  it('refuses bad token input with exit 2 and writes nothing', async () => {
    const before = await countTokens();
    const products = await cli(
      'tokens',
      'create',
      '--user',
      'alice',
      '--products',
      'league everything',
    );
    assert.equal(products.code, 2);
    assert.equal(products.stdout, '');
    assert.match(products.stderr, /unknown product "everything"; valid products are: league/);
    const lifetime = await cli(
      'tokens',
      'create',
      '--user',
      'alice',
      '--products',
      'league',
      '--expires-in',
      'forever',
    );
    assert.equal(lifetime.code, 2);
    assert.match(lifetime.stderr, /not a duration/);
    const missing = await cli('tokens', 'create', '--user', 'alice');
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /--products is required/);
    const nobody = await cli('tokens', 'create', '--user', 'nobody', '--products', 'league');
    assert.equal(nobody.code, 1);
    assert.match(nobody.stderr, /no user named "nobody"/);
    assert.equal(await countTokens(), before);
  });

  it('revokes a token by value or by id, once', async () => {
    const token = (
      await cli('tokens', 'create', '--user', 'alice', '--products', 'league')
    ).stdout.trim();
    const revoked = await cli('tokens', 'revoke', token);
    assert.equal(revoked.code, 0, revoked.stderr);
    assert.ok(!revoked.stderr.includes(token));
    const twice = await cli('tokens', 'revoke', token);
    assert.equal(twice.code, 1);
    assert.match(twice.stderr, /unknown or already revoked/);
    const byId = await cli('tokens', 'revoke', '--id', '1');
    assert.equal(byId.code, 0, byId.stderr);
    const list = await cli('tokens', 'list', '--user', 'alice');
    const revokedRows = list.stdout.split('\n').filter((line) => /\s\d{4}-\S+Z$/.test(line));
    assert.equal(revokedRows.length, 2, list.stdout);
    const prefixOnly = await cli('tokens', 'revoke', token.slice(0, 10));
    assert.equal(prefixOnly.code, 2);
    assert.match(prefixOnly.stderr, /--id N/);
  });

  it('loads the demo twice: the second load changes nothing', async () => {
    const first = await cli('demo', 'load');
    assert.equal(first.code, 0, first.stderr);
    assert.match(
      first.stdout,
      /^PLATFORM\s+LEAGUE\s+ID\s+SEASON\s+SPORT\s+OUTCOME\s+TEAMS\s+ROSTERED\s+ERROR/,
    );
    const found = Number(
      /ok: (\d+) leagues found, \1 written, 0 unchanged, 0 failed/.exec(first.stdout)?.[1],
    );
    assert.ok(found > 0, first.stdout);
    assert.match(first.stderr, /leagues found/);
    assert.match(first.stderr, /player pool refreshed/);
    const second = await cli('demo', 'load');
    assert.equal(second.code, 0);
    assert.match(
      second.stdout,
      new RegExp(`unchanged: ${found} leagues found, 0 written, ${found} unchanged, 0 failed`),
    );
    const status = await cli('sync', 'status', '--user', 'demo');
    assert.equal(status.code, 0);
    assert.equal(status.stdout.trim().split('\n').length, found + 1);
    assert.match(status.stdout, /LAST SYNCED/);
  });

  it('reports a configuration error naming the variable, exit 2 (bad input)', async () => {
    const result = await runCli(['users', 'list'], {
      FANTASY_DATA_DIR: dir.path,
      FANTASY_SECRET_KEY: 'short',
    });
    assert.equal(result.code, 2);
    assert.match(result.stderr, /^configuration error: FANTASY_SECRET_KEY: must be 32 bytes/);
  });
});

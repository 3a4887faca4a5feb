// `fantasy-data admin-keys`: a key is printed once and stored hashed; list shows prefixes only;
// revoke by key or id, once.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { hashToken } from '../../src/domain/tokens.ts';
import { openStore } from '../../src/storage/db.ts';
import { listAdminKeys } from '../../src/storage/repositories/admin-keys.ts';
import { runCli, tempDataDir } from './run-cli.ts';
import type { TempDir } from './run-cli.ts';

const KEY_LINE = /^fla_[A-Za-z0-9_-]{43}\n$/;

describe('fantasy-data admin-keys', () => {
  let dir: TempDir;
  const cli = (...args: string[]) => runCli(args, { FANTASY_DATA_DIR: dir.path });

  before(() => {
    dir = tempDataDir();
  });
  after(() => dir.remove());

  it('creates a key shown once, stores only its hash, lists and revokes it', async () => {
    const created = await cli('admin-keys', 'create', '--name', 'billing app');
    assert.equal(created.code, 0, created.stderr);
    assert.match(created.stdout, KEY_LINE);
    assert.match(
      created.stderr,
      /admin key 1 "billing app" created \(scopes: full\)\. It is not shown again\./,
    );
    const key = created.stdout.trim();

    const store = await openStore({ dataDir: dir.path });
    try {
      const rows = await store.db.selectFrom('admin_keys').selectAll().execute();
      assert.equal(rows.length, 1);
      assert.equal(rows[0]?.key_hash, hashToken(key));
      assert.ok(!JSON.stringify(rows).includes(key), 'the key itself is not stored');
    } finally {
      await store.close();
    }

    const second = await cli('admin-keys', 'create', '--name', 'ops');
    assert.equal(second.code, 0, second.stderr);
    const listed = await cli('admin-keys', 'list');
    assert.equal(listed.code, 0, listed.stderr);
    assert.match(listed.stdout, /^ID +NAME +PREFIX +SCOPES +CREATED +EXPIRES +REVOKED/);
    assert.match(listed.stdout, new RegExp(`1 +billing app +${key.slice(0, 10)}… +full `));
    assert.ok(!listed.stdout.includes(key));

    const revoked = await cli('admin-keys', 'revoke', key);
    assert.equal(revoked.code, 0, revoked.stderr);
    assert.match(revoked.stderr, /revoked admin key fla_/);
    const again = await cli('admin-keys', 'revoke', key);
    assert.equal(again.code, 1);
    assert.match(again.stderr, /unknown or already revoked/);
    const byId = await cli('admin-keys', 'revoke', '--id', '2');
    assert.equal(byId.code, 0, byId.stderr);
    const after = await cli('admin-keys', 'list');
    assert.equal(
      after.stdout.split('\n').filter((line) => / \d{4}-\d\d-\d\dT.*Z +- +\d{4}-/.test(line))
        .length,
      2,
    );
  });

  it('creates a key with scopes and a lifetime, documented in --help', async () => {
    const help = await cli('admin-keys', '--help');
    assert.equal(help.code, 0);
    for (const word of ['--scope', '--expires-in', 'full', 'read', 'users', 'tokens', 'links']) {
      assert.ok(help.stdout.includes(word), word);
    }
    const before = Date.now();
    const created = await cli(
      'admin-keys',
      'create',
      '--name',
      'reader',
      '--scope',
      'tokens,read',
      '--expires-in',
      '30d',
    );
    assert.equal(created.code, 0, created.stderr);
    assert.match(created.stderr, /\(scopes: read, tokens, expires \d{4}-/);
    const store = await openStore({ dataDir: dir.path });
    try {
      const key = (await listAdminKeys(store.db)).find((k) => k.name === 'reader');
      assert.deepEqual(key?.scopes, ['read', 'tokens']);
      const lifetime = Date.parse(key?.expiresAt ?? '') - before;
      assert.ok(Math.abs(lifetime - 30 * 86_400_000) < 600_000, String(lifetime));
    } finally {
      await store.close();
    }
    const listed = await cli('admin-keys', 'list');
    assert.match(listed.stdout, /reader +fla_\S+ +read,tokens +\S+ +\d{4}-\S+ +-/);
  });

  it('refuses bad input with exit 2', async () => {
    const badScope = await cli('admin-keys', 'create', '--name', 'x', '--scope', 'admin');
    assert.equal(badScope.code, 2);
    assert.match(badScope.stderr, /unknown admin key scope "admin"/);
    assert.equal((await cli('admin-keys', 'create', '--name', 'x', '--scope', ',')).code, 2);
    const badLifetime = await cli('admin-keys', 'create', '--name', 'x', '--expires-in', '0d');
    assert.equal(badLifetime.code, 2);
    assert.equal((await cli('admin-keys', 'create')).code, 2);
    assert.equal((await cli('admin-keys', 'create', '--name', 'x'.repeat(65))).code, 2);
    assert.equal((await cli('admin-keys', 'revoke', 'fld_notakey')).code, 2);
    assert.equal((await cli('admin-keys', 'frob')).code, 2);
  });
});

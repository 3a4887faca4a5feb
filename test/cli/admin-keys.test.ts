// `fantasy-data admin-keys`: a key is printed once and stored hashed; list shows prefixes only;
// revoke by key or id, once.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { hashToken } from '../../src/domain/tokens.ts';
import { openStore } from '../../src/storage/db.ts';
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
    assert.match(created.stderr, /admin key 1 "billing app" created\. It is not shown again\./);
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
    assert.match(listed.stdout, /^ID +NAME +PREFIX +CREATED +REVOKED/);
    assert.match(listed.stdout, new RegExp(`1 +billing app +${key.slice(0, 10)}…`));
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
      after.stdout.split('\n').filter((line) => / \d{4}-\d\d-\d\dT.*Z +\d{4}-/.test(line)).length,
      2,
    );
  });

  it('refuses bad input with exit 2', async () => {
    assert.equal((await cli('admin-keys', 'create')).code, 2);
    assert.equal((await cli('admin-keys', 'create', '--name', 'x'.repeat(65))).code, 2);
    assert.equal((await cli('admin-keys', 'revoke', 'fld_notakey')).code, 2);
    assert.equal((await cli('admin-keys', 'frob')).code, 2);
  });
});

import assert from 'node:assert/strict';
import { it } from 'node:test';
import {
  findTokenByHash,
  insertToken,
  issueToken,
  listTokensForUser,
  revokeTokenByHash,
  revokeTokenById,
} from '../../src/storage/repositories/tokens.ts';
import { hashToken, looksLikeToken, tokenDisplayPrefix } from '../../src/domain/tokens.ts';
import { createUser } from '../../src/storage/repositories/users.ts';
import { describeEachBackend } from './backends.ts';

const HASH_A = 'a'.repeat(64);
const HASH_B = 'b'.repeat(64);

describeEachBackend('tokens repository', ({ store }) => {
  it('stores a token and finds it by hash, with products in order and no absent keys', async () => {
    const user = await createUser(store().db, 'alice');
    const token = await insertToken(store().db, {
      userId: user.id,
      tokenHash: HASH_A,
      tokenPrefix: 'fld_abcdef',
      products: ['league', 'player'],
    });
    assert.equal(token.userId, user.id);
    assert.equal(token.tokenPrefix, 'fld_abcdef');
    assert.deepEqual(token.products, ['league', 'player']);
    assert.equal('expiresAt' in token, false);
    assert.equal('revokedAt' in token, false);
    assert.equal('tokenHash' in token, false, 'the hash is not handed back');
    assert.deepEqual(await findTokenByHash(store().db, HASH_A), token);
    assert.equal(await findTokenByHash(store().db, HASH_B), undefined);
  });

  it('issues a random token, keeping only its hash and display prefix', async () => {
    const user = await createUser(store().db, 'issuer');
    const first = await issueToken(store().db, { userId: user.id, products: ['roster'] });
    const second = await issueToken(store().db, {
      userId: user.id,
      products: ['league'],
      expiresAt: '2030-01-01T00:00:00.000Z',
    });
    assert.ok(looksLikeToken(first.token));
    assert.notEqual(first.token, second.token);
    assert.equal(first.stored.tokenPrefix, tokenDisplayPrefix(first.token));
    assert.deepEqual(await findTokenByHash(store().db, hashToken(first.token)), first.stored);
    assert.equal(second.stored.expiresAt, '2030-01-01T00:00:00.000Z');
    const rows = await store().db.selectFrom('tokens').selectAll().execute();
    for (const row of rows) {
      assert.ok(!Object.values(row).includes(first.token), 'the token itself is never stored');
    }
  });

  it('keeps the expiry', async () => {
    const user = await createUser(store().db, 'alice');
    const token = await insertToken(store().db, {
      userId: user.id,
      tokenHash: HASH_A,
      tokenPrefix: 'fld_abcdef',
      products: ['roster'],
      expiresAt: '2030-01-01T00:00:00.000Z',
    });
    assert.equal(token.expiresAt, '2030-01-01T00:00:00.000Z');
    assert.equal((await findTokenByHash(store().db, HASH_A))?.expiresAt, token.expiresAt);
  });

  it('refuses a second token with the same hash', async () => {
    const user = await createUser(store().db, 'alice');
    const t = { userId: user.id, tokenHash: HASH_A, tokenPrefix: 'fld_x', products: [] };
    await insertToken(store().db, t);
    await assert.rejects(insertToken(store().db, t));
  });

  it('revokes by hash once, and still finds the revoked token', async () => {
    const user = await createUser(store().db, 'alice');
    await insertToken(store().db, {
      userId: user.id,
      tokenHash: HASH_A,
      tokenPrefix: 'fld_a',
      products: ['league'],
    });
    assert.equal(await revokeTokenByHash(store().db, HASH_A, '2024-01-01T00:00:00.000Z'), true);
    assert.equal(await revokeTokenByHash(store().db, HASH_A, '2024-02-01T00:00:00.000Z'), false);
    assert.equal(await revokeTokenByHash(store().db, HASH_B, '2024-02-01T00:00:00.000Z'), false);
    const found = await findTokenByHash(store().db, HASH_A);
    assert.equal(found?.revokedAt, '2024-01-01T00:00:00.000Z', 'the first revocation time stays');
  });

  it('revokes by id', async () => {
    const user = await createUser(store().db, 'alice');
    const token = await insertToken(store().db, {
      userId: user.id,
      tokenHash: HASH_A,
      tokenPrefix: 'fld_a',
      products: ['league'],
    });
    assert.equal(await revokeTokenById(store().db, token.id, '2024-01-01T00:00:00.000Z'), true);
    assert.equal(await revokeTokenById(store().db, token.id, '2024-01-02T00:00:00.000Z'), false);
    assert.equal(
      await revokeTokenById(store().db, token.id + 100, '2024-01-02T00:00:00.000Z'),
      false,
    );
  });

  it("lists only the user's tokens, oldest first", async () => {
    const alice = await createUser(store().db, 'alice');
    const bob = await createUser(store().db, 'bob');
    const first = await insertToken(store().db, {
      userId: alice.id,
      tokenHash: HASH_A,
      tokenPrefix: 'fld_a',
      products: ['league'],
    });
    await insertToken(store().db, {
      userId: bob.id,
      tokenHash: HASH_B,
      tokenPrefix: 'fld_b',
      products: ['league'],
    });
    const second = await insertToken(store().db, {
      userId: alice.id,
      tokenHash: 'c'.repeat(64),
      tokenPrefix: 'fld_c',
      products: ['player', 'roster'],
    });
    assert.deepEqual(await listTokensForUser(store().db, alice.id), [first, second]);
    assert.deepEqual(await listTokensForUser(store().db, 12345), []);
  });

  it('drops product names that are no longer known when reading', async () => {
    const user = await createUser(store().db, 'alice');
    await store()
      .db.insertInto('tokens')
      .values({
        user_id: user.id,
        token_hash: HASH_A,
        token_prefix: 'fld_a',
        products: 'league retired player',
        created_at: '2024-01-01T00:00:00.000Z',
        expires_at: null,
        revoked_at: null,
      })
      .execute();
    assert.deepEqual((await findTokenByHash(store().db, HASH_A))?.products, ['league', 'player']);
  });
});

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  generateToken,
  hashToken,
  looksLikeToken,
  parseDuration,
  parseProducts,
  sameHash,
  tokenDisplayPrefix,
} from '../../src/domain/tokens.ts';
import { InvalidInputError } from '../../src/domain/errors.ts';

test('tokens are random, well-formed and hash to 64 hex digits', () => {
  const a = generateToken();
  const b = generateToken();
  assert.notEqual(a, b);
  assert.ok(looksLikeToken(a));
  assert.match(hashToken(a), /^[0-9a-f]{64}$/);
  assert.notEqual(hashToken(a), hashToken(b));
  assert.ok(sameHash(hashToken(a), hashToken(a)));
  assert.ok(!sameHash(hashToken(a), hashToken(b)));
  assert.equal(tokenDisplayPrefix(a), a.slice(0, 10));
});

test('garbage does not look like a token', () => {
  for (const value of ['', 'fld_', 'abc', `fld_${'a'.repeat(42)}`, `xyz_${'a'.repeat(43)}`]) {
    assert.ok(!looksLikeToken(value), value);
  }
});

test('products parse from the API list, deduplicated in catalogue order', () => {
  assert.deepEqual(parseProducts('roster league player'), ['league', 'roster', 'player']);
  assert.deepEqual(parseProducts(' league,league  META '), ['league', 'meta']);
});

test('unknown or missing products are refused', () => {
  assert.throws(() => parseProducts('league scores'), InvalidInputError);
  assert.throws(() => parseProducts('league scores'), /unknown product "scores"/);
  assert.throws(() => parseProducts('   '), InvalidInputError);
});

test('durations', () => {
  assert.equal(parseDuration('30d'), 30 * 86_400_000);
  assert.equal(parseDuration('12h'), 12 * 3_600_000);
  assert.equal(parseDuration('90m'), 90 * 60_000);
  assert.equal(parseDuration('2w'), 14 * 86_400_000);
  for (const bad of ['0d', '30', 'd', '1y', '-1d', '1.5h']) {
    assert.throws(() => parseDuration(bad), InvalidInputError, bad);
  }
});

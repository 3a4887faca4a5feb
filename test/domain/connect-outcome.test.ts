// The signed outcome of a connect session: the documented example verifies (docs/api.md shows
// it), anything altered, repeated, stale or signed with another key does not.
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { describe, it } from 'node:test';
import {
  canonicalOutcome,
  connectSigningKey,
  outcomeKeys,
  parseOutcomeKeys,
  returnUrlWithOutcome,
  verifyConnectOutcome,
} from '../../src/domain/connect-outcome.ts';
import type { ConnectOutcome } from '../../src/domain/connect-outcome.ts';

const KEY = connectSigningKey(Buffer.alloc(32, 7));
const OUTCOME: ConnectOutcome = {
  sessionId: 42,
  status: 'partial',
  platforms: ['sleeper', 'espn'],
  at: 1_800_000_000,
};

describe('connect outcome signature', () => {
  it('is HMAC-SHA256 of the canonical text under the hex-decoded key, as documented', () => {
    assert.match(KEY, /^[0-9a-f]{64}$/);
    assert.equal(
      canonicalOutcome(OUTCOME),
      'fd_session=42&fd_status=partial&fd_platforms=sleeper,espn&fd_ts=1800000000',
    );
    const url = new URL(returnUrlWithOutcome('https://app.example.com/done?x=1', OUTCOME, KEY));
    const expected = createHmac('sha256', Buffer.from(KEY, 'hex'))
      .update(canonicalOutcome(OUTCOME))
      .digest('hex');
    assert.equal(url.searchParams.get('fd_sig'), expected);
    assert.equal(url.searchParams.get('x'), '1');
    assert.deepEqual(verifyConnectOutcome(url.searchParams, KEY, { now: OUTCOME.at + 5 }), OUTCOME);
  });

  it('refuses altered, repeated, stale or foreign outcomes', () => {
    const url = new URL(returnUrlWithOutcome('https://app.example.com/done', OUTCOME, KEY));
    const now = { now: OUTCOME.at };
    const altered = new URLSearchParams(url.searchParams);
    altered.set('fd_platforms', 'sleeper');
    assert.equal(verifyConnectOutcome(altered, KEY, now), undefined);
    const repeated = new URLSearchParams(url.searchParams);
    repeated.append('fd_status', 'linked');
    assert.equal(verifyConnectOutcome(repeated, KEY, now), undefined);
    assert.equal(verifyConnectOutcome(url.searchParams, KEY, { now: OUTCOME.at + 301 }), undefined);
    assert.ok(verifyConnectOutcome(url.searchParams, KEY, { now: OUTCOME.at + 300 }));
    const session = OUTCOME.sessionId;
    assert.equal(
      verifyConnectOutcome(url.searchParams, KEY, { ...now, sessionId: session + 1 }),
      undefined,
    );
    assert.ok(verifyConnectOutcome(url.searchParams, KEY, { ...now, sessionId: session }));
    const other = connectSigningKey(Buffer.alloc(32, 8));
    assert.equal(verifyConnectOutcome(url.searchParams, other, now), undefined);
    const unsigned = new URLSearchParams(url.searchParams);
    unsigned.delete('fd_sig');
    assert.equal(verifyConnectOutcome(unsigned, KEY, now), undefined);
  });

  it('verifies under any of several keys (rotation), none under an empty list', () => {
    const url = new URL(returnUrlWithOutcome('https://app.example.com/', OUTCOME, KEY));
    const other = connectSigningKey(Buffer.alloc(32, 8));
    const now = { now: OUTCOME.at };
    assert.deepEqual(verifyConnectOutcome(url.searchParams, [other, KEY], now), OUTCOME);
    assert.equal(verifyConnectOutcome(url.searchParams, [other], now), undefined);
    assert.equal(verifyConnectOutcome(url.searchParams, [], now), undefined);
  });

  it('reads CONNECT_OUTCOME_KEYS: 64 hex digits each, lower-cased, each once', () => {
    const [a, b] = ['ab'.repeat(32), 'CD'.repeat(32)];
    assert.deepEqual(parseOutcomeKeys(` ${a} , ${b},${a}`), [a, b.toLowerCase()]);
    for (const bad of ['', ',', 'ab'.repeat(31), `${a},xyz`, 'g'.repeat(64)]) {
      assert.throws(() => parseOutcomeKeys(bad), Error, bad);
    }
    const derived = outcomeKeys(undefined, () => Buffer.alloc(32, 7));
    assert.deepEqual(derived, [KEY]);
    assert.deepEqual(
      outcomeKeys([a], () => assert.fail('the secret key is not read')),
      [a],
    );
  });

  it('carries an empty platform list when nothing was linked', () => {
    const none: ConnectOutcome = { ...OUTCOME, status: 'cancelled', platforms: [] };
    const url = new URL(returnUrlWithOutcome('https://app.example.com/', none, KEY));
    assert.equal(url.searchParams.get('fd_platforms'), '');
    assert.deepEqual(verifyConnectOutcome(url.searchParams, KEY, { now: none.at }), none);
  });
});

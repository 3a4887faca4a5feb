// The client package's check of the connect page's return URL agrees with how the service signs
// it: what the service appends verifies for the session it belongs to; anything altered, signed
// under another key, of another session, repeated or stale does not; keys rotate.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { verifyConnectOutcome } from '../../packages/client/src/connect.ts';
import { connectSigningKey, returnUrlWithOutcome } from '../../src/domain/connect-outcome.ts';
import type { ConnectOutcome } from '../../src/domain/connect-outcome.ts';

const KEY = connectSigningKey(Buffer.alloc(32, 3));
const OTHER_KEY = connectSigningKey(Buffer.alloc(32, 4));
const AT = 1_800_000_000;

function outcomeUrl(outcome: ConnectOutcome, key = KEY, back = 'https://app.example.com/back') {
  return new URL(returnUrlWithOutcome(back, outcome, key));
}

describe('verifyConnectOutcome (client package)', () => {
  it('verifies what the service appends, as a URL, a query string or URLSearchParams', () => {
    const url = outcomeUrl(
      { sessionId: 9, status: 'linked', platforms: ['sleeper', 'demo'], at: AT },
      KEY,
      'https://app.example.com/back?user=7',
    );
    const expected = { sessionId: 9, status: 'linked', platforms: ['sleeper', 'demo'], at: AT };
    for (const query of [url, url.search, url.searchParams]) {
      assert.deepEqual(verifyConnectOutcome(query, KEY, { sessionId: 9, now: AT }), expected);
    }
  });

  it('refuses an altered, stale or foreign outcome, and reads an empty platform list', () => {
    const url = outcomeUrl({ sessionId: 9, status: 'cancelled', platforms: [], at: AT });
    const options = { sessionId: 9, now: AT };
    assert.deepEqual(verifyConnectOutcome(url, KEY, options)?.platforms, []);
    assert.equal(verifyConnectOutcome(url, OTHER_KEY, options), undefined);
    url.searchParams.set('fd_status', 'linked');
    assert.equal(verifyConnectOutcome(url, KEY, options), undefined);
  });

  it("refuses another session's outcome, however well signed", () => {
    const url = outcomeUrl({ sessionId: 9, status: 'linked', platforms: ['sleeper'], at: AT });
    assert.equal(verifyConnectOutcome(url, KEY, { sessionId: 10, now: AT }), undefined);
    assert.equal(verifyConnectOutcome(url, KEY, { sessionId: Number.NaN, now: AT }), undefined);
    assert.ok(verifyConnectOutcome(url, KEY, { sessionId: 9, now: AT }));
  });

  it('refuses a parameter sent twice, whichever copy is genuine', () => {
    const url = outcomeUrl({ sessionId: 9, status: 'failed', platforms: [], at: AT });
    for (const name of ['fd_session', 'fd_status', 'fd_platforms', 'fd_ts', 'fd_sig']) {
      const value = url.searchParams.get(name) as string;
      for (const search of [
        `?${name}=x&${url.search.slice(1)}`,
        `${url.search}&${name}=${value}`,
      ]) {
        assert.equal(
          verifyConnectOutcome(search, KEY, { sessionId: 9, now: AT }),
          undefined,
          `${name} twice: ${search}`,
        );
      }
    }
  });

  it('accepts an outcome for 300 s by default, in either direction of clock drift', () => {
    const url = outcomeUrl({ sessionId: 9, status: 'linked', platforms: ['sleeper'], at: AT });
    for (const now of [AT - 300, AT + 300]) {
      assert.ok(verifyConnectOutcome(url, KEY, { sessionId: 9, now }), String(now));
    }
    for (const now of [AT - 301, AT + 301]) {
      assert.equal(verifyConnectOutcome(url, KEY, { sessionId: 9, now }), undefined, String(now));
    }
    assert.ok(verifyConnectOutcome(url, KEY, { sessionId: 9, now: AT + 500, maxAgeSeconds: 600 }));
  });

  it('takes several keys, so an outcome signed under the old or the new one verifies', () => {
    const before = outcomeUrl({ sessionId: 9, status: 'linked', platforms: [], at: AT }, KEY);
    const after = outcomeUrl({ sessionId: 9, status: 'linked', platforms: [], at: AT }, OTHER_KEY);
    const options = { sessionId: 9, now: AT };
    for (const url of [before, after]) {
      assert.ok(verifyConnectOutcome(url, [OTHER_KEY, KEY], options));
    }
    assert.equal(verifyConnectOutcome(after, [KEY], options), undefined);
    assert.equal(verifyConnectOutcome(before, [], options), undefined);
  });
});

// The client package's check of the connect page's return URL agrees with how the service signs
// it: what the service appends verifies, anything altered or signed under another key does not.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { verifyConnectOutcome } from '../../packages/client/src/connect.ts';
import { connectSigningKey, returnUrlWithOutcome } from '../../src/domain/connect-outcome.ts';

const KEY = connectSigningKey(Buffer.alloc(32, 3));
const AT = 1_800_000_000;

describe('verifyConnectOutcome (client package)', () => {
  it('verifies what the service appends, as a URL, a query string or URLSearchParams', () => {
    const href = returnUrlWithOutcome(
      'https://app.example.com/back?user=7',
      { sessionId: 9, status: 'linked', platforms: ['sleeper', 'demo'], at: AT },
      KEY,
    );
    const url = new URL(href);
    const expected = { sessionId: 9, status: 'linked', platforms: ['sleeper', 'demo'], at: AT };
    for (const query of [url, url.search, url.searchParams]) {
      assert.deepEqual(verifyConnectOutcome(query, KEY, { now: AT }), expected);
    }
  });

  it('refuses an altered, stale or foreign outcome, and reads an empty platform list', () => {
    const href = returnUrlWithOutcome(
      'https://app.example.com/back',
      { sessionId: 9, status: 'cancelled', platforms: [], at: AT },
      KEY,
    );
    const url = new URL(href);
    assert.deepEqual(verifyConnectOutcome(url, KEY, { now: AT })?.platforms, []);
    assert.equal(verifyConnectOutcome(url, KEY, { now: AT + 3600 }), undefined);
    assert.equal(
      verifyConnectOutcome(url, connectSigningKey(Buffer.alloc(32, 4)), { now: AT }),
      undefined,
    );
    url.searchParams.set('fd_status', 'linked');
    assert.equal(verifyConnectOutcome(url, KEY, { now: AT }), undefined);
  });
});

// MFL's pure rules: how names, positions and team codes map, and which host a league's calls
// may follow. No server involved.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { PlatformError } from '../../../src/platforms/connector.ts';
import { leagueApiRoot } from '../../../src/platforms/mfl/hosts.ts';
import { mapPosition, mapTeam, splitName } from '../../../src/platforms/mfl/mapping.ts';

const isKind = (kind: string, pattern: RegExp) => (error: unknown) =>
  error instanceof PlatformError && error.kind === kind && pattern.test(error.message);

describe('MFL mapping rules', () => {
  test('names, positions and teams', () => {
    assert.deepEqual(splitName('Griffin III, Robert'), {
      fullName: 'Robert Griffin III',
      firstName: 'Robert',
      lastName: 'Griffin III',
    });
    assert.deepEqual(splitName('Nene'), { fullName: 'Nene', lastName: 'Nene' });
    assert.deepEqual(
      ['Def', 'PK', 'PN', 'QB', 'LB', 'TMQB', 'Off', 'XX', undefined].map(mapPosition),
      ['DEF', 'K', 'P', 'QB', 'LB', 'TMQB', 'OFF', undefined, undefined],
    );
    assert.deepEqual(['KCC', 'GBP', 'JAC', 'LVR', 'buf', 'FA', 'FA*', '', undefined].map(mapTeam), [
      'KC',
      'GB',
      'JAX',
      'LV',
      'BUF',
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });

  test("a league's host is followed only when it is MFL's own, on 443 or 80", () => {
    const api = 'https://api.myfantasyleague.com';
    const follow = (baseURL: string | undefined, root = api) =>
      leagueApiRoot(root, baseURL, 'league 54040 (2020)');
    assert.equal(follow('https://www47.myfantasyleague.com'), 'https://www47.myfantasyleague.com');
    assert.equal(
      follow('https://www47.myfantasyleague.com:443/'),
      'https://www47.myfantasyleague.com',
    );
    assert.equal(
      follow('http://www47.myfantasyleague.com:80/'),
      'https://www47.myfantasyleague.com',
      "the API's scheme is kept",
    );
    assert.equal(follow(undefined), api);
    assert.equal(follow('  '), api);
    for (const refused of [
      'https://www47.myfantasyleague.com:8443',
      'http://www47.myfantasyleague.com:5000',
      'https://www47.evil.example',
      'https://myfantasyleague.com.evil.example',
      'https://evil.www47.myfantasyleague.com',
      'https://user:pw@www47.myfantasyleague.com',
      'ftp://www47.myfantasyleague.com',
      'https://127.0.0.1',
      'not a url',
    ]) {
      assert.throws(
        () => follow(refused),
        isKind('invalid_response', /league 54040 \(2020\): MFL named .* nothing was sent there/),
        refused,
      );
    }
    // The operator's base is trusted: a fake or a proxy keeps every call, MFL's hosts are checked.
    assert.equal(
      follow('https://www47.myfantasyleague.com', 'http://127.0.0.1:5000'),
      'http://127.0.0.1:5000',
    );
    assert.throws(() => follow('http://127.0.0.1:5001', 'http://127.0.0.1:5000'), PlatformError);
  });
});

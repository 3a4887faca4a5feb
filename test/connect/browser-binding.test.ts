// The cookie that binds a Yahoo sign-in to its browser: `__Host-` prefixed with Secure when the
// page is served over HTTPS, plainly named without Secure over http (where browsers refuse
// both); HttpOnly, SameSite=Lax, Path=/ either way; only its hash is kept, compared whole.
import assert from 'node:assert/strict';
import type { IncomingMessage } from 'node:http';
import { test } from 'node:test';
import { hashToken } from '../../src/domain/tokens.ts';
import { browserBinding } from '../../src/http/connect/browser-binding.ts';

const request = (cookie?: string) =>
  ({ headers: cookie === undefined ? {} : { cookie } }) as IncomingMessage;

test('over HTTPS the cookie is __Host- prefixed and Secure', () => {
  const binding = browserBinding('https://data.example.com');
  const { hash, setCookie } = binding.start(request(), 900);
  const [pair, ...attributes] = setCookie.split('; ');
  const [name, value] = (pair as string).split('=') as [string, string];
  assert.equal(name, '__Host-fd-connect-oauth');
  assert.match(value, /^[A-Za-z0-9_-]{43}$/);
  assert.deepEqual(attributes.sort(), [
    'HttpOnly',
    'Max-Age=900',
    'Path=/',
    'SameSite=Lax',
    'Secure',
  ]);
  assert.equal(hash, hashToken(value));
  assert.ok(binding.matches(request(`a=1; ${pair}`), hash));
  assert.ok(!binding.matches(request(`fd-connect-oauth=${value}`), hash), 'not the plain name');
});

test('over http it goes without the prefix and without Secure', () => {
  const binding = browserBinding('http://127.0.0.1:8080');
  const { setCookie } = binding.start(request(), 900);
  assert.match(setCookie, /^fd-connect-oauth=[A-Za-z0-9_-]{43}; /);
  assert.doesNotMatch(setCookie, /Secure|__Host-/);
});

test('a browser keeps its value across sign-ins; any other value, or none, does not match', () => {
  const binding = browserBinding('https://data.example.com');
  const first = binding.start(request(), 900);
  const pair = first.setCookie.split('; ')[0] as string;
  const again = binding.start(request(pair), 900);
  assert.equal(again.hash, first.hash, 'two tabs of one browser both come back');
  const value = pair.split('=')[1] as string;
  for (const cookie of [
    undefined,
    '',
    `__Host-fd-connect-oauth=${'A'.repeat(43)}`,
    `__Host-fd-connect-oauth=${value.slice(0, -1)}`,
    `__Host-fd-connect-oauth=${value}x`,
    `other=${value}`,
  ]) {
    assert.ok(!binding.matches(request(cookie), first.hash), String(cookie));
  }
  assert.ok(!binding.matches(request(pair), undefined), 'a state from before has no hash');
});

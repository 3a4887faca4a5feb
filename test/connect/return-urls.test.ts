// Return URLs of connect sessions from a table of hostile values: each is refused at creation
// (400, nothing stored) or stored normalised, so that the finish always answers a valid
// Location and never a 500. CONNECT_RETURN_ORIGINS limits them to the operator's origins; an
// address stored before they were normalised finishes without a redirect instead of failing.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { randomBytes } from 'node:crypto';
import { hashToken, tokenDisplayPrefix } from '../../src/domain/tokens.ts';
import { insertConnectSession } from '../../src/storage/repositories/connect-sessions.ts';
import { startTestApp } from '../helpers/app.ts';
import type { TestApp } from '../helpers/app.ts';
import { testBackends } from '../helpers/store.ts';
import { adminClient } from '../http/admin-helpers.ts';
import type { AdminClient } from '../http/admin-helpers.ts';
import { createSession, csrfOf, postForm, withoutOutcome } from './page-helpers.ts';

/** Hostile values refused at creation. */
const REFUSED: ReadonlyArray<[string, string]> = [
  ['CR/LF header injection', 'https://app.example.com/done\r\nSet-Cookie: stolen=1'],
  ['a bare LF', 'https://app.example.com/done\n'],
  ['a tab the parser would drop', 'https://app.example.com/\tdone'],
  ['a line break inside the scheme', 'java\nscript:alert(1)'],
  ['a NUL', 'https://app.example.com/\u0000'],
  ['a C1 control (NEL)', 'https://app.example.com/\u0085'],
  ['javascript:', 'javascript:alert(document.cookie)'],
  ['data:', 'data:text/html,<script>alert(1)</script>'],
  ['ftp:', 'ftp://app.example.com/file'],
  ['scheme-relative //evil', '//evil.example/done'],
  ['an absolute path', '/done'],
  ['a relative path', 'done?x=1'],
  ['one slash after the scheme', 'https:/evil.example/'],
  ['no slash after the scheme', 'https:evil.example'],
  ['no host', 'http:///evil.example'],
  ['userinfo', 'https://user:secret@app.example.com/'],
  ['a host posing as userinfo', 'https://app.example.com@evil.example/'],
  ['a backslash as a slash', 'https:\\\\evil.example/'],
  ['a backslash before @', 'https://evil.example\\@app.example.com/'],
  ['a leading space', ' https://app.example.com/'],
  ['a trailing space', 'https://app.example.com/ '],
  ['a space in the host', 'https://app .example.com/'],
  ['longer than the schema allows', `https://app.example.com/${'a'.repeat(2000)}`],
  ['too long once encoded', `https://app.example.com/${'é'.repeat(400)}`],
  ['empty', ''],
];

/** Values accepted, stored as the WHATWG parser normalises them. */
const NORMALISED: ReadonlyArray<[string, string, string]> = [
  [
    'encoded CR/LF stays encoded',
    'https://app.example.com/a%0d%0aSet-Cookie:%20x=1',
    'https://app.example.com/a%0d%0aSet-Cookie:%20x=1',
  ],
  ['a non-ASCII host in punycode', 'https://exämple.com/pfad', 'https://xn--exmple-cua.com/pfad'],
  ['a look-alike Cyrillic host', 'https://аpp.example.com/', 'https://xn--pp-6kc.example.com/'],
  [
    'a non-ASCII path, query and fragment',
    'https://app.example.com/über?q=ä#frag',
    'https://app.example.com/%C3%BCber?q=%C3%A4#frag',
  ],
  ['spaces inside', 'https://app.example.com/a b?c d', 'https://app.example.com/a%20b?c%20d'],
  [
    'markup characters',
    'https://app.example.com/<script>"x',
    'https://app.example.com/%3Cscript%3E%22x',
  ],
  ['a line separator', 'https://app.example.com/a\u2028b', 'https://app.example.com/a%E2%80%A8b'],
  ['case and the default port', 'HTTPS://APP.EXAMPLE.COM:443/x', 'https://app.example.com/x'],
  ['no path', 'https://app.example.com', 'https://app.example.com/'],
  [
    'a local http address',
    'http://127.0.0.1:3000/done?from=connect',
    'http://127.0.0.1:3000/done?from=connect',
  ],
];

for (const dialect of testBackends()) {
  describe(`connect session return URLs (${dialect})`, () => {
    let t: TestApp;
    let limited: TestApp;
    let admin: AdminClient;
    let limitedAdmin: AdminClient;
    let userId: number;

    before(async () => {
      t = await startTestApp({ dialect });
      limited = await startTestApp({
        dialect,
        config: { connectReturnOrigins: ['https://app.example.com', 'http://127.0.0.1:3000'] },
      });
      admin = await adminClient(t);
      limitedAdmin = await adminClient(limited);
      userId = (await admin.json<{ user_id: number }>('POST', '/admin/users', { name: 'ruth' }))
        .body.user_id;
      await limitedAdmin.json('POST', '/admin/users', { name: 'ruth' });
    });
    after(async () => {
      await t?.close();
      await limited?.close();
    });

    const sessionsOf = async (client: AdminClient, user: number) =>
      (await client.json<unknown[]>('GET', `/admin/users/${user}/connect-sessions`)).body.length;

    it('refuses each hostile value with a 400 that stores nothing', async () => {
      const before = await sessionsOf(admin, userId);
      for (const [why, value] of REFUSED) {
        const response = await admin.json<{
          code: string;
          invalid_params?: Array<{ name: string }>;
        }>('POST', `/admin/users/${userId}/connect-sessions`, {
          platforms: ['sleeper'],
          return_url: value,
        });
        assert.equal(response.status, 400, why);
        assert.equal(response.body.code, 'invalid_body', why);
        assert.equal(response.body.invalid_params?.[0]?.name, 'return_url', why);
      }
      assert.equal(await sessionsOf(admin, userId), before, 'no session was created');
    });

    it('stores the others normalised, and finishes to each with a 303, never a 500', async () => {
      for (const [why, value, expected] of NORMALISED) {
        const created = await admin.json<{ return_url: string; url: string }>(
          'POST',
          `/admin/users/${userId}/connect-sessions`,
          { platforms: ['sleeper'], return_url: value },
        );
        assert.equal(created.status, 201, why);
        assert.equal(created.body.return_url, expected, why);
        const path = new URL(created.body.url).pathname;
        const page = await fetch(t.baseUrl + path);
        assert.equal(page.status, 200, why);
        const finished = await postForm(t, `${path}/finish`, { csrf: csrfOf(await page.text()) });
        assert.equal(finished.status, 303, why);
        assert.equal(withoutOutcome(finished.headers.get('location') ?? ''), expected, why);
      }
    });

    it('finishes a session stored with an invalid address before this check without a 500', async () => {
      const token = `fcs_${randomBytes(32).toString('base64url').slice(0, 43)}`;
      await insertConnectSession(t.store.db, {
        userId,
        tokenHash: hashToken(token),
        tokenPrefix: tokenDisplayPrefix(token),
        platforms: ['sleeper'],
        returnUrl: 'https://app.example.com/ü\r\nSet-Cookie: x=1',
        csrfToken: 'form-token-of-an-old-session',
        expiresAt: new Date(Date.now() + 60_000).toISOString(),
      });
      const path = `/connect/${token}`;
      assert.equal((await fetch(t.baseUrl + path)).status, 200);
      const finished = await postForm(t, `${path}/finish`, {
        csrf: 'form-token-of-an-old-session',
      });
      assert.equal(finished.status, 200);
      assert.equal(finished.headers.get('location'), null);
      assert.match(await finished.text(), /Nothing was linked/);
    });

    it('keeps return URLs to CONNECT_RETURN_ORIGINS when set', async () => {
      const user = 1;
      const before = await sessionsOf(limitedAdmin, user);
      for (const value of [
        'https://evil.example/',
        'https://app.example.com.evil.example/',
        'http://app.example.com/',
        'https://app.example.com:8443/',
        'http://127.0.0.1:3001/',
      ]) {
        const response = await limitedAdmin.json<{ detail: string }>(
          'POST',
          `/admin/users/${user}/connect-sessions`,
          { platforms: ['sleeper'], return_url: value },
        );
        assert.equal(response.status, 400, value);
        assert.match(response.body.detail, /origins this service allows/, value);
      }
      assert.equal(await sessionsOf(limitedAdmin, user), before);
      for (const value of ['https://APP.example.com/done?x=1', 'http://127.0.0.1:3000/back']) {
        const session = await createSession(limitedAdmin, user, {
          platforms: ['sleeper'],
          return_url: value,
        });
        assert.ok(session.url.includes('/connect/'));
      }
    });
  });
}

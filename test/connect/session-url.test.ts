// Where a connect session's link points, and what its page may show: the link is built from the
// configuration (PUBLIC_BASE_URL, else the address the server listens on), never from the Host
// header the caller sends; in production it needs PUBLIC_BASE_URL. An application name with
// control or text-direction characters is refused before anything is stored.
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { startTestApp } from '../helpers/app.ts';
import type { TestApp } from '../helpers/app.ts';
import { testBackends } from '../helpers/store.ts';
import { adminClient } from '../http/admin-helpers.ts';
import type { AdminClient } from '../http/admin-helpers.ts';

interface Answer {
  status: number;
  location: string | undefined;
  body: Record<string, unknown>;
}

/** POST .../connect-sessions with the Host header given (fetch will not send a forged one). */
function createWithHost(t: TestApp, key: string, userId: number, host: string): Promise<Answer> {
  const url = new URL(`${t.baseUrl}/admin/users/${userId}/connect-sessions`);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        hostname: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        headers: {
          host,
          authorization: `Bearer ${key}`,
          'content-type': 'application/json',
          'x-forwarded-host': 'evil.example',
          forwarded: 'host=evil.example;proto=https',
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            location: res.headers.location,
            body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>,
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify({ return_url: 'https://app.example.com/back' }));
  });
}

async function newUser(admin: AdminClient, name: string): Promise<number> {
  return (await admin.json<{ user_id: number }>('POST', '/admin/users', { name })).body.user_id;
}

async function sessionCount(admin: AdminClient, userId: number): Promise<number> {
  const listed = await admin.json<unknown[]>('GET', `/admin/users/${userId}/connect-sessions`);
  assert.equal(listed.status, 200);
  return listed.body.length;
}

for (const dialect of testBackends()) {
  describe(`connect session links without PUBLIC_BASE_URL (${dialect})`, () => {
    let t: TestApp;
    let admin: AdminClient;
    before(async () => {
      t = await startTestApp({ dialect, config: { publicBaseUrl: undefined, production: false } });
      admin = await adminClient(t);
    });
    after(async () => t?.close());

    it('builds the link on the address the server listens on, whatever Host says', async () => {
      const userId = await newUser(admin, 'host-forger');
      for (const host of ['evil.example', 'evil.example:443', '127.0.0.1.evil.example', '']) {
        const created = await createWithHost(t, admin.key, userId, host);
        assert.equal(created.status, 201, JSON.stringify(created.body));
        const url = String(created.body.url);
        assert.ok(url.startsWith(`${t.baseUrl}/connect/fcs_`), `${host}: ${url}`);
        assert.equal(created.location, url);
        assert.doesNotMatch(url, /evil/);
      }
      // The link it made opens the page.
      const created = await createWithHost(t, admin.key, userId, 'evil.example');
      const page = await fetch(String(created.body.url));
      assert.equal(page.status, 200);
    });
  });

  describe(`connect session links in production (${dialect})`, () => {
    let bare: TestApp;
    let configured: TestApp;
    before(async () => {
      bare = await startTestApp({
        dialect,
        config: { publicBaseUrl: undefined, production: true },
      });
      configured = await startTestApp({
        dialect,
        config: { publicBaseUrl: 'https://data.example.com', production: true },
      });
    });
    after(async () => {
      await bare?.close();
      await configured?.close();
    });

    it('refuses a session without PUBLIC_BASE_URL, naming it, and stores nothing', async () => {
      const admin = await adminClient(bare);
      const userId = await newUser(admin, 'prod-user');
      const refused = await createWithHost(bare, admin.key, userId, 'evil.example');
      assert.equal(refused.status, 503);
      assert.equal(refused.body.code, 'setting_missing');
      assert.match(String(refused.body.detail), /PUBLIC_BASE_URL/);
      assert.equal(await sessionCount(admin, userId), 0);
    });

    it('builds the link on PUBLIC_BASE_URL, whatever Host says', async () => {
      const admin = await adminClient(configured);
      const userId = await newUser(admin, 'prod-user');
      const created = await createWithHost(configured, admin.key, userId, 'evil.example');
      assert.equal(created.status, 201);
      assert.match(String(created.body.url), /^https:\/\/data\.example\.com\/connect\/fcs_/);
    });
  });

  describe(`connect session app_name (${dialect})`, () => {
    let t: TestApp;
    let admin: AdminClient;
    before(async () => {
      t = await startTestApp({ dialect });
      admin = await adminClient(t);
    });
    after(async () => t?.close());

    const HIDDEN: ReadonlyArray<[string, string]> = [
      ['a right-to-left override', 'Acme \u202Eetis.live'],
      ['a left-to-right embedding', '\u202AAcme'],
      ['a pop of directional formatting', 'Acme\u202C'],
      ['a right-to-left isolate', 'Acme \u2067evil\u2069'],
      ['a first-strong isolate', '\u2068Acme'],
      ['a right-to-left mark', 'Acme\u200F'],
      ['a left-to-right mark', '\u200EAcme'],
      ['an Arabic letter mark', 'Acme\u061C'],
      ['a line feed', 'Acme\nSign in at evil.example'],
      ['a tab', 'Acme\tApp'],
      ['a NUL', 'Acme\u0000'],
      ['DEL', 'Acme\u007F'],
      ['a C1 control (NEL)', 'Acme\u0085'],
      ['a line separator', 'Acme\u2028App'],
    ];
    for (const [what, name] of HIDDEN) {
      it(`refuses ${what} with 400 naming app_name, storing nothing`, async () => {
        const userId = await newUser(admin, `bidi-${HIDDEN.findIndex(([w]) => w === what)}`);
        const refused = await admin.json<{
          code: string;
          invalid_params: Array<{ name: string; in: string }>;
        }>('POST', `/admin/users/${userId}/connect-sessions`, { app_name: name });
        assert.equal(refused.status, 400);
        assert.equal(refused.body.code, 'invalid_body');
        assert.deepEqual(
          refused.body.invalid_params.map((p) => [p.name, p.in]),
          [['app_name', 'body']],
        );
        assert.equal(await sessionCount(admin, userId), 0);
      });
    }

    it('takes names in any script, with accents and emoji, and shows them', async () => {
      const userId = await newUser(admin, 'scripts');
      for (const name of ['Ligue Été', 'فانتازي', 'ファンタジー', 'Waiver Wizard \u{1F3C8}']) {
        const created = await admin.json<{ url: string; app_name: string }>(
          'POST',
          `/admin/users/${userId}/connect-sessions`,
          { app_name: name },
        );
        assert.equal(created.status, 201, name);
        assert.equal(created.body.app_name, name);
        const html = await (await fetch(created.body.url)).text();
        assert.ok(html.includes(name), name);
      }
    });
  });
}

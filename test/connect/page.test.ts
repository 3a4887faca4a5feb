// The hosted connect page over plain HTTP (the browser suite drives it in Chromium): its
// headers, refusals (unknown, expired, used, forged forms), the picker and each platform's page,
// linking Sleeper through its form, the first sync, the finish and the signed return URL (the
// outcomes themselves are in outcome.test.ts). Yahoo's redirect flow is in yahoo-flow.test.ts.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestApp } from '../helpers/app.ts';
import type { TestApp } from '../helpers/app.ts';
import type { FakeSleeper } from '../helpers/fake-platform.ts';
import { SYNTHETIC_SLEEPER, SYNTHETIC_SLEEPER_USER } from '../helpers/sleeper-data.ts';
import { testBackends } from '../helpers/store.ts';
import { adminClient } from '../http/admin-helpers.ts';
import { sendRaw } from '../http/raw.ts';
import type { AdminClient } from '../http/admin-helpers.ts';
import {
  SECRET_KEY,
  createSession,
  csrfOf,
  outcomeOf,
  pageWhenSynced,
  postForm,
  testLogo,
} from './page-helpers.ts';

for (const dialect of testBackends()) {
  describe(`connect page (${dialect})`, () => {
    let t: TestApp;
    let fake: FakeSleeper;
    let admin: AdminClient;
    let userId: number;

    before(async () => {
      fake = await SYNTHETIC_SLEEPER.start();
      t = await startTestApp({
        dialect,
        config: { secretKey: SECRET_KEY },
        platforms: { sleeperBaseUrl: fake.baseUrl },
      });
      admin = await adminClient(t);
      userId = (await admin.json<{ user_id: number }>('POST', '/admin/users', { name: 'carol' }))
        .body.user_id;
    });
    after(async () => {
      await t?.close();
      await fake?.close();
    });

    it('serves a page with no script, a strict CSP and its forms', async () => {
      const session = await createSession(admin, userId, {
        platforms: ['sleeper', 'espn', 'fleaflicker'],
        return_url: 'https://app.example.com/after?x=1',
      });
      const response = await fetch(session.url);
      assert.equal(response.status, 200);
      assert.equal(response.headers.get('content-type'), 'text/html; charset=utf-8');
      const csp = response.headers.get('content-security-policy') ?? '';
      assert.match(csp, /default-src 'none'/);
      assert.match(csp, /style-src 'sha256-[A-Za-z0-9+/=]+'/);
      assert.match(csp, /form-action 'self' https:\/\/app\.example\.com;/);
      assert.match(csp, /frame-ancestors 'none'/);
      assert.doesNotMatch(csp, /unsafe/);
      assert.equal(response.headers.get('x-frame-options'), 'DENY');
      assert.equal(response.headers.get('referrer-policy'), 'same-origin');
      assert.equal(response.headers.get('cache-control'), 'no-store');
      const html = await response.text();
      assert.doesNotMatch(html, /<script|<link|@import|url\(|src=/i);
      for (const platform of ['sleeper', 'espn', 'fleaflicker']) {
        assert.match(html, new RegExp(`href="${session.path}/platform/${platform}"`));
        const one = await fetch(`${session.url}/platform/${platform}`);
        assert.equal(one.status, 200);
        assert.match(one.headers.get('content-security-policy') ?? '', /default-src 'none'/);
        const form = await one.text();
        assert.doesNotMatch(form, /<script|<link|@import|url\(|src=/i);
        assert.match(form, new RegExp(`action="${session.path}/link/${platform}"`));
        assert.equal((form.match(/<form /g) ?? []).length, 1, 'one form at a time');
      }
      assert.doesNotMatch(html, /yahoo/);
      const yahoo = await fetch(`${session.url}/platform/yahoo`);
      assert.equal(yahoo.status, 404);
      const espn = await (await fetch(`${session.url}/platform/espn`)).text();
      assert.match(espn, /Application → Cookies/);
      assert.match(espn, /with or without its braces/);
      assert.match(html, /Finish and go back to app\.example\.com/);
      assert.match(html, new RegExp(`action="${session.path}/cancel"`));
      assert.match(html, /Nothing is linked yet/);
    });

    it('names the application and what it reads, and renders every input attribute once', async () => {
      const plain = await createSession(admin, userId, { platforms: ['sleeper'] });
      assert.match(
        await (await fetch(plain.url)).text(),
        /<strong>Fantasy League Data Service<\/strong> asks to read your fantasy leagues/,
      );
      const session = await createSession(admin, userId, {
        platforms: ['sleeper', 'espn', 'fleaflicker', 'mfl'],
        app_name: 'Waiver <Wizard>',
        products: ['league', 'transaction'],
      });
      const picker = await (await fetch(session.url)).text();
      assert.match(picker, /<strong>Waiver &lt;Wizard&gt;<\/strong> asks to read/);
      assert.match(picker, /<li>your leagues and their settings<\/li>/);
      assert.match(picker, /<li>adds, drops, waiver claims and trades<\/li>/);
      assert.doesNotMatch(picker, /<input\b(?![^>]*type="hidden")/, 'no form on the picker');
      const inputs: string[] = [];
      for (const platform of ['sleeper', 'espn', 'fleaflicker', 'mfl']) {
        const html = await (await fetch(`${session.url}/platform/${platform}`)).text();
        inputs.push(...(html.match(/<input\b[^>]*>/g) ?? []));
      }
      assert.ok(inputs.length >= 7, 'the forms have their inputs');
      for (const input of inputs) {
        const names = [...input.matchAll(/\s([a-z-]+)=/g)].map((m) => m[1]);
        assert.deepEqual(names, [...new Set(names)], input);
      }
      const password = inputs.find((input) => input.includes('id="mfl-password"')) ?? '';
      assert.match(password, /type="password"/);
      assert.match(password, /autocomplete="current-password"/);
      const cookie = inputs.find((input) => input.includes('id="espn-espn_s2"')) ?? '';
      assert.match(cookie, /autocomplete="off"/);
      assert.match(cookie, /aria-describedby="espn-espn_s2-hint"/);
    });

    it("shows the application's logo from the page's own origin, only when there is one", async () => {
      const plain = await createSession(admin, userId, { platforms: ['sleeper'] });
      const without = await fetch(plain.url);
      assert.match(without.headers.get('content-security-policy') ?? '', /img-src 'none'/);
      assert.doesNotMatch(await without.text(), /<img/);
      assert.equal((await fetch(`${plain.url}/logo`)).status, 404);

      const logo = testLogo();
      const session = await createSession(admin, userId, {
        platforms: ['sleeper'],
        app_name: 'Waiver Wizard',
        app_logo: logo,
      });
      const page = await fetch(session.url);
      assert.match(page.headers.get('content-security-policy') ?? '', /img-src 'self';/);
      assert.match(
        await page.text(),
        new RegExp(`<img class="logo" src="${session.path}/logo" alt="Waiver Wizard logo"`),
      );
      const served = await fetch(`${session.url}/logo`);
      assert.equal(served.status, 200);
      assert.equal(served.headers.get('content-type'), 'image/png');
      assert.equal(served.headers.get('x-content-type-options'), 'nosniff');
      assert.deepEqual(
        Buffer.from(await served.arrayBuffer()),
        Buffer.from(logo.split(',')[1] as string, 'base64'),
      );

      for (const bad of [
        'https://cdn.example.com/logo.png',
        'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=',
        `data:image/jpeg;base64,${logo.split(',')[1]}`,
      ]) {
        const refused = await admin.json<{ invalid_params?: Array<{ name: string }> }>(
          'POST',
          `/admin/users/${userId}/connect-sessions`,
          { platforms: ['sleeper'], app_logo: bad },
        );
        assert.equal(refused.status, 400, bad);
        assert.equal(refused.body.invalid_params?.[0]?.name, 'app_logo', bad);
      }
    });

    it('answers clear pages for unknown, malformed and foreign-platform links', async () => {
      for (const path of ['/connect/fcs_' + 'a'.repeat(43), '/connect/nonsense']) {
        const response = await fetch(t.baseUrl + path);
        assert.equal(response.status, 404);
        assert.match(await response.text(), /This link is not valid/);
      }
      const session = await createSession(admin, userId, { platforms: ['sleeper'] });
      const html = await (await fetch(session.url)).text();
      const other = await postForm(t, `${session.path}/link/espn`, { csrf: csrfOf(html) });
      assert.equal(other.status, 404);
      assert.match(await other.text(), /does not offer that platform/);
    });

    it('refuses forms without the form token, from another site, or of another type', async () => {
      const session = await createSession(admin, userId, { platforms: ['sleeper'] });
      const csrf = csrfOf(await (await fetch(session.url)).text());
      const path = `${session.path}/link/sleeper`;
      const fields = { username: SYNTHETIC_SLEEPER_USER.username };
      for (const attempt of [
        postForm(t, path, fields),
        postForm(t, path, { ...fields, csrf: `${csrf}x` }),
        postForm(t, path, { ...fields, csrf }, { 'sec-fetch-site': 'cross-site' }),
        postForm(t, path, { ...fields, csrf }, { origin: 'https://evil.example' }),
      ]) {
        const response = await attempt;
        assert.equal(response.status, 403);
        assert.match(await response.text(), /not sent from its page/);
      }
      for (const end of ['finish', 'cancel']) {
        const forged = await postForm(t, `${session.path}/${end}`, { csrf: `${csrf}x` });
        assert.equal(forged.status, 403, end);
      }
      assert.equal((await fetch(session.url)).status, 200, 'the session is still live');
      const json = await fetch(t.baseUrl + path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...fields, csrf }),
      });
      assert.equal(json.status, 415);
      assert.equal(
        (await admin.json<unknown[]>('GET', `/admin/users/${userId}/links`)).body.length,
        0,
        'nothing was linked',
      );
    });

    it('links Sleeper from its form, shows the first sync, finishes to the return URL', async () => {
      const session = await createSession(admin, userId, {
        platforms: ['sleeper'],
        return_url: 'https://app.example.com/after?x=1',
      });
      const csrf = csrfOf(await (await fetch(session.url)).text());
      const wrong = await postForm(t, `${session.path}/link/sleeper`, {
        csrf,
        username: 'nobody-by-this-name',
      });
      assert.equal(wrong.status, 422);
      const wrongHtml = await wrong.text();
      assert.match(wrongHtml, /role="alert"/);
      assert.match(
        wrongHtml,
        /We couldn&#39;t find a Sleeper user named nobody-by-this-name\. Check the spelling\./,
      );
      const reference = /data-reference>([^<]+)</.exec(wrongHtml)?.[1];
      assert.ok(reference !== undefined, 'the page gives a reference');
      assert.doesNotMatch(wrongHtml, /sleeper: no Sleeper user/, 'no technical text on the page');
      assert.match(wrongHtml, /value="nobody-by-this-name"/, 'the username is kept');
      const logged = t.logs.find((line) => line.msg === 'connect page link failed');
      assert.equal(logged?.request_id, reference);
      assert.match(String(logged?.detail), /no Sleeper user named "nobody-by-this-name"/);
      const linked = await postForm(t, `${session.path}/link/sleeper`, {
        csrf,
        username: SYNTHETIC_SLEEPER_USER.username,
      });
      assert.equal(linked.status, 303);
      assert.equal(linked.headers.get('location'), session.path);
      const html = await pageWhenSynced(t, session.path);
      assert.match(html, new RegExp(`Linked as ${SYNTHETIC_SLEEPER_USER.username}`));
      assert.match(html, /Leagues read: [1-9]/);
      const finished = await postForm(t, `${session.path}/finish`, { csrf });
      assert.equal(finished.status, 303);
      const location = finished.headers.get('location') ?? '';
      assert.ok(location.startsWith('https://app.example.com/after?x=1&fd_session='), location);
      const outcome = outcomeOf(location);
      assert.deepEqual(
        { status: outcome?.status, platforms: outcome?.platforms },
        { status: 'linked', platforms: ['sleeper'] },
      );
      const listed = await admin.json<
        Array<{ outcome?: string; link_failures: Array<{ request_id: string; detail: string }> }>
      >('GET', `/admin/users/${userId}/connect-sessions`);
      const stored = listed.body.find((s) => s.outcome !== undefined);
      assert.equal(stored?.outcome, 'linked');
      assert.equal(stored?.link_failures[0]?.request_id, reference);
      assert.match(stored?.link_failures[0]?.detail ?? '', /no Sleeper user named/);
      const again = await fetch(session.url);
      assert.equal(again.status, 410);
      assert.match(await again.text(), /This link was already used/);
      const replay = await postForm(t, `${session.path}/finish`, { csrf });
      assert.equal(replay.status, 410);
    });

    it('refuses an expired link with a clear page', async () => {
      const session = await createSession(admin, userId, { platforms: ['sleeper'] });
      await t.store.db
        .updateTable('connect_sessions')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('user_id', '=', userId)
        .execute();
      const response = await fetch(session.url);
      assert.equal(response.status, 410);
      assert.match(await response.text(), /This link has expired/);
    });

    it('logs no session token, whatever the method or the path it is sent under', async () => {
      const session = await createSession(admin, userId, { platforms: ['sleeper'] });
      const host = new URL(t.baseUrl).host;
      const requests = [
        `CONNECT ${session.path}?next=${session.token} HTTP/1.1\r\nHost: ${host}\r\nX-Request-Id: tunnel-token\r\n\r\n`,
        `GET /${session.path} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`,
        `GET /connect/${session.path} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`,
      ];
      for (const request of requests) assert.ok(await sendRaw(t.baseUrl, request));
      await new Promise((resolve) => setImmediate(resolve));
      assert.ok(!JSON.stringify(t.logs).includes(session.token.slice(10)), 'the token was logged');
      const tunnel = t.logs.find((line) => line.request_id === 'tunnel-token');
      assert.equal(tunnel?.path, `/connect/${session.token.slice(0, 10)}…`, 'no query either');
    });

    it('never writes a session token into the log', () => {
      const text = JSON.stringify(t.logs);
      assert.doesNotMatch(text, /fcs_[A-Za-z0-9_-]{43}/);
      assert.ok(t.logs.some((line) => String(line.path).startsWith('/connect/fcs_')));
    });
  });
}

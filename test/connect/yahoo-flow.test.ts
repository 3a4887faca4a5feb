// Yahoo's OAuth redirect through the hosted page, end to end against the fake Yahoo: the page
// sends the browser to Yahoo with a signed state, Yahoo sends it back to the callback under
// PUBLIC_BASE_URL with a code, the account is linked and its first sync runs. A forged state, a
// replayed one and one of another session are refused, and so is a callback from another browser
// than the one that started the sign-in (its cookie); `oob` stays for the command line.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { freePort, startTestApp } from '../helpers/app.ts';
import type { TestApp } from '../helpers/app.ts';
import { FAKE_CLIENT, startFakeYahoo } from '../helpers/fake-yahoo.ts';
import type { FakeYahoo } from '../helpers/fake-yahoo.ts';
import { SYNTHETIC_YAHOO_USER, syntheticYahooWorld } from '../helpers/fake-yahoo-synthetic.ts';
import { testBackends } from '../helpers/store.ts';
import { adminClient } from '../http/admin-helpers.ts';
import type { AdminClient } from '../http/admin-helpers.ts';
import { createSession, csrfOf, pageWhenSynced, postForm } from './page-helpers.ts';

/** A GET as the browser holding `cookie` sends it (none: another browser). */
const get = (url: string, cookie?: string) =>
  fetch(url, { redirect: 'manual', headers: cookie === undefined ? {} : { cookie } });

for (const dialect of testBackends()) {
  describe(`Yahoo through the connect page (${dialect})`, () => {
    let t: TestApp;
    let yahoo: FakeYahoo;
    let admin: AdminClient;
    let userId: number;
    let base: string;

    before(async () => {
      const port = await freePort();
      base = `http://127.0.0.1:${port}`;
      yahoo = await startFakeYahoo({
        redirectUri: `${base}/connect/oauth/yahoo/callback`,
        world: syntheticYahooWorld(),
      });
      t = await startTestApp({
        dialect,
        port,
        config: { publicBaseUrl: base },
        platforms: {
          yahooBaseUrl: yahoo.baseUrl,
          yahooAuthBaseUrl: yahoo.authBaseUrl,
          yahooClientId: FAKE_CLIENT.id,
          yahooClientSecret: FAKE_CLIENT.secret,
        },
      });
      admin = await adminClient(t);
      userId = (await admin.json<{ user_id: number }>('POST', '/admin/users', { name: 'dave' }))
        .body.user_id;
    });
    after(async () => {
      await t?.close();
      await yahoo?.close();
    });

    /**
     * Starts Yahoo's sign-in from the page: the address Yahoo is opened at, and the cookie the
     * starting browser then sends (`name=value`).
     */
    async function toYahoo(path: string): Promise<URL & { cookie: string }> {
      const csrf = csrfOf(await (await get(base + path)).text());
      const started = await postForm(t, `${path}/link/yahoo`, { csrf });
      assert.equal(started.status, 303);
      const csp = started.headers.get('content-security-policy') ?? '';
      assert.ok(csp.includes(new URL(yahoo.authBaseUrl).origin), 'form-action allows Yahoo');
      const setCookie = started.headers.get('set-cookie') ?? '';
      const cookie = setCookie.split(';')[0] as string;
      return Object.assign(new URL(started.headers.get('location') as string), { cookie });
    }

    it('links Yahoo through the redirect and runs its first sync; the state works once', async () => {
      const session = await createSession(admin, userId, {
        platforms: ['yahoo'],
        return_url: 'https://app.example.com/',
      });
      const page = await (await get(`${session.url}/platform/yahoo`)).text();
      assert.match(page, /Sign in with Yahoo/);
      const authorize = await toYahoo(session.path);
      assert.equal(`${authorize.origin}${authorize.pathname}`, `${yahoo.authBaseUrl}/request_auth`);
      assert.equal(authorize.searchParams.get('client_id'), FAKE_CLIENT.id);
      assert.equal(
        authorize.searchParams.get('redirect_uri'),
        `${base}/connect/oauth/yahoo/callback`,
      );
      const state = authorize.searchParams.get('state') ?? '';
      assert.match(state, /^\d+\.[A-Za-z0-9_-]{32}\.[A-Za-z0-9_-]{43}$/);

      const approved = await get(authorize.toString());
      assert.equal(approved.status, 302);
      const callback = approved.headers.get('location') as string;
      assert.ok(callback.startsWith(`${base}/connect/oauth/yahoo/callback?`));
      const back = await get(callback, authorize.cookie);
      assert.equal(back.status, 303, await back.clone().text());
      assert.equal(back.headers.get('location'), session.path);
      const html = await pageWhenSynced(t, session.path);
      assert.match(html, new RegExp(`Linked as ${SYNTHETIC_YAHOO_USER.nickname}`));
      assert.match(html, /Leagues read: 1\./);
      const links = await admin.json<Array<{ platform: string; external_user_id: string }>>(
        'GET',
        `/admin/users/${userId}/links`,
      );
      assert.deepEqual(
        links.body.map((l) => [l.platform, l.external_user_id]),
        [['yahoo', SYNTHETIC_YAHOO_USER.guid]],
      );
      assert.doesNotMatch(JSON.stringify(links.body), /access-|refresh-/);

      const replayed = await get(callback, authorize.cookie);
      assert.equal(replayed.status, 400);
      assert.match(await replayed.text(), /This Yahoo sign-in cannot be used/);
    });

    it('refuses a forged state, one of another session and one without a signature', async () => {
      const session = await createSession(admin, userId, { platforms: ['yahoo'] });
      const authorize = await toYahoo(session.path);
      const state = authorize.searchParams.get('state') as string;
      const [id, nonce, signature] = state.split('.') as [string, string, string];
      const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
      const forgeries = [
        `${id}.${nonce}.${flipped}`,
        `${Number(id) + 1}.${nonce}.${signature}`,
        `${id}.${nonce}`,
        '',
      ];
      for (const forged of forgeries) {
        const response = await get(
          `${base}/connect/oauth/yahoo/callback?code=${yahoo.issueCode()}&state=${encodeURIComponent(forged)}`,
          authorize.cookie,
        );
        assert.equal(response.status, 400, forged);
        assert.match(await response.text(), /cannot be used/);
      }
      // The genuine state still works once: the forgeries did not use it up.
      const approved = await get(authorize.toString());
      const back = await get(approved.headers.get('location') as string, authorize.cookie);
      assert.equal(back.status, 303);
    });

    it("refuses a callback from another browser than the sign-in's and links nothing", async () => {
      const victim = (
        await admin.json<{ user_id: number }>('POST', '/admin/users', { name: 'victim-check' })
      ).body.user_id;
      const session = await createSession(admin, victim, { platforms: ['yahoo'] });
      const page = await (await get(session.url)).text();
      assert.match(page, /<strong>Fantasy League Data Service<\/strong> asks/, 'names the app');
      const authorize = await toYahoo(session.path);
      const [name, value] = authorize.cookie.split('=') as [string, string];
      // Over plain http a __Host- cookie is refused by browsers: the plain name, without Secure.
      assert.equal(name, 'fd-connect-oauth');
      assert.match(value, /^[A-Za-z0-9_-]{43}$/);
      const state = authorize.searchParams.get('state') as string;
      const stored = await t.store.db
        .selectFrom('connect_oauth_states')
        .select('browser_hash')
        .where('used_at', 'is', null)
        .execute();
      assert.ok(
        stored.every((row) => row.browser_hash !== value),
        'only a hash is stored',
      );

      const otherBrowsers = [undefined, `${name}=${'A'.repeat(43)}`, `${name}=`, 'other=1'];
      for (const cookie of otherBrowsers) {
        // What the attacker's victim does: open the Yahoo address sent to them and approve.
        const approved = await get(authorize.toString());
        const callback = approved.headers.get('location') as string;
        assert.ok(callback.includes(`state=${encodeURIComponent(state)}`));
        const refused = await get(callback, cookie);
        assert.equal(refused.status, 403, String(cookie));
        const html = await refused.text();
        assert.match(html, /This Yahoo sign-in was started in another browser/);
        assert.match(html, /nothing was linked/);
        assert.equal(refused.headers.get('location'), null);
      }
      const links = await admin.json<unknown[]>('GET', `/admin/users/${victim}/links`);
      assert.deepEqual(links.body, [], 'no Yahoo account landed on the session user');

      // The browser that started it still can, once.
      const approved = await get(authorize.toString());
      const back = await get(approved.headers.get('location') as string, authorize.cookie);
      assert.equal(back.status, 303);
      const linked = await admin.json<unknown[]>('GET', `/admin/users/${victim}/links`);
      assert.equal(linked.body.length, 1);
    });

    it('says so when the user does not allow access, and lets them try again', async () => {
      const session = await createSession(admin, userId, { platforms: ['yahoo'] });
      const authorize = await toYahoo(session.path);
      const denied = await get(
        `${base}/connect/oauth/yahoo/callback?error=access_denied&state=${encodeURIComponent(authorize.searchParams.get('state') as string)}`,
        authorize.cookie,
      );
      assert.equal(denied.status, 422);
      assert.match(await denied.text(), /Yahoo did not link: access was not allowed/);
    });

    it('keeps oob for the admin API and the command line', async () => {
      const outcome = await admin.json<{ status: string; url: string }>(
        'POST',
        `/admin/users/${userId}/links/yahoo`,
        {},
      );
      assert.equal(outcome.body.status, 'action_required');
      assert.equal(new URL(outcome.body.url).searchParams.get('redirect_uri'), 'oob');
    });
  });
}

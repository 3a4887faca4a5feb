// Yahoo's sign-in through the connect page in headless Chromium, as an attacker holding a connect
// link would try it: the attacker's browser starts the sign-in and keeps Yahoo's address (its
// state) instead of following it; a second browser context (the victim, who never opened the
// link) opens that address, approves at the fake Yahoo, and is sent back to the callback, which
// refuses it and links nothing. The browser that started the sign-in still completes it.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { freePort, startTestApp } from '../helpers/app.ts';
import type { TestApp } from '../helpers/app.ts';
import { FAKE_CLIENT, startFakeYahoo } from '../helpers/fake-yahoo.ts';
import { SYNTHETIC_YAHOO_USER, syntheticYahooWorld } from '../helpers/fake-yahoo-synthetic.ts';
import type { FakeYahoo } from '../helpers/fake-yahoo.ts';
import { adminClient } from '../http/admin-helpers.ts';
import type { AdminClient } from '../http/admin-helpers.ts';
import { CHROMIUM_SKIP, launchChromium } from './chromium.ts';
import { createSession } from './page-helpers.ts';

const ARTIFACTS = fileURLToPath(new URL('../../test-artifacts/connect/', import.meta.url));
const APP_NAME = 'Draft Buddy';

describe(
  'Yahoo sign-in bound to its browser, in headless Chromium',
  {
    skip: CHROMIUM_SKIP,
  },
  () => {
    let t: TestApp;
    let yahoo: FakeYahoo;
    let admin: AdminClient;
    let browser: Browser;
    let userId: number;

    before(async () => {
      mkdirSync(ARTIFACTS, { recursive: true });
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      yahoo = await startFakeYahoo({
        redirectUri: `${base}/connect/oauth/yahoo/callback`,
        world: syntheticYahooWorld(),
      });
      t = await startTestApp({
        dialect: 'sqlite',
        port,
        config: { publicBaseUrl: base, connectAppName: APP_NAME },
        platforms: {
          yahooBaseUrl: yahoo.baseUrl,
          yahooAuthBaseUrl: yahoo.authBaseUrl,
          yahooClientId: FAKE_CLIENT.id,
          yahooClientSecret: FAKE_CLIENT.secret,
        },
      });
      admin = await adminClient(t);
      userId = (await admin.json<{ user_id: number }>('POST', '/admin/users', { name: 'mallory' }))
        .body.user_id;
      browser = await launchChromium();
    });
    after(async () => {
      await browser?.close();
      await t?.close();
      await yahoo?.close();
    });

    const yahooLinks = async () =>
      (
        await admin.json<Array<{ platform: string }>>('GET', `/admin/users/${userId}/links`)
      ).body.filter((link) => link.platform === 'yahoo');

    it('refuses the callback in a browser that did not start the sign-in', async () => {
      const session = await createSession(admin, userId, { platforms: ['yahoo'] });
      const attacker = await browser.newContext();
      const page = await attacker.newPage();
      await page.goto(session.url);
      assert.equal(await page.textContent('#app strong'), APP_NAME, 'the page names the app');
      await page.click('#platform-yahoo a');
      assert.match(
        (await page.textContent('#platform-yahoo')) ?? '',
        new RegExp(`allow ${APP_NAME}`),
      );

      // The attacker keeps Yahoo's address instead of being sent there (the page's answer is
      // taken in hand: Playwright does not route the redirect itself).
      let yahooAddress = '';
      await page.route('**/link/yahoo', async (route) => {
        const response = await route.fetch({ maxRedirects: 0 });
        yahooAddress = response.headers()['location'] ?? '';
        const headers = { ...response.headers() };
        delete headers['location'];
        await route.fulfill({ response, status: 200, headers, body: '<h1>Kept</h1>' });
      });
      await page.click('#platform-yahoo button[type=submit]');
      await page.waitForSelector('text=Kept');
      assert.ok(yahooAddress.startsWith(yahoo.authBaseUrl), yahooAddress);
      assert.match(yahooAddress, /[?&]state=/);
      const [cookie] = await attacker.cookies(t.baseUrl);
      assert.equal(cookie?.name, 'fd-connect-oauth', 'over plain http: no __Host- prefix');
      assert.equal(cookie?.httpOnly, true);
      assert.equal(cookie?.sameSite, 'Lax');
      assert.equal(cookie?.path, '/');

      // The victim opens it in their own browser, signs in at Yahoo, and comes back refused.
      const victim = await browser.newContext();
      const victimPage = await victim.newPage();
      const back = victimPage.waitForResponse((r) =>
        r.url().includes('/connect/oauth/yahoo/callback'),
      );
      await victimPage.goto(yahooAddress);
      assert.equal((await back).status(), 403);
      assert.equal(
        await victimPage.textContent('h1'),
        'This Yahoo sign-in was started in another browser',
      );
      assert.match((await victimPage.textContent('main')) ?? '', /nothing was linked/);
      await victimPage.screenshot({ path: `${ARTIFACTS}09-yahoo-other-browser-refused.png` });
      assert.deepEqual(await yahooLinks(), [], 'no Yahoo account landed on the link user');
      await victim.close();

      // The browser that started it completes it.
      await page.goto(yahooAddress);
      await page.waitForSelector('#platform-yahoo .state.ok');
      assert.match(
        (await page.textContent('#platform-yahoo')) ?? '',
        new RegExp(`Linked as ${SYNTHETIC_YAHOO_USER.nickname}`),
      );
      assert.equal((await yahooLinks()).length, 1);
      await attacker.close();
    });
  },
);

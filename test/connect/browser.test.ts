// The hosted connect page in a real headless Chromium (Debian's /usr/bin/chromium, driven by
// playwright-core): open a session link, link the fake Sleeper and the fake ESPN, watch each first
// sync finish (the page reloads itself while one runs), land on the return URL; a used and an
// expired link are refused. A screenshot of each state goes to test-artifacts/connect/ (ignored
// by git). Both fakes serve the project's made-up data; skipped, saying why, without Chromium.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { startTestApp } from '../helpers/app.ts';
import type { TestApp } from '../helpers/app.ts';
import { SYNTHETIC_ESPN_DATA } from '../helpers/espn-data.ts';
import { ESPN_FAN } from '../helpers/fake-espn.ts';
import type { FakeEspn } from '../helpers/fake-espn.ts';
import type { FakeSleeper } from '../helpers/fake-platform.ts';
import { SYNTHETIC_SLEEPER } from '../helpers/sleeper-data.ts';
import { adminClient } from '../http/admin-helpers.ts';
import type { AdminClient } from '../http/admin-helpers.ts';
import { CHROMIUM_SKIP, launchChromium } from './chromium.ts';
import { createSession } from './page-helpers.ts';

const ARTIFACTS = fileURLToPath(new URL('../../test-artifacts/connect/', import.meta.url));
const SYNC_TIMEOUT_MS = 120_000;

describe('the connect page in headless Chromium', { skip: CHROMIUM_SKIP }, () => {
  let t: TestApp;
  let sleeper: FakeSleeper;
  let espn: FakeEspn;
  let admin: AdminClient;
  let browser: Browser;
  let returnServer: Server;
  let returnUrl: string;
  let userId: number;
  const violations: string[] = [];

  async function shot(page: Page, name: string): Promise<void> {
    await page.screenshot({ path: `${ARTIFACTS}${name}.png`, fullPage: true });
  }

  async function newPage(): Promise<Page> {
    const page = await browser.newPage();
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text()))
        violations.push(message.text());
    });
    return page;
  }

  before(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    sleeper = await SYNTHETIC_SLEEPER.start();
    espn = await SYNTHETIC_ESPN_DATA.start();
    t = await startTestApp({
      dialect: 'sqlite',
      platforms: {
        sleeperBaseUrl: sleeper.baseUrl,
        espnBaseUrl: espn.baseUrl,
        espnFanBaseUrl: espn.fanBaseUrl,
      },
    });
    returnServer = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end('<!doctype html><title>The app</title><h1>Welcome back to the app</h1>');
    });
    await new Promise<void>((resolve) => returnServer.listen(0, '127.0.0.1', resolve));
    returnUrl = `http://127.0.0.1:${(returnServer.address() as AddressInfo).port}/linked?from=connect`;
    admin = await adminClient(t);
    userId = (await admin.json<{ user_id: number }>('POST', '/admin/users', { name: 'erin' })).body
      .user_id;
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await t?.close();
    await sleeper?.close();
    await espn?.close();
    await new Promise<void>((resolve) =>
      returnServer ? returnServer.close(() => resolve()) : resolve(),
    );
  });

  it('links Sleeper and ESPN, shows each first sync, and lands on the return URL', async () => {
    const session = await createSession(admin, userId, {
      platforms: ['sleeper', 'espn'],
      return_url: returnUrl,
    });
    const page = await newPage();
    const opened = await page.goto(session.url);
    assert.equal(opened?.status(), 200);
    assert.equal(await page.title(), 'Link your fantasy accounts');
    assert.equal(await page.locator('section[data-platform]').count(), 2);
    await shot(page, '01-session-opened');

    await page.fill('#sleeper-username', SYNTHETIC_SLEEPER.user.username);
    await page.click('#platform-sleeper button[type=submit]');
    await page.waitForSelector('#platform-sleeper .status.ok');
    await shot(page, '02-sleeper-linked-first-sync');
    await page.waitForSelector('#platform-sleeper [data-sync="ok"]', { timeout: SYNC_TIMEOUT_MS });
    await shot(page, '03-sleeper-synced');

    // A malformed SWID is refused on the page itself; the cookie is not sent back.
    await page.fill('#espn-espn_s2', ESPN_FAN.espnS2);
    await page.fill('#espn-swid', 'not-a-swid');
    await page.click('#platform-espn button[type=submit]');
    await page.waitForSelector('#platform-espn [role=alert]');
    assert.equal(await page.inputValue('#espn-espn_s2'), '', 'the secret cookie is not refilled');
    assert.ok(!(await page.content()).includes(ESPN_FAN.espnS2));
    await shot(page, '04-espn-refused');

    await page.fill('#espn-espn_s2', ESPN_FAN.espnS2);
    await page.fill('#espn-swid', ESPN_FAN.swid);
    await page.click('#platform-espn button[type=submit]');
    await page.waitForSelector('#platform-espn .status.ok');
    await page.waitForSelector(
      '#platform-espn [data-sync="ok"], #platform-espn [data-sync="partial"]',
      { timeout: SYNC_TIMEOUT_MS },
    );
    assert.ok(!(await page.content()).includes('http-equiv="refresh"'), 'no more reloads');
    await shot(page, '05-both-synced');

    await page.click('#finish button[type=submit]');
    await page.waitForURL(returnUrl);
    assert.equal(await page.textContent('h1'), 'Welcome back to the app');
    await shot(page, '06-return-url');

    const reused = await page.goto(session.url);
    assert.equal(reused?.status(), 410);
    assert.equal(await page.textContent('h1'), 'This link was already used');
    await shot(page, '07-reused-link-refused');
    await page.close();

    const links = await admin.json<Array<{ platform: string; leagues: number }>>(
      'GET',
      `/admin/users/${userId}/links`,
    );
    assert.deepEqual(links.body.map((l) => l.platform).sort(), ['espn', 'sleeper']);
    for (const link of links.body) assert.ok(link.leagues > 0, link.platform);
  });

  it('refuses an expired link with a clear page', async () => {
    const session = await createSession(admin, userId, { platforms: ['sleeper'] });
    await t.store.db
      .updateTable('connect_sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('used_at', 'is', null)
      .execute();
    const page = await newPage();
    const response = await page.goto(session.url);
    assert.equal(response?.status(), 410);
    assert.equal(await page.textContent('h1'), 'This link has expired');
    await shot(page, '08-expired-link-refused');
    await page.close();
  });

  it('ran without a content security policy violation', () => {
    assert.deepEqual(violations, []);
  });
});

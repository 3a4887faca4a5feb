// The connect page v2 in a real headless Chromium (Debian's /usr/bin/chromium, driven by
// playwright-core): on a 360 px phone, keyboard first, a person links Sleeper (after a typo) and
// the demo's sample leagues and lands on the return URL with a signed `linked` outcome; on a
// desktop, ESPN's form refuses a bad cookie in people's words with a reference, and Cancel
// returns `cancelled`; Finish without a return URL and with nothing linked says so; used and
// expired links are refused. Every page of ours is checked with axe-core (WCAG 2.1 A and AA and
// best practices) and screenshotted at 1280 and 360 px into test-artifacts/connect/v2/ (ignored
// by git). Both fakes serve the project's made-up data; skipped, saying why, without Chromium.
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { loadConfig } from '../../src/config.ts';
import { loadDemo } from '../../src/sync/demo.ts';
import { TEST_SEASONS } from '../helpers/seasons.ts';
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
import { SECRET_KEY, createSession, outcomeOf, testLogo } from './page-helpers.ts';

const ARTIFACTS = fileURLToPath(new URL('../../test-artifacts/connect/v2/', import.meta.url));
const SYNC_TIMEOUT_MS = 120_000;
const WIDTHS = [1280, 360] as const;
/** axe-core's own build, read from the package so the checker is the maintained one. */
const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: unknown[] }>;
}

describe('the connect page v2 in headless Chromium', { skip: CHROMIUM_SKIP }, () => {
  let t: TestApp;
  let sleeper: FakeSleeper;
  let espn: FakeEspn;
  let admin: AdminClient;
  let browser: Browser;
  let returnServer: Server;
  let returnUrl: string;
  const violations: string[] = [];

  /** The page checked with axe-core, then kept at both widths; fails on any violation. */
  async function capture(page: Page, name: string): Promise<void> {
    // Injected through the DevTools protocol, which the page's CSP does not govern.
    await page.evaluate(AXE_SOURCE);
    const found = await page.evaluate(async () => {
      const axe = (globalThis as unknown as { axe: { run(options: object): Promise<unknown> } })
        .axe;
      const result = (await axe.run({
        runOnly: {
          type: 'tag',
          values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'],
        },
      })) as { violations: unknown[] };
      return result.violations;
    });
    const problems = (found as AxeViolation[]).map(
      (v) => `${v.id} (${v.impact}): ${v.help} at ${JSON.stringify(v.nodes.map((n) => n.target))}`,
    );
    assert.deepEqual(problems, [], `accessibility of ${name}`);
    const size = page.viewportSize() ?? { width: 1280, height: 800 };
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: size.height });
      if (width === 360) {
        const overflow = await page.evaluate<number>('document.documentElement.scrollWidth');
        assert.ok(overflow <= 360, `${name} scrolls sideways at 360 px (${overflow} px wide)`);
      }
      await page.screenshot({ path: `${ARTIFACTS}${name}-${width}.png`, fullPage: true });
    }
    await page.setViewportSize(size);
  }

  async function newContext(width: number): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext({ viewport: { width, height: 800 } });
    const page = await context.newPage();
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) {
        violations.push(message.text());
      }
    });
    return { context, page };
  }

  /** Whether the element matching `selector` has the focus (the suite compiles without DOM types). */
  function hasFocus(page: Page, selector: string): Promise<boolean> {
    return page.evaluate<boolean>(
      `document.activeElement?.matches(${JSON.stringify(selector)}) ?? false`,
    );
  }

  /** Presses Tab until the element matching `selector` has the focus (at most 30 times). */
  async function tabTo(page: Page, selector: string): Promise<void> {
    for (let i = 0; i < 30; i++) {
      await page.keyboard.press('Tab');
      if (await hasFocus(page, selector)) return;
    }
    assert.fail(`${selector} cannot be reached with the keyboard`);
  }

  async function newUser(name: string): Promise<number> {
    return (await admin.json<{ user_id: number }>('POST', '/admin/users', { name })).body.user_id;
  }

  before(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    sleeper = await SYNTHETIC_SLEEPER.start();
    espn = await SYNTHETIC_ESPN_DATA.start();
    t = await startTestApp({
      dialect: 'sqlite',
      config: { secretKey: SECRET_KEY, connectAppName: 'Waiver Wizard' },
      platforms: {
        sleeperBaseUrl: sleeper.baseUrl,
        espnBaseUrl: espn.baseUrl,
        espnFanBaseUrl: espn.fanBaseUrl,
      },
    });
    await loadDemo(t.store, {
      seasons: loadConfig({ SUPPORTED_SEASONS: TEST_SEASONS }).supportedSeasons,
    });
    returnServer = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end('<!doctype html><title>The app</title><h1>Welcome back to the app</h1>');
    });
    await new Promise<void>((resolve) => returnServer.listen(0, '127.0.0.1', resolve));
    returnUrl = `http://127.0.0.1:${(returnServer.address() as AddressInfo).port}/linked?from=connect`;
    admin = await adminClient(t);
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

  it('on a phone, by keyboard: links Sleeper after a typo and the demo, returns linked', async () => {
    const userId = await newUser('erin');
    const session = await createSession(admin, userId, {
      platforms: ['sleeper', 'espn', 'demo'],
      return_url: returnUrl,
      products: ['league', 'roster', 'team'],
      app_logo: testLogo(),
    });
    const { context, page } = await newContext(360);
    assert.equal((await page.goto(session.url))?.status(), 200);
    assert.equal(await page.textContent('#app strong'), 'Waiver Wizard', 'who is asking');
    assert.equal(await page.locator('ul.reads li').count(), 3, 'what it will read');
    assert.equal(await page.locator('ul.picker li').count(), 3, 'the picker');
    assert.equal(await page.getAttribute('#progress', 'role'), 'status', 'a live region');
    await capture(page, '01-picker');

    await tabTo(page, '#platform-sleeper a');
    await Promise.all([page.waitForURL(/\/platform\/sleeper$/), page.keyboard.press('Enter')]);
    assert.equal(await page.locator('form').count(), 1, 'one form at a time');
    assert.ok(await hasFocus(page, '#sleeper-username'), 'the field has the focus');
    await capture(page, '02-sleeper-form');

    await page.keyboard.type('nobody-by-this-name');
    await Promise.all([page.waitForLoadState('load'), page.keyboard.press('Enter')]);
    await page.waitForSelector('[role=alert]');
    assert.match(
      (await page.textContent('[role=alert]')) ?? '',
      /We couldn't find a Sleeper user named nobody-by-this-name\. Check the spelling\./,
    );
    const reference = (await page.textContent('[data-reference]')) ?? '';
    assert.ok(
      t.logs.some(
        (line) => line.request_id === reference && line.msg === 'connect page link failed',
      ),
      'the technical detail is logged under the reference',
    );
    assert.match(
      (await page.getAttribute('#sleeper-username', 'aria-describedby')) ?? '',
      /link-error/,
    );
    await capture(page, '03-sleeper-error');

    await page.fill('#sleeper-username', SYNTHETIC_SLEEPER.user.username);
    await page.focus('#sleeper-username');
    await Promise.all([page.waitForURL(session.url), page.keyboard.press('Enter')]);
    await page.waitForSelector('#platform-sleeper .state.ok');
    await page.waitForSelector('[data-state-of="sleeper"][data-sync="ok"]', {
      timeout: SYNC_TIMEOUT_MS,
    });
    await capture(page, '04-sleeper-linked');

    await tabTo(page, '#platform-demo a');
    await Promise.all([page.waitForURL(/\/platform\/demo$/), page.keyboard.press('Enter')]);
    await capture(page, '05-demo-form');
    await tabTo(page, 'form button[type=submit]');
    await Promise.all([page.waitForURL(session.url), page.keyboard.press('Enter')]);
    await page.waitForSelector('[data-state-of="demo"][data-sync="ok"]', {
      timeout: SYNC_TIMEOUT_MS,
    });
    assert.ok(!(await page.content()).includes('http-equiv="refresh"'), 'no more reloads');
    await capture(page, '06-both-linked');

    await tabTo(page, '#finish form:not(#cancel) button');
    await Promise.all([page.waitForURL(/\/linked\?/), page.keyboard.press('Enter')]);
    assert.equal(await page.textContent('h1'), 'Welcome back to the app');
    const outcome = outcomeOf(page.url());
    assert.deepEqual(
      { status: outcome?.status, platforms: outcome?.platforms },
      { status: 'linked', platforms: ['sleeper', 'demo'] },
    );
    assert.equal(new URL(page.url()).searchParams.get('from'), 'connect', "the app's own query");

    const reused = await page.goto(session.url);
    assert.equal(reused?.status(), 410);
    assert.equal(await page.textContent('h1'), 'This link was already used');
    await capture(page, '07-used-link');
    await context.close();
  });

  it('on a desktop: ESPN refuses a bad cookie in plain words; Cancel returns cancelled', async () => {
    const userId = await newUser('fran');
    const session = await createSession(admin, userId, {
      platforms: ['sleeper', 'espn'],
      return_url: returnUrl,
    });
    const { context, page } = await newContext(1280);
    await page.goto(session.url);
    await page.click('#platform-espn a');
    await page.waitForURL(/\/platform\/espn$/);
    assert.match((await page.textContent('main')) ?? '', /with or without its braces/);
    await capture(page, '08-espn-form');

    await page.fill('#espn-espn_s2', ESPN_FAN.espnS2);
    await page.fill('#espn-swid', 'not-a-swid');
    await page.click('form button[type=submit]');
    await page.waitForSelector('[role=alert]');
    assert.equal(await page.inputValue('#espn-espn_s2'), '', 'the secret cookie is not refilled');
    assert.ok(!(await page.content()).includes(ESPN_FAN.espnS2));
    assert.match((await page.textContent('[role=alert]')) ?? '', /Reference: \S+/);
    await capture(page, '09-espn-error');

    await page.click('a:text("All platforms")');
    assert.match(
      (await page.textContent('#progress')) ?? '',
      /ESPN Fantasy: not linked; the last try failed \(reference /,
    );
    await capture(page, '10-picker-after-failure');
    await Promise.all([page.waitForURL(/\/linked\?/), page.click('#cancel button')]);
    const outcome = outcomeOf(page.url());
    assert.deepEqual(
      { status: outcome?.status, platforms: outcome?.platforms },
      { status: 'cancelled', platforms: [] },
    );
    await context.close();
  });

  it('without a return URL, Finish with nothing linked says so', async () => {
    const userId = await newUser('gus');
    const session = await createSession(admin, userId, { platforms: ['sleeper'] });
    const { context, page } = await newContext(1280);
    await page.goto(session.url);
    assert.match((await page.textContent('#finish')) ?? '', /You have not linked anything/);
    await page.click('#finish form:not(#cancel) button');
    await page.waitForSelector('#outcome');
    assert.equal(await page.textContent('h1'), 'Nothing was linked');
    await capture(page, '11-end-nothing-linked');
    await context.close();
  });

  it('refuses an expired link with a clear page', async () => {
    const userId = await newUser('hal');
    await createSession(admin, userId, { platforms: ['sleeper'] });
    const session = await createSession(admin, userId, { platforms: ['sleeper'] });
    await t.store.db
      .updateTable('connect_sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', userId)
      .execute();
    const { context, page } = await newContext(360);
    const response = await page.goto(session.url);
    assert.equal(response?.status(), 410);
    assert.equal(await page.textContent('h1'), 'This link has expired');
    await capture(page, '12-expired-link');
    await context.close();
  });

  it('on a phone: Fantrax asks for the Secret ID and says where to find it', async () => {
    const userId = await newUser('ida');
    const session = await createSession(admin, userId, { platforms: ['fantrax'] });
    const { context, page } = await newContext(360);
    await page.goto(session.url);
    await page.click('#platform-fantrax a');
    await page.waitForURL(/\/platform\/fantrax$/);
    assert.match((await page.textContent('main')) ?? '', /My Profile/);
    await capture(page, '13-fantrax-form');
    await context.close();
  });

  it('ran without a content security policy violation', () => {
    assert.deepEqual(violations, []);
  });
});

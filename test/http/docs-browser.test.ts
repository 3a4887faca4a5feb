// /docs in a real headless Chromium (Debian's /usr/bin/chromium, driven by playwright-core):
// Swagger UI loads from the service itself under the page's strict CSP with no console error and
// no request leaving 127.0.0.1, shows every operation and the nested fields of the models, fits a
// 390 px and a 1280 px wide screen (no horizontal scrolling), and its try-it console sends
// GET /league/findAllLeagues with a token and shows the 200. Screenshots go to
// test-artifacts/docs/ (ignored by git). Skipped, saying why, without Chromium.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { ADMIN_ROUTES } from '../../src/http/admin/routes/index.ts';
import { loadConfig } from '../../src/config.ts';
import { apiRoutes } from '../../src/http/routes/index.ts';
import { OPERATIONS } from '../../src/http/routes/operations.ts';
import { CHROMIUM_SKIP, launchChromium } from '../connect/chromium.ts';
import { startTestApp } from '../helpers/app.ts';
import type { TestApp } from '../helpers/app.ts';

const ARTIFACTS = fileURLToPath(new URL('../../test-artifacts/docs/', import.meta.url));
const OPERATION_COUNT =
  apiRoutes(loadConfig({}).supportedSeasons).length + OPERATIONS.length + ADMIN_ROUTES.length;

describe('/docs in headless Chromium', { skip: CHROMIUM_SKIP }, () => {
  let t: TestApp;
  let browser: Browser;
  let token: string;

  /** A page that records console errors, CSP refusals and every request not to the app. */
  async function openDocs(width: number): Promise<{ page: Page; problems: string[] }> {
    const page = await browser.newPage({ viewport: { width, height: 900 } });
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || /Content Security Policy|Refused to/i.test(message.text()))
        problems.push(`console: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('request', (request) => {
      const url = request.url();
      if (!url.startsWith(`${t.baseUrl}/`) && !url.startsWith('data:'))
        problems.push(`request left the service: ${url}`);
    });
    page.on('response', (response) => {
      if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
    });
    await page.goto(`${t.baseUrl}/docs`);
    await page.locator('.opblock').first().waitFor();
    return { page, problems };
  }

  before(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    t = await startTestApp({ dialect: 'sqlite' });
    const user = await t.createUser('docs-reader');
    token = await t.issueToken(user.id);
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await t?.close();
  });

  for (const width of [390, 1280]) {
    it(`shows every operation and nested schemas' fields at ${width} px, within the screen`, async () => {
      const { page, problems } = await openDocs(width);
      try {
        assert.equal(await page.locator('.opblock').count(), OPERATION_COUNT);
        // The admin API's writes are there as what they are.
        for (const method of ['POST', 'DELETE']) {
          const count = ADMIN_ROUTES.filter((route) => route.doc.method === method).length;
          assert.ok(count > 0);
          assert.equal(await page.locator(`.opblock-${method.toLowerCase()}`).count(), count);
        }
        const header = await page.locator('.information-container').innerText();
        assert.doesNotMatch(header, /every endpoint is a read-only GET/i);
        assert.match(header, /POST and DELETE/);
        // A team's answer has a nested object (its record) and an array of objects (managers):
        // the schema of the answer shows their fields, not "object".
        const getTeam = page.locator('#operations-team-getTeam');
        await getTeam.locator('.opblock-summary').click();
        await getTeam.locator('.responses-inner button[data-name="model"]').first().click();
        const schema = await getTeam.locator('.responses-inner .model-example').first().innerText();
        for (const field of ['wins*', 'losses*', 'display_name', 'full_name*'])
          assert.ok(schema.includes(field), `the Team schema shows ${field}`);
        await getTeam.screenshot({ path: `${ARTIFACTS}docs-${width}-team-schema.png` });
        // The problem types every error links to are on the page.
        assert.equal(await page.locator('#problem-league-not-found').count(), 1);
        // The page's own expression (a string: this file is type-checked without the DOM's types).
        const { scrollWidth, innerWidth } = await page.evaluate<{
          scrollWidth: number;
          innerWidth: number;
        }>(
          '({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth })',
        );
        assert.ok(scrollWidth <= innerWidth, `${scrollWidth} px wide on a ${innerWidth} px screen`);
        await page.evaluate('window.scrollTo(0, 0)');
        await page.screenshot({ path: `${ARTIFACTS}docs-${width}.png` });
        await page.screenshot({ path: `${ARTIFACTS}docs-${width}-full.png`, fullPage: true });
        assert.deepEqual(problems, []);
      } finally {
        await page.close();
      }
    });
  }

  it("shows the problem type a problem's `type` links to", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    try {
      await page.goto(`${t.baseUrl}/docs#problem-league-not-found`);
      await page.locator('.opblock').first().waitFor();
      const entry = page.locator('#problem-league-not-found');
      // In view once the operations are drawn above it (polled: waitForFunction evaluates its
      // text with eval, which the page's CSP refuses, as it should).
      const inView =
        "(() => { const box = document.getElementById('problem-league-not-found')" +
        '.getBoundingClientRect(); return box.top > -1 && box.bottom <= innerHeight; })()';
      let shown = false;
      for (let tries = 0; tries < 300 && !shown; tries++) {
        shown = await page.evaluate<boolean>(inView);
        if (!shown) await page.waitForTimeout(100);
      }
      assert.ok(shown, 'the linked problem type is in view');
      assert.match(await entry.innerText(), /league_not_found 404/);
      assert.equal(new URL(page.url()).hash, '#problem-league-not-found');
    } finally {
      await page.close();
    }
  });

  it('sends GET /league/findAllLeagues from the try-it console with a token and shows the 200', async () => {
    const { page, problems } = await openDocs(1280);
    try {
      await page.click('button.authorize');
      const scheme = page.locator('.auth-container').filter({ hasText: 'X-Auth-Token' }).first();
      await scheme.locator('input').fill(token);
      await scheme.locator('button.authorize').click();
      await page.click('button.btn-done');
      const operation = page.locator('#operations-league-findAllLeagues');
      await operation.locator('.opblock-summary').click();
      await operation.locator('button.try-out__btn').click();
      await operation.locator('button.execute').click();
      const status = operation.locator('.live-responses-table tbody .response-col_status').first();
      await status.waitFor();
      assert.equal((await status.innerText()).trim(), '200');
      const sent = await operation.locator('.curl-command').innerText();
      assert.match(sent, /X-Auth-Token: fld_/);
      await operation.locator('.live-responses-table').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${ARTIFACTS}docs-try-it-200.png` });
      assert.deepEqual(problems, []);
    } finally {
      await page.close();
    }
  });
});

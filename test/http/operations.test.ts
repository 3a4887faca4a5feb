// /healthz, /readyz, /openapi.json and /docs: no token, and readiness follows the store.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestApp } from '../helpers/app.ts';
import type { TestApp } from '../helpers/app.ts';
import { testBackends } from '../helpers/store.ts';
import { expectProblem } from './expect.ts';

for (const dialect of testBackends()) {
  describe(`operations (${dialect})`, () => {
    let t: TestApp;
    before(async () => {
      t = await startTestApp({ dialect });
    });
    after(() => t.close());

    it('answers liveness and readiness without a token', async () => {
      for (const path of ['/healthz', '/readyz']) {
        const response = await t.request(path);
        assert.equal(response.status, 200);
        assert.equal(response.headers.get('content-type'), 'application/json');
        assert.deepEqual(await response.json(), { status: 'ok' });
        assert.equal(response.headers.get('ratelimit-limit'), null);
      }
    });

    it('serves the OpenAPI document and the reference page without a token', async () => {
      const json = await t.request('/openapi.json');
      assert.equal(json.status, 200);
      assert.equal(json.headers.get('content-type'), 'application/json');
      assert.equal(
        ((await json.json()) as { info: { version: string } }).info.version,
        '1.0.0-oas3',
      );
      const html = await t.request('/docs');
      assert.equal(html.status, 200);
      assert.equal(html.headers.get('content-type'), 'text/html; charset=utf-8');
      const page = await html.text();
      assert.match(page, /^<!doctype html>/);
      // The page loads the reference renderer from the service's own files.
      assert.match(page, /<script src="docs\/assets\/[\w-]+\/swagger-ui-bundle\.js"><\/script>/);
      assert.match(html.headers.get('content-security-policy') ?? '', /script-src 'self'/);
    });

    it('answers 503 from /readyz when the store does not answer, while /healthz stays 200', async () => {
      const broken = await startTestApp({
        dialect,
        readModel: (defaults) => ({ ...defaults, ping: () => Promise.reject(new Error('down')) }),
      });
      try {
        const body = await expectProblem(await broken.request('/readyz'), 'not_ready');
        assert.ok(!body.detail.includes('down'));
        assert.equal((await broken.request('/healthz')).status, 200);
        assert.ok(broken.logs.some((line) => line.msg === 'readiness check failed'));
      } finally {
        await broken.close();
      }
    });
  });
}

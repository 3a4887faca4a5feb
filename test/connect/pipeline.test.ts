// The connect page as one surface of the request pipeline (src/http/pipeline): its rate limit
// answered as a page with Retry-After like the API's 429, and its routes labelled in the log
// from their route table, the OAuth callback's refusals included.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestApp } from '../helpers/app.ts';
import type { TestApp } from '../helpers/app.ts';
import { testBackends } from '../helpers/store.ts';
import { adminClient } from '../http/admin-helpers.ts';
import type { AdminClient } from '../http/admin-helpers.ts';
import { createSession } from './page-helpers.ts';

const LIMIT = 3;

for (const dialect of testBackends()) {
  describe(`connect page in the pipeline (${dialect})`, () => {
    let t: TestApp;
    let admin: AdminClient;
    let userId: number;

    before(async () => {
      t = await startTestApp({ dialect, config: { rateLimitPerMinute: LIMIT } });
      admin = await adminClient(t);
      userId = (await admin.json<{ user_id: number }>('POST', '/admin/users', { name: 'dora' }))
        .body.user_id;
    });
    after(async () => {
      await t?.close();
    });

    it('answers past the session rate limit with a page that says how long, and Retry-After', async () => {
      const session = await createSession(admin, userId, { platforms: ['sleeper'] });
      for (let i = 0; i < LIMIT; i++) {
        const ok = await fetch(session.url);
        assert.equal(ok.status, 200);
        await ok.arrayBuffer();
      }
      const refused = await fetch(session.url);
      assert.equal(refused.status, 429);
      assert.equal(refused.headers.get('content-type'), 'text/html; charset=utf-8');
      assert.equal(refused.headers.get('ratelimit-remaining'), '0');
      assert.match(refused.headers.get('content-security-policy') ?? '', /default-src 'none'/);
      const retryAfter = refused.headers.get('retry-after');
      assert.match(retryAfter ?? '', /^[1-9][0-9]*$/);
      const html = await refused.text();
      assert.match(html, /Too many requests/);
      assert.ok(html.includes(`Wait ${retryAfter} seconds, then reload this page.`));
    });

    it('takes only GET at an OAuth callback, labelled as the callback in the log', async () => {
      const response = await fetch(`${t.baseUrl}/connect/oauth/yahoo/callback?state=x`, {
        method: 'POST',
      });
      assert.equal(response.status, 405);
      assert.equal(response.headers.get('allow'), 'GET, HEAD');
      const problem = (await response.json()) as { code: string; detail: string };
      assert.equal(problem.code, 'method_not_allowed');
      assert.equal(problem.detail, 'POST is not allowed here');
      const line = t.logs.find(
        (l) => l.msg === 'request' && l.path === '/connect/oauth/yahoo/callback',
      );
      assert.equal(line?.route, 'connectOauthCallback');
    });

    it("treats a callback address of a platform linked without OAuth as a link's address", async () => {
      const response = await fetch(`${t.baseUrl}/connect/oauth/sleeper/callback`);
      assert.equal(response.status, 404);
      assert.match(await response.text(), /Page not found/);
      const line = t.logs.find((l) => l.msg === 'request' && l.status === 404);
      // Read as a session's address, its second segment cut as a token would be.
      assert.match(String(line?.path), /^\/connect\/[^/]*…\/sleeper\/callback$/);
      assert.equal(line?.route, undefined);
    });
  });
}

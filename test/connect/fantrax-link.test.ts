// Linking Fantrax over HTTP: the connect page's form (a password field for the Secret ID, help on
// where Fantrax shows it), a refused Secret ID in the person's words with the secret never put
// back into the page, a Secret ID Fantrax lists no leagues for refused and nothing stored, a link through the form and its first sync; and the admin API's body
// (`credentials` `{"secret_id"}`). Against the fake of Fantrax's official API, made-up leagues.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestApp } from '../helpers/app.ts';
import { testBackends } from '../helpers/store.ts';
import type { TestApp } from '../helpers/app.ts';
import { FANTRAX_SECRET_ID, startFakeFantrax } from '../helpers/fake-fantrax.ts';
import type { FakeFantrax } from '../helpers/fake-fantrax.ts';
import { adminClient } from '../http/admin-helpers.ts';
import type { AdminClient } from '../http/admin-helpers.ts';
import { reply } from '../helpers/fake-platform.ts';
import { expectProblem } from '../http/expect.ts';
import { SECRET_KEY, createSession, csrfOf, pageWhenSynced, postForm } from './page-helpers.ts';

/** Well formed, but no Fantrax user's. */
const UNKNOWN_SECRET_ID = 'nobodysecret0fx9';

for (const dialect of testBackends())
  describe(`linking Fantrax over HTTP (${dialect})`, () => {
    let t: TestApp;
    let fake: FakeFantrax;
    let admin: AdminClient;

    before(async () => {
      fake = await startFakeFantrax({ withoutRecordings: true });
      t = await startTestApp({
        dialect,
        config: { secretKey: SECRET_KEY },
        platforms: { fantraxBaseUrl: fake.baseUrl },
      });
      admin = await adminClient(t);
      // Fantrax answers a well-formed Secret ID it does not know with 200 and no leagues.
      fake.route('/getLeagues', (request) =>
        request.query.get('userSecretId') === UNKNOWN_SECRET_ID
          ? reply.json({ leagues: [] })
          : reply.json(fake.served('/getLeagues', Object.fromEntries(request.query))),
      );
    });
    after(async () => {
      await t?.close();
      await fake?.close();
    });

    const newUser = async (name: string) =>
      (await admin.json<{ user_id: number }>('POST', '/admin/users', { name })).body.user_id;

    it('links from the form, telling where the Secret ID is and keeping it out of the page', async () => {
      const userId = await newUser('dana');
      const session = await createSession(admin, userId, { platforms: ['fantrax'] });
      const form = await (await fetch(`${session.url}/platform/fantrax`)).text();
      assert.match(form, /profile page/);
      const input = /<input\b[^>]*id="fantrax-secret_id"[^>]*>/.exec(form)?.[0] ?? '';
      assert.match(input, /type="password"/);
      const csrf = csrfOf(form);
      const path = `${session.path}/link/fantrax`;

      const empty = await postForm(t, path, { csrf });
      assert.equal(empty.status, 422);
      assert.match(await empty.text(), /Enter your Fantrax Secret ID, or league ids\./);

      const wrong = await postForm(t, path, { csrf, secret_id: 'wrongsecret00000' });
      assert.equal(wrong.status, 422);
      const wrongHtml = await wrong.text();
      assert.match(
        wrongHtml,
        /Fantrax didn&#39;t accept this Secret ID\. Copy it again from your profile page/,
      );
      assert.doesNotMatch(wrongHtml, /wrongsecret00000/, 'a secret is never put back');

      const linked = await postForm(t, path, { csrf, secret_id: FANTRAX_SECRET_ID });
      assert.equal(linked.status, 303);
      const html = await pageWhenSynced(t, session.path);
      assert.match(html, /Leagues read: 1/);
      assert.doesNotMatch(html, new RegExp(FANTRAX_SECRET_ID));
      for (const line of t.logs)
        assert.doesNotMatch(JSON.stringify(line), new RegExp(FANTRAX_SECRET_ID));
    });

    it('a Secret ID Fantrax lists no leagues for links nothing and says so', async () => {
      const userId = await newUser('fay');
      const session = await createSession(admin, userId, { platforms: ['fantrax'] });
      const csrf = csrfOf(await (await fetch(`${session.url}/platform/fantrax`)).text());
      const page = await postForm(t, `${session.path}/link/fantrax`, {
        csrf,
        secret_id: UNKNOWN_SECRET_ID,
      });
      assert.equal(page.status, 422);
      const html = await page.text();
      assert.match(html, /Fantrax found no leagues for this Secret ID, so nothing was linked\./);
      assert.doesNotMatch(html, new RegExp(UNKNOWN_SECRET_ID));

      const refused = await admin.call('POST', `/admin/users/${userId}/links/fantrax`, {
        credentials: { secret_id: UNKNOWN_SECRET_ID },
      });
      const body = await expectProblem(refused, 'link_refused');
      assert.match(body.detail, /found no leagues for this Secret ID/);
      assert.doesNotMatch(body.detail, new RegExp(UNKNOWN_SECRET_ID));
      const links = await admin.json<unknown[]>('GET', `/admin/users/${userId}/links`);
      assert.deepEqual(links.body, [], 'nothing stored');
    });

    it('links through the admin API with credentials and league ids', async () => {
      const userId = await newUser('erin');
      const refused = await admin.json<{ code: string; detail: string }>(
        'POST',
        `/admin/users/${userId}/links/fantrax`,
        { credentials: { secret_id: 'wrongsecret00000' } },
      );
      assert.ok(refused.status >= 400 && refused.status < 500, String(refused.status));
      assert.doesNotMatch(JSON.stringify(refused.body), /wrongsecret00000/);
      const linked = await admin.json<{ status: string; link: { external_user_id: string } }>(
        'POST',
        `/admin/users/${userId}/links/fantrax`,
        { credentials: { secret_id: FANTRAX_SECRET_ID }, league_ids: ['publicbaseball21'] },
      );
      assert.equal(linked.status, 200, JSON.stringify(linked.body));
      assert.equal(linked.body.status, 'linked');
      assert.match(linked.body.link.external_user_id, /^secret-[0-9a-f]{16}$/);
      assert.doesNotMatch(JSON.stringify(linked.body), new RegExp(FANTRAX_SECRET_ID));
    });
  });

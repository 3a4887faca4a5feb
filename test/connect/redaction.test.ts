// A platform that echoes the password it was sent, in any encoding, shows it in no answer: the
// connect page words the refusal for people, and the admin API's link problem and the session's
// link_failures redact the platform's text (src/domain/redact.ts).
// MFL's login answer is a fake on 127.0.0.1 echoing the password in one form per attempt.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestApp } from '../helpers/app.ts';
import type { TestApp } from '../helpers/app.ts';
import { reply } from '../helpers/fake-platform.ts';
import { startFakeMfl } from '../helpers/fake-mfl.ts';
import type { FakeMfl } from '../helpers/fake-mfl.ts';
import { testBackends } from '../helpers/store.ts';
import { adminClient } from '../http/admin-helpers.ts';
import type { AdminClient } from '../http/admin-helpers.ts';
import { createSession, csrfOf, postForm } from './page-helpers.ts';

const PASSWORD = `hunter2 pass&"'/+é%`;
const html = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll("'", '&#39;');
const FORMS: ReadonlyArray<[string, string]> = [
  ['encodeURIComponent', encodeURIComponent(PASSWORD)],
  ['form-encoded with +', new URLSearchParams({ p: PASSWORD }).toString().slice(2)],
  ['HTML-escaped', html(PASSWORD)],
  ['percent-encoded, lower-case hex', encodeURIComponent(PASSWORD).toLowerCase()],
];

for (const dialect of testBackends()) {
  describe(`secrets echoed by a platform, in any encoding (${dialect})`, () => {
    let t: TestApp;
    let mfl: FakeMfl;
    let admin: AdminClient;

    before(async () => {
      mfl = await startFakeMfl();
      t = await startTestApp({ dialect, platforms: { mflBaseUrl: mfl.baseUrl } });
      admin = await adminClient(t);
    });
    after(async () => {
      await t?.close();
      await mfl?.close();
    });

    /** Every form of the password a page or JSON answer could carry. */
    function assertNoPassword(answer: string, why: string): void {
      const shown = [PASSWORD, ...FORMS.map(([, form]) => form)];
      for (const form of shown) assert.ok(!answer.includes(form), `${why}: ${answer}`);
      assert.ok(!answer.includes('hunter2'), `${why}: ${answer}`);
    }

    it('shows none of them on the connect page or in the admin API', async () => {
      for (const [index, [why, form]] of FORMS.entries()) {
        // A user per form: refused passwords make a user wait (src/sync/link-attempts.ts).
        const userId = (
          await admin.json<{ user_id: number }>('POST', '/admin/users', { name: `eve${index}` })
        ).body.user_id;
        mfl.intercept = (request) =>
          request.path.endsWith('/login')
            ? reply.raw(`<?xml version="1.0"?>\n<error>Invalid Password ${form}</error>\n`, 200, {
                'content-type': 'text/xml',
              })
            : undefined;
        const session = await createSession(admin, userId, { platforms: ['mfl'] });
        const csrf = csrfOf(await (await fetch(session.url)).text());
        const page = await postForm(t, `${session.path}/link/mfl`, {
          csrf,
          username: 'eve_mfl',
          password: PASSWORD,
        });
        assert.equal(page.status, 422, why);
        const pageHtml = await page.text();
        // The page words it for people; the platform's redacted text is the admin API's.
        assert.match(pageHtml, /MyFantasyLeague didn&#39;t accept this username and password/, why);
        assert.doesNotMatch(pageHtml, /Invalid Password/, why);
        assertNoPassword(pageHtml, why);
        const sessions = await admin.call('GET', `/admin/users/${userId}/connect-sessions`);
        const listed = await sessions.text();
        assert.match(listed, /Invalid Password \*\*\*/, why);
        assertNoPassword(listed, why);

        const api = await admin.call('POST', `/admin/users/${userId}/links/mfl`, {
          credentials: { username: 'eve_mfl', password: PASSWORD },
        });
        assert.equal(api.status, 422, why);
        const body = await api.text();
        assert.match(body, /Invalid Password \*\*\*/, why);
        assertNoPassword(body, why);
      }
      assertNoPassword(JSON.stringify(t.logs), 'the log');
    });
  });
}

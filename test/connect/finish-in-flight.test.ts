// Pressing Finish while a link of the page is still being checked: the finish waits for it (a
// few seconds at most) and the link is stored before the session is used, or it is refused with
// 409 and nothing is finished; never a link stored on a finished session. The platform is a
// fake Sleeper on 127.0.0.1 that answers the link's one call only when the test says so.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestApp } from '../helpers/app.ts';
import type { TestApp } from '../helpers/app.ts';
import { eventually } from '../helpers/eventually.ts';
import { reply, startFakePlatform } from '../helpers/fake-platform.ts';
import type { FakePlatformServer } from '../helpers/fake-platform.ts';
import { testBackends } from '../helpers/store.ts';
import { adminClient } from '../http/admin-helpers.ts';
import type { AdminClient } from '../http/admin-helpers.ts';
import { createSession, csrfOf, postForm, withoutOutcome } from './page-helpers.ts';
import type { Session } from './page-helpers.ts';

const RETURN_URL = 'https://app.example.com/done';

for (const dialect of testBackends()) {
  describe(`finishing while a link is in flight (${dialect})`, () => {
    let t: TestApp;
    let fake: FakePlatformServer;
    let admin: AdminClient;
    /** Lets the held answer of the fake go. */
    let release: () => void = () => undefined;

    before(async () => {
      fake = await startFakePlatform({
        '/user/latecomer': () =>
          new Promise((resolve) => {
            release = () =>
              resolve(reply.json({ user_id: '7001', username: 'latecomer', display_name: 'Late' }));
          }),
      });
      t = await startTestApp({ dialect, platforms: { sleeperBaseUrl: fake.url } });
      admin = await adminClient(t);
    });
    after(async () => {
      release();
      await t?.close();
      await fake?.close();
    });

    /** A user with a session, and its link started and held at the fake. */
    async function linkHeld(name: string): Promise<{
      userId: number;
      session: Session;
      csrf: string;
      linking: Promise<Response>;
    }> {
      const userId = (await admin.json<{ user_id: number }>('POST', '/admin/users', { name })).body
        .user_id;
      const session = await createSession(admin, userId, {
        platforms: ['sleeper'],
        return_url: RETURN_URL,
      });
      const csrf = csrfOf(await (await fetch(session.url)).text());
      const hitsBefore = fake.hits('/user/latecomer');
      const linking = postForm(t, `${session.path}/link/sleeper`, { csrf, username: 'latecomer' });
      await eventually(
        'the link reached the fake',
        () => fake.hits('/user/latecomer') === hitsBefore + 1,
        10_000,
      );
      return { userId, session, csrf, linking };
    }

    const linksOf = async (userId: number) =>
      (await admin.json<Array<{ platform: string }>>('GET', `/admin/users/${userId}/links`)).body;

    it('refuses the finish with 409 while the link runs past the wait, finishing nothing', async () => {
      const { userId, session, csrf, linking } = await linkHeld('held-long');
      const refused = await postForm(t, `${session.path}/finish`, { csrf });
      assert.equal(refused.status, 409);
      const html = await refused.text();
      assert.match(html, /An account is still being linked/);
      assert.match(html, new RegExp(`href="${session.path}"`));
      assert.equal((await fetch(session.url)).status, 200, 'the session is not used');

      release();
      const linked = await linking;
      assert.equal(linked.status, 303, 'the link is stored');
      assert.deepEqual(
        (await linksOf(userId)).map((l) => l.platform),
        ['sleeper'],
      );
      const finished = await postForm(t, `${session.path}/finish`, { csrf });
      assert.equal(finished.status, 303);
      assert.equal(withoutOutcome(finished.headers.get('location') ?? ''), RETURN_URL);
    });

    it('waits for a link that ends soon, storing it before the session is used', async () => {
      const { userId, session, csrf, linking } = await linkHeld('held-short');
      const finishing = postForm(t, `${session.path}/finish`, { csrf });
      await new Promise((resolve) => setTimeout(resolve, 300));
      release();
      const [linked, finished] = await Promise.all([linking, finishing]);
      assert.equal(linked.status, 303);
      assert.equal(finished.status, 303);
      assert.equal(withoutOutcome(finished.headers.get('location') ?? ''), RETURN_URL);
      const [account] = await t.store.db
        .selectFrom('platform_accounts')
        .select('created_at')
        .where('user_id', '=', userId)
        .execute();
      const [used] = await t.store.db
        .selectFrom('connect_sessions')
        .select(['used_at', 'links_in_flight'])
        .where('user_id', '=', userId)
        .execute();
      assert.ok(account && used?.used_at, 'linked and finished');
      assert.ok(account.created_at <= used.used_at, 'stored before the session was used');
      assert.equal(used.links_in_flight, 0);
    });

    it('refuses a link started after the finish, and ends the count of a dead process', async () => {
      const userId = (await admin.json<{ user_id: number }>('POST', '/admin/users', { name: 'x' }))
        .body.user_id;
      const session = await createSession(admin, userId, { platforms: ['sleeper'] });
      const csrf = csrfOf(await (await fetch(session.url)).text());
      // A link whose process died: counted, past its lease.
      await t.store.db
        .updateTable('connect_sessions')
        .set({ links_in_flight: 1, links_until: new Date(Date.now() - 1000).toISOString() })
        .where('user_id', '=', userId)
        .execute();
      const finished = await postForm(t, `${session.path}/finish`, { csrf });
      assert.equal(finished.status, 200);
      const late = await postForm(t, `${session.path}/link/sleeper`, {
        csrf,
        username: 'latecomer',
      });
      assert.equal(late.status, 410);
      assert.deepEqual(await linksOf(userId), []);
    });
  });
}

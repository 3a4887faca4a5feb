// How a connect session ends, as the application learns it from the return URL (signed) and the
// admin API: linked, partial (one platform linked, another refused), failed (tried, nothing
// linked), cancelled (Cancel, or Finish without trying), and the end page without a return URL.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestApp } from '../helpers/app.ts';
import type { TestApp } from '../helpers/app.ts';
import type { FakeSleeper } from '../helpers/fake-platform.ts';
import { SYNTHETIC_SLEEPER, SYNTHETIC_SLEEPER_USER } from '../helpers/sleeper-data.ts';
import { testBackends } from '../helpers/store.ts';
import { adminClient } from '../http/admin-helpers.ts';
import type { AdminClient } from '../http/admin-helpers.ts';
import {
  SECRET_KEY,
  createSession,
  csrfOf,
  outcomeOf,
  pageWhenSynced,
  postForm,
} from './page-helpers.ts';
import type { Session } from './page-helpers.ts';

const RETURN = 'https://app.example.com/back';

for (const dialect of testBackends()) {
  describe(`connect outcomes (${dialect})`, () => {
    let t: TestApp;
    let fake: FakeSleeper;
    let admin: AdminClient;

    before(async () => {
      fake = await SYNTHETIC_SLEEPER.start();
      t = await startTestApp({
        dialect,
        config: { secretKey: SECRET_KEY },
        platforms: { sleeperBaseUrl: fake.baseUrl },
      });
      admin = await adminClient(t);
    });
    after(async () => {
      await t?.close();
      await fake?.close();
    });

    async function newUser(name: string): Promise<number> {
      return (await admin.json<{ user_id: number }>('POST', '/admin/users', { name })).body.user_id;
    }

    async function open(session: Session): Promise<string> {
      return csrfOf(await (await fetch(session.url)).text());
    }

    async function linkSleeper(session: Session, csrf: string): Promise<void> {
      const linked = await postForm(t, `${session.path}/link/sleeper`, {
        csrf,
        username: SYNTHETIC_SLEEPER_USER.username,
      });
      assert.equal(linked.status, 303);
      await pageWhenSynced(t, session.path);
    }

    async function storedOutcome(userId: number): Promise<string | undefined> {
      const listed = await admin.json<Array<{ outcome?: string }>>(
        'GET',
        `/admin/users/${userId}/connect-sessions`,
      );
      return listed.body[0]?.outcome;
    }

    it('partial: Sleeper linked, ESPN refused; the summary says both', async () => {
      const userId = await newUser('pat');
      const session = await createSession(admin, userId, {
        platforms: ['sleeper', 'espn'],
        return_url: RETURN,
      });
      const csrf = await open(session);
      await linkSleeper(session, csrf);
      const refused = await postForm(t, `${session.path}/link/espn`, { csrf, espn_s2: 'AEsecret' });
      assert.equal(refused.status, 422);
      assert.match(await refused.text(), /Enter both cookies, espn_s2 and SWID/);
      const picker = await (await fetch(session.url)).text();
      assert.match(picker, /Sleeper: linked as /);
      assert.match(picker, /ESPN Fantasy: not linked; the last try failed \(reference /);
      const finished = await postForm(t, `${session.path}/finish`, { csrf });
      const outcome = outcomeOf(finished.headers.get('location') ?? '');
      assert.equal(outcome?.status, 'partial');
      assert.deepEqual(outcome?.platforms, ['sleeper']);
      assert.equal(
        outcome?.sessionId,
        (
          await admin.json<Array<{ session_id: number }>>(
            'GET',
            `/admin/users/${userId}/connect-sessions`,
          )
        ).body[0]?.session_id,
      );
      assert.equal(await storedOutcome(userId), 'partial');
    });

    it('failed: tried and nothing linked', async () => {
      const userId = await newUser('fay');
      const session = await createSession(admin, userId, {
        platforms: ['sleeper'],
        return_url: RETURN,
      });
      const csrf = await open(session);
      const refused = await postForm(t, `${session.path}/link/sleeper`, { csrf, username: '' });
      assert.equal(refused.status, 422);
      const finished = await postForm(t, `${session.path}/finish`, { csrf });
      const outcome = outcomeOf(finished.headers.get('location') ?? '');
      assert.deepEqual(
        { status: outcome?.status, platforms: outcome?.platforms },
        { status: 'failed', platforms: [] },
      );
    });

    it('cancelled: Cancel returns too, with the platforms already linked', async () => {
      const userId = await newUser('cass');
      const session = await createSession(admin, userId, {
        platforms: ['sleeper'],
        return_url: `${RETURN}?fd_status=linked`,
      });
      const csrf = await open(session);
      await linkSleeper(session, csrf);
      const cancelled = await postForm(t, `${session.path}/cancel`, { csrf });
      assert.equal(cancelled.status, 303);
      const location = cancelled.headers.get('location') ?? '';
      assert.equal(new URL(location).searchParams.getAll('fd_status').length, 1, 'replaced');
      const outcome = outcomeOf(location);
      assert.deepEqual(
        { status: outcome?.status, platforms: outcome?.platforms },
        { status: 'cancelled', platforms: ['sleeper'] },
      );
      assert.equal(await storedOutcome(userId), 'cancelled');
      assert.equal((await fetch(session.url)).status, 410, 'the link is used up');
    });

    it('without a return URL, Finish with nothing linked says so on the end page', async () => {
      const userId = await newUser('nel');
      const session = await createSession(admin, userId, { platforms: ['sleeper'] });
      const csrf = await open(session);
      const finished = await postForm(t, `${session.path}/finish`, { csrf });
      assert.equal(finished.status, 200);
      const html = await finished.text();
      assert.match(html, /<h1>Nothing was linked<\/h1>/);
      assert.match(html, /data-outcome="cancelled"/);
      assert.match(html, /Nothing was linked in this visit/);
      assert.equal(await storedOutcome(userId), 'cancelled');
    });

    it('without a return URL, a linked account is listed on the end page', async () => {
      const userId = await newUser('lin');
      const session = await createSession(admin, userId, { platforms: ['sleeper'] });
      const csrf = await open(session);
      await linkSleeper(session, csrf);
      const html = await (await postForm(t, `${session.path}/finish`, { csrf })).text();
      assert.match(html, /<h1>All set<\/h1>/);
      assert.match(
        html,
        new RegExp(`Sleeper: linked as ${SYNTHETIC_SLEEPER_USER.username}\\. Leagues read: [1-9]`),
      );
    });

    it('an outcome altered on the way is not trusted', async () => {
      const userId = await newUser('alt');
      const session = await createSession(admin, userId, {
        platforms: ['sleeper'],
        return_url: RETURN,
      });
      const csrf = await open(session);
      const finished = await postForm(t, `${session.path}/finish`, { csrf });
      const url = new URL(finished.headers.get('location') ?? '');
      assert.equal(outcomeOf(url.href)?.status, 'cancelled');
      url.searchParams.set('fd_status', 'linked');
      assert.equal(outcomeOf(url.href), undefined);
    });
  });
}

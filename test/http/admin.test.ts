// The admin API end to end on a real app: users, tokens, links (the fake Sleeper), a background
// sync followed to its end, connect sessions, deletion; request bodies refused as they should be.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestApp } from '../helpers/app.ts';
import type { TestApp } from '../helpers/app.ts';
import type { FakeSleeper } from '../helpers/fake-platform.ts';
import { SYNTHETIC_SLEEPER, SYNTHETIC_SLEEPER_USER } from '../helpers/sleeper-data.ts';
import { testBackends } from '../helpers/store.ts';
import { adminClient } from './admin-helpers.ts';
import type { AdminClient } from './admin-helpers.ts';
import { assertSchema, expectProblem } from './expect.ts';
import {
  ConnectSessionSchema,
  IssuedTokenSchema,
  LinkListSchema,
  LinkOutcomeSchema,
  SyncSchema,
  TokenListSchema,
  UserPageSchema,
  UserSchema,
} from '../../src/http/admin/schemas.ts';

interface UserBody {
  user_id: number;
  name: string;
}

for (const dialect of testBackends()) {
  describe(`admin API (${dialect})`, () => {
    let t: TestApp;
    let fake: FakeSleeper;
    let admin: AdminClient;
    let alice: UserBody;

    before(async () => {
      fake = await SYNTHETIC_SLEEPER.start();
      t = await startTestApp({ dialect, platforms: { sleeperBaseUrl: fake.baseUrl } });
      admin = await adminClient(t);
    });
    after(async () => {
      await t?.close();
      await fake?.close();
    });

    it('creates, lists and gets users; a taken name is a 409', async () => {
      const created = await admin.json<UserBody>('POST', '/admin/users', { name: 'alice' });
      assert.equal(created.status, 201);
      assertSchema(UserSchema, created.body);
      alice = created.body;
      assert.equal(created.response.headers.get('location'), `/admin/users/${alice.user_id}`);
      await expectProblem(
        await admin.call('POST', '/admin/users', { name: 'alice' }),
        'user_exists',
      );
      await expectProblem(
        await admin.call('POST', '/admin/users', { name: 'no spaces' }),
        'invalid_body',
      );
      const list = await admin.json<{ users: UserBody[] }>('GET', '/admin/users');
      assertSchema(UserPageSchema, list.body);
      assert.deepEqual(
        list.body.users.map((u) => u.name),
        ['alice'],
      );
      const one = await admin.json<UserBody>('GET', `/admin/users/${alice.user_id}`);
      assert.deepEqual(one.body, alice);
      await expectProblem(await admin.call('GET', '/admin/users/999'), 'user_not_found');
      await expectProblem(await admin.call('GET', '/admin/users/x'), 'invalid_parameter');
    });

    it('issues a token shown once, lists it without the token, revokes it', async () => {
      const issued = await admin.json<{ token: string; token_id: number }>(
        'POST',
        `/admin/users/${alice.user_id}/tokens`,
        { products: ['league', 'player'], expires_in: '30d' },
      );
      assert.equal(issued.status, 201);
      assertSchema(IssuedTokenSchema, issued.body);
      const works = await t.request('/league/findAllLeagues', { token: issued.body.token });
      assert.equal(works.status, 200);
      assert.deepEqual(await works.json(), []);
      const listed = await admin.json<unknown[]>('GET', `/admin/users/${alice.user_id}/tokens`);
      assertSchema(TokenListSchema, listed.body);
      assert.ok(!JSON.stringify(listed.body).includes(issued.body.token));
      const path = `/admin/users/${alice.user_id}/tokens/${issued.body.token_id}`;
      assert.equal((await admin.call('DELETE', path)).status, 204);
      const record = await admin.json<{ revoked_at?: string }>('GET', path);
      assert.ok(record.body.revoked_at);
      await new Promise((resolve) => setTimeout(resolve, 1100));
      await expectProblem(
        await t.request('/league/findAllLeagues', { token: issued.body.token }),
        'token_revoked',
      );
      await expectProblem(
        await admin.call('POST', `/admin/users/${alice.user_id}/tokens`, { products: ['nope'] }),
        'invalid_body',
      );
      await expectProblem(
        await admin.call('POST', `/admin/users/${alice.user_id}/tokens`, {
          products: ['league'],
          expires_in: '0d',
        }),
        'invalid_body',
      );
    });

    it('links Sleeper by username, refuses an unknown one, lists the link', async () => {
      const linked = await admin.json<{ status: string; link: { external_user_id: string } }>(
        'POST',
        `/admin/users/${alice.user_id}/links/sleeper`,
        { username: SYNTHETIC_SLEEPER_USER.username },
      );
      assert.equal(linked.status, 200);
      assertSchema(LinkOutcomeSchema, linked.body);
      assert.equal(linked.body.status, 'linked');
      assert.equal(linked.body.link.external_user_id, SYNTHETIC_SLEEPER_USER.userId);
      await expectProblem(
        await admin.call('POST', `/admin/users/${alice.user_id}/links/sleeper`, {
          username: 'nobody-by-this-name',
        }),
        'link_refused',
      );
      // The demo links over HTTP only once it is loaded (demo-link.test.ts links it).
      const demo = await expectProblem(
        await admin.call('POST', `/admin/users/${alice.user_id}/links/demo`, {}),
        'link_refused',
      );
      assert.match(demo.detail, /the demo is not loaded here/);
      const links = await admin.json<Array<{ platform: string; needs_linking_again: boolean }>>(
        'GET',
        `/admin/users/${alice.user_id}/links`,
      );
      assertSchema(LinkListSchema, links.body);
      assert.deepEqual(
        links.body.map((l) => [l.platform, l.needs_linking_again]),
        [['sleeper', false]],
      );
    });

    it('starts a sync (202), follows it to its end, and the leagues are served', async () => {
      const started = await admin.json<{ sync_id: number; status: string }>(
        'POST',
        `/admin/users/${alice.user_id}/syncs`,
      );
      assert.equal(started.status, 202);
      assertSchema(SyncSchema, started.body);
      assert.equal(started.body.status, 'running');
      assert.equal(
        started.response.headers.get('location'),
        `/admin/syncs/${started.body.sync_id}`,
      );
      const done = await admin.waitForSync(started.body.sync_id);
      assertSchema(SyncSchema, done);
      assert.equal(done.status, 'ok', done.error);
      assert.ok(done.progress.leagues_written > 0);
      assert.equal(done.progress.leagues_found, done.progress.leagues_written);
      await t.app.refresh();
      const { token } = (
        await admin.json<{ token: string }>('POST', `/admin/users/${alice.user_id}/tokens`, {
          products: ['league'],
        })
      ).body;
      const leagues = (await (
        await t.request('/league/findAllLeagues', { token })
      ).json()) as unknown[];
      assert.equal(leagues.length, done.progress.leagues_written);
      const links = await admin.json<Array<{ leagues: number; last_sync?: { outcome: string } }>>(
        'GET',
        `/admin/users/${alice.user_id}/links`,
      );
      assert.equal(links.body[0]?.leagues, leagues.length);
      assert.equal(links.body[0]?.last_sync?.outcome, 'ok');
      await expectProblem(await admin.call('GET', '/admin/syncs/99999'), 'sync_not_found');
      const bob = await admin.json<UserBody>('POST', '/admin/users', { name: 'bob' });
      await expectProblem(
        await admin.call('POST', `/admin/users/${bob.body.user_id}/syncs`, {}),
        'link_not_found',
      );
    });

    it('creates a connect session with its one-time URL; refuses bad return URLs', async () => {
      const created = await admin.json<{ url: string; platforms: string[] }>(
        'POST',
        `/admin/users/${alice.user_id}/connect-sessions`,
        { platforms: ['sleeper'], return_url: 'https://app.example.com/done', expires_in: '30m' },
      );
      assert.equal(created.status, 201);
      assertSchema(ConnectSessionSchema, created.body);
      assert.match(
        created.body.url,
        new RegExp(`^${t.baseUrl.replace(/\./g, '\\.')}/connect/fcs_`),
      );
      assert.deepEqual(created.body.platforms, ['sleeper']);
      const listed = await admin.json<unknown[]>(
        'GET',
        `/admin/users/${alice.user_id}/connect-sessions`,
      );
      assert.equal(listed.body.length, 1);
      assert.ok(!JSON.stringify(listed.body).includes(created.body.url));
      for (const body of [
        { return_url: 'javascript:alert(1)' },
        { expires_in: '8d' },
        { platforms: ['yahoo'] },
      ]) {
        await expectProblem(
          await admin.call('POST', `/admin/users/${alice.user_id}/connect-sessions`, body),
          'invalid_body',
        );
      }
    });

    it('refuses bodies that are not JSON, too large, or of another type', async () => {
      const path = `/admin/users/${alice.user_id}/tokens`;
      await expectProblem(
        await fetch(t.baseUrl + path, {
          method: 'POST',
          headers: { authorization: `Bearer ${admin.key}`, 'content-type': 'application/json' },
          body: '{"products": [',
        }),
        'invalid_body',
      );
      await expectProblem(
        await fetch(t.baseUrl + path, {
          method: 'POST',
          headers: { authorization: `Bearer ${admin.key}`, 'content-type': 'text/plain' },
          body: 'products=league',
        }),
        'unsupported_media_type',
      );
      await expectProblem(
        await admin.call('POST', path, { products: ['league'], pad: 'x'.repeat(70_000) }),
        'payload_too_large',
      );
      await expectProblem(
        await admin.call('POST', path, { products: ['league'], extra: 1 }),
        'invalid_body',
      );
      const put = await admin.call('PUT', '/admin/users');
      await expectProblem(put, 'method_not_allowed');
      assert.equal(put.headers.get('allow'), 'GET, POST, HEAD');
    });

    it('unlinks (the leagues leave the user) and deletes the user (tokens stop working)', async () => {
      const { token } = (
        await admin.json<{ token: string }>('POST', `/admin/users/${alice.user_id}/tokens`, {
          products: ['league'],
        })
      ).body;
      assert.equal(
        (await admin.call('DELETE', `/admin/users/${alice.user_id}/links/sleeper`)).status,
        204,
      );
      await expectProblem(
        await admin.call('DELETE', `/admin/users/${alice.user_id}/links/sleeper`),
        'link_not_found',
      );
      await t.app.refresh();
      assert.deepEqual(await (await t.request('/league/findAllLeagues', { token })).json(), []);
      const leagues = await t.store.db.selectFrom('leagues').select('id').execute();
      assert.equal(leagues.length, 0, 'leagues nobody belongs to any more are gone');
      assert.equal((await admin.call('DELETE', `/admin/users/${alice.user_id}`)).status, 204);
      await expectProblem(
        await admin.call('GET', `/admin/users/${alice.user_id}`),
        'user_not_found',
      );
      await new Promise((resolve) => setTimeout(resolve, 1100));
      await expectProblem(await t.request('/league/findAllLeagues', { token }), 'token_invalid');
    });

    it('logs every admin call with its key id, never a key or a token', () => {
      // A 405 is answered before the key is read.
      const adminLines = t.logs.filter(
        (l) => String(l.path).startsWith('/admin/') && l.status !== 405,
      );
      assert.ok(adminLines.length > 10);
      for (const line of adminLines) assert.equal(typeof line.admin_key_id, 'number');
      const text = JSON.stringify(t.logs);
      assert.ok(!text.includes(admin.key));
      assert.ok(!/fld_[A-Za-z0-9_-]{43}/.test(text));
    });
  });
}

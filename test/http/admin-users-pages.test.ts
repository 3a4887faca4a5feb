// GET /admin/users one page at a time, as transactions page: `limit` (1 to 500, 100 unless
// given), `next_cursor` present only when more users follow, and a cursor this service did not
// give for this list (made up, altered, or another list's) a 400 naming `cursor`.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { UserPageSchema } from '../../src/http/admin/schemas.ts';
import { startTestApp } from '../helpers/app.ts';
import type { TestApp } from '../helpers/app.ts';
import { testBackends } from '../helpers/store.ts';
import { adminClient } from './admin-helpers.ts';
import type { AdminClient } from './admin-helpers.ts';
import { assertSchema, expectInvalidParam } from './expect.ts';

interface UserPage {
  users: Array<{ user_id: number; name: string }>;
  next_cursor?: string;
}

/** More than one default page (100), so the default limit shows. */
const USERS = 205;

for (const dialect of testBackends()) {
  describe(`GET /admin/users, paged (${dialect})`, () => {
    let t: TestApp;
    let admin: AdminClient;
    let names: string[];

    before(async () => {
      t = await startTestApp({ dialect });
      admin = await adminClient(t);
      names = Array.from({ length: USERS }, (_, i) => `user-${String(i).padStart(3, '0')}`);
      for (const name of names) await t.createUser(name);
    });
    after(async () => {
      await t?.close();
    });

    async function page(query: string): Promise<UserPage> {
      const answer = await admin.json<UserPage>('GET', `/admin/users${query}`);
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
      assertSchema(UserPageSchema, answer.body);
      return answer.body;
    }

    async function walk(limit?: number): Promise<{ pages: UserPage[]; names: string[] }> {
      const pages: UserPage[] = [];
      let cursor: string | undefined;
      do {
        const query = new URLSearchParams();
        if (limit !== undefined) query.set('limit', String(limit));
        if (cursor !== undefined) query.set('cursor', cursor);
        const text = query.toString();
        const next = await page(text === '' ? '' : `?${text}`);
        pages.push(next);
        cursor = next.next_cursor;
      } while (cursor !== undefined && pages.length <= USERS);
      return { pages, names: pages.flatMap((p) => p.users.map((u) => u.name)) };
    }

    it('pages by 100 unless told, every user once, by id, the last page without a cursor', async () => {
      const { pages, names: seen } = await walk();
      assert.deepEqual(
        pages.map((p) => p.users.length),
        [100, 100, 5],
      );
      assert.deepEqual(seen, names);
      assert.equal(pages.at(-1)?.next_cursor, undefined);
      assert.ok(pages.slice(0, -1).every((p) => typeof p.next_cursor === 'string'));
    });

    it('pages by the limit asked, and a page that ends the list exactly has no cursor', async () => {
      const byThree = await walk(3);
      assert.equal(byThree.pages.length, Math.ceil(USERS / 3));
      assert.deepEqual(byThree.names, names);
      const whole = await page(`?limit=${USERS}`);
      assert.equal(whole.users.length, USERS);
      assert.equal(whole.next_cursor, undefined);
      assert.equal((await page('?limit=500')).users.length, USERS);
    });

    it('refuses a limit outside 1 to 500', async () => {
      for (const limit of ['0', '501', '-1', '2.5', 'ten']) {
        await expectInvalidParam(
          await admin.call('GET', `/admin/users?limit=${limit}`),
          'limit',
          'query',
        );
      }
    });

    it('refuses a cursor it did not give for this list', async () => {
      const first = await page('?limit=2');
      const cursor = first.next_cursor as string;
      const decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
      const altered = [
        'nonsense',
        `${cursor}x`,
        Buffer.from(JSON.stringify([decoded[0], -1])).toString('base64url'),
        Buffer.from(JSON.stringify([decoded[0], '7'])).toString('base64url'),
        // A transaction cursor's shape: another list's position.
        Buffer.from(JSON.stringify(['2021-01-01T00:00:00.000Z', '7', 'abc'])).toString('base64url'),
      ];
      for (const bad of altered) {
        const body = await expectInvalidParam(
          await admin.call('GET', `/admin/users?cursor=${encodeURIComponent(bad)}`),
          'cursor',
          'query',
        );
        assert.match(body.detail, /not a next_cursor this service gave for the users list/);
      }
      // The cursor as given goes on where the first page stopped.
      const second = await page(`?limit=2&cursor=${encodeURIComponent(cursor)}`);
      assert.deepEqual(
        second.users.map((u) => u.name),
        names.slice(2, 4),
      );
    });
  });
}

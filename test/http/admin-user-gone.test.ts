// A user deleted while a write for them is on its way (an account linked while the platform
// checks it; on PostgreSQL also a token, a connect session and a sync whose insert waits on the
// user's row): the write's foreign key refuses it, and the admin API answers 404
// user_not_found, as it would have a moment later, never a 500.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { linkAccount } from '../../src/storage/repositories/accounts.ts';
import { createUser, findUserById } from '../../src/storage/repositories/users.ts';
import { startTestApp } from '../helpers/app.ts';
import type { TestApp } from '../helpers/app.ts';
import { eventually } from '../helpers/eventually.ts';
import { manyAppConfig, startFakeSleeperMany } from '../helpers/fake-sleeper-many.ts';
import type { FakeSleeperMany } from '../helpers/fake-sleeper-many.ts';
import { testBackends } from '../helpers/store.ts';
import { adminClient } from './admin-helpers.ts';
import type { AdminClient } from './admin-helpers.ts';
import { expectProblem } from './expect.ts';

for (const dialect of testBackends()) {
  describe(`a user deleted while a write for them is on its way (${dialect})`, () => {
    let fake: FakeSleeperMany;
    let t: TestApp;
    let admin: AdminClient;

    before(async () => {
      fake = await startFakeSleeperMany({ users: 1, leagues: 1 });
      t = await startTestApp({
        dialect,
        config: manyAppConfig(fake.url),
      });
      admin = await adminClient(t);
    });
    after(async () => {
      await t?.close();
      await fake?.close();
    });

    async function expectUserGone(response: Response, userId: number): Promise<void> {
      const problem = await expectProblem(response, 'user_not_found');
      assert.equal(problem.detail, `no user ${userId}`);
      assert.equal(await findUserById(t.store.db, userId), undefined);
      assert.ok(!t.logs.some((line) => line.msg === 'request failed'), 'no 500 logged');
    }

    it('answers a link whose user was deleted while the platform checked it with 404', async () => {
      const user = await createUser(t.store.db, 'link-user');
      fake.delayMs = 300;
      const calls = fake.calls.length;
      const linking = admin.call('POST', `/admin/users/${user.id}/links/sleeper`, {
        username: 'sleeper0',
      });
      await eventually('the platform is asked', () => fake.calls.length > calls, 10_000);
      assert.equal((await admin.call('DELETE', `/admin/users/${user.id}`)).status, 204);
      await expectUserGone(await linking, user.id);
      fake.delayMs = 0;
    });

    it(
      'answers a token, a connect session and a sync whose insert waited on the deleted user with 404',
      { skip: dialect === 'sqlite' ? 'SQLite runs one write at a time: nothing waits' : false },
      async () => {
        const writes: Array<[string, string, unknown]> = [
          ['token-user', 'tokens', { products: ['league'] }],
          ['session-user', 'connect-sessions', {}],
          ['sync-user', 'syncs', {}],
        ];
        for (const [name, resource, body] of writes) {
          const user = await createUser(t.store.db, name);
          await linkAccount(t.store.db, {
            userId: user.id,
            platform: 'sleeper',
            externalUserId: fake.userId(0),
            username: 'sleeper0',
          });
          let answer: Promise<Response> | undefined;
          // Holding the user's row: the write's foreign-key check waits for it, past the
          // handler's own check that the user exists, then finds it deleted.
          await t.store.db.transaction().execute(async (tx) => {
            await sql`select id from users where id = ${user.id} for update`.execute(tx);
            answer = admin.call('POST', `/admin/users/${user.id}/${resource}`, body);
            await eventually(
              `the ${resource} insert waits on the user's row`,
              async () => {
                const { rows } = await sql<{ n: string }>`select count(*) as n from pg_locks
                  where not granted`.execute(t.store.db);
                return Number(rows[0]?.n) > 0;
              },
              10_000,
            );
            await sql`delete from users where id = ${user.id}`.execute(tx);
          });
          await expectUserGone(await (answer as Promise<Response>), user.id);
        }
        await t.accounts.syncs.idle();
      },
    );
  });
}

// A Fleaflicker link's account id is never the person's e-mail address: a keyed digest of the
// normalized address (the same address, the same id), with the address kept encrypted as the
// link's credentials, on the admin API, the read API's /user and the store. A link stored when the
// id was the address still syncs, is rewritten to today's form by pseudonymizeStoredEmails (run
// by `serve` and `worker` at start), and relinking the same person then finds the same account.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createFleaflickerConnector } from '../../src/platforms/fleaflicker/index.ts';
import { createSecretBox } from '../../src/secrets.ts';
import { linkAccount, listAccounts } from '../../src/storage/repositories/accounts.ts';
import { findLeaguesForUser } from '../../src/storage/repositories/leagues.ts';
import { syncUser } from '../../src/sync/engine.ts';
import { pseudonymizeStoredEmails } from '../../src/sync/legacy-links.ts';
import { startTestApp } from '../helpers/app.ts';
import type { TestApp } from '../helpers/app.ts';
import type { FakeFleaflicker } from '../helpers/fake-fleaflicker.ts';
import { SYNTHETIC_FLEAFLICKER } from '../helpers/fleaflicker-data.ts';
import { testBackends } from '../helpers/store.ts';
import { adminClient } from '../http/admin-helpers.ts';
import type { AdminClient } from '../http/admin-helpers.ts';

const EMAIL = SYNTHETIC_FLEAFLICKER.email;
const SECRET_KEY = 'c'.repeat(64);
const ALL = { sports: [], seasons: [] } as const;
const SCOPE = { sports: [], seasons: [2020], supportedSeasons: [2020] } as const;

interface LinkBody {
  status: string;
  link: { external_user_id: string };
}

for (const dialect of testBackends()) {
  describe(`Fleaflicker account ids (${dialect})`, () => {
    let fake: FakeFleaflicker;
    let t: TestApp;
    let admin: AdminClient;
    const secrets = createSecretBox({ secretKey: SECRET_KEY, dataDir: '/nonexistent' });

    before(async () => {
      fake = await SYNTHETIC_FLEAFLICKER.start();
      t = await startTestApp({
        dialect,
        config: { secretKey: SECRET_KEY },
        platforms: { fleaflickerBaseUrl: fake.baseUrl },
      });
      admin = await adminClient(t);
    });
    after(async () => {
      await t?.close();
      await fake?.close();
    });

    const sync = (userId: number) =>
      syncUser(
        t.store,
        {
          fleaflicker: createFleaflickerConnector({ baseUrl: fake.baseUrl, requestsPerMinute: 0 }),
        },
        { userId, ...SCOPE, trigger: 'test', secrets },
      );
    const link = (userId: number, email: string) =>
      admin.json<LinkBody>('POST', `/admin/users/${userId}/links/fleaflicker`, { email });
    const rowOf = (userId: number) =>
      t.store.db
        .selectFrom('platform_accounts')
        .selectAll()
        .where('user_id', '=', userId)
        .where('platform', '=', 'fleaflicker')
        .executeTakeFirstOrThrow();

    it('links with a keyed digest as the id, the address stored encrypted and shown nowhere', async () => {
      const user = await t.createUser('ann');
      const linked = await link(user.id, ` ${EMAIL.toUpperCase()} `);
      assert.equal(linked.status, 200, JSON.stringify(linked.body));
      const id = linked.body.link.external_user_id;
      assert.match(id, /^email-[0-9a-f]{32}$/);
      assert.doesNotMatch(JSON.stringify(linked.body), /@/);

      const row = await rowOf(user.id);
      assert.equal(row.external_user_id, id);
      assert.ok(row.credentials_encrypted !== null);
      assert.ok(!row.credentials_encrypted.includes(EMAIL));
      assert.deepEqual(JSON.parse(secrets.decrypt(row.credentials_encrypted)), { email: EMAIL });

      const token = await t.issueToken(user.id);
      const me = await (await t.request('/user', { token })).text();
      assert.doesNotMatch(me, /@/);
      assert.match(me, new RegExp(id));
      const links = await (await admin.call('GET', `/admin/users/${user.id}/links`)).text();
      assert.doesNotMatch(links, /@/);

      // Synced through the stored address; the same address links to the same id.
      assert.equal((await sync(user.id)).outcome, 'ok');
      assert.equal((await findLeaguesForUser(t.store.db, user.id, ALL)).length, 1);
      assert.equal((await link(user.id, EMAIL)).body.link.external_user_id, id);
      // Another deployment's key gives another id: it cannot be recomputed from the address.
      const other = createSecretBox({ secretKey: 'd'.repeat(64), dataDir: '/nonexistent' });
      assert.notEqual(`email-${other.pseudonym('fleaflicker account', EMAIL)}`, id);
    });

    it('rewrites a link stored with the address as its id; relinking finds the same account', async () => {
      const user = await t.createUser('bea');
      const legacy = await linkAccount(t.store.db, {
        userId: user.id,
        platform: 'fleaflicker',
        externalUserId: EMAIL,
      });
      // Still synced as it was, before the rewrite (ann's sync wrote the league already).
      const before = await sync(user.id);
      assert.equal(before.outcome, 'unchanged', JSON.stringify(before.accounts[0]?.error));
      assert.equal((await findLeaguesForUser(t.store.db, user.id, ALL)).length, 1);

      assert.ok((await pseudonymizeStoredEmails(t.store, secrets)) >= 1);
      const row = await rowOf(user.id);
      assert.equal(row.id, legacy.id);
      assert.match(row.external_user_id, /^email-[0-9a-f]{32}$/);
      assert.deepEqual(JSON.parse(secrets.decrypt(row.credentials_encrypted ?? '')), {
        email: EMAIL,
      });
      assert.equal(await pseudonymizeStoredEmails(t.store, secrets), 0, 'once');
      const [account] = await listAccounts(t.store.db, { userId: user.id });
      assert.equal(account?.externalUserId, row.external_user_id);

      // The same id a link made today gives, on the same account, and the leagues stay.
      const relinked = await link(user.id, EMAIL);
      assert.equal(relinked.body.link.external_user_id, row.external_user_id);
      assert.equal((await rowOf(user.id)).id, legacy.id);
      assert.equal((await sync(user.id)).outcome, 'unchanged');
      assert.equal((await findLeaguesForUser(t.store.db, user.id, ALL)).length, 1);
    });
  });
}

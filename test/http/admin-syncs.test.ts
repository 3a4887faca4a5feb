// Without REDIS_URL a sync asked for over the admin API runs in the serving process, through the
// in-process sync jobs (as `sync` does with no queue), and the API follows it to its end; the
// process stopping part-way leaves it 'interrupted'. With a queue: test/sync/jobs/admin-syncs.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { linkAccount } from '../../src/storage/repositories/accounts.ts';
import { createUser } from '../../src/storage/repositories/users.ts';
import { runOwner } from '../../src/sync/run-lease.ts';
import { startTestApp } from '../helpers/app.ts';
import type { TestApp } from '../helpers/app.ts';
import { manyAppConfig, startFakeSleeperMany } from '../helpers/fake-sleeper-many.ts';
import type { FakeSleeperMany } from '../helpers/fake-sleeper-many.ts';
import { testBackends } from '../helpers/store.ts';
import { eventually } from '../sync/jobs/harness.ts';
import { adminClient } from './admin-helpers.ts';
import type { AdminClient, SyncBody } from './admin-helpers.ts';

for (const dialect of testBackends()) {
  describe(`syncs asked for over HTTP, without a queue (${dialect})`, () => {
    let fake: FakeSleeperMany;
    let t: TestApp;
    let admin: AdminClient;
    let userId: number;

    before(async () => {
      fake = await startFakeSleeperMany({ users: 1, leagues: 3 });
      t = await startTestApp({
        dialect,
        config: manyAppConfig(fake.url),
      });
      admin = await adminClient(t);
      userId = (await createUser(t.store.db, 'alice')).id;
      await linkAccount(t.store.db, {
        userId,
        platform: 'sleeper',
        externalUserId: fake.userId(0),
        username: 'sleeper0',
      });
    });
    after(async () => {
      await t?.close();
      await fake?.close();
    });

    const start = async (): Promise<SyncBody> => {
      const started = await admin.json<SyncBody>('POST', `/admin/users/${userId}/syncs`, {});
      assert.equal(started.status, 202);
      return started.body;
    };

    it('runs it in this process and follows it to its end', async () => {
      const done = await admin.waitForSync((await start()).sync_id);
      assert.equal(done.status, 'ok', done.error);
      assert.equal(done.progress.leagues_written, 3);
      const runs = await t.store.db.selectFrom('sync_runs').selectAll().execute();
      assert.deepEqual(
        runs.map((run) => [run.owner, run.trigger, run.outcome]),
        [[runOwner(), 'api', 'ok']],
      );
    });

    it('ends it interrupted when the process stops part-way', async () => {
      fake.delayMs = 300;
      const { sync_id } = await start();
      await eventually(
        'the sync found its leagues',
        async () =>
          (await admin.json<SyncBody>('GET', `/admin/syncs/${sync_id}`)).body.progress
            .leagues_found > 0,
        30_000,
      );
      // What `serve` does on SIGTERM before closing the store.
      await t.accounts.close();
      const stopped = (await admin.json<SyncBody>('GET', `/admin/syncs/${sync_id}`)).body;
      assert.equal(stopped.status, 'interrupted');
      assert.equal(stopped.error, 'sleeper: the process running it stopped');
      fake.delayMs = 0;
    });
  });
}

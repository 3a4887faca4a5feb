// The credential lease's bounds: a holder that died frees it when it lapses, a waiter never waits
// past its limit, and the holder's work is cancelled at its deadline; the lease is always freed.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { PlatformError } from '../../src/platforms/connector.ts';
import { linkAccount } from '../../src/storage/repositories/accounts.ts';
import { claimCredentialLease } from '../../src/storage/repositories/credential-leases.ts';
import { createUser } from '../../src/storage/repositories/users.ts';
import { withCredentialLease } from '../../src/sync/credential-lease.ts';
import { createTestStore, testBackends } from '../helpers/store.ts';
import type { TestStore } from '../helpers/store.ts';

const TIMES = { workMs: 200, leaseMs: 400, waitMs: 3_000, pollMs: 20 };

for (const dialect of testBackends()) {
  describe(`credential lease (${dialect})`, () => {
    let store: TestStore;
    let account: { id: number; platform: 'yahoo' };
    const leaseOf = async () =>
      store.db
        .selectFrom('platform_accounts')
        .select(['credentials_lease', 'credentials_lease_until'])
        .where('id', '=', account.id)
        .executeTakeFirstOrThrow();
    const holdUntil = (ms: number) =>
      claimCredentialLease(store.db, account.id, 'a dead process', {
        nowIso: new Date().toISOString(),
        untilIso: new Date(Date.now() + ms).toISOString(),
      });

    before(async () => {
      store = await createTestStore(dialect);
      const userId = (await createUser(store.db, 'alice')).id;
      const linked = await linkAccount(store.db, {
        userId,
        platform: 'yahoo',
        externalUserId: 'A',
        credentialsEncrypted: 'x',
      });
      account = { id: linked.id, platform: 'yahoo' };
    });
    after(() => store.destroy());

    it('one holder at a time; the next one runs after the first frees it', async () => {
      const order: string[] = [];
      const work = (name: string) => async () => {
        order.push(`${name} in`);
        await new Promise((resolve) => setTimeout(resolve, 50));
        order.push(`${name} out`);
      };
      await Promise.all([
        withCredentialLease(store, account, work('a'), undefined, TIMES),
        withCredentialLease(store, account, work('b'), undefined, TIMES),
      ]);
      assert.deepEqual(
        order.map((step) => step.slice(2)),
        ['in', 'out', 'in', 'out'],
      );
      assert.equal(
        order[0]?.[0],
        order[1]?.[0],
        'the first holder finishes before the next starts',
      );
      assert.deepEqual(await leaseOf(), { credentials_lease: null, credentials_lease_until: null });
    });

    it('a lease whose holder died is taken once it lapses', async () => {
      assert.equal(await holdUntil(TIMES.leaseMs), 'claimed');
      const started = Date.now();
      assert.equal(
        await withCredentialLease(store, account, async () => 'ran', undefined, TIMES),
        'ran',
      );
      assert.ok(Date.now() - started >= TIMES.leaseMs - 50, 'it waited for the lapse');
      assert.deepEqual(await leaseOf(), { credentials_lease: null, credentials_lease_until: null });
    });

    it('a waiter gives up after its limit with a plain error, running nothing', async () => {
      assert.equal(await holdUntil(60_000), 'claimed');
      let ran = false;
      await assert.rejects(
        withCredentialLease(store, account, async () => (ran = true), undefined, TIMES),
        (error: unknown) =>
          error instanceof PlatformError &&
          error.kind === 'unavailable' &&
          /another sync has been renewing this account's yahoo credentials/.test(error.message),
      );
      assert.equal(ran, false);
      assert.equal(
        (await leaseOf()).credentials_lease,
        'a dead process',
        'not taken from its holder',
      );
      await store.db
        .updateTable('platform_accounts')
        .set({ credentials_lease: null, credentials_lease_until: null })
        .where('id', '=', account.id)
        .execute();
    });

    it("the holder's work is cancelled at its deadline, and the lease freed", async () => {
      await assert.rejects(
        withCredentialLease(
          store,
          account,
          (signal) =>
            new Promise((_resolve, reject) => {
              signal.addEventListener('abort', () => reject(signal.reason as Error));
            }),
          undefined,
          TIMES,
        ),
        (error: unknown) =>
          error instanceof PlatformError &&
          error.kind === 'timeout' &&
          /renewing the yahoo credentials took over 1 s/.test(error.message),
      );
      assert.deepEqual(await leaseOf(), { credentials_lease: null, credentials_lease_until: null });
    });

    it('an account deleted meanwhile: the work runs (and finds it gone) without a lease', async () => {
      const ran = await withCredentialLease(
        store,
        { id: 999_999, platform: 'yahoo' },
        async () => 'ran',
        undefined,
        TIMES,
      );
      assert.equal(ran, 'ran');
    });
  });
}

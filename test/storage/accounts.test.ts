import assert from 'node:assert/strict';
import { it } from 'node:test';
import {
  linkAccount,
  listAccountIds,
  listAccounts,
  markLinkProblem,
} from '../../src/storage/repositories/accounts.ts';
import { createUser } from '../../src/storage/repositories/users.ts';
import { describeEachBackend } from './backends.ts';

describeEachBackend('accounts repository', ({ store }) => {
  it('links an account, omitting absent optional fields', async () => {
    const user = await createUser(store().db, 'alice');
    const account = await linkAccount(store().db, {
      userId: user.id,
      platform: 'demo',
      externalUserId: 'demo-1',
    });
    assert.equal(account.userId, user.id);
    assert.equal(account.platform, 'demo');
    assert.equal(account.externalUserId, 'demo-1');
    assert.equal('username' in account, false);
    assert.equal('credentialsEncrypted' in account, false);
    assert.deepEqual(await listAccounts(store().db), [account]);
  });

  it('re-linking the same platform replaces the link and keeps its id', async () => {
    const user = await createUser(store().db, 'alice');
    const first = await linkAccount(store().db, {
      userId: user.id,
      platform: 'sleeper',
      externalUserId: '111',
      username: 'old_name',
      credentialsEncrypted: 'secret-1',
    });
    const second = await linkAccount(store().db, {
      userId: user.id,
      platform: 'sleeper',
      externalUserId: '222',
      username: 'new_name',
    });
    assert.equal(second.id, first.id);
    assert.equal(second.createdAt, first.createdAt);
    assert.equal(second.externalUserId, '222');
    assert.equal(second.username, 'new_name');
    assert.equal('credentialsEncrypted' in second, false, 'the old credentials are not kept');
    assert.deepEqual(await listAccounts(store().db), [second]);
  });

  it('re-linking clears a link problem unless the new link keeps it', async () => {
    const user = await createUser(store().db, 'alice');
    const link = { userId: user.id, platform: 'mfl' as const, externalUserId: 'alice_mfl' };
    const first = await linkAccount(store().db, { ...link, credentialsEncrypted: 'cookie-1' });
    await markLinkProblem(store().db, first.id, 'MFL no longer accepts the login');
    const kept = await linkAccount(store().db, {
      ...link,
      credentialsEncrypted: 'cookie-1',
      settings: { leagueIds: ['54040'] },
      linkProblem: 'MFL no longer accepts the login',
    });
    assert.equal(kept.linkProblem, 'MFL no longer accepts the login');
    assert.deepEqual(kept.settings, { leagueIds: ['54040'] });
    const renewed = await linkAccount(store().db, { ...link, credentialsEncrypted: 'cookie-2' });
    assert.equal('linkProblem' in renewed, false);
  });

  it('filters by user and by platform', async () => {
    const alice = await createUser(store().db, 'alice');
    const bob = await createUser(store().db, 'bob');
    const aliceSleeper = await linkAccount(store().db, {
      userId: alice.id,
      platform: 'sleeper',
      externalUserId: '1',
    });
    const aliceDemo = await linkAccount(store().db, {
      userId: alice.id,
      platform: 'demo',
      externalUserId: 'd',
    });
    const bobSleeper = await linkAccount(store().db, {
      userId: bob.id,
      platform: 'sleeper',
      externalUserId: '2',
    });
    assert.deepEqual(await listAccounts(store().db, { userId: alice.id }), [
      aliceDemo,
      aliceSleeper,
    ]);
    assert.deepEqual(await listAccounts(store().db, { platform: 'sleeper' }), [
      aliceSleeper,
      bobSleeper,
    ]);
    assert.deepEqual(await listAccounts(store().db, { userId: bob.id, platform: 'demo' }), []);
  });

  it('lists account ids in pages after an id, ascending', async () => {
    const ids: number[] = [];
    for (const name of ['ann', 'bob', 'cat']) {
      const user = await createUser(store().db, name);
      for (const platform of ['sleeper', 'espn'] as const) {
        const account = await linkAccount(store().db, {
          userId: user.id,
          platform,
          externalUserId: `${name}-${platform}`,
        });
        ids.push(account.id);
      }
    }
    ids.sort((a, b) => a - b);
    assert.deepEqual(await listAccountIds(store().db, 0, 4), ids.slice(0, 4));
    assert.deepEqual(await listAccountIds(store().db, ids[3] as number, 4), ids.slice(4));
    assert.deepEqual(await listAccountIds(store().db, ids[5] as number, 4), []);
  });

  it('refuses an account for a user that does not exist', async () => {
    await assert.rejects(
      linkAccount(store().db, { userId: 999, platform: 'demo', externalUserId: 'x' }),
    );
  });
});

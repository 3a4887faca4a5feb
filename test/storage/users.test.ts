import assert from 'node:assert/strict';
import { it } from 'node:test';
import { ConflictError, InvalidInputError } from '../../src/domain/errors.ts';
import {
  createUser,
  findUserById,
  findUserByName,
  listUsersPage,
} from '../../src/storage/repositories/users.ts';
import { describeEachBackend } from './backends.ts';

describeEachBackend('users repository', ({ store }) => {
  it('creates a user and finds it by name and by id', async () => {
    const user = await createUser(store().db, 'alice.b-2_x');
    assert.ok(Number.isInteger(user.id) && user.id > 0);
    assert.equal(user.name, 'alice.b-2_x');
    assert.ok(!Number.isNaN(Date.parse(user.createdAt)));
    assert.deepEqual(await findUserByName(store().db, 'alice.b-2_x'), user);
    assert.deepEqual(await findUserById(store().db, user.id), user);
  });

  it('returns undefined for unknown users', async () => {
    assert.equal(await findUserByName(store().db, 'nobody'), undefined);
    assert.equal(await findUserById(store().db, 999), undefined);
  });

  it('refuses a name that is taken with ConflictError', async () => {
    await createUser(store().db, 'alice');
    await assert.rejects(createUser(store().db, 'alice'), ConflictError);
    assert.equal((await listUsersPage(store().db, { limit: 1000 })).users.length, 1);
  });

  for (const bad of ['', 'a'.repeat(65), 'has space', 'émile', 'semi;colon', 'slash/']) {
    it(`refuses the name ${JSON.stringify(bad)} with InvalidInputError`, async () => {
      await assert.rejects(createUser(store().db, bad), InvalidInputError);
      assert.deepEqual((await listUsersPage(store().db, { limit: 1000 })).users, []);
    });
  }

  it('accepts a 64-character name', async () => {
    const user = await createUser(store().db, 'a'.repeat(64));
    assert.equal(user.name.length, 64);
  });

  it('lists users in creation order', async () => {
    const bob = await createUser(store().db, 'bob');
    const alice = await createUser(store().db, 'alice');
    assert.deepEqual((await listUsersPage(store().db, { limit: 1000 })).users, [bob, alice]);
  });
});

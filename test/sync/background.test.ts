// Syncs started over HTTP whose process died are marked 'interrupted' at the next start; those
// of a live process (this one, or another host's) are left running.
import assert from 'node:assert/strict';
import { hostname } from 'node:os';
import { it } from 'node:test';
import { silentLogger } from '../../src/logger.ts';
import { createSecretBox } from '../../src/secrets.ts';
import {
  createSyncRequest,
  findSyncRequest,
} from '../../src/storage/repositories/sync-requests.ts';
import { createUser } from '../../src/storage/repositories/users.ts';
import { createBackgroundSyncs } from '../../src/sync/background.ts';
import { describeEachBackend } from '../storage/backends.ts';

describeEachBackend('background syncs', ({ store }) => {
  it('marks the requests of a dead process on this host interrupted, and only those', async () => {
    const db = store().db;
    const user = await createUser(db, 'alice');
    const dead = await createSyncRequest(db, { userId: user.id, owner: `${hostname()}:999999999` });
    const alive = await createSyncRequest(db, {
      userId: user.id,
      owner: `${hostname()}:${process.pid}`,
    });
    const elsewhere = await createSyncRequest(db, { userId: user.id, owner: 'other-host:1' });
    const syncs = createBackgroundSyncs({
      store: store(),
      connectors: {},
      secrets: createSecretBox({ secretKey: '0'.repeat(64), dataDir: '/nonexistent' }),
      logger: silentLogger(),
      supportedSeasons: [2021],
    });
    await syncs.close();
    assert.equal((await findSyncRequest(db, dead.id))?.status, 'interrupted');
    assert.equal((await findSyncRequest(db, alive.id))?.status, 'running');
    assert.equal((await findSyncRequest(db, elsewhere.id))?.status, 'running');
  });
});

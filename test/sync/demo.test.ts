// The demo loader: the demo connector through the real engine and store, idempotent.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { listAccounts } from '../../src/storage/repositories/accounts.ts';
import { findLeaguesForUser } from '../../src/storage/repositories/leagues.ts';
import { listRosteredPlayers } from '../../src/storage/repositories/players.ts';
import { getDataSeq } from '../../src/storage/repositories/snapshots.ts';
import { findUserByName, listUsersPage } from '../../src/storage/repositories/users.ts';
import { DEMO_EXTERNAL_USER_ID } from '../../src/platforms/demo/index.ts';
import { loadDemo } from '../../src/sync/demo.ts';
import type { SyncProgressEvent } from '../../src/sync/types.ts';
import { createTestStore, testBackends } from '../helpers/store.ts';
import type { TestStore } from '../helpers/store.ts';
import { seasonsBetween } from '../../src/domain/seasons.ts';

const CONTRACT = seasonsBetween(2017, 2021);

for (const dialect of testBackends()) {
  describe(`demo load (${dialect})`, () => {
    let store: TestStore;
    before(async () => {
      store = await createTestStore(dialect);
    });
    after(() => store.destroy());

    it('creates the demo user, links the demo account and writes every demo league', async () => {
      const events: SyncProgressEvent[] = [];
      const summary = await loadDemo(store, {
        seasons: CONTRACT,
        onProgress: (e) => events.push(e),
      });
      assert.equal(summary.outcome, 'ok');
      assert.ok(summary.leaguesFound > 0);
      assert.equal(summary.leaguesWritten, summary.leaguesFound);
      assert.equal(summary.leaguesFailed, 0);
      const user = await findUserByName(store.db, 'demo');
      assert.ok(user);
      const accounts = await listAccounts(store.db, { userId: user.id });
      assert.deepEqual(
        accounts.map((a) => [a.platform, a.externalUserId]),
        [['demo', DEMO_EXTERNAL_USER_ID]],
      );
      const leagues = await findLeaguesForUser(store.db, user.id, { sports: [], seasons: [] });
      assert.equal(leagues.length, summary.leaguesFound);
      assert.ok(leagues.every((l) => l.platform === 'demo'));
      const sports = new Set(leagues.map((l) => l.sport));
      assert.deepEqual([...sports].sort(), ['baseball', 'basketball', 'football']);
      assert.equal(events.filter((e) => e.type === 'pool-refreshed').length, sports.size);
      const first = leagues[0];
      assert.ok(first);
      const rostered = await listRosteredPlayers(store.db, first);
      const written = summary.accounts[0]?.leagues.find((l) => l.leagueId === first.leagueId);
      assert.equal(rostered.length, written?.rosterEntries);
    });

    it('is idempotent: a second load changes nothing', async () => {
      const seq = await getDataSeq(store.db);
      const summary = await loadDemo(store, { seasons: CONTRACT });
      assert.equal(summary.outcome, 'unchanged');
      assert.equal(summary.leaguesUnchanged, summary.leaguesFound);
      assert.equal(summary.leaguesWritten, 0);
      assert.equal(await getDataSeq(store.db), seq);
      assert.equal((await listUsersPage(store.db, { limit: 1000 })).users.length, 1);
      assert.equal((await listAccounts(store.db)).length, 1);
    });

    it('loads only the demo leagues of the supported seasons', async () => {
      const narrow = await createTestStore(dialect);
      try {
        const summary = await loadDemo(narrow, { seasons: [2020, 2021] });
        assert.ok(summary.leaguesFound > 0);
        const user = await findUserByName(narrow.db, 'demo');
        assert.ok(user);
        const leagues = await findLeaguesForUser(narrow.db, user.id, { sports: [], seasons: [] });
        assert.deepEqual([...new Set(leagues.map((l) => l.season))].sort(), [2020, 2021]);
      } finally {
        await narrow.destroy();
      }
    });
  });
}

// A linked Fleaflicker account synced by the engine through a fake Fleaflicker serving the made-up
// data, and the recordings when ../shared has them: the pool and the league land in the store, and an e-mail Fleaflicker stops
// answering for marks the account "needs linking again" while the synced league stays served.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createFleaflickerConnector } from '../../src/platforms/fleaflicker/index.ts';
import { listAccounts } from '../../src/storage/repositories/accounts.ts';
import { findLeaguesForUser } from '../../src/storage/repositories/leagues.ts';
import { listRosteredPlayers } from '../../src/storage/repositories/players.ts';
import { syncUser } from '../../src/sync/engine.ts';
import { TEST_SECRETS, userLinkedWith } from '../helpers/connectors.ts';
import type { FakeFleaflicker } from '../helpers/fake-fleaflicker.ts';
import { FLEAFLICKER_DATA_SETS } from '../helpers/fleaflicker-data.ts';
import { reply } from '../helpers/fake-platform.ts';
import { createTestStore, testBackends } from '../helpers/store.ts';
import type { TestStore } from '../helpers/store.ts';
import { seasonsBetween } from '../../src/domain/seasons.ts';

const ALL = { sports: [], seasons: [] } as const;
/** Every season named, as `sync --season` does: each run asks Fleaflicker again (seasons.test.ts). */
const CONTRACT = seasonsBetween(2017, 2021);
const SCOPE = { sports: [], seasons: CONTRACT, supportedSeasons: CONTRACT } as const;

for (const data of FLEAFLICKER_DATA_SETS) {
  for (const dialect of testBackends()) {
    describe(`Fleaflicker sync (${data.label}, ${dialect})`, { skip: data.skip }, () => {
      let fake: FakeFleaflicker;
      let store: TestStore;
      let userId: number;
      let connector: ReturnType<typeof createFleaflickerConnector>;
      const sync = () =>
        syncUser(
          store,
          { fleaflicker: connector },
          { userId, ...SCOPE, trigger: 'test', secrets: TEST_SECRETS },
        );

      before(async () => {
        fake = await data.start();
        store = await createTestStore(dialect);
        connector = createFleaflickerConnector({
          baseUrl: fake.baseUrl,
          maxAttempts: 2,
          backoffBaseMs: 1,
          requestsPerMinute: 0,
        });
        ({ userId } = await userLinkedWith(store.db, 'alice', connector, {
          email: data.email,
        }));
      });
      after(async () => {
        await store?.destroy();
        await fake?.close();
      });

      it('writes the football pool, then the league against it', async () => {
        const summary = await sync();
        assert.equal(summary.outcome, 'ok', JSON.stringify(summary.accounts[0]?.error));
        const account = summary.accounts[0];
        assert.deepEqual(
          account?.pools.map((p) => [p.sport, p.season, p.outcome, p.players]),
          [['football', 0, 'written', data.poolSize]],
        );
        assert.deepEqual(
          account?.leagues.map((l) => [l.platformLeagueKey, l.outcome]),
          [[data.league.id, 'written']],
        );
        const [league] = await findLeaguesForUser(store.db, userId, ALL);
        assert.ok(league);
        assert.equal(league.name, data.league.name);
        assert.equal((await listRosteredPlayers(store.db, league)).length, data.league.rostered);
        assert.equal((await sync()).outcome, 'unchanged');
      });

      it('an e-mail Fleaflicker no longer answers for needs linking again', async () => {
        fake.route('/FetchUserLeagues', reply.json({ error: { message: 'User not found' } }));
        const summary = await sync();
        assert.equal(summary.accounts[0]?.needsRelink, true);
        const [linked] = await listAccounts(store.db, { userId, platform: 'fleaflicker' });
        assert.match(linked?.linkProblem ?? '', /no longer answers for the linked e-mail address/);
        assert.equal((await findLeaguesForUser(store.db, userId, ALL)).length, 1);
      });
    });
  }
}

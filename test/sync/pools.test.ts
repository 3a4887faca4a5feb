// Player pools: fetched at most once a day per (platform, sport), before that sport's leagues,
// and a pool that cannot be fetched does not stop the leagues.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { PlatformError } from '../../src/platforms/connector.ts';
import { linkAccount } from '../../src/storage/repositories/accounts.ts';
import { findLeaguesForUser } from '../../src/storage/repositories/leagues.ts';
import { getDataSeq, getPlayerPoolState } from '../../src/storage/repositories/snapshots.ts';
import { createUser } from '../../src/storage/repositories/users.ts';
import { syncUser } from '../../src/sync/engine.ts';
import type { SyncOptions } from '../../src/sync/types.ts';
import { buildLeagueSnapshot, buildPlayerPool } from '../helpers/records.ts';
import { createTestStore, testBackends } from '../helpers/store.ts';
import type { TestStore } from '../helpers/store.ts';
import { createScriptedConnector } from './scripted-connector.ts';
import { seasonsBetween } from '../../src/domain/seasons.ts';

const HOUR = 3_600_000;
const CONTRACT = seasonsBetween(2017, 2021);

for (const dialect of testBackends()) {
  describe(`player pool refresh (${dialect})`, () => {
    let store: TestStore;
    let userId: number;
    const connector = createScriptedConnector();
    // The engine's clock; real refreshed_at stamps are "now", so the fake clock starts there too.
    let clock = Date.now();
    const sync = (extra: Partial<SyncOptions> = {}) =>
      syncUser(
        store,
        { sleeper: connector },
        {
          userId,
          sports: [],
          // Named, so each run syncs its leagues again (finished seasons are left alone otherwise).
          seasons: CONTRACT,
          supportedSeasons: CONTRACT,
          trigger: 'test',
          now: () => new Date(clock),
          ...extra,
        },
      );

    before(async () => {
      store = await createTestStore(dialect);
      userId = (await createUser(store.db, 'carol')).id;
      await linkAccount(store.db, { userId, platform: 'sleeper', externalUserId: 'C' });
      connector.leagues.set('C', [
        buildLeagueSnapshot({ platformLeagueKey: '1', name: 'One' }),
        buildLeagueSnapshot({ platformLeagueKey: '2', name: 'Two', sport: 'basketball' }),
      ]);
      connector.pools.set('football', buildPlayerPool());
      connector.pools.set('basketball', null);
    });
    after(() => store.destroy());

    it('fetches each sport pool before any league of the account', async () => {
      const summary = await sync();
      assert.equal(summary.outcome, 'ok');
      assert.equal(summary.poolsRefreshed, 1);
      assert.deepEqual(connector.calls.slice(0, 3), ['list C', 'pool football', 'pool basketball']);
      assert.deepEqual(connector.calls.slice(3).sort(), ['league 1', 'league 2']);
      const state = await getPlayerPoolState(store.db, {
        platform: 'sleeper',
        sport: 'football',
        season: 0,
      });
      assert.ok(state?.refreshedAt);
      assert.deepEqual(
        summary.accounts[0]?.pools.map((p) => [p.sport, p.outcome, p.players]),
        [
          ['football', 'written', 4],
          ['basketball', 'none', 0],
        ],
      );
    });

    it('does not fetch a pool again within a day', async () => {
      connector.calls.length = 0;
      clock += 23 * HOUR;
      const seq = await getDataSeq(store.db);
      const summary = await sync();
      assert.equal(summary.outcome, 'unchanged');
      assert.ok(!connector.calls.includes('pool football'));
      assert.equal(summary.accounts[0]?.pools[0]?.outcome, 'skipped');
      assert.equal(await getDataSeq(store.db), seq);
    });

    it('fetches it again once a day has passed, whatever the refreshed_at stamp says', async () => {
      connector.calls.length = 0;
      // Stamp a refresh two days before the clock, as if the last fetch were old.
      await store.db
        .updateTable('player_pools')
        .set({ refreshed_at: new Date(clock - 48 * HOUR).toISOString() })
        .where('platform', '=', 'sleeper')
        .where('sport', '=', 'football')
        .execute();
      const summary = await sync();
      assert.ok(connector.calls.includes('pool football'));
      assert.equal(summary.accounts[0]?.pools[0]?.outcome, 'unchanged');
      assert.equal(summary.poolsRefreshed, 1);
    });

    it('still writes the leagues when the pool fetch fails, and records the failure', async () => {
      clock += 25 * HOUR;
      connector.poolFailure = new PlatformError('sleeper', 'HTTP 503 from /players/nfl');
      connector.leagues.set('C', [
        buildLeagueSnapshot({ platformLeagueKey: '1', name: 'One renamed' }),
        buildLeagueSnapshot({ platformLeagueKey: '2', name: 'Two', sport: 'basketball' }),
      ]);
      const summary = await sync();
      connector.poolFailure = undefined;
      assert.equal(summary.outcome, 'partial');
      assert.equal(summary.leaguesWritten, 1);
      assert.equal(summary.accounts[0]?.pools[0]?.outcome, 'failed');
      assert.ok(
        (await findLeaguesForUser(store.db, userId, { sports: [], seasons: [] })).some(
          (l) => l.name === 'One renamed',
        ),
      );
      const run = await store.db
        .selectFrom('sync_runs')
        .selectAll()
        .orderBy('id', 'desc')
        .executeTakeFirst();
      assert.equal(run?.outcome, 'partial');
      assert.match(run?.error ?? '', /player pool football: sleeper: HTTP 503/);
      // The failed fetch does not count as a refresh: the next run tries again.
      connector.calls.length = 0;
      await sync();
      assert.ok(connector.calls.includes('pool football'));
    });

    it("keeps pool records over a league's poorer ones, and re-syncs stay unchanged", async () => {
      // As a connector that did not fetch the player list in this process would: an id-only
      // placeholder for every rostered player.
      const placeholders = (ids: string[]) =>
        ids.map((id) => ({ playerId: id, fullName: id, active: false }));
      connector.leagues.set('C', [
        buildLeagueSnapshot({
          platformLeagueKey: '1',
          name: 'One renamed',
          players: placeholders(['4046', '4984', 'DET']),
        }),
        buildLeagueSnapshot({ platformLeagueKey: '2', name: 'Two', sport: 'basketball' }),
      ]);
      const seq = await getDataSeq(store.db);
      const summary = await sync();
      assert.equal(
        summary.leaguesUnchanged,
        2,
        'the same league, described differently, is unchanged',
      );
      assert.equal(await getDataSeq(store.db), seq);
      const row = await store.db
        .selectFrom('players')
        .select(['full_name', 'active'])
        .where('platform', '=', 'sleeper')
        .where('sport', '=', 'football')
        .where('player_id', '=', '4046')
        .executeTakeFirst();
      assert.deepEqual(row, { full_name: 'Patrick Mahomes', active: 1 });
    });

    it('lets a league add the players the pool lacks, and update them where no full list exists', async () => {
      const rookie = { playerId: '9999', fullName: 'New Rookie', position: 'WR', active: true };
      const league = buildLeagueSnapshot({ platformLeagueKey: '1', name: 'One renamed' });
      league.rosterEntries.push({ rosterId: '2', playerId: '9999' });
      league.players = [rookie];
      connector.leagues.set('C', [league]);
      assert.equal((await sync()).leaguesWritten, 1);
      const name = async (sport: 'football' | 'basketball', id: string) =>
        (
          await store.db
            .selectFrom('players')
            .select('full_name')
            .where('platform', '=', 'sleeper')
            .where('sport', '=', sport)
            .where('player_id', '=', id)
            .executeTakeFirst()
        )?.full_name;
      assert.equal(await name('football', '9999'), 'New Rookie');
      // Basketball has no full list (the connector offers none): the league's record is the truth.
      const hoops = buildLeagueSnapshot({
        platformLeagueKey: '2',
        name: 'Two',
        sport: 'basketball',
      });
      hoops.players = hoops.players.map((p) =>
        p.playerId === '4046' ? { ...p, fullName: 'Renamed Player' } : p,
      );
      connector.leagues.set('C', [league, hoops]);
      await sync();
      assert.equal(await name('basketball', '4046'), 'Renamed Player');
    });

    it('two leagues describing a player the pool lacks differently still re-sync unchanged', async () => {
      const league = (key: string, fullName: string) => {
        const snapshot = buildLeagueSnapshot({ platformLeagueKey: key, name: `League ${key}` });
        snapshot.rosterEntries.push({ rosterId: '1', playerId: '7777' });
        snapshot.players = [{ playerId: '7777', fullName, active: true }];
        return snapshot;
      };
      connector.leagues.set('C', [league('31', 'Seven From Drafts'), league('32', '7777')]);
      const first = await sync();
      assert.equal(first.leaguesFailed, 0);
      const seq = await getDataSeq(store.db);
      const second = await sync();
      assert.equal(second.outcome, 'unchanged', JSON.stringify(second.accounts[0]?.leagues));
      assert.equal(await getDataSeq(store.db), seq);
    });

    it('without a full list, the first league in order describes a shared player, every run', async () => {
      const hoops = (key: string, fullName: string) => {
        const snapshot = buildLeagueSnapshot({
          platformLeagueKey: key,
          name: `Hoops ${key}`,
          sport: 'basketball',
        });
        snapshot.rosterEntries.push({ rosterId: '1', playerId: '8888' });
        snapshot.players = [{ playerId: '8888', fullName, active: true }];
        return snapshot;
      };
      connector.leagues.set('C', [hoops('41', 'Eight One'), hoops('42', 'Eight Two')]);
      await sync();
      const seq = await getDataSeq(store.db);
      const second = await sync();
      assert.equal(second.outcome, 'unchanged');
      assert.equal(
        await getDataSeq(store.db),
        seq,
        'the two descriptions do not overwrite each other',
      );
      const row = await store.db
        .selectFrom('players')
        .select('full_name')
        .where('platform', '=', 'sleeper')
        .where('sport', '=', 'basketball')
        .where('player_id', '=', '8888')
        .executeTakeFirst();
      assert.equal(row?.full_name, 'Eight One');
    });
  });
}

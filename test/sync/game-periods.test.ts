// The engine tells a connector which lineup periods the store holds as final
// (LeagueFetchContext.finalLineupPeriods), so a finished week is read from the platform once:
// the first sync of a league is handed none, the next one the weeks whose matchups are final.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { LeagueFetchContext } from '../../src/platforms/connector.ts';
import { linkAccount } from '../../src/storage/repositories/accounts.ts';
import { listLineups } from '../../src/storage/repositories/game-reads.ts';
import { createUser } from '../../src/storage/repositories/users.ts';
import { syncUser } from '../../src/sync/engine.ts';
import { buildGame, buildGameLeagueSnapshot } from '../helpers/game-data.ts';
import { createTestStore, testBackends } from '../helpers/store.ts';
import type { TestStore } from '../helpers/store.ts';
import { createScriptedConnector } from './scripted-connector.ts';

for (const dialect of testBackends()) {
  describe(`final lineup periods (${dialect})`, () => {
    let store: TestStore;
    let userId: number;
    before(async () => {
      store = await createTestStore(dialect);
      userId = (await createUser(store.db, 'alice')).id;
      await linkAccount(store.db, {
        userId,
        platform: 'sleeper',
        externalUserId: 'A',
        username: 'alice_s',
      });
    });
    after(() => store.destroy());

    it('hands a second sync the stored final weeks, which the connector then leaves out', async () => {
      const connector = createScriptedConnector();
      const full = buildGameLeagueSnapshot();
      // Week 3's matchup is not final (team-data.ts): its lineup is read again each sync.
      full.game = buildGame({
        lineups: [
          ...(full.game?.lineups ?? []),
          { period: 3, rosterId: '1', points: 12, entries: [] },
        ],
      });
      connector.leagues.set('A', [full]);
      const handed: number[][] = [];
      const fetchScripted = connector.fetchLeague.bind(connector);
      connector.fetchLeague = async (account, ref, context: LeagueFetchContext, signal) => {
        const final = (await context.finalLineupPeriods?.()) ?? new Set<number>();
        handed.push([...final].sort((a, b) => a - b));
        const snapshot = await fetchScripted(account, ref, context, signal);
        const lineups = snapshot.game?.lineups?.filter((l) => !final.has(l.period));
        return { ...snapshot, game: { ...snapshot.game, ...(lineups && { lineups }) } };
      };
      const sync = () =>
        syncUser(
          store,
          { sleeper: connector },
          {
            userId,
            sports: [],
            seasons: [2021],
            supportedSeasons: [2021],
            trigger: 'test',
            now: () => new Date('2021-10-20T00:00:00Z'),
          },
        );
      assert.equal((await sync()).leaguesWritten, 1);
      const leagueId = (await store.db.selectFrom('leagues').select('id').executeTakeFirstOrThrow())
        .id;
      const week1 = await listLineups(store.db, leagueId, 1);
      await sync();
      await sync();
      assert.deepEqual(handed, [[], [1, 2], [1, 2]]);
      // The weeks left out stay as the first sync stored them.
      assert.deepEqual(await listLineups(store.db, leagueId, 1), week1);
      assert.equal((await listLineups(store.db, leagueId, 3))[0]?.points, 12);
    });
  });
}

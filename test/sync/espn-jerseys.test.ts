// ESPN's season player list has no jersey numbers, while its league rosters carry them: a sync
// that writes the pool first (so every rostered player is already stored) must still keep the
// numbers the roster entries give. On a 2022-23 basketball league of the made-up ESPN, and on the
// recorded one (ESPN 1234) when ../shared has it.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { seasonsBetween } from '../../src/domain/seasons.ts';
import { createEspnConnector } from '../../src/platforms/espn/index.ts';
import { linkAccount } from '../../src/storage/repositories/accounts.ts';
import { findLeaguesForUser } from '../../src/storage/repositories/leagues.ts';
import { listRosteredPlayers, loadStoredPlayers } from '../../src/storage/repositories/players.ts';
import { createUser } from '../../src/storage/repositories/users.ts';
import { syncUser } from '../../src/sync/engine.ts';
import { linkWith } from '../helpers/connectors.ts';
import { ESPN_DATA_SETS } from '../helpers/espn-data.ts';
import type { FakeEspn } from '../helpers/fake-espn.ts';
import { createTestStore, testBackends } from '../helpers/store.ts';
import type { TestStore } from '../helpers/store.ts';

const SEASONS = seasonsBetween(2017, 2022);
const POOL = { platform: 'espn', sport: 'basketball', season: 2022 } as const;

for (const data of ESPN_DATA_SETS) {
  const { leagueId, rostered: rosteredCount, numbered: numberedCount, jersey } = data.basketball;
  for (const dialect of testBackends()) {
    describe(
      `ESPN roster jerseys over a stored pool (${data.label}, ${dialect})`,
      { skip: data.skip },
      () => {
        let fake: FakeEspn;
        let store: TestStore;
        let userId: number;
        let connector: ReturnType<typeof createEspnConnector>;
        const sync = () =>
          syncUser(
            store,
            { espn: connector },
            {
              userId,
              sports: ['basketball'],
              seasons: [2022],
              supportedSeasons: SEASONS,
              trigger: 'test',
            },
          );

        before(async () => {
          fake = await data.start();
          store = await createTestStore(dialect);
          connector = createEspnConnector({
            baseUrl: fake.baseUrl,
            fanBaseUrl: fake.fanBaseUrl,
            backoffBaseMs: 1,
            requestsPerMinute: 0,
          });
          userId = (await createUser(store.db, 'alice')).id;
          const account = await linkWith(connector, { leagueIds: [`basketball:${leagueId}`] });
          await linkAccount(store.db, { userId, ...account });
        });
        after(async () => {
          await store?.destroy();
          await fake?.close();
        });

        it('rostered players keep the uniform_number their roster entries carry', async () => {
          const summary = await sync();
          assert.equal(summary.outcome, 'ok', JSON.stringify(summary));
          const account = summary.accounts[0];
          assert.deepEqual(
            account?.pools.map((p) => [p.sport, p.season, p.outcome]),
            [['basketball', 2022, 'written']],
          );
          assert.deepEqual(
            account?.leagues.map((l) => [l.platformLeagueKey, l.outcome]),
            [[leagueId, 'written']],
          );
          const [league] = await findLeaguesForUser(store.db, userId, {
            sports: ['basketball'],
            seasons: [2022],
          });
          assert.ok(league);
          const rostered = await listRosteredPlayers(store.db, league);
          assert.equal(rostered.length, rosteredCount);
          // Every rostered player was in the pool list before the league was written.
          const stored = await loadStoredPlayers(
            store.db,
            POOL,
            rostered.map((p) => p.playerId),
          );
          assert.equal(stored.size, rosteredCount);
          const numbered = rostered.filter((p) => p.uniformNumber !== undefined);
          assert.equal(numbered.length, numberedCount);
          const numberedOne = rostered.find((p) => p.playerId === jersey.id);
          assert.equal(numberedOne?.uniformNumber, jersey.number);
          assert.equal(numberedOne?.irlTeam, jersey.irlTeam, 'the pool still describes the player');
        });

        it('a second sync changes nothing', async () => {
          const summary = await sync();
          assert.equal(summary.outcome, 'unchanged', JSON.stringify(summary));
          assert.deepEqual(
            summary.accounts[0]?.leagues.map((l) => [l.platformLeagueKey, l.outcome]),
            [[leagueId, 'unchanged']],
          );
        });
      },
    );
  }
}

// End-to-end syncs of a linked Sleeper account through a fake Sleeper server, with faults injected
// into one league at a time. Each fault must leave that league's earlier data whole, record the
// error, and spare the other league. Runs on the project's made-up Sleeper data, and on the
// recordings in ../shared/fixtures/sleeper when they are there.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { League } from '../../src/domain/records.ts';
import { createSleeperConnector } from '../../src/platforms/sleeper/index.ts';
import { findLeagueForUser, findLeaguesForUser } from '../../src/storage/repositories/leagues.ts';
import { listRosteredPlayers } from '../../src/storage/repositories/players.ts';
import { listLeagueSyncStatus } from '../../src/storage/repositories/syncs.ts';
import { GONE_SYNCS_TO_DETACH, syncUser } from '../../src/sync/engine.ts';
import type { SyncSummary } from '../../src/sync/types.ts';
import { userLinkedWith } from '../helpers/connectors.ts';
import { reply } from '../helpers/fake-platform.ts';
import type { FakeRoute, FakeSleeper } from '../helpers/fake-platform.ts';
import { createTestStore, testBackends } from '../helpers/store.ts';
import type { TestStore } from '../helpers/store.ts';
import { seasonsBetween } from '../../src/domain/seasons.ts';
import { SLEEPER_DATA_SETS } from '../helpers/sleeper-data.ts';

const ALL = { sports: [], seasons: [] } as const;
/**
 * Every season named, as `sync --season` does: each run syncs every league, whatever the store
 * holds. Leaving finished seasons alone is seasons.test.ts's subject.
 */
const CONTRACT = seasonsBetween(2017, 2021);
const SCOPE = { sports: [], seasons: CONTRACT, supportedSeasons: CONTRACT } as const;

for (const data of SLEEPER_DATA_SETS) {
  const [other, targetFacts] = data.leagues;
  const TARGET = targetFacts.id;
  const OTHER = other.id;
  for (const dialect of testBackends()) {
    describe(
      `Sleeper sync through a fake server (${data.label}, ${dialect})`,
      { skip: data.skip },
      () => {
        let fake: FakeSleeper;
        let store: TestStore;
        let userId: number;
        let connector: ReturnType<typeof createSleeperConnector>;
        let target: League;
        let targetRoster: unknown;

        const sync = (): Promise<SyncSummary> =>
          syncUser(store, { sleeper: connector }, { userId, ...SCOPE, trigger: 'test' });

        before(async () => {
          fake = await data.start();
          store = await createTestStore(dialect);
          // Small timeouts and backoffs keep fault tests quick; two attempts show retries happen.
          connector = createSleeperConnector({
            baseUrl: fake.baseUrl,
            timeoutMs: 300,
            maxAttempts: 2,
            backoffBaseMs: 1,
            backoffMaxMs: 5,
            retryAfterMaxMs: 2000,
          });
          const linked = await userLinkedWith(store.db, 'alice', connector, {
            username: data.user.username,
          });
          userId = linked.userId;
          assert.equal(linked.account.externalUserId, data.user.userId);
        });
        after(async () => {
          await store?.destroy();
          await fake?.close();
        });

        it('syncs both leagues, the player pools first', async () => {
          const summary = await sync();
          assert.equal(summary.outcome, 'ok', JSON.stringify(summary.accounts[0]?.error));
          assert.deepEqual(
            summary.accounts[0]?.leagues.map((l) => [l.platformLeagueKey, l.outcome]).sort(),
            [
              [OTHER, 'written'],
              [TARGET, 'written'],
            ],
          );
          assert.ok(summary.poolsRefreshed >= 1);
          const leagues = await findLeaguesForUser(store.db, userId, ALL);
          assert.equal(leagues.length, 2);
          target = leagues.find((l) => l.name === targetFacts.name) as League;
          assert.ok(target, JSON.stringify(leagues));
          assert.equal(target.numTeams, targetFacts.numTeams);
          targetRoster = await listRosteredPlayers(store.db, target);
          assert.ok((targetRoster as unknown[]).length >= data.targetRostered);
          assert.equal((await sync()).outcome, 'unchanged');
        });

        async function expectFault(path: string, route: FakeRoute, error: RegExp): Promise<void> {
          const recorded = fake.recorded(path);
          fake.route(path, route);
          try {
            const summary = await sync();
            const results = summary.accounts[0]?.leagues ?? [];
            const failed = results.find((l) => l.platformLeagueKey === TARGET);
            assert.equal(failed?.outcome, 'failed', JSON.stringify(failed));
            assert.match(failed?.error ?? '', error);
            assert.equal(failed?.leagueId, target.leagueId);
            assert.equal(results.find((l) => l.platformLeagueKey === OTHER)?.outcome, 'unchanged');
            assert.equal(summary.outcome, 'partial');
            assert.equal(summary.leaguesDetached, 0);
            assert.deepEqual(await findLeagueForUser(store.db, userId, target.leagueId), target);
            assert.deepEqual(await listRosteredPlayers(store.db, target), targetRoster);
            const status = (await listLeagueSyncStatus(store.db, { userId })).find(
              (s) => s.platformLeagueKey === TARGET,
            );
            assert.equal(status?.lastOutcome, 'failed');
            assert.match(status?.lastError ?? '', error);
            assert.ok(status?.lastSyncedAt);
          } finally {
            fake.route(path, reply.json(recorded));
          }
          // Once the platform behaves again the league syncs cleanly (and is unchanged).
          const healed = await sync();
          assert.equal(healed.outcome, 'unchanged');
        }

        it('a 500 on every attempt', async () => {
          const before = fake.hits(`/league/${TARGET}/rosters`);
          await expectFault(`/league/${TARGET}/rosters`, reply.status(500), /500/);
          assert.ok(
            fake.hits(`/league/${TARGET}/rosters`) - before >= 3,
            'the failed call was retried',
          );
        });

        it('a 429 whose Retry-After is longer than the client will wait', async () => {
          await expectFault(`/league/${TARGET}/rosters`, reply.rateLimited('3600'), /429|rate/i);
        });

        it('a 429 with a short Retry-After is retried and succeeds', async () => {
          const path = `/league/${TARGET}/rosters`;
          const recorded = fake.recorded(path);
          fake.route(path, [reply.rateLimited('0'), reply.json(recorded)]);
          const summary = await sync();
          assert.equal(summary.outcome, 'unchanged');
          fake.route(path, reply.json(recorded));
        });

        it('a timeout', async () => {
          await expectFault(
            `/league/${TARGET}/users`,
            reply.hang(),
            /no complete answer within \d+ ms/,
          );
        });

        it('a truncated JSON body', async () => {
          const body = JSON.stringify(fake.recorded(`/league/${TARGET}`));
          await expectFault(`/league/${TARGET}`, reply.truncated(body), /JSON|invalid|body/i);
        });

        it('a malformed JSON body', async () => {
          await expectFault(`/league/${TARGET}/rosters`, reply.malformed(), /JSON|invalid|body/i);
        });

        it('a body of the wrong shape', async () => {
          await expectFault(
            `/league/${TARGET}/rosters`,
            reply.json({ rosters: 'nope' }),
            /invalid|expected|array/i,
          );
        });

        it('a league that vanishes between listing and fetching is kept, not detached', async () => {
          await expectFault(
            `/league/${TARGET}`,
            reply.status(404),
            /not found|404|does not exist/i,
          );
        });

        it('a league list that cannot be fetched fails the run and detaches nothing', async () => {
          const path = `/user/${data.user.userId}/leagues/nfl/2020`;
          const recorded = fake.recorded(path);
          fake.route(path, reply.status(503));
          try {
            const summary = await sync();
            assert.equal(summary.outcome, 'failed');
            assert.match(summary.accounts[0]?.error ?? '', /503/);
            assert.equal((await findLeaguesForUser(store.db, userId, ALL)).length, 2);
          } finally {
            fake.route(path, reply.json(recorded));
          }
        });

        it('a league that leaves the list is detached', async () => {
          const path = `/user/${data.user.userId}/leagues/nfl/2020`;
          const recorded = fake.recorded(path) as Array<{ league_id: string }>;
          fake.route(path, reply.json(recorded.filter((l) => l.league_id !== TARGET)));
          try {
            for (let run = 1; run < GONE_SYNCS_TO_DETACH; run++) {
              assert.equal(
                (await sync()).leaguesDetached,
                0,
                'served until found gone enough times',
              );
              assert.equal((await findLeaguesForUser(store.db, userId, ALL)).length, 2);
            }
            const summary = await sync();
            assert.equal(summary.leaguesDetached, 1);
            assert.deepEqual(
              (await findLeaguesForUser(store.db, userId, ALL)).map((l) => l.name),
              [other.name],
            );
          } finally {
            fake.route(path, reply.json(recorded));
          }
          assert.equal((await sync()).leaguesWritten, 0, 'relisted: re-attached without rewriting');
          assert.equal((await findLeaguesForUser(store.db, userId, ALL)).length, 2);
        });
      },
    );
  }
}

// The Sleeper connector's league activity when a season is under way, in the playoffs (brackets),
// or when a part is missing or malformed: JML's recorded league (../shared/fixtures/sleeper)
// served under other keys with the changes each test makes.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { PlatformAccount, PlatformConnector } from '../../../src/platforms/connector.ts';
import { createSleeperConnector } from '../../../src/platforms/sleeper/index.ts';
import { storeHolding } from '../../helpers/connectors.ts';
import { failure } from '../../helpers/failure.ts';
import {
  RECORDED_SLEEPER_USER,
  SLEEPER_FIXTURES_SKIP,
  reply,
  startFakeSleeper,
} from '../../helpers/fake-platform.ts';
import type { FakeSleeper } from '../../helpers/fake-platform.ts';

const JML = '522458773317046272'; // 2020, complete: 16 weeks, FAAB, a linear rookie draft

const account: PlatformAccount = {
  platform: 'sleeper',
  externalUserId: RECORDED_SLEEPER_USER.userId,
};
const ref = (key: string) => ({ platformLeagueKey: key, season: 2020, sport: 'football' as const });

describe(
  'Sleeper activity: seasons under way, brackets, faults',
  { skip: SLEEPER_FIXTURES_SKIP },
  () => {
    let fake: FakeSleeper;
    let sleeper: PlatformConnector;

    before(async () => {
      fake = await startFakeSleeper();
      sleeper = createSleeperConnector({
        baseUrl: fake.baseUrl,
        backoffBaseMs: 1,
        timeoutMs: 5_000,
      });
    });
    after(() => fake.close());

    /** JML's recorded league served under another key, with `changes` to its league body. */
    function serveCopy(key: string, changes: Record<string, unknown>): void {
      const league = fake.recorded(`/league/${JML}`) as Record<string, unknown>;
      fake.route(`/league/${key}`, reply.json({ ...league, league_id: key, ...changes }));
      for (const part of ['rosters', 'users', 'matchups/1', 'matchups/2', 'transactions/2']) {
        fake.route(`/league/${key}/${part}`, reply.json(fake.recorded(`/league/${JML}/${part}`)));
      }
    }

    test("a season under way reads up to the sport's current week", async () => {
      const key = `4${JML}`;
      serveCopy(key, { status: 'in_season' });
      const week3 = (
        fake.recorded(`/league/${JML}/matchups/1`) as Array<Record<string, unknown>>
      ).map((entry) => ({ ...entry, points: 0 }));
      fake.route(`/league/${key}/matchups/3`, reply.json(week3));
      fake.route(
        '/state/nfl',
        reply.json({ season: '2020', season_type: 'regular', week: 3, leg: 3 }),
      );
      const before = fake.requests.length;
      const snapshot = await sleeper.fetchLeague(account, ref(key), storeHolding());
      const asked = fake.requests.slice(before).map((request) => request.path);
      assert.deepEqual(
        asked.filter((path) => /\/(matchups|transactions)\//.test(path)).sort(),
        [1, 2, 3]
          .flatMap((week) => [
            `/league/${key}/matchups/${week}`,
            `/league/${key}/transactions/${week}`,
          ])
          .sort(),
      );
      const activity = snapshot.activity;
      assert.equal(activity?.currentPeriod, 3);
      const statuses = (week: number) =>
        new Set(activity?.matchups.filter((m) => m.period === week).map((m) => m.status));
      assert.deepEqual(statuses(2), new Set(['final']));
      // Nobody has scored in the current week yet: upcoming, and no winner.
      assert.deepEqual(statuses(3), new Set(['upcoming']));
      assert.ok(activity?.matchups.filter((m) => m.period === 3).every((m) => !m.winnerRosterId));
      assert.equal(activity?.transactions.length, 39); // only round 2 served for this copy
    });

    test('the state of a sport Sleeper does not answer fails the league', async () => {
      const key = `5${JML}`;
      serveCopy(key, { status: 'in_season' });
      fake.route('/state/nfl', reply.status(404));
      const error = await failure(sleeper.fetchLeague(account, ref(key), storeHolding()));
      assert.equal(error.kind, 'invalid_response');
      assert.match(error.message, /GET \/state\/nfl answered nothing/);
    });

    test('playoff weeks take their kind from the brackets', async () => {
      const key = `6${JML}`;
      serveCopy(key, { status: 'complete' });
      for (const week of [14, 16]) {
        const body = fake.recorded(`/league/${JML}/matchups/${week}`);
        fake.route(`/league/${key}/matchups/${week}`, reply.json(body));
      }
      fake.route(
        `/league/${key}/winners_bracket`,
        reply.json([
          { r: 1, m: 1, t1: 3, t2: 11, w: 3, l: 11 },
          { r: 1, m: 2, t1: 1, t2: 4, w: 4, l: 1 },
          { r: 3, m: 6, t1: 7, t2: 12, w: 7, l: 12, p: 1 },
          { r: 3, m: 7, t1: 3, t2: 4, w: 4, l: 3, p: 3 },
        ]),
      );
      fake.route(
        `/league/${key}/losers_bracket`,
        reply.json([{ r: 1, m: 1, t1: 2, t2: 9, w: 9, l: 2 }]),
      );
      const snapshot = await sleeper.fetchLeague(account, ref(key), storeHolding());
      const kinds = (week: number) =>
        snapshot.activity?.matchups
          .filter((m) => m.period === week)
          .map((m) => [m.sides.map((side) => side.rosterId).join('-'), m.kind]);
      assert.deepEqual(kinds(14), [
        ['3-11', 'playoff'],
        ['1-4', 'playoff'],
        ['2-9', 'consolation'],
        ['5-10', undefined], // in neither bracket: Sleeper does not say
      ]);
      assert.deepEqual(kinds(16), [
        ['7-12', 'playoff'], // the final
        ['3-4', 'consolation'], // the third-place game
        ['5-6', undefined],
        ['8-9', undefined],
      ]);
      assert.equal(snapshot.activity?.matchups.find((m) => m.period === 1)?.kind, 'regular');
    });

    test('a malformed transactions round fails the league, naming the call', async () => {
      const key = `7${JML}`;
      serveCopy(key, { status: 'complete' });
      fake.route(
        `/league/${key}/transactions/5`,
        reply.json([{ transaction_id: '1', type: 'trade' }]),
      );
      const error = await failure(sleeper.fetchLeague(account, ref(key), storeHolding()));
      assert.equal(error.kind, 'invalid_response');
      assert.match(
        error.message,
        new RegExp(`GET /league/${key}/transactions/5 answered an unexpected shape`),
      );
      fake.route(`/league/${key}/transactions/5`, reply.malformed());
      assert.equal(
        (await failure(sleeper.fetchLeague(account, ref(key), storeHolding()))).kind,
        'invalid_response',
      );
    });

    test('a failing matchups call fails the league; a missing list is empty', async () => {
      const key = `8${JML}`;
      serveCopy(key, { status: 'complete' });
      fake.route(`/league/${key}/matchups/2`, reply.status(503));
      assert.equal(
        (await failure(sleeper.fetchLeague(account, ref(key), storeHolding()))).kind,
        'unavailable',
      );
      // No drafts, no traded picks (404), Sleeper's null for a week: all empty, the league whole.
      fake.route(`/league/${key}/matchups/2`, { body: 'null' });
      const snapshot = await sleeper.fetchLeague(account, ref(key), storeHolding());
      assert.deepEqual(snapshot.activity?.drafts, []);
      assert.deepEqual(snapshot.activity?.futurePicks, []);
      assert.deepEqual([...new Set(snapshot.activity?.matchups.map((m) => m.period))], [1]);
      assert.equal(snapshot.teams.length, 12);
    });

    test('entries naming a roster the league does not have are left out', async () => {
      const key = `9${JML}`;
      serveCopy(key, { status: 'complete' });
      const week1 = fake.recorded(`/league/${JML}/matchups/1`) as Array<Record<string, unknown>>;
      fake.route(
        `/league/${key}/matchups/1`,
        reply.json([
          ...week1,
          { roster_id: 13, matchup_id: 7, points: 1 },
          { roster_id: 14, matchup_id: 7, points: 2 },
        ]),
      );
      fake.route(
        `/league/${key}/traded_picks`,
        reply.json([
          { season: '2021', round: 1, roster_id: 13, previous_owner_id: 13, owner_id: 2 },
          { season: '2021', round: 3, roster_id: 2, previous_owner_id: 2, owner_id: 4 },
        ]),
      );
      const snapshot = await sleeper.fetchLeague(account, ref(key), storeHolding());
      assert.equal(snapshot.activity?.matchups.filter((m) => m.period === 1).length, 6);
      assert.deepEqual(snapshot.activity?.futurePicks, [
        { season: 2021, round: 3, originalRosterId: '2', ownerRosterId: '4' },
      ]);
    });

    test('a transaction listed in two rounds counts once, from the first', async () => {
      const key = `3${JML}`;
      serveCopy(key, { status: 'complete' });
      const round2 = fake.recorded(`/league/${JML}/transactions/2`) as Array<
        Record<string, unknown>
      >;
      fake.route(
        `/league/${key}/transactions/3`,
        reply.json(round2.map((tx) => ({ ...tx, leg: 3 }))),
      );
      const snapshot = await sleeper.fetchLeague(account, ref(key), storeHolding());
      assert.equal(snapshot.activity?.transactions.length, 39);
      assert.ok(snapshot.activity?.transactions.every((tx) => tx.period === 2));
    });
  },
);

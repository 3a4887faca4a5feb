// The live scheduler within a per-account budget (a platform that holds each linked account to a
// budget of its own): an account with many live leagues has them read at its account's pace, never
// more reads a minute than its live share, while a lone account's league keeps the platform's
// pace; plan() gives each league its own interval. The demo's live week, with copies of one of
// its leagues stored under a second and a third key, read as the demo league they copy.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { LiveConnector } from '../../src/platforms/live.ts';
import { DEMO_EXTERNAL_USER_ID, createDemoConnector } from '../../src/platforms/demo/index.ts';
import { linkAccount, listAccounts } from '../../src/storage/repositories/accounts.ts';
import { listLiveCandidates } from '../../src/storage/repositories/live.ts';
import type { LiveCandidate } from '../../src/storage/repositories/live.ts';
import { writeLeagueSnapshot } from '../../src/storage/repositories/snapshots.ts';
import { createUser } from '../../src/storage/repositories/users.ts';
import { loadDemo } from '../../src/sync/demo.ts';
import { accountIntervalMs } from '../../src/sync/live/pace.ts';
import { createLiveScheduler } from '../../src/sync/live/scheduler.ts';
import type { LiveRefreshEvent } from '../../src/sync/live/scheduler.ts';
import { storeHolding } from '../helpers/connectors.ts';
import { createTestStore, testBackends } from '../helpers/store.ts';
import type { TestStore } from '../helpers/store.ts';

const SUPPORT = { state: 'demo', callsPerRefresh: 1, calls: 'none' };
// 10 calls a minute per account: a live share of 8, 8 reads a minute of 1 call each.
const PACE = { perMinute: 900, accountPerMinute: 10, live: SUPPORT };
const LONE_USER = 'lone-user';
/** Separates a copy's key from the demo league's it copies. */
const COPY = '~';

test('an account whose live leagues its budget cannot read at the cadence spaces them out', () => {
  assert.equal(accountIntervalMs(PACE, 10_000, 1), 10_000, "one league: the platform's pace");
  // 6 leagues x 1 call x 60 s / 8 calls.
  assert.equal(accountIntervalMs(PACE, 10_000, 6), 45_000);
  assert.equal(
    accountIntervalMs({ ...PACE, live: { ...SUPPORT, callsPerRefresh: 2 } }, 0, 6),
    90_000,
  );
  assert.equal(accountIntervalMs({ perMinute: 900 }, 10_000, 600), 10_000, 'no account budget');
});

for (const dialect of testBackends())
  describe(`live scheduler, per-account budget (${dialect})`, () => {
    let store: TestStore;
    /** Each call of a live read: the account it went through, and when. */
    const calls: { account: string; at: number }[] = [];
    let clock = 0;
    let loneLeague: number;
    const demo = createDemoConnector({ live: { now: () => clock } });
    const fetchLive = demo.live?.fetchLivePeriod;
    assert.ok(fetchLive !== undefined);
    const live: LiveConnector = {
      ...demo.live,
      fetchLivePeriod(account, ref, ...rest) {
        calls.push({ account: account.externalUserId, at: clock });
        const key = ref.platformLeagueKey.split(COPY)[0] ?? '';
        const demoAccount = { ...account, externalUserId: DEMO_EXTERNAL_USER_ID };
        return fetchLive(demoAccount, { ...ref, platformLeagueKey: key }, ...rest);
      },
    };
    const scheduler = (events: LiveRefreshEvent[]) =>
      createLiveScheduler({
        store,
        connectors: { demo: { ...demo, live } },
        platforms: { demo: PACE },
        liveSeconds: 10,
        now: () => clock,
        concurrency: 2,
        onRefresh: (event) => events.push(event),
      });

    before(async () => {
      store = await createTestStore(dialect);
      await loadDemo(store, { seasons: [2021] });
      // The demo account has the demo's three live leagues and three copies; another, one copy.
      const [crowded] = await listAccounts(store.db);
      assert.ok(crowded !== undefined);
      const demoAccount = { platform: 'demo' as const, externalUserId: DEMO_EXTERNAL_USER_ID };
      let first: LiveCandidate | undefined;
      for (const league of await listLiveCandidates(store.db, 2021)) {
        const state = await demo.live?.livePeriod?.(league.sport, league.season, demoAccount);
        if (state?.live === true) first ??= league;
      }
      assert.ok(first !== undefined);
      const snapshot = await demo.fetchLeague(demoAccount, first, storeHolding());
      const lone = await createUser(store.db, 'lone');
      const loneAccount = await linkAccount(store.db, {
        userId: lone.id,
        platform: 'demo',
        externalUserId: LONE_USER,
      });
      for (const [copy, member] of [
        [1, { userId: crowded.userId, accountId: crowded.id }],
        [2, { userId: crowded.userId, accountId: crowded.id }],
        [3, { userId: crowded.userId, accountId: crowded.id }],
        [4, { userId: lone.id, accountId: loneAccount.id }],
      ] as const) {
        const key = `${first.platformLeagueKey}${COPY}${copy}`;
        const written = await writeLeagueSnapshot(
          store,
          { ...snapshot, platformLeagueKey: key },
          member,
        );
        loneLeague = written.leagueId;
      }
    });
    after(() => store.destroy());

    test("plan() gives each league its account's interval, or the platform's", async () => {
      clock = Date.UTC(2026, 10, 29, 18);
      const events: LiveRefreshEvent[] = [];
      const live = scheduler(events);
      await live.tick();
      await live.settled();
      await live.stop();
      const plan = live.plan();
      assert.equal(plan.length, 7, 'six leagues of one account, one of the other');
      for (const league of plan)
        assert.equal(league.intervalMs, league.leagueId === loneLeague ? 10_000 : 45_000);
    });

    test("the crowded account's leagues at its pace, the lone account's at the platform's", async () => {
      // A day later: the first test's holds are over.
      clock = Date.UTC(2026, 10, 30, 18);
      const start = clock;
      calls.length = 0;
      const events: LiveRefreshEvent[] = [];
      const live = scheduler(events);
      for (let step = 0; step < 144; step++) {
        await live.tick();
        await live.settled();
        clock += 2_500;
      }
      await live.stop();
      const lone = events.filter((e) => e.leagueId === loneLeague);
      // 360 s at one read per 10 s, the first included.
      assert.ok(lone.length >= 35, `the lone league read ${lone.length} times`);
      // The first read's lag is since the first test's, a day before.
      const lags = lone.slice(1).map((e) => e.lagSeconds);
      assert.ok(
        lags.every((lag) => lag !== undefined && lag >= 10 && lag <= 12.5),
        `lags ${lags.join(', ')}`,
      );
      const crowded = calls.filter((c) => c.account === DEMO_EXTERNAL_USER_ID).map((c) => c.at);
      for (const at of crowded) {
        const minute = crowded.filter((other) => other > at - 60_000 && other <= at).length;
        assert.ok(
          minute <= 8,
          `${minute} reads of the crowded account in the minute to ${at - start}`,
        );
      }
      // Six minutes at 8 a minute: its share used, not starved.
      assert.ok(crowded.length >= 40, `the crowded account read ${crowded.length} times`);
    });
  });

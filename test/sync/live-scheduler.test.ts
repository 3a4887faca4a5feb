// The live scheduler's fairness and sharing (issue 42) on the demo's live week (no network): when
// a platform's budget allows fewer refreshes than the cadence asks, every live league is refreshed
// alike, oldest first; two schedulers on one store never refresh one league twice at once.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createDemoConnector } from '../../src/platforms/demo/index.ts';
import { loadDemo } from '../../src/sync/demo.ts';
import { createLiveScheduler, liveIntervalMs } from '../../src/sync/live/scheduler.ts';
import type { LiveRefreshEvent } from '../../src/sync/live/scheduler.ts';
import { createTestStore, testBackends } from '../helpers/store.ts';
import type { TestStore } from '../helpers/store.ts';

const SUPPORT = { state: 'demo', callsPerRefresh: 1, calls: 'none' };

for (const dialect of testBackends())
  describe(`live scheduler (${dialect})`, () => {
    let store: TestStore;

    before(async () => {
      store = await createTestStore(dialect);
      await loadDemo(store, { seasons: [2017, 2018, 2019, 2020, 2021] });
    });
    after(() => store.destroy());

    test('the interval grows with the leagues live past the budget, never below the cadence', () => {
      const sleeper = { perMinute: 900, live: { ...SUPPORT, callsPerRefresh: 3 } };
      assert.equal(liveIntervalMs(sleeper, 10, 30), 30_000);
      // 900 less the links' 90, 80% of it: 648 calls, 216 refreshes a minute.
      assert.equal(liveIntervalMs(sleeper, 216, 30), 60_000);
      assert.equal(liveIntervalMs(sleeper, 432, 30), 120_000);
      assert.equal(liveIntervalMs({}, 10_000, 30), 30_000, 'no budget: the cadence');
    });

    test("the shared reads' calls come off the share first: the own reads space out", () => {
      const live = { ...SUPPORT, callsPerRefresh: 3, shared: { callsPerRead: 1, calls: 'stats' } };
      const sleeper = { perMinute: 900, live };
      // 6 shared reads every 30 s: 12 of the 648 calls, 636 left for 216 x 3 calls.
      assert.equal(liveIntervalMs(sleeper, 216, 30, 6), 61_133);
      assert.ok(liveIntervalMs(sleeper, 216, 30, 6) > liveIntervalMs(sleeper, 216, 30));
      // More shared reads than the share: a tenth of it stays for the own reads.
      assert.equal(liveIntervalMs(sleeper, 216, 30, 1_000), 600_000);
    });

    test('a budget short of the cadence: every live league refreshed alike, oldest first', async () => {
      let clock = Date.UTC(2026, 10, 29, 18);
      const events: LiveRefreshEvent[] = [];
      const scheduler = createLiveScheduler({
        store,
        connectors: { demo: createDemoConnector({ live: { now: () => clock } }) },
        // 6 a minute: 5 after the links' reserve, 4 for live refreshes of 1 call each.
        platforms: { demo: { perMinute: 6, live: SUPPORT } },
        liveSeconds: 1,
        now: () => clock,
        onRefresh: (event) => events.push(event),
      });
      await scheduler.tick();
      await scheduler.settled();
      const plan = scheduler.plan();
      assert.equal(plan.length, 3, "the demo's three leagues of 2021 are live");
      // 3 leagues x 1 call x 60 s / 4 calls = 45 s, for each of them.
      assert.ok(plan.every((p) => p.intervalMs === 45_000));
      for (let step = 0; step < 60; step++) {
        clock += 7_500;
        await scheduler.tick();
        await scheduler.settled();
      }
      await scheduler.stop();
      const counts = new Map<number, number>();
      for (const event of events) counts.set(event.leagueId, (counts.get(event.leagueId) ?? 0) + 1);
      assert.equal(counts.size, 3);
      const values = [...counts.values()];
      // 450 s at one refresh per 45 s, plus the first: 11 each.
      assert.ok(Math.max(...values) - Math.min(...values) <= 1, `even: ${values.join(', ')}`);
      assert.ok(Math.min(...values) >= 10);
      const lags = events.flatMap((e) => (e.lagSeconds === undefined ? [] : [e.lagSeconds]));
      assert.ok(
        lags.every((lag) => lag >= 45 && lag <= 52.5),
        `lags ${lags.join(', ')}`,
      );
      assert.ok(events.some((e) => e.outcome === 'written'));
    });

    test('two schedulers on one store: one league is refreshed once', async () => {
      const clock = Date.UTC(2026, 10, 30, 18);
      const events: LiveRefreshEvent[] = [];
      const make = () =>
        createLiveScheduler({
          store,
          connectors: { demo: createDemoConnector({ live: { now: () => clock } }) },
          platforms: { demo: { live: SUPPORT } },
          liveSeconds: 30,
          now: () => clock,
          onRefresh: (event) => events.push(event),
        });
      const [a, b] = [make(), make()];
      await Promise.all([a.tick(), b.tick()]);
      await Promise.all([a.settled(), b.settled()]);
      await Promise.all([a.stop(), b.stop()]);
      assert.equal(events.length, 3, 'three live leagues, each refreshed by one of the two');
      assert.equal(new Set(events.map((e) => e.leagueId)).size, 3);
    });

    test('a finished read hands its slot to the next due league, not to the next tick', async () => {
      const clock = Date.UTC(2026, 10, 30, 19);
      const events: LiveRefreshEvent[] = [];
      const scheduler = createLiveScheduler({
        store,
        connectors: { demo: createDemoConnector({ live: { now: () => clock } }) },
        platforms: { demo: { live: SUPPORT } },
        liveSeconds: 30,
        now: () => clock,
        concurrency: 1,
        onRefresh: (event) => events.push(event),
      });
      await scheduler.tick();
      await scheduler.settled();
      await scheduler.stop();
      assert.equal(events.length, 3, 'one tick, one at a time, all three due leagues read');
    });

    test("a platform's state that does not answer holds no plan: its last answer goes on", async () => {
      // Later than the tests above: their refreshes are behind it.
      let clock = Date.UTC(2026, 11, 2, 18);
      const demo = createDemoConnector({ live: { now: () => clock } });
      const livePeriod = demo.live?.livePeriod;
      assert.ok(livePeriod !== undefined);
      let asked = 0;
      const answered = new Set<string>();
      const connector = {
        ...demo,
        live: {
          ...demo.live,
          // Each sport's first answer at once; every later call waits (a spent budget) until
          // the scheduler stops.
          livePeriod: (...args: Parameters<typeof livePeriod>) => {
            asked += 1;
            const key = `${args[0]}/${args[1]}`;
            if (!answered.has(key)) {
              answered.add(key);
              return livePeriod(...args);
            }
            return new Promise<undefined>((resolve) =>
              args[3]?.addEventListener('abort', () => resolve(undefined)),
            );
          },
        },
      };
      const events: LiveRefreshEvent[] = [];
      const scheduler = createLiveScheduler({
        store,
        connectors: { demo: connector },
        platforms: { demo: { live: SUPPORT } },
        liveSeconds: 1,
        now: () => clock,
        onRefresh: (event) => events.push(event),
      });
      await scheduler.tick();
      await scheduler.settled();
      const first = events.length;
      assert.equal(first, 3);
      clock += 60_000;
      const stuck = new Promise<string>((resolve) =>
        setTimeout(() => resolve('stuck'), 20_000).unref(),
      );
      const ticked = scheduler.tick().then(() => 'ticked');
      assert.equal(await Promise.race([ticked, stuck]), 'ticked');
      await scheduler.settled();
      assert.ok(asked > answered.size, 'the states were asked again');
      assert.equal(scheduler.plan().length, 3, 'planned on the last answer');
      assert.equal(events.length, first + 3, 'and every league refreshed again');
      await scheduler.stop();
    });
  });

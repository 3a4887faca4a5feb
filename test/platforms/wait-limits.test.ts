// Wait limits (limitWaits): interactive work fails fast with a BudgetBusyError where work without
// a limit (a sync) waits its turn, both for the request budget and for a free slot of the HTTP
// client's calls in flight. Sleeps are recorded against a fake clock, never slept.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  ConcurrencyLimit,
  MemoryBudgetStore,
  RequestBudget,
  createHttpClient,
} from '../../src/platforms/http-client.ts';
import { BudgetBusyError, limitWaits, waitAllowance } from '../../src/platforms/request-budget.ts';

/** A budget of `perMinute` already spent at time 0, its clock and the sleeps it asked for. */
function spentBudget(perMinute = 1) {
  const time = { now: 0 };
  const slept: number[] = [];
  const store = new MemoryBudgetStore(() => time.now);
  for (let i = 0; i < perMinute; i++) store.take('mfl', perMinute, 60_000);
  const budget = new RequestBudget({
    perMinute,
    key: 'mfl',
    store,
    sleep: async (ms) => {
      slept.push(ms);
      time.now += ms;
    },
  });
  return { budget, time, slept };
}

function limited(maxWaitMs: number): AbortSignal {
  const { signal } = new AbortController();
  limitWaits(signal, maxWaitMs);
  return signal;
}

describe('a request budget under a wait limit', () => {
  test('fails at once, without sleeping, when the budget frees later than the limit', async () => {
    const { budget, slept } = spentBudget();
    const error = await budget.take(limited(5_000)).then(
      () => assert.fail('the take went through'),
      (e: unknown) => e,
    );
    assert.ok(error instanceof BudgetBusyError);
    assert.equal(error.budget, 'mfl');
    assert.equal(error.retryAfterMs, 60_000);
    assert.deepEqual(slept, []);
  });

  test('without a limit (a sync) waits for the budget and then goes', async () => {
    const { budget, slept, time } = spentBudget();
    await budget.take();
    assert.deepEqual(slept, [60_000]);
    assert.equal(time.now, 60_000);
  });

  test('waits within the limit, and the limit counts every wait of the work together', async () => {
    const { budget, slept, time } = spentBudget();
    time.now = 58_000; // the spent call leaves the window in 2 s
    const signal = limited(5_000);
    await budget.take(signal);
    assert.deepEqual(slept, [2_000]);
    assert.equal(waitAllowance(signal)?.leftMs, 3_000);
    // The next call would wait a whole minute: more than the 3 s left.
    await assert.rejects(budget.take(signal), BudgetBusyError);
    assert.deepEqual(slept, [2_000]);
  });
});

describe('the calls in flight under a wait limit', () => {
  test('a waiter with a limit goes ahead of those without; past its limit it gives up', async () => {
    const slots = new ConcurrencyLimit(1, 'mfl');
    const release = await slots.acquire();
    const order: string[] = [];
    const sync = slots.acquire().then((next) => {
      order.push('sync');
      return next;
    });
    const link = slots.acquire(limited(60_000)).then((next) => {
      order.push('link');
      return next;
    });
    release();
    (await link)();
    (await sync)();
    assert.deepEqual(order, ['link', 'sync']);

    const held = await slots.acquire();
    const error = await slots.acquire(limited(20)).then(
      () => assert.fail('a slot was granted while held'),
      (e: unknown) => e,
    );
    assert.ok(error instanceof BudgetBusyError);
    assert.equal(error.budget, 'mfl');
    held();
    // The slot the waiter gave up on was not lost.
    (await slots.acquire(limited(20)))();
  });

  test("an HTTP client's call with a limit fails fast on a spent budget; without one it waits", async () => {
    const { budget, slept } = spentBudget();
    let calls = 0;
    const http = createHttpClient({
      platform: 'mfl',
      budget,
      fetch: (async () => {
        calls++;
        return new Response('{}');
      }) as typeof fetch,
    });
    await assert.rejects(http.getJson('http://127.0.0.1/x', { signal: limited(5_000) }), {
      name: 'BudgetBusyError',
    });
    assert.equal(calls, 0);
    await http.getJson('http://127.0.0.1/x');
    assert.equal(calls, 1);
    assert.deepEqual(slept, [60_000]);
  });
});

describe('the reserve for links', () => {
  /** A fresh budget of `perMinute`, its clock and the sleeps it asked for. */
  function freshBudget(perMinute: number) {
    const time = { now: 0 };
    const slept: number[] = [];
    const budget = new RequestBudget({
      perMinute,
      key: 'mfl',
      store: new MemoryBudgetStore(() => time.now),
      sleep: async (ms) => {
        slept.push(ms);
        time.now += ms;
      },
    });
    return { budget, time, slept };
  }

  test('syncs stop a tenth short of the window, and a link still finds room', async () => {
    const { budget, slept } = freshBudget(30);
    assert.equal(budget.reserve, 3);
    for (let i = 0; i < 27; i++) await budget.take();
    assert.deepEqual(slept, [], 'the first 27 sync calls go at once');
    for (let i = 0; i < 3; i++) await budget.take(limited(5_000));
    assert.deepEqual(slept, [], 'a link takes the 3 kept calls at once');
    await assert.rejects(budget.take(limited(5_000)), { name: 'BudgetBusyError' });
    await budget.take();
    assert.deepEqual(slept, [60_000], 'the next sync call waits for the window');
  });

  test('keeps a tenth, at least one of two or more, none of one', () => {
    assert.deepEqual(
      [1, 2, 9, 10, 30, 100, 900].map((perMinute) => new RequestBudget({ perMinute }).reserve),
      [0, 1, 1, 1, 3, 10, 90],
    );
  });
});

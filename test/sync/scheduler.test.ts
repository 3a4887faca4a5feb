// The re-sync schedule, with timers fired by hand: runs never overlap, the next run is armed
// only after one ends, and stop() disarms and aborts.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createScheduler } from '../../src/sync/scheduler.ts';
import type { SchedulerTimers } from '../../src/sync/scheduler.ts';

function manualTimers() {
  const pending = new Map<number, { callback: () => void; ms: number }>();
  let nextId = 1;
  const timers: SchedulerTimers = {
    set(callback, ms) {
      const id = nextId++;
      pending.set(id, { callback, ms });
      return id;
    },
    clear(handle) {
      pending.delete(handle as number);
    },
  };
  return {
    timers,
    pending,
    /** Fires every armed timer, as if its time had come. */
    fire() {
      const due = [...pending.entries()];
      pending.clear();
      for (const [, timer] of due) timer.callback();
    },
  };
}

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe('sync scheduler', () => {
  it('does nothing when the interval is 0', async () => {
    const clock = manualTimers();
    let runs = 0;
    const scheduler = createScheduler({
      intervalMinutes: 0,
      timers: clock.timers,
      run: async () => {
        runs++;
      },
    });
    scheduler.start();
    assert.equal(clock.pending.size, 0);
    await scheduler.stop();
    assert.equal(runs, 0);
  });

  it('never starts a run while one is in progress, and arms the next only after it ends', async () => {
    const clock = manualTimers();
    const gate = deferred();
    let started = 0;
    const scheduler = createScheduler({
      intervalMinutes: 15,
      timers: clock.timers,
      run: async () => {
        started++;
        await gate.promise;
      },
    });
    scheduler.start();
    assert.deepEqual(
      [...clock.pending.values()].map((t) => t.ms),
      [15 * 60_000],
    );
    clock.fire();
    assert.equal(started, 1);
    assert.equal(scheduler.running, true);
    assert.equal(clock.pending.size, 0, 'no timer is armed while a run is in progress');
    const again = scheduler.trigger();
    scheduler.start();
    assert.equal(started, 1, 'a trigger during a run joins it');
    assert.equal(clock.pending.size, 0);
    gate.resolve();
    await again;
    assert.equal(scheduler.running, false);
    assert.equal(clock.pending.size, 1, 'the next run is armed once this one ended');
    clock.fire();
    assert.equal(started, 2);
    await scheduler.stop();
  });

  it('keeps the schedule after a failed run', async () => {
    const clock = manualTimers();
    const errors: unknown[] = [];
    const scheduler = createScheduler({
      intervalMinutes: 1,
      timers: clock.timers,
      run: async () => {
        throw new Error('platform down');
      },
    });
    scheduler.start();
    clock.fire();
    await scheduler.trigger().catch((e: unknown) => errors.push(e));
    assert.deepEqual(errors, []);
    assert.equal(clock.pending.size, 1);
    await scheduler.stop();
  });

  it('stop() disarms the timer, aborts the run in progress and waits for it', async () => {
    const clock = manualTimers();
    let sawAbort = false;
    const scheduler = createScheduler({
      intervalMinutes: 5,
      timers: clock.timers,
      run: (signal) =>
        new Promise<void>((resolve) => {
          signal.addEventListener('abort', () => {
            sawAbort = true;
            resolve();
          });
        }),
    });
    scheduler.start();
    clock.fire();
    assert.equal(scheduler.running, true);
    await scheduler.stop();
    assert.equal(sawAbort, true);
    assert.equal(scheduler.running, false);
    assert.equal(clock.pending.size, 0, 'nothing is armed after stop');
    await scheduler.trigger();
    assert.equal(scheduler.running, false, 'a stopped scheduler runs nothing');
  });
});

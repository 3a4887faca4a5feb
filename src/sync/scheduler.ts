// Periodic re-sync. The next run is armed only after the previous one finishes, so runs never
// overlap however long one takes; stop() disarms the timer and aborts a run in progress.
import type { Logger } from '../logger.ts';

export interface SchedulerTimers {
  set(callback: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

const realTimers: SchedulerTimers = {
  set: (callback, ms) => {
    const handle = setTimeout(callback, ms);
    // A pending re-sync alone must not keep the process alive.
    handle.unref();
    return handle;
  },
  clear: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

export interface SchedulerOptions {
  /** Minutes between the end of one run and the start of the next; 0 disables the scheduler. */
  intervalMinutes: number;
  run: (signal: AbortSignal) => Promise<void>;
  logger?: Logger;
  /** Injected by tests to fire ticks by hand. */
  timers?: SchedulerTimers;
}

export interface Scheduler {
  /** Arms the first run one interval from now (nothing when disabled). */
  start(): void;
  /** Runs now unless a run is in progress, in which case that run's promise is returned. */
  trigger(): Promise<void>;
  readonly running: boolean;
  /** Disarms the timer, aborts a run in progress and waits for it to end. */
  stop(): Promise<void>;
}

export function createScheduler(options: SchedulerOptions): Scheduler {
  const timers = options.timers ?? realTimers;
  const intervalMs = options.intervalMinutes * 60_000;
  const enabled = intervalMs > 0;
  let handle: unknown;
  let current: Promise<void> | undefined;
  let controller: AbortController | undefined;
  let stopped = false;

  const arm = (): void => {
    if (!enabled || stopped) return;
    handle = timers.set(() => {
      handle = undefined;
      void trigger();
    }, intervalMs);
  };

  const trigger = (): Promise<void> => {
    if (current) return current;
    if (stopped) return Promise.resolve();
    if (handle !== undefined) {
      timers.clear(handle);
      handle = undefined;
    }
    controller = new AbortController();
    const signal = controller.signal;
    current = (async () => {
      try {
        await options.run(signal);
      } catch (error) {
        // A failed run is logged and retried at the next interval; it never ends the schedule.
        options.logger?.error({ err: error }, 'scheduled sync failed');
      } finally {
        current = undefined;
        controller = undefined;
        arm();
      }
    })();
    return current;
  };

  return {
    start() {
      if (handle === undefined && current === undefined) arm();
    },
    trigger,
    get running() {
      return current !== undefined;
    },
    async stop() {
      stopped = true;
      if (handle !== undefined) timers.clear(handle);
      handle = undefined;
      controller?.abort();
      await current;
    },
  };
}

// How many calls a platform may receive: at most `perMinute` in any sliding window (a log of call
// times, not a token bucket: a full bucket plus a minute's refill would let through almost twice
// the limit). Where the log lives is a BudgetStore: this process's memory by default, or Redis
// (sync/budget-redis.ts) so every worker of a deployment shares one budget per platform.
import { abortableSleep } from './abort.ts';

type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

export interface BudgetStore {
  /**
   * Counts one call against `key` when fewer than `limit` were counted in the last `windowMs`
   * and answers 0; otherwise counts nothing and answers how many ms until one may go.
   */
  take(key: string, limit: number, windowMs: number): number | Promise<number>;
}

/** One process's call logs, by key. */
export class MemoryBudgetStore implements BudgetStore {
  private readonly logs = new Map<string, number[]>();

  constructor(private readonly now: () => number = Date.now) {}

  take(key: string, limit: number, windowMs: number): number {
    const at = this.now();
    let stamps = this.logs.get(key);
    if (stamps === undefined) {
      stamps = [];
      this.logs.set(key, stamps);
    }
    while (stamps.length > 0 && (stamps[0] as number) <= at - windowMs) stamps.shift();
    if (stamps.length < limit) {
      stamps.push(at);
      return 0;
    }
    return Math.max(1, (stamps[0] as number) + windowMs - at);
  }
}

export interface RequestBudgetOptions {
  /** Calls allowed per window; 0 turns the budget off. */
  perMinute: number;
  /** The window's length; a minute unless a test or benchmark shortens it. */
  windowMs?: number;
  /** Where calls are counted; this process's memory by default. */
  store?: BudgetStore;
  /** The budget's name in the store, e.g. the platform. */
  key?: string;
  now?: () => number;
  sleep?: Sleep;
}

export class RequestBudget {
  readonly perMinute: number;
  readonly windowMs: number;
  private readonly store: BudgetStore;
  private readonly key: string;
  private readonly sleep: Sleep;

  constructor(options: RequestBudgetOptions) {
    this.perMinute = Math.max(0, Math.floor(options.perMinute));
    this.windowMs = options.windowMs ?? 60_000;
    this.store = options.store ?? new MemoryBudgetStore(options.now ?? Date.now);
    this.key = options.key ?? 'calls';
    this.sleep = options.sleep ?? abortableSleep;
  }

  /** Resolves once a call may go out, and counts it. */
  async take(signal?: AbortSignal): Promise<void> {
    if (this.perMinute === 0) return;
    for (;;) {
      const waitMs = await this.store.take(this.key, this.perMinute, this.windowMs);
      if (waitMs <= 0) return;
      await this.sleep(waitMs, signal);
    }
  }
}

// How many calls a platform may receive: at most `perMinute` in any sliding window (a log of call
// times, not a token bucket: a full bucket plus a minute's refill would let through almost twice
// the limit). Where the log lives is a BudgetStore: this process's memory by default, or Redis
// (sync/budget-redis.ts) so every worker of a deployment shares one budget per platform.
// Interactive work (a link: a person waits for the answer) puts a wait limit on its signal and
// fails fast with a BudgetBusyError where a sync would wait for its turn, up to a minute. So
// that a link finds room while syncs keep a platform busy, a tenth of each window is kept for
// it: work without a wait limit (a sync) stops at perMinute minus that reserve.
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

/** What the work of one signal may still spend waiting for request budgets and free slots. */
export interface WaitAllowance {
  /** The limit it was given. */
  readonly maxMs: number;
  /** What is left of it, for every call of the work together. */
  leftMs: number;
  /** When the work's deadline passes (`performance.now()` time), if it has one. */
  readonly endsAt?: number;
}

const allowances = new WeakMap<AbortSignal, WaitAllowance>();

/**
 * Limits how long the calls made with `signal` may wait, in total, for a request budget or for a
 * free slot of the HTTP client's calls in flight: a call that would wait longer fails at once
 * with a BudgetBusyError. Calls whose signal has no limit (syncs) wait as long as they must. The
 * limit rides on the signal because every connector already hands its signal to each call.
 */
export function limitWaits(signal: AbortSignal, maxWaitMs: number, deadlineMs?: number): void {
  allowances.set(signal, {
    maxMs: maxWaitMs,
    leftMs: maxWaitMs,
    ...(deadlineMs !== undefined && { endsAt: performance.now() + deadlineMs }),
  });
}

/** The wait limit set on `signal` with limitWaits, if any. */
export function waitAllowance(signal: AbortSignal | undefined): WaitAllowance | undefined {
  return signal === undefined ? undefined : allowances.get(signal);
}

/** A call that could not go out within its work's wait limit (limitWaits). */
export class BudgetBusyError extends Error {
  constructor(
    /** What it waited for: the budget's key (the platform for the connectors' budgets). */
    readonly budget: string,
    /** When a call should have room again, as far as the waiting side can tell. */
    readonly retryAfterMs: number,
  ) {
    super(`${budget}: no call may go out for ${Math.ceil(retryAfterMs / 1000)} s`);
    this.name = 'BudgetBusyError';
  }
}

export interface RequestBudgetOptions {
  /** Calls allowed per window; 0 turns the budget off. */
  perMinute: number;
  /** Of those, how many only interactive work may use; a tenth by default (linkReserve). */
  reserve?: number;
  /** The window's length; a minute unless a test or benchmark shortens it. */
  windowMs?: number;
  /** Where calls are counted; this process's memory by default. */
  store?: BudgetStore;
  /** The budget's name in the store, e.g. the platform. */
  key?: string;
  now?: () => number;
  sleep?: Sleep;
}

/** The calls of a window kept for links: a tenth, at least one of two or more, none of one. */
export function linkReserve(perMinute: number): number {
  return perMinute < 2 ? 0 : Math.max(1, Math.floor(perMinute / 10));
}

export class RequestBudget {
  readonly perMinute: number;
  /** Calls of each window that work without a wait limit (syncs) leaves to links. */
  readonly reserve: number;
  readonly windowMs: number;
  private readonly store: BudgetStore;
  private readonly key: string;
  private readonly sleep: Sleep;

  constructor(options: RequestBudgetOptions) {
    this.perMinute = Math.max(0, Math.floor(options.perMinute));
    this.reserve = Math.min(
      Math.max(0, Math.floor(options.reserve ?? linkReserve(this.perMinute))),
      Math.max(0, this.perMinute - 1),
    );
    this.windowMs = options.windowMs ?? 60_000;
    this.store = options.store ?? new MemoryBudgetStore(options.now ?? Date.now);
    this.key = options.key ?? 'calls';
    this.sleep = options.sleep ?? abortableSleep;
  }

  /**
   * Resolves once a call may go out, and counts it. Throws a BudgetBusyError instead when that
   * is further off than the wait limit left on `signal` (limitWaits). Work with a wait limit may
   * use the whole window; other work all but the reserve.
   */
  async take(signal?: AbortSignal): Promise<void> {
    if (this.perMinute === 0) return;
    const allowance = waitAllowance(signal);
    const limit = allowance === undefined ? this.perMinute - this.reserve : this.perMinute;
    for (;;) {
      const waitMs = await this.store.take(this.key, limit, this.windowMs);
      if (waitMs <= 0) return;
      if (allowance !== undefined) {
        // Sleeping first to fail afterwards would only keep the caller waiting.
        if (waitMs > allowance.leftMs) throw new BudgetBusyError(this.key, waitMs);
        allowance.leftMs -= waitMs;
      }
      await this.sleep(waitMs, signal);
    }
  }
}

// Of several runs and processes finding one account's OAuth token expired, only one renews it:
// each first takes the account's lease in the store (storage/repositories/credential-leases.ts)
// and, once it has it, re-reads the stored token, which the previous holder may have renewed.
// The lease is a row claimed and released by single UPDATEs, not a transaction held through the
// platform call: on SQLite that would hold the write lock, stopping every other writer (the
// server's too) for as long as the platform takes; on PostgreSQL it would hold a pooled connection
// per waiting process. Its costs: a waiter polls, and a holder that dies holding it delays the
// others until it lapses (leaseMs).
import { randomUUID } from 'node:crypto';
import type { Platform } from '../domain/catalog.ts';
import { abortableSleep, whenAborted } from '../platforms/abort.ts';
import { PlatformError } from '../platforms/connector.ts';
import type { Store } from '../storage/db.ts';
import {
  claimCredentialLease,
  releaseCredentialLease,
} from '../storage/repositories/credential-leases.ts';

export interface CredentialLeaseTimes {
  /** The holder's work (the renewal call) is cancelled after this long. */
  workMs: number;
  /** A claimed lease lapses after this long: longer than workMs, so it never lapses in use. */
  leaseMs: number;
  /** A waiter gives up after this long (the holder's lease has lapsed well before). */
  waitMs: number;
  /** How often a waiter tries again. */
  pollMs: number;
}

export const CREDENTIAL_LEASE_TIMES: CredentialLeaseTimes = {
  workMs: 30_000,
  leaseMs: 45_000,
  waitMs: 60_000,
  pollMs: 200,
};

/**
 * Runs `work` holding the account's credential lease. `work` gets a signal that ends it at the
 * deadline (with a PlatformError 'timeout' as the reason) or when `signal` aborts.
 */
export async function withCredentialLease<T>(
  store: Store,
  account: { id: number; platform: Platform },
  work: (signal: AbortSignal) => Promise<T>,
  signal?: AbortSignal,
  times: CredentialLeaseTimes = CREDENTIAL_LEASE_TIMES,
): Promise<T> {
  const holder = randomUUID();
  const claimed = await claim(store, account, holder, times, signal);
  const controller = new AbortController();
  const timer = setTimeout(() => {
    const message = `renewing the ${account.platform} credentials took over ${seconds(times.workMs)} s; the next sync tries again`;
    controller.abort(new PlatformError(account.platform, message, 'timeout'));
  }, times.workMs);
  const stopWaiting = signal ? whenAborted(signal, () => controller.abort(signal.reason)) : noop;
  try {
    return await work(controller.signal);
  } finally {
    clearTimeout(timer);
    stopWaiting();
    // Should the store not answer, the lease lapses by itself after leaseMs.
    if (claimed) await releaseCredentialLease(store.db, account.id, holder).catch(noop);
  }
}

/** Waits for the lease and claims it; false when the account is gone (nothing left to guard). */
async function claim(
  store: Store,
  account: { id: number; platform: Platform },
  holder: string,
  times: CredentialLeaseTimes,
  signal: AbortSignal | undefined,
): Promise<boolean> {
  const started = Date.now();
  for (;;) {
    signal?.throwIfAborted();
    const now = Date.now();
    const outcome = await claimCredentialLease(store.db, account.id, holder, {
      nowIso: new Date(now).toISOString(),
      untilIso: new Date(now + times.leaseMs).toISOString(),
    });
    if (outcome !== 'held') return outcome === 'claimed';
    if (now - started >= times.waitMs) {
      const message = `another sync has been renewing this account's ${account.platform} credentials for over ${seconds(times.waitMs)} s; the next sync tries again`;
      throw new PlatformError(account.platform, message, 'unavailable');
    }
    await abortableSleep(times.pollMs, signal);
  }
}

function seconds(ms: number): number {
  return Math.ceil(ms / 1000);
}

function noop(): void {}

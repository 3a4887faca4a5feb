// Waiting on a queued account job without trusting the queue alone. A queue can lose its jobs
// (its Redis flushed, or restarted without persistence), and then no event ever says how they
// ended. So the wait also looks, every second: at the job itself (an event missed while Redis
// was away), and once the job is gone, at the store, where the run a worker started is recorded
// whatever became of its job. A run found ended is the answer; a job gone with no run under way
// was lost and is reported so, naming it, instead of waiting forever.
import { setTimeout as delay } from 'node:timers/promises';
import type { Store } from '../../storage/db.ts';
import type { LinkedAccount } from '../../storage/repositories/accounts.ts';
import { latestRunAfter } from '../../storage/repositories/account-runs.ts';
import type { AccountRun } from '../../storage/repositories/account-runs.ts';
import { deathOf } from '../run-lease.ts';
import { withTimeout } from '../../timeout.ts';
import type { AccountSyncSummary, SyncOutcome } from '../types.ts';
import type { AccountJobResult } from './queue.ts';

/** What the queue says of a job: still to end (or another of the account's is), ended, or gone. */
export type JobState =
  | { kind: 'pending' }
  | { kind: 'completed'; result: AccountJobResult }
  | { kind: 'failed'; reason: string }
  | { kind: 'gone' };

export interface WatchedJob {
  jobId: string;
  account: LinkedAccount;
  /** The account's newest run that had ended before the job was added (lastEndedRunId). */
  baselineRunId: number;
}

export interface JobWatch {
  /** The queue's side; rejects while Redis does not answer. */
  jobState(jobId: string, accountId: number): Promise<JobState>;
  /** Without it, only the queue is asked. */
  store?: Store;
  intervalMs: number;
  /** Told once, when the job is found lost. */
  onLost?(account: LinkedAccount, error: string): void;
}

/** Consecutive looks finding the job gone and no run before it counts as lost. */
const LOOKS_BEFORE_LOST = 2;

/** The job's end as the queue or the store tells it; polls until `signal` aborts. */
export async function watchJob(
  watch: JobWatch,
  job: WatchedJob,
  signal: AbortSignal,
): Promise<AccountSyncSummary> {
  const { account } = job;
  let goneLooks = 0;
  for (;;) {
    await delay(watch.intervalMs, undefined, { signal });
    const state = await withTimeout(
      watch.jobState(job.jobId, account.id),
      watch.intervalMs * 2,
      'no answer from the queue',
    ).catch(() => undefined);
    if (state?.kind === 'completed') return state.result;
    if (state?.kind === 'failed')
      return failedSummary(account, `the sync job failed: ${state.reason}`);
    if (state?.kind === 'pending') {
      goneLooks = 0;
      continue;
    }
    const run =
      watch.store &&
      (await latestRunAfter(watch.store.db, account, job.baselineRunId).catch(() => undefined));
    if (run !== undefined && run.outcome !== 'running') return summaryOfRun(account, run);
    if (run !== undefined && deathOf(run) === undefined) {
      goneLooks = 0;
      continue;
    }
    if (state?.kind === 'gone' && ++goneLooks >= LOOKS_BEFORE_LOST) {
      const error =
        `the queue lost job ${job.jobId}, the sync of ${describeAccount(account)} (its Redis ` +
        'lost its data, e.g. restarted without persistence), before it ran; sync again';
      watch.onLost?.(account, error);
      return failedSummary(account, error);
    }
  }
}

function describeAccount(account: LinkedAccount): string {
  return `${account.platform} account ${account.id} (${account.username ?? account.externalUserId})`;
}

export function failedSummary(account: LinkedAccount, error: string): AccountSyncSummary {
  return {
    runId: 0,
    userId: account.userId,
    accountId: account.id,
    platform: account.platform,
    ...(account.username === undefined ? {} : { username: account.username }),
    outcome: 'failed',
    leaguesFound: 0,
    leaguesDetached: 0,
    leagues: [],
    pools: [],
    error,
  };
}

/** A run read from the store as the summary its job would have returned (pools not itemised). */
function summaryOfRun(account: LinkedAccount, run: AccountRun): AccountSyncSummary {
  const changed = run.leaguesWritten > 0 || run.leaguesDetached > 0 || run.poolsRefreshed > 0;
  const outcome: SyncOutcome =
    run.outcome === 'ok'
      ? changed
        ? 'ok'
        : 'unchanged'
      : run.outcome === 'partial'
        ? 'partial'
        : 'failed';
  return {
    runId: run.id,
    userId: account.userId,
    accountId: account.id,
    platform: account.platform,
    ...(account.username === undefined ? {} : { username: account.username }),
    outcome,
    leaguesFound: run.leaguesFound,
    leaguesDetached: run.leaguesDetached,
    leagues: run.leagues.map((league) => ({ ...league })),
    pools: [],
    ...(outcome === 'failed' && {
      error: run.error ?? `the sync ended ${run.outcome} (run ${run.id})`,
    }),
  };
}

// How sync work is handed out: the seam between what asks for a sync (the command line, the
// server's schedule) and what runs it. Two implementations, chosen from config (index.ts): in
// this process (no other service), or jobs on a Redis queue run by worker processes (bullmq.ts).
import type { Sport } from '../../domain/catalog.ts';
import type { LinkedAccount } from '../../storage/repositories/accounts.ts';
import type { Scheduler } from '../scheduler.ts';
import type { SyncProgressEvent, SyncSummary } from '../types.ts';

export interface SyncRequest {
  /** Empty lists mean every sport / every supported season. */
  sports: readonly Sport[];
  seasons: readonly number[];
  /** What asked, stored with each run: 'cli', 'schedule'... */
  trigger: string;
  onProgress?: (event: SyncProgressEvent) => void;
  /** Stops waiting (in-process: stops the sync; queued: the workers carry on). */
  signal?: AbortSignal;
}

/** A queued account sync. */
export interface QueuedSync {
  accountId: number;
  /** An account with a sync already queued or running gets that job's id (one at a time). */
  jobId: string;
}

export interface SyncJobs {
  readonly kind: 'in-process' | 'queue';
  /** Syncs the accounts (one job each) and resolves when every one has finished. */
  run(accounts: readonly LinkedAccount[], request: SyncRequest): Promise<SyncSummary>;
  /** Queues the accounts' syncs without waiting; only a queue can. */
  enqueue?(accounts: readonly LinkedAccount[], request: SyncRequest): Promise<QueuedSync[]>;
  /**
   * Of these queued syncs, those no job on the queue will run any more: their job is gone (the
   * queue's Redis lost its data) and no other job for the account is waiting or running. Only
   * a queue can lose a job.
   */
  findLost?(queued: readonly QueuedSync[]): Promise<QueuedSync[]>;
  /**
   * Re-syncs every linked account every `intervalMs`, once for the whole deployment however
   * many processes ask; 0 turns the schedule off.
   */
  schedule(intervalMs: number): Promise<void>;
  /** In process only: the schedule's timer (to run it now, or see whether it runs). */
  readonly scheduler?: Scheduler;
  close(): Promise<void>;
}

// Notices writes from any process (a sync, the command line, another server) by polling
// store_state.data_seq, one primary-key read per interval, and when it moved, reads which
// leagues, users and pools changed (data_seq above the last one seen) and drops exactly those.
// A write is therefore seen within one interval plus one poll's queries, and a write committed
// before `poll()` is called is seen by the time it resolves (the cache's `refresh()`).
import type { Logger } from 'pino';
import type { Tx } from '../../storage/db.ts';
import { describeStoreError } from '../../storage/unavailable.ts';
import { findChangesSince } from '../../storage/repositories/snapshot-reads.ts';
import type { Snapshots } from './snapshots.ts';

export const DEFAULT_POLL_INTERVAL_MS = 500;

export class ChangeFeed {
  /** The data_seq everything held reflects at least; undefined until the first poll. */
  private seen: number | undefined;
  private running: Promise<void> | undefined;
  /** The check to run once `running` ends, shared by every caller that arrived meanwhile. */
  private queued: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  /** Set while checks fail (the store away): one warning per outage, not one per interval. */
  private failing = false;

  constructor(
    private readonly db: Tx,
    private readonly snapshots: Snapshots,
    private readonly logger: Logger,
    readonly intervalMs: number = DEFAULT_POLL_INTERVAL_MS,
  ) {}

  /** Polls now and then every interval; the timer never keeps the process alive. */
  start(): void {
    if (this.timer !== undefined) return;
    void this.poll();
    // A tick finding a check still running skips: that check or the next tick covers it.
    this.timer = setInterval(() => {
      if (this.running === undefined) void this.poll();
    }, this.intervalMs);
    this.timer.unref();
  }

  /**
   * Resolves once a check that started after this call has finished, so every write committed
   * before the call is reflected. A check already running may have read data_seq before that
   * write: joining it could resolve with the write unseen, so one more check follows it.
   */
  poll(): Promise<void> {
    if (this.queued !== undefined) return this.queued;
    const running = this.running;
    if (running === undefined) return this.begin();
    this.queued = running.then(() => {
      this.queued = undefined;
      return this.begin();
    });
    return this.queued;
  }

  /** Waits for the checks in flight or queued; later checks stop. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await (this.queued ?? this.running);
  }

  private begin(): Promise<void> {
    const running = this.check().finally(() => {
      this.running = undefined;
    });
    this.running = running;
    return running;
  }

  private async check(): Promise<void> {
    try {
      if (this.seen === undefined) {
        // Whatever was loaded before the baseline is known may predate it: start clean.
        const { dataSeq } = await findChangesSince(this.db, Number.MAX_SAFE_INTEGER);
        this.recovered();
        this.snapshots.invalidate({ all: true });
        this.seen = dataSeq;
        return;
      }
      const changes = await findChangesSince(this.db, this.seen);
      this.recovered();
      if (changes.dataSeq <= this.seen) return;
      this.snapshots.invalidate(changes);
      this.seen = changes.dataSeq;
    } catch (error) {
      // Unable to tell what changed: drop everything rather than serve data of unknown age. The
      // next tick tries again, so the feed resumes by itself once the store answers.
      if (!this.failing) {
        this.failing = true;
        this.logger.warn(describeStoreError(error), 'cache change feed failed; cache cleared');
      }
      this.snapshots.invalidate({ all: true });
      this.seen = undefined;
    }
  }

  private recovered(): void {
    if (!this.failing) return;
    this.failing = false;
    this.logger.info('cache change feed polling again');
  }
}

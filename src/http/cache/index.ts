// The response cache and the snapshots under it, wired for one app: the change feed that keeps
// them fresh, and the read model that answers from them (docs/performance.md).
import type { Logger } from 'pino';
import type { Store } from '../../storage/db.ts';
import type { ReadModel } from '../../serving/read-model.ts';
import { ChangeFeed, DEFAULT_POLL_INTERVAL_MS } from '../../serving/cache/change-feed.ts';
import { createSnapshotReadModel } from '../../serving/cache/read-model.ts';
import { ResponseCache } from './responses.ts';
import { Snapshots } from '../../serving/cache/snapshots.ts';
import type { SnapshotLimits } from '../../serving/cache/snapshots.ts';

/** How much each cache may hold; the one source of them is `cacheBudgets` (CACHE_MB). */
export interface CacheBudgets {
  /** Bytes of rendered responses kept (bodies and their compressed variants). */
  maxResponseBytes: number;
  snapshotLimits: SnapshotLimits;
}

/** What a caller of createApp may set: budgets given here replace those of CACHE_MB. */
export interface CacheOptions extends Partial<CacheBudgets> {
  /** How often the store's data_seq is checked for writes from any process. */
  pollIntervalMs?: number;
}

export interface Caching {
  responses: ResponseCache;
  /** What the responses are built from (the warm-up at start fills its pools). */
  snapshots: Snapshots;
  /** Answers from the snapshots; `storeRead` for what they do not hold. */
  read: ReadModel;
  /** Checks the store for changes now. */
  refresh(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The budgets of a process allowed `megabytes` of caches (CACHE_MB): 40% rendered answers, 50%
 * pools and their name indexes (a 10,000-player pool with its index counts about 7 MB), 5% each
 * league lists and rosters. At 64 MB: 25.6 MB of answers, 32 MB of pools.
 */
export function cacheBudgets(megabytes: number): CacheBudgets {
  const bytes = megabytes * 1024 * 1024;
  return {
    maxResponseBytes: Math.round(bytes * 0.4),
    snapshotLimits: {
      userBytes: Math.round(bytes * 0.05),
      rosterBytes: Math.round(bytes * 0.05),
      poolBytes: Math.round(bytes * 0.5),
    },
  };
}

/** Starts polling at once; `close` stops it. */
export function createCaching(
  store: Store,
  storeRead: ReadModel,
  logger: Logger,
  /** The served seasons (config.supportedSeasons): leagues of others are not in any snapshot. */
  seasons: readonly number[],
  options: CacheOptions & CacheBudgets,
): Caching {
  const snapshots = new Snapshots(store.db, options.snapshotLimits, new Set(seasons));
  const responses = new ResponseCache(snapshots, options.maxResponseBytes);
  const feed = new ChangeFeed(
    store.db,
    snapshots,
    logger,
    options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS,
  );
  feed.start();
  return {
    responses,
    snapshots,
    read: createSnapshotReadModel(storeRead, snapshots),
    refresh: () => feed.poll(),
    close: () => feed.stop(),
  };
}

// The response cache and the snapshots under it, wired for one app: the change feed that keeps
// them fresh, and the read model that answers from them (docs/performance.md).
import type { Logger } from 'pino';
import type { Store } from '../../storage/db.ts';
import type { ReadModel } from '../read-model.ts';
import { ChangeFeed, DEFAULT_POLL_INTERVAL_MS } from './change-feed.ts';
import { createSnapshotReadModel } from './read-model.ts';
import { DEFAULT_RESPONSE_BYTES, ResponseCache } from './responses.ts';
import { DEFAULT_SNAPSHOT_LIMITS, Snapshots } from './snapshots.ts';
import type { SnapshotLimits } from './snapshots.ts';

export interface CacheOptions {
  /** How often the store's data_seq is checked for writes from any process. */
  pollIntervalMs?: number;
  /** Bytes of rendered responses kept (bodies and their compressed variants). */
  maxResponseBytes?: number;
  snapshotLimits?: SnapshotLimits;
}

export interface Caching {
  responses: ResponseCache;
  /** Answers from the snapshots; `storeRead` for what they do not hold. */
  read: ReadModel;
  /** Checks the store for changes now. */
  refresh(): Promise<void>;
  close(): Promise<void>;
}

/** Starts polling at once; `close` stops it. */
export function createCaching(
  store: Store,
  storeRead: ReadModel,
  logger: Logger,
  /** The served seasons (config.supportedSeasons): leagues of others are not in any snapshot. */
  seasons: readonly number[],
  options: CacheOptions = {},
): Caching {
  const snapshots = new Snapshots(
    store.db,
    options.snapshotLimits ?? DEFAULT_SNAPSHOT_LIMITS,
    new Set(seasons),
  );
  const responses = new ResponseCache(
    snapshots,
    options.maxResponseBytes ?? DEFAULT_RESPONSE_BYTES,
  );
  const feed = new ChangeFeed(
    store.db,
    snapshots,
    logger,
    options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS,
  );
  feed.start();
  return {
    responses,
    read: createSnapshotReadModel(storeRead, snapshots),
    refresh: () => feed.poll(),
    close: () => feed.stop(),
  };
}

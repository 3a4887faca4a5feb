// Player pools (domain/pools.ts): a platform's full player list is large and changes slowly, so
// it is fetched at most once a day per pool, before that pool's leagues are written; the pool of
// a finished season never changes and is fetched once.
import { isSeasonFinished, EVERY_SEASON } from '../domain/pools.ts';
import type { PoolKey } from '../domain/pools.ts';
import type { PlatformAccount, PlatformConnector } from '../platforms/connector.ts';
import type { Store } from '../storage/db.ts';
import { getPlayerPoolState, writePlayerPool } from '../storage/repositories/snapshots.ts';
import { describeError } from './errors.ts';
import type { PoolRefreshResult } from './types.ts';

export const POOL_REFRESH_INTERVAL_MS = 24 * 60 * 60 * 1000;

/** Whether a pool refreshed at `refreshedAt` (ISO) is due again at `now`. */
export function isPoolDue(pool: PoolKey, refreshedAt: string | undefined, now: Date): boolean {
  if (refreshedAt === undefined) return true;
  if (pool.season !== EVERY_SEASON && isSeasonFinished(pool.season, new Date(refreshedAt))) {
    return false;
  }
  return now.getTime() - Date.parse(refreshedAt) >= POOL_REFRESH_INTERVAL_MS;
}

export async function refreshPoolIfDue(
  store: Store,
  connector: PlatformConnector,
  pool: PoolKey,
  account: PlatformAccount,
  now: Date,
  signal?: AbortSignal,
): Promise<PoolRefreshResult> {
  const { platform, sport, season } = pool;
  try {
    const state = await getPlayerPoolState(store.db, pool);
    if (!isPoolDue(pool, state?.refreshedAt, now)) {
      return { platform, sport, season, outcome: 'skipped', players: 0 };
    }
    const fetched = await connector.fetchPlayerPool(pool, account, signal);
    if (fetched === null) return { platform, sport, season, outcome: 'none', players: 0 };
    if (fetched.platform !== platform || fetched.sport !== sport || fetched.season !== season) {
      throw new Error(
        `connector returned the ${fetched.platform} ${fetched.sport} ${fetched.season} pool instead`,
      );
    }
    const written = await writePlayerPool(store, fetched);
    return { platform, sport, season, outcome: written.outcome, players: written.players };
  } catch (error) {
    return {
      platform,
      sport,
      season,
      outcome: 'failed',
      players: 0,
      error: describeError(error),
      failure: error,
    };
  }
}

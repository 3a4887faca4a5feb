// Player pools: a platform's full player list for a sport is large and changes slowly, so it is
// fetched at most once a day per (platform, sport), before that sport's leagues are written.
import type { Sport } from '../domain/catalog.ts';
import type { PlatformConnector } from '../platforms/connector.ts';
import type { Store } from '../storage/db.ts';
import { getPlayerPoolState, writePlayerPool } from '../storage/repositories/snapshots.ts';
import { describeError } from './errors.ts';
import type { PoolRefreshResult } from './types.ts';

export const POOL_REFRESH_INTERVAL_MS = 24 * 60 * 60 * 1000;

export async function refreshPoolIfDue(
  store: Store,
  connector: PlatformConnector,
  sport: Sport,
  now: Date,
  signal?: AbortSignal,
): Promise<PoolRefreshResult> {
  const platform = connector.platform;
  try {
    const state = await getPlayerPoolState(store.db, platform, sport);
    const last = state?.refreshedAt === undefined ? undefined : Date.parse(state.refreshedAt);
    if (last !== undefined && now.getTime() - last < POOL_REFRESH_INTERVAL_MS) {
      return { platform, sport, outcome: 'skipped', players: 0 };
    }
    const pool = await connector.fetchPlayerPool(sport, signal);
    if (pool === null) return { platform, sport, outcome: 'none', players: 0 };
    if (pool.platform !== platform || pool.sport !== sport) {
      throw new Error(`connector returned the ${pool.platform} ${pool.sport} pool instead`);
    }
    const written = await writePlayerPool(store, pool);
    return { platform, sport, outcome: written.outcome, players: written.players };
  } catch (error) {
    return { platform, sport, outcome: 'failed', players: 0, error: describeError(error) };
  }
}

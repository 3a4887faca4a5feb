// Which player pool a league's players live in. A pool is one platform's player list for one
// sport; where the platform's player universe is per season (its pool kind is 'seasonal' in
// domain/catalog.ts: each season's players apart, with that season's teams and positions), the
// pool is per season too.
import { PLATFORM_FACTS } from './catalog.ts';
import type { Platform, Sport } from './catalog.ts';

/** `season` 0 means the one pool the platform keeps for every season of the sport. */
export interface PoolKey {
  platform: Platform;
  sport: Sport;
  season: number;
}

export const EVERY_SEASON = 0;

export function hasSeasonalPools(platform: Platform): boolean {
  return PLATFORM_FACTS[platform].pools === 'seasonal';
}

/** The pool holding the players of a league (or of any record with platform, sport, season). */
export function poolKeyOf(league: { platform: Platform; sport: Sport; season: number }): PoolKey {
  return {
    platform: league.platform,
    sport: league.sport,
    season: hasSeasonalPools(league.platform) ? league.season : EVERY_SEASON,
  };
}

/** One text per pool, for map keys and cache keys. */
export function poolKeyText(pool: PoolKey): string {
  return `${pool.platform}:${pool.sport}:${pool.season}`;
}

export function describePool(pool: PoolKey): string {
  const base = `${pool.platform} ${pool.sport}`;
  return pool.season === EVERY_SEASON ? base : `${base} ${pool.season}`;
}

/**
 * Whether a season (by the year it starts) is over at `now`, so its pool and leagues no longer
 * change. Every covered sport's season, playoffs included, ends before July of the next year
 * (football in February, baseball in November, basketball in June).
 */
export function isSeasonFinished(season: number, now: Date): boolean {
  return now.getTime() >= Date.UTC(season + 1, 6, 1);
}

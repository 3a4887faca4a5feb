// Calling a PlatformConnector the way the engine and the link command do, in one line.
import type { Platform, Sport } from '../../src/domain/catalog.ts';
import { EVERY_SEASON, hasSeasonalPools } from '../../src/domain/pools.ts';
import type { PoolKey } from '../../src/domain/pools.ts';
import type {
  LeagueFetchContext,
  LinkRequest,
  PlatformAccount,
  PlatformConnector,
} from '../../src/platforms/connector.ts';

/** Links and returns the account; fails the test when the connector asks for another step. */
export async function linkWith(
  connector: PlatformConnector,
  request: LinkRequest,
  signal?: AbortSignal,
): Promise<PlatformAccount> {
  const outcome = await connector.link(request, undefined, signal);
  if (outcome.status !== 'linked') throw new Error(`link needs a step: ${outcome.message}`);
  return outcome.account;
}

/** A fetch context whose store holds the given player ids (none by default). */
export function storeHolding(ids: Iterable<string> = []): LeagueFetchContext {
  const held = new Set(ids);
  return {
    async storedPlayerIds(asked) {
      return new Set(asked.filter((id) => held.has(id)));
    },
  };
}

export function poolOf(platform: Platform, sport: Sport, season?: number): PoolKey {
  return {
    platform,
    sport,
    season: hasSeasonalPools(platform) ? (season ?? 2020) : EVERY_SEASON,
  };
}

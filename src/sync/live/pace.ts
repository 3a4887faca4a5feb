// How often a platform's live leagues are read within its budget (issue 42): the live share of the
// budget, the shared reads' calls off it first, the rest spread over the leagues' own reads alike.
import type { LiveSupport } from '../../platforms/live.ts';
import { linkReserve } from '../../platforms/request-budget.ts';

/** Of a platform's budget (less the links' reserve), what live refreshes may use. */
export const LIVE_BUDGET_SHARE = 0.8;
/** What a refresh of a platform without its own live read costs: a full league fetch, about. */
export const FALLBACK_CALLS_PER_REFRESH = 6;

export interface LivePlatform {
  /** The platform's calls per minute (its module's requestsPerMinute); absent: no budget. */
  perMinute?: number;
  live?: LiveSupport;
}

/** The calls a minute a platform's own reads may make: the live share less the shared reads'. */
function ownCallsPerMinute(
  perMinute: number,
  platform: LivePlatform,
  liveSeconds: number,
  sharedGroups: number,
): number {
  const share = (perMinute - linkReserve(perMinute)) * LIVE_BUDGET_SHARE;
  const shared = sharedGroups * (platform.live?.shared?.callsPerRead ?? 1) * (60 / liveSeconds);
  // At least a tenth of the share stays for the own reads: they alone bring lineup changes.
  return Math.max(1, share - shared, share / 10);
}

/**
 * The interval between two own reads of one live league of a platform with `live` leagues live
 * and `sharedGroups` shared reads made every `liveSeconds` (their calls come off the share first).
 */
export function liveIntervalMs(
  platform: LivePlatform,
  live: number,
  liveSeconds: number,
  sharedGroups = 0,
): number {
  const target = liveSeconds * 1000;
  if (platform.perMinute === undefined || live === 0) return target;
  const usable = ownCallsPerMinute(platform.perMinute, platform, liveSeconds, sharedGroups);
  const calls = platform.live?.callsPerRefresh ?? FALLBACK_CALLS_PER_REFRESH;
  return Math.max(target, Math.ceil((live * calls * 60_000) / usable));
}

/**
 * The own reads a platform with shared reads may start in any minute, so that a burst of them
 * (every league due at once, at the start) never fills the budget the shared reads wait on.
 * Infinity: no shared read or no budget, the connector's budget alone paces them.
 */
export function ownReadsPerMinute(
  platform: LivePlatform,
  liveSeconds: number,
  sharedGroups: number,
): number {
  if (platform.perMinute === undefined || sharedGroups === 0) return Infinity;
  const usable = ownCallsPerMinute(platform.perMinute, platform, liveSeconds, sharedGroups);
  const calls = platform.live?.callsPerRefresh ?? FALLBACK_CALLS_PER_REFRESH;
  return Math.max(1, Math.floor(usable / calls));
}

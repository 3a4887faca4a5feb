// How often a platform's live leagues are read within its budget (issue 42): the live share of the
// budget, the shared reads' calls off it first, the rest spread over the leagues' own reads alike.
// Where the platform also holds each account to a budget of its own, an account's live leagues
// are read no faster than the live share of that budget allows, and no more of them start in a
// minute: their reads would otherwise wait inside the connector, holding the scheduler's slots.
import type { LiveSupport } from '../../platforms/live.ts';
import { linkReserve } from '../../platforms/request-budget.ts';

/** Of a platform's budget (less the links' reserve), what live refreshes may use. */
export const LIVE_BUDGET_SHARE = 0.8;
/** What a refresh of a platform without its own live read costs: a full league fetch, about. */
export const FALLBACK_CALLS_PER_REFRESH = 6;

export interface LivePlatform {
  /** The platform's calls per minute (its module's requestsPerMinute); absent: no budget. */
  perMinute?: number;
  /** Calls per minute of any one account (its module's accountRequestsPerMinute); absent: none. */
  accountPerMinute?: number;
  live?: LiveSupport;
}

const callsPerRefresh = (platform: LivePlatform): number =>
  platform.live?.callsPerRefresh ?? FALLBACK_CALLS_PER_REFRESH;

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
  const calls = callsPerRefresh(platform);
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
  const calls = callsPerRefresh(platform);
  return Math.max(1, Math.floor(usable / calls));
}

/**
 * The live share of one account's budget, in calls a minute. No links' reserve comes off it: an
 * account's budget holds that account's own calls only. Undefined: no per-account budget.
 */
function accountCallsPerMinute(platform: LivePlatform): number | undefined {
  if (platform.accountPerMinute === undefined) return undefined;
  return Math.max(1, platform.accountPerMinute * LIVE_BUDGET_SHARE);
}

/**
 * The interval between two own reads of one live league of an account with `live` leagues live:
 * the platform's (`platformMs`, liveIntervalMs), or longer when the live share of the account's
 * budget cannot read its leagues that often.
 */
export function accountIntervalMs(
  platform: LivePlatform,
  platformMs: number,
  live: number,
): number {
  const usable = accountCallsPerMinute(platform);
  if (usable === undefined || live === 0) return platformMs;
  return Math.max(platformMs, Math.ceil((live * callsPerRefresh(platform) * 60_000) / usable));
}

/** The own reads of one account that may start in any minute; Infinity: no per-account budget. */
export function accountReadsPerMinute(platform: LivePlatform): number {
  const usable = accountCallsPerMinute(platform);
  if (usable === undefined) return Infinity;
  return Math.max(1, Math.floor(usable / callsPerRefresh(platform)));
}

/** The reads started over the last minute by key (a platform, an account), against a pace. */
export class RecentStarts<K> {
  private readonly starts = new Map<K, number[]>();

  /** How many more may start at `now` under `perMinute` (Infinity: no pace). */
  room(key: K, perMinute: number, now: number): number {
    const recent = (this.starts.get(key) ?? []).filter((at) => at > now - 60_000);
    if (recent.length === 0) this.starts.delete(key);
    else this.starts.set(key, recent);
    return perMinute === Infinity ? Infinity : Math.max(0, perMinute - recent.length);
  }

  add(key: K, at: number): void {
    const recent = this.starts.get(key) ?? [];
    recent.push(at);
    this.starts.set(key, recent);
  }

  /** A start that made no call after all (another process held the league). */
  remove(key: K, at: number): void {
    const recent = this.starts.get(key) ?? [];
    const index = recent.indexOf(at);
    if (index >= 0) recent.splice(index, 1);
  }
}

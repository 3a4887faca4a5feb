// The live scheduler (issue 42): freshness by what is happening. A league whose period is live
// (its platform says so, or else its sport's schedule) is refreshed every LIVE_REFRESH_SECONDS;
// the rest of its season waits for the background sync (SYNC_INTERVAL_MINUTES), and a finished
// season's league is never even looked at (listLiveCandidates leaves it out).
//
// Within each platform's budget (pace.ts): a live refresh costs the calls its module says, and the
// live refreshes of a platform may use LIVE_BUDGET_SHARE of its budget (the rest is left to the
// background syncs and the links' reserve). When more leagues are live than that allows at the
// cadence, the interval of every league of the platform grows alike (leagues x calls / budget),
// and the due leagues go oldest-refreshed first: every league a bit staler, none starved. The
// connectors' own RequestBudget (shared through Redis) still holds each call to the limit; where
// a shared read runs, the own reads are also paced to their share a minute, so that a burst of
// them never keeps the shared read waiting on that budget. Where the platform also budgets each
// account, an account's leagues are read no faster than the live share of that budget allows
// (their interval grows with the account's live leagues alone) and a league whose account has
// had its reads this minute is passed over, so the other accounts' leagues take the slots.
//
// A shared read (a connector's fetchPeriodStats: every player's stats of a sport's period) is made
// every LIVE_REFRESH_SECONDS per platform, sport, season and period, and rescores all the group's
// live leagues from the store with no call of their own (shared.ts). Its calls come off the live
// share first; the leagues' own reads (lineup changes, the platform's own points) space out to
// what is left. A league whose rules the connector cannot score keeps its own reads only.
//
// Several processes may run one: an own read first claims its league in the store
// (league_refreshes) and holds it until its next is due, so a league is read by one process at a
// time and not again before due. Each process makes its own shared reads (a few calls a minute
// more per process); two rescoring one league at once compare and write in one transaction each,
// so the second finds nothing changed and writes nothing.
import type { Platform } from '../../domain/catalog.ts';
import { gamesUnderWay } from '../../domain/live-schedule.ts';
import { isSeasonFinished } from '../../domain/pools.ts';
import type { LeagueUpdatedPart } from '../../domain/webhooks.ts';
import type { Logger } from '../../logger.ts';
import type { SecretBox } from '../../secrets.ts';
import type { Store } from '../../storage/db.ts';
import {
  claimLeagueRefresh,
  finishLeagueRefresh,
  firstSeasonUnderWay,
  listLiveCandidates,
} from '../../storage/repositories/live.ts';
import type { LiveCandidate } from '../../storage/repositories/live.ts';
import { describeError } from '../errors.ts';
import type { SchedulerTimers } from '../scheduler.ts';
import type { ConnectorRegistry } from '../types.ts';
import { fetchLivePeriod, writeLiveRefresh } from './refresh.ts';
import {
  RecentStarts,
  accountIntervalMs,
  accountReadsPerMinute,
  liveIntervalMs,
  ownReadsPerMinute,
} from './pace.ts';
import type { LivePlatform } from './pace.ts';
import { createSharedReads } from './shared-reads.ts';
import { createLiveStates } from './states.ts';

export { liveIntervalMs } from './pace.ts';
export type { LivePlatform } from './pace.ts';

/** Refreshes of one platform under way at once in one process. */
export const DEFAULT_LIVE_CONCURRENCY = 8;
/** How long a refresh holds its league before another process may take it. */
const CLAIM_MS = 120_000;

export interface LiveRefreshEvent {
  platform: Platform;
  leagueId: number;
  outcome: 'written' | 'unchanged' | 'failed';
  changed: readonly LeagueUpdatedPart[];
  /** How old the league's live data was when this refresh read it (since the previous one). */
  lagSeconds?: number;
  /** own: the league's own read; shared: rescored from its group's shared read, no call. */
  via: 'own' | 'shared';
}

export interface LiveSchedulerOptions {
  store: Store;
  connectors: ConnectorRegistry;
  platforms: Partial<Record<Platform, LivePlatform>>;
  /** The target cadence of a live league (LIVE_REFRESH_SECONDS). */
  liveSeconds: number;
  secrets?: SecretBox;
  logger?: Logger;
  /** ms since the epoch; injected by tests and the demo's live week. */
  now?: () => number;
  onRefresh?: (event: LiveRefreshEvent) => void;
  /** How often due leagues are looked for. */
  tickMs?: number;
  /** How often the live leagues and the platforms' states are read again. */
  planMs?: number;
  concurrency?: number;
  timers?: SchedulerTimers;
}

export interface LiveLeaguePlan {
  leagueId: number;
  platform: Platform;
  period: number;
  /** Between two of the league's own reads: its platform's pace, or its account's if slower. */
  intervalMs: number;
  /** Between two shared reads rescoring it, when its group has one. */
  sharedMs?: number;
}

export interface LiveScheduler {
  start(): void;
  /** Plans when due and starts the refreshes that are due; resolves once they are started. */
  tick(): Promise<void>;
  /** Resolves when no refresh is under way. */
  settled(): Promise<void>;
  /** The live leagues of the last plan, with their interval. */
  plan(): readonly LiveLeaguePlan[];
  stop(): Promise<void>;
}

const realTimers: SchedulerTimers = {
  set: (callback, ms) => {
    const handle = setTimeout(callback, ms);
    handle.unref();
    return handle;
  },
  clear: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

interface Planned {
  league: LiveCandidate;
  period: number;
}

export function createLiveScheduler(options: LiveSchedulerOptions): LiveScheduler {
  const { store, connectors, logger } = options;
  const clock = options.now ?? Date.now;
  const timers = options.timers ?? realTimers;
  const tickMs = options.tickMs ?? 1000;
  const planMs = options.planMs ?? Math.min(30_000, options.liveSeconds * 1000);
  const concurrency = options.concurrency ?? DEFAULT_LIVE_CONCURRENCY;
  const controller = new AbortController();
  const liveMs = options.liveSeconds * 1000;
  /** ms of each league's last refresh, own or shared, as this process knows it. */
  const last = new Map<number, number>();
  /** ms of each league's last own read by this process (or when it found another's claim). */
  const lastOwn = new Map<number, number>();
  /** Until when another process holds a league (its read, then until its next is due). */
  const held = new Map<number, number>();
  const inflight = new Map<number, Promise<void>>();
  const shared = createSharedReads({
    store,
    connectors,
    liveMs,
    clock,
    signal: controller.signal,
    last,
    ...(logger && { logger }),
    ...(options.onRefresh && { onRefresh: options.onRefresh }),
  });
  const inflightByPlatform = new Map<Platform, number>();
  /** When this process's own reads of each platform, and of each account, started. */
  const platformStarts = new RecentStarts<Platform>();
  const accountStarts = new RecentStarts<number>();
  let planned = new Map<Platform, Planned[]>();
  /** The live leagues of each account (by its id in the store) in the plan. */
  let liveOfAccount = new Map<number, number>();
  let plannedAt: number | undefined;
  let handle: unknown;
  let ticking: Promise<void> | undefined;
  let stopped = false;

  const iso = (ms: number): string => new Date(ms).toISOString();

  const { accountFor, statesOf } = createLiveStates({
    store,
    connectors,
    signal: controller.signal,
    ...(options.secrets && { secrets: options.secrets }),
    ...(logger && { logger }),
  });

  async function replan(now: number): Promise<void> {
    // A platform's seasons are at its own day (the demo's is fixed), the others at the clock's.
    const todayOf = (platform: Platform): Date =>
      connectors[platform]?.live?.today?.() ?? new Date(now);
    const platforms = Object.keys(connectors) as Platform[];
    const firstSeason = Math.min(
      firstSeasonUnderWay(new Date(now)),
      ...platforms.map((platform) => firstSeasonUnderWay(todayOf(platform))),
    );
    const candidates = (await listLiveCandidates(store.db, firstSeason)).filter(
      (league) => !isSeasonFinished(league.season, todayOf(league.platform)),
    );
    const stateKey = (league: LiveCandidate) =>
      `${league.platform}/${league.sport}/${league.season}`;
    const asked = new Map<string, LiveCandidate>();
    for (const league of candidates) {
      const key = stateKey(league);
      if (connectors[league.platform] !== undefined && !asked.has(key)) asked.set(key, league);
    }
    const states = await statesOf(asked);
    const next = new Map<Platform, Planned[]>();
    for (const league of candidates) {
      if (connectors[league.platform] === undefined) continue;
      const state = states.get(stateKey(league));
      const gamesOn = (): boolean => gamesUnderWay(league.sport, league.season, new Date(now));
      const live = state === undefined ? gamesOn() : state.live && (state.gamesNow ?? gamesOn());
      const period = state?.period ?? league.currentPeriod;
      if (!live || period === null || period < 1) continue;
      const stored = league.lastRefreshAt === null ? undefined : Date.parse(league.lastRefreshAt);
      if (stored !== undefined)
        last.set(league.leagueId, Math.max(last.get(league.leagueId) ?? 0, stored));
      if (league.claimedUntil !== null && !inflight.has(league.leagueId))
        held.set(league.leagueId, Date.parse(league.claimedUntil));
      const list = next.get(league.platform) ?? [];
      list.push({ league, period });
      next.set(league.platform, list);
    }
    planned = next;
    liveOfAccount = new Map();
    for (const { league } of [...next.values()].flat())
      liveOfAccount.set(league.accountId, (liveOfAccount.get(league.accountId) ?? 0) + 1);
    plannedAt = now;
    shared.regroup([...next.values()].flat());
  }

  /** Between two own reads of any league of the platform, its accounts' budgets aside. */
  function platformIntervalOf(platform: Platform): number {
    return liveIntervalMs(
      options.platforms[platform] ?? {},
      planned.get(platform)?.length ?? 0,
      options.liveSeconds,
      shared.groupsOf(platform),
    );
  }

  /** Between two own reads of the league: its platform's pace, or its account's if slower. */
  function intervalOf({ league }: Planned, platformMs = platformIntervalOf(league.platform)) {
    const pace = options.platforms[league.platform] ?? {};
    return accountIntervalMs(pace, platformMs, liveOfAccount.get(league.accountId) ?? 0);
  }

  async function refresh(item: Planned, intervalMs: number, startedAt: number): Promise<void> {
    const { league } = item;
    const claimed = await claimLeagueRefresh(
      store,
      league.leagueId,
      iso(startedAt),
      iso(startedAt + CLAIM_MS),
    );
    const previous = last.get(league.leagueId);
    if (!claimed) {
      // Another process has it, or read it and holds it until due: its hold is read at the next
      // plan. No call was made: the start does not count against the pace.
      lastOwn.set(league.leagueId, startedAt);
      platformStarts.remove(league.platform, startedAt);
      accountStarts.remove(league.accountId, startedAt);
      return;
    }
    const connector = connectors[league.platform];
    let outcome: LiveRefreshEvent['outcome'] = 'failed';
    let changed: LeagueUpdatedPart[] = [];
    let error: string | undefined;
    try {
      const account = await accountFor(league);
      if (connector === undefined || account === undefined)
        throw new Error('no account to read it');
      const snapshot = await fetchLivePeriod(
        store,
        connector,
        account,
        league,
        item.period,
        controller.signal,
      );
      changed = await writeLiveRefresh(store, league, snapshot);
      outcome = changed.length > 0 ? 'written' : 'unchanged';
    } catch (caught) {
      error = describeError(caught);
      logger?.warn(
        { platform: league.platform, leagueId: league.leagueId, err: error },
        'live refresh failed',
      );
    }
    const at = clock();
    last.set(league.leagueId, at);
    lastOwn.set(league.leagueId, at);
    held.delete(league.leagueId);
    await finishLeagueRefresh(store.db, league.leagueId, {
      period: item.period,
      at: iso(at),
      next: iso(Math.min(at + intervalMs, shared.nextRead(league.leagueId) ?? Infinity)),
      outcome,
      ...(error !== undefined && { error }),
      holdUntil: iso(at + intervalMs),
    });
    options.onRefresh?.({
      platform: league.platform,
      leagueId: league.leagueId,
      outcome,
      changed,
      ...(previous !== undefined && { lagSeconds: Math.max(0, startedAt - previous) / 1000 }),
      via: 'own',
    });
  }

  /** When the league's next own read is due: an interval after its last, once no one holds it. */
  function dueAt(leagueId: number, intervalMs: number): number {
    return Math.max((lastOwn.get(leagueId) ?? -Infinity) + intervalMs, held.get(leagueId) ?? 0);
  }

  function startDue(now: number): void {
    for (const [platform, leagues] of planned) {
      const pace = options.platforms[platform] ?? {};
      const perMinute = ownReadsPerMinute(pace, options.liveSeconds, shared.groupsOf(platform));
      const room = platformStarts.room(platform, perMinute, now);
      let free = Math.min(room, concurrency - (inflightByPlatform.get(platform) ?? 0));
      if (free <= 0) continue;
      const platformMs = platformIntervalOf(platform);
      const intervals = new Map(leagues.map((item) => [item, intervalOf(item, platformMs)]));
      const dueOf = (item: Planned) => dueAt(item.league.leagueId, intervals.get(item) ?? liveMs);
      const due = leagues
        .filter((item) => !inflight.has(item.league.leagueId) && dueOf(item) <= now)
        .sort((a, b) => dueOf(a) - dueOf(b) || a.league.leagueId - b.league.leagueId);
      for (const item of due) {
        if (free <= 0) break;
        const { accountId, leagueId: id } = item.league;
        // Its account's reads of this minute are made: the next account's league goes first.
        if (accountStarts.room(accountId, accountReadsPerMinute(pace), now) <= 0) continue;
        free -= 1;
        inflightByPlatform.set(platform, (inflightByPlatform.get(platform) ?? 0) + 1);
        platformStarts.add(platform, now);
        accountStarts.add(accountId, now);
        const running = refresh(item, intervals.get(item) ?? liveMs, now)
          .catch((caught: unknown) => {
            logger?.error({ err: caught, leagueId: id }, 'live refresh not recorded');
          })
          .finally(() => {
            inflight.delete(id);
            inflightByPlatform.set(platform, (inflightByPlatform.get(platform) ?? 1) - 1);
            // The freed slot goes to the next due league now, not at the next tick: a tick's
            // `concurrency` reads a second would cap the own reads below what the budget allows.
            if (!stopped) startDue(clock());
          });
        inflight.set(id, running);
      }
    }
  }

  async function runTick(): Promise<void> {
    if (stopped) return;
    const now = clock();
    if (plannedAt === undefined || now - plannedAt >= planMs) await replan(now);
    // The shared reads first: they keep every scorable league fresh; the own reads fill the rest.
    shared.start(now);
    startDue(now);
  }

  const tick = (): Promise<void> => {
    ticking ??= runTick()
      .catch((caught: unknown) => {
        logger?.error({ err: caught }, 'live scheduling failed');
      })
      .finally(() => {
        ticking = undefined;
      });
    return ticking;
  };

  const arm = (): void => {
    if (stopped) return;
    handle = timers.set(() => {
      handle = undefined;
      void tick().finally(arm);
    }, tickMs);
  };

  return {
    start() {
      if (handle === undefined && !stopped) arm();
    },
    tick,
    async settled() {
      for (;;) {
        const running = [...inflight.values(), ...shared.inflight()];
        if (running.length === 0) return;
        await Promise.all(running);
      }
    },
    plan() {
      return [...planned].flatMap(([platform, leagues]) =>
        leagues.map((item) => ({
          leagueId: item.league.leagueId,
          platform,
          period: item.period,
          intervalMs: intervalOf(item),
          ...(shared.covers(item.league.leagueId) && { sharedMs: liveMs }),
        })),
      );
    },
    async stop() {
      stopped = true;
      if (handle !== undefined) timers.clear(handle);
      handle = undefined;
      controller.abort();
      await ticking;
      await Promise.allSettled([...inflight.values(), ...shared.inflight()]);
    },
  };
}

// The live scheduler's shared reads (issue 42): the live leagues grouped by platform, sport,
// season and period where the platform's connector has a shared read (fetchPeriodStats and
// scorePlayer); one read per group every LIVE_REFRESH_SECONDS, then each of the group's leagues
// rescored from the store (shared.ts), its refresh recorded in league_refreshes (last: the read;
// next: the group's next read) without touching the claim its own reads hold. This process's own:
// another process makes its own reads of the same groups, and their rescoring of one league
// compares and writes in one transaction, so the second writes nothing.
import type { Platform, Sport } from '../../domain/catalog.ts';
import type { Logger } from '../../logger.ts';
import type { PeriodStats } from '../../platforms/live.ts';
import type { Store } from '../../storage/db.ts';
import { recordSharedRefreshes } from '../../storage/repositories/live.ts';
import type { LiveCandidate } from '../../storage/repositories/live.ts';
import { describeError } from '../errors.ts';
import type { ConnectorRegistry } from '../types.ts';
import type { LiveRefreshEvent } from './scheduler.ts';
import { changedPlayers, rescoreLeague } from './shared.ts';

/** The live leagues of one platform, sport, season and period, and their shared read. */
interface SharedGroup {
  key: string;
  platform: Platform;
  sport: Sport;
  season: number;
  period: number;
  leagues: LiveCandidate[];
  /** When the last read started. */
  readAt?: number;
  /** The last read's stats, to tell which players moved since. */
  previous?: PeriodStats;
  /** False: the last read had nothing for this sport (its leagues go by their own reads). */
  answers: boolean;
  /**
   * Players whose moved stats a league's failed rescore left unscored, by league: its next
   * rescore takes them too, since the next read finds them unchanged since this one.
   */
  missed: Map<number, ReadonlySet<string>>;
}

export interface SharedReadsOptions {
  store: Store;
  connectors: ConnectorRegistry;
  /** LIVE_REFRESH_SECONDS, in ms: a group's reads are this far apart. */
  liveMs: number;
  clock: () => number;
  signal: AbortSignal;
  /** ms of each league's last refresh, own or shared (the scheduler's, updated here). */
  last: Map<number, number>;
  logger?: Logger;
  onRefresh?: (event: LiveRefreshEvent) => void;
}

export interface SharedReads {
  /** The groups of a new plan: each keeps its last read (and stats) across plans. */
  regroup(live: Iterable<{ league: LiveCandidate; period: number }>): void;
  /** Starts the reads that are due. */
  start(now: number): void;
  /** Shared reads a platform makes every LIVE_REFRESH_SECONDS (groups with an answer so far). */
  groupsOf(platform: Platform): number;
  /** The league's last shared read rescored it: it is fresh without its own reads. */
  covers(leagueId: number): boolean;
  /** When the group of a covered league reads next; undefined: not covered. */
  nextRead(leagueId: number): number | undefined;
  inflight(): Promise<void>[];
}

const ISO = (ms: number): string => new Date(ms).toISOString();

export function createSharedReads(options: SharedReadsOptions): SharedReads {
  const { store, connectors, liveMs, clock, last, logger } = options;
  const groups = new Map<string, SharedGroup>();
  /** The group each covered league was rescored in. */
  const covered = new Map<number, SharedGroup>();
  const running = new Map<string, Promise<void>>();

  function uncover(group: SharedGroup): void {
    for (const league of group.leagues) covered.delete(league.leagueId);
  }

  async function read(group: SharedGroup, startedAt: number): Promise<void> {
    const live = connectors[group.platform]?.live;
    const score = live?.scorePlayer;
    if (live?.fetchPeriodStats === undefined || score === undefined) return;
    group.readAt = startedAt;
    let stats: PeriodStats | undefined;
    try {
      const { sport, season, period } = group;
      stats = await live.fetchPeriodStats(sport, season, period, options.signal);
    } catch (error) {
      logger?.warn(
        { platform: group.platform, sport: group.sport, err: describeError(error) },
        'shared read failed; its leagues keep their own reads',
      );
      uncover(group);
      return;
    }
    group.answers = stats !== undefined;
    if (stats === undefined || stats.period !== group.period) {
      uncover(group);
      return;
    }
    const readAt = clock();
    const changed = changedPlayers(group.previous, stats);
    group.previous = stats;
    const ids = { written: [] as number[], unchanged: [] as number[] };
    for (const league of group.leagues) {
      if (options.signal.aborted) break;
      const id = league.leagueId;
      const missed = group.missed.get(id);
      const moved = missed === undefined ? changed : new Set([...missed, ...changed]);
      try {
        const outcome = await rescoreLeague(store, score, league, stats, moved);
        group.missed.delete(id);
        if (outcome.kind !== 'rescored') {
          covered.delete(id);
          continue;
        }
        covered.set(id, group);
        const kind = outcome.changed.length > 0 ? 'written' : 'unchanged';
        ids[kind].push(id);
        const previous = last.get(id);
        last.set(id, readAt);
        options.onRefresh?.({
          platform: league.platform,
          leagueId: id,
          outcome: kind,
          changed: outcome.changed,
          ...(previous !== undefined && { lagSeconds: Math.max(0, readAt - previous) / 1000 }),
          via: 'shared',
        });
      } catch (error) {
        // Left to its own reads until the next shared read, which rescores these players too.
        covered.delete(id);
        group.missed.set(id, moved);
        logger?.warn(
          { platform: league.platform, leagueId: id, err: describeError(error) },
          'live rescore failed',
        );
      }
    }
    const record = { period: group.period, at: ISO(readAt), next: ISO(startedAt + liveMs) };
    await recordSharedRefreshes(store, ids.written, { ...record, outcome: 'written' });
    await recordSharedRefreshes(store, ids.unchanged, { ...record, outcome: 'unchanged' });
  }

  return {
    regroup(live) {
      const members = new Map<string, { league: LiveCandidate; period: number }[]>();
      for (const item of live) {
        const connector = connectors[item.league.platform]?.live;
        if (connector?.fetchPeriodStats === undefined || connector.scorePlayer === undefined)
          continue;
        const { platform, sport, season } = item.league;
        const key = `${platform}/${sport}/${season}/${item.period}`;
        const list = members.get(key) ?? [];
        list.push(item);
        members.set(key, list);
      }
      for (const [key, group] of groups) {
        if (members.has(key)) continue;
        uncover(group);
        groups.delete(key);
      }
      for (const [key, items] of members) {
        const leagues = items.map((item) => item.league);
        const known = groups.get(key);
        if (known !== undefined) {
          const now = new Set(leagues.map((league) => league.leagueId));
          for (const league of known.leagues)
            if (!now.has(league.leagueId)) covered.delete(league.leagueId);
          known.leagues = leagues;
          continue;
        }
        const { league, period } = items[0] as { league: LiveCandidate; period: number };
        const { platform, sport, season } = league;
        const missed = new Map<number, ReadonlySet<string>>();
        groups.set(key, { key, platform, sport, season, period, leagues, answers: true, missed });
      }
    },

    start(now) {
      for (const group of groups.values()) {
        if (running.has(group.key)) continue;
        if ((group.readAt ?? -Infinity) + liveMs > now) continue;
        const done = read(group, now)
          .catch((caught: unknown) => {
            logger?.error({ err: caught, group: group.key }, 'shared read not recorded');
          })
          .finally(() => running.delete(group.key));
        running.set(group.key, done);
      }
    },

    groupsOf(platform) {
      let count = 0;
      for (const group of groups.values())
        if (group.platform === platform && group.answers) count++;
      return count;
    },

    covers: (leagueId) => covered.has(leagueId),

    nextRead(leagueId) {
      const readAt = covered.get(leagueId)?.readAt;
      return readAt === undefined ? undefined : readAt + liveMs;
    },

    inflight: () => [...running.values()],
  };
}

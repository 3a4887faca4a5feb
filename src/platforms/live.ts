// Game day (issue 42): what a connector offers for live refreshes. A live refresh reads one
// period of one league (its matchups' scores and its lineups), not the whole league: the sync
// side writes just that period, in the league's one transaction. Both parts are optional: a
// connector without `livePeriod` is judged by the sport's schedule (domain/live-schedule.ts), one
// without `fetchLivePeriod` is read with its full league fetch, of which only the period is kept.
import type { Sport } from '../domain/catalog.ts';
import type { CurrentSlotRecord, LeagueRules, TeamLineupRecord } from '../domain/game.ts';
import type { MatchupRecord } from '../domain/league-data.ts';
import type { LeagueRef, PlatformAccount } from './connector.ts';

/** What a platform says of a sport's season now. */
export interface LiveState {
  /** The period in progress (the week, or the scoring period). */
  period: number;
  /** The period is under way (its season's regular weeks or playoffs). */
  live: boolean;
  /**
   * True: `live` says games are being played now, so the sport's schedule is not asked (the
   * demo). Absent: a period under way is live only in the sport's game windows.
   */
  gamesNow?: boolean;
}

/** One period of one league, as a live refresh reads it. */
export interface LivePeriodSnapshot {
  period: number;
  /** Every matchup of the period (replaces the store's matchups of that period only). */
  matchups: MatchupRecord[];
  /** Every team's lineup of the period, with points (replaces that period's lineups only). */
  lineups: TeamLineupRecord[];
}

/**
 * What the store holds of the league from its last full sync, lent to a live read so it asks
 * the platform only for what moves during the games (the scoreboard), not for the settings and
 * rosters a period's records also depend on. Read on demand: a connector that needs none of it
 * costs no query.
 */
export interface LiveLeagueContext {
  /** The league's rules (its roster slots in the platform's order, its playoffs); undefined: none. */
  storedRules(): Promise<LeagueRules | undefined>;
  /** Where every rostered player stands now (starters, bench, reserve, taxi), by roster id. */
  storedCurrentLineup(): Promise<CurrentSlotRecord[]>;
  /** The roster ids of the league's teams. */
  storedRosterIds(): Promise<ReadonlySet<string>>;
}

export interface LiveConnector {
  /**
   * The day the platform's seasons are at, when it is not the clock's: the demo lives on a fixed
   * day of 2021, so its seasons under way then are not over for it. Absent: the clock.
   */
  today?(): Date;
  /**
   * The platform's own word on the season: Sleeper's `/state/nfl`, ESPN's scoring period... The
   * sync side asks it about once a minute per (sport, season), not per league. Undefined: the
   * platform has nothing to say for this sport and season (the schedule decides).
   */
  livePeriod?(
    sport: Sport,
    season: number,
    account: PlatformAccount,
    signal?: AbortSignal,
  ): Promise<LiveState | undefined>;
  /**
   * The period's scoreboard and lineups of one league, in as few calls as the platform allows:
   * what only changes between full syncs comes from `stored`, so the records are the full
   * sync's own and an unchanged period writes nothing.
   */
  fetchLivePeriod?(
    account: PlatformAccount,
    ref: LeagueRef,
    period: number,
    signal: AbortSignal | undefined,
    stored: LiveLeagueContext,
  ): Promise<LivePeriodSnapshot>;
}

/**
 * What a platform module says about its live refreshes (definePlatform's `live`), read by the
 * live scheduler to plan within the platform's budget and by docs/platforms.md.
 */
export interface LiveSupport {
  /** How it knows a period is live, in a reader's words. */
  state: string;
  /** Calls one live refresh of one league makes. */
  callsPerRefresh: number;
  /** What those calls are, in a reader's words. */
  calls: string;
}

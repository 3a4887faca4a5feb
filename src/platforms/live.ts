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

/**
 * Every player's stats of one period of a sport, read once for all the platform's leagues of that
 * sport (a shared read): each league's points are then worked out from its stored rules
 * (`scorePlayer`), so a live league costs no call of its own between its own reads.
 */
export interface PeriodStats {
  period: number;
  /**
   * By the platform's player id (as in lineups); each stat by the platform's stat id, the ids a
   * league's ScoringRuleRecord.statId holds. A player with no line yet is absent.
   */
  players: ReadonlyMap<string, Readonly<Record<string, number>>>;
}

/** The player a lineup entry holds, as scorePlayer needs him. */
export interface ScoredEntry {
  playerId: string;
  /** The player's position (the store's), for rules limited to positions. */
  position?: string;
  /** The slot he stands in this period, as the platform names it (slot overrides). */
  platformSlot: string;
  /**
   * The league's period being scored (the shared read's): a platform whose periods may span
   * several of its stats periods (ESPN's two-week playoff rounds) answers undefined there.
   */
  period: number;
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
  /**
   * The shared read: every player's stats of the sport's period, one call (or a few) for all the
   * platform's live leagues of that sport and season. Undefined: the platform has none for this
   * sport, and its leagues are read one by one (fetchLivePeriod).
   */
  fetchPeriodStats?(
    sport: Sport,
    season: number,
    period: number,
    signal?: AbortSignal,
  ): Promise<PeriodStats | undefined>;
  /**
   * A player's points for the period from his stats under a league's stored rules, as the
   * platform scores them. Undefined: this league's points cannot be worked out here (a rule the
   * connector does not know how to apply): the league keeps its own reads.
   */
  scorePlayer?(
    stats: Readonly<Record<string, number>>,
    rules: LeagueRules,
    entry: ScoredEntry,
  ): number | undefined;
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
  /**
   * With a shared read (fetchPeriodStats): its calls per sport and period, every
   * LIVE_REFRESH_SECONDS, and what they are. The leagues' own reads then space out to what the
   * rest of the budget allows: they bring lineup changes and the platform's own points.
   */
  shared?: { callsPerRead: number; calls: string };
}

// What a sync reports: progress events while it runs and the summary it returns.
import type { Platform, Sport } from '../domain/catalog.ts';
import type { PlatformConnector, PlatformErrorKind } from '../platforms/connector.ts';
import type { SecretBox } from '../secrets.ts';
import type { SyncCounts } from '../storage/repositories/syncs.ts';

/** The connectors the engine may run, by platform; a platform without one cannot be synced. */
export type ConnectorRegistry = Readonly<Partial<Record<Platform, PlatformConnector>>>;

export type LeagueOutcome = 'written' | 'unchanged' | 'failed';
/** 'unchanged' is an 'ok' run that changed nothing; sync_runs records it as 'ok'. */
export type SyncOutcome = 'ok' | 'unchanged' | 'partial' | 'failed';

export interface LeagueSyncResult {
  platform: Platform;
  platformLeagueKey: string;
  season: number;
  sport: Sport;
  name?: string;
  /** The service's league id; null for a league that failed before it was ever written. */
  leagueId: number | null;
  outcome: LeagueOutcome;
  teams: number;
  rosterEntries: number;
  error?: string;
  /** Set for a platform's failure: what kind (refused credentials stop the account). */
  errorKind?: PlatformErrorKind;
}

export interface PoolRefreshResult {
  platform: Platform;
  sport: Sport;
  /** The pool's season; 0 for a platform whose pool serves every season (domain/pools.ts). */
  season: number;
  /**
   * 'skipped': refreshed less than a day ago, or a finished season's pool already fetched;
   * 'none': the platform offers no player list.
   */
  outcome: 'written' | 'unchanged' | 'skipped' | 'none' | 'failed';
  players: number;
  error?: string;
  /** The error itself, for the engine (refused credentials stop the account). */
  failure?: unknown;
}

export interface AccountSyncSummary {
  runId: number;
  userId: number;
  accountId: number;
  platform: Platform;
  username?: string;
  outcome: SyncOutcome;
  leaguesFound: number;
  leaguesDetached: number;
  /** Leagues the platform listed of sports the service does not cover (skipped); absent: none. */
  leaguesUnsupported?: number;
  leagues: LeagueSyncResult[];
  pools: PoolRefreshResult[];
  /** Why the account as a whole failed (league list unavailable, no connector...). */
  error?: string;
  /** Set when the platform refused the stored credentials: the user must link again. */
  needsRelink?: boolean;
}

export interface SyncSummary extends SyncCounts {
  outcome: SyncOutcome;
  accounts: AccountSyncSummary[];
}

interface LeagueEventBase {
  platform: Platform;
  platformLeagueKey: string;
  season: number;
  sport: Sport;
  name?: string;
}

export type SyncProgressEvent =
  | { type: 'account-started'; platform: Platform; username?: string }
  | { type: 'account-failed'; platform: Platform; error: string; needsRelink?: boolean }
  /** Finished seasons the account synced in full already: left alone, no upstream call. */
  | { type: 'seasons-skipped'; platform: Platform; seasons: readonly number[] }
  | { type: 'leagues-found'; platform: Platform; count: number }
  | {
      type: 'pool-refreshed';
      platform: Platform;
      sport: Sport;
      season: number;
      players: number;
      changed: boolean;
    }
  | { type: 'pool-failed'; platform: Platform; sport: Sport; season: number; error: string }
  | ({
      type: 'league-written' | 'league-unchanged';
      leagueId: number;
      teams: number;
      rosterEntries: number;
    } & LeagueEventBase)
  | ({ type: 'league-failed'; leagueId: number | null; error: string } & LeagueEventBase)
  | { type: 'leagues-detached'; platform: Platform; count: number }
  /** Leagues of sports the service does not cover, which the platform lists with the others. */
  | { type: 'leagues-unsupported'; platform: Platform; count: number };

export interface SyncOptions {
  /** Empty means every sport. */
  sports: readonly Sport[];
  /**
   * Seasons asked for by name (--season): synced whatever the store holds. Empty means the
   * supported seasons, less the finished ones the account already synced in full (seasons.ts).
   */
  seasons: readonly number[];
  /** The configured SUPPORTED_SEASONS, ascending. */
  supportedSeasons: readonly number[];
  /** What started the run, stored with it: 'cli', 'schedule', 'demo'... */
  trigger: string;
  onProgress?: (event: SyncProgressEvent) => void;
  /** Called when an account's sync has finished and been recorded (metrics). */
  onAccountSynced?: (summary: AccountSyncSummary, durationMs: number) => void;
  signal?: AbortSignal;
  /** Needed only for accounts with stored credentials. */
  secrets?: SecretBox;
  /** Leagues fetched at once per account. */
  concurrency?: number;
  /**
   * Told the run's id once its record exists (a queued job remembers it, so the worker that
   * takes the job over from a dead one can mark that run interrupted).
   */
  onRunStarted?: (runId: number) => void | Promise<void>;
  /**
   * A failed attempt (one not needing linking again) will be tried again (a queued job with
   * attempts left): the sync requests waiting on the account wait for that attempt.
   */
  retriedOnFailure?: boolean;
  /** The clock for the once-a-day player pool rule (tests move it). */
  now?: () => Date;
}

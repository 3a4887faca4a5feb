// What every platform connector provides to the sync engine and to linking. Connectors fetch,
// validate and map; they never touch the database: what they need of the store (which players it
// already holds, rotated credentials) the engine hands them as functions.
import type { Platform, Sport } from '../domain/catalog.ts';
import type { PoolKey } from '../domain/pools.ts';
import type { LeagueSnapshot, PlayerPoolSnapshot } from '../domain/records.ts';
import type { LiveConnector } from './live.ts';

/** Non-secret, connector-owned settings kept with a link (ESPN league ids followed, ...). */
export type AccountSettings = Readonly<Record<string, unknown>>;

/**
 * Where rotated credentials go (OAuth refresh tokens). `replace` is a compare-and-swap against
 * the credentials as loaded: when another process replaced them first it returns false and the
 * connector should `load` the newer ones instead of refreshing again.
 */
export interface CredentialStore {
  load(): Promise<string | undefined>;
  replace(previous: string, next: string): Promise<boolean>;
  /**
   * Runs `work` holding the account's lease on its credentials, which every run and process
   * shares, so only one of them renews a token at a time; `work` should `load` again first (the
   * previous holder may have renewed). The signal handed to `work` ends it at the lease's
   * deadline. Absent where there is nobody to share with.
   */
  exclusive?<T>(work: (signal: AbortSignal) => Promise<T>, signal?: AbortSignal): Promise<T>;
}

/** A user's account on a platform, as linked with `fantasy-data link`. */
export interface PlatformAccount {
  platform: Platform;
  /** The platform's id of the user (Sleeper user_id, ESPN SWID, ...). */
  externalUserId: string;
  username?: string;
  /** Decrypted credentials (a connector-defined text, usually JSON); never logged. */
  credentials?: string;
  settings?: AccountSettings;
  /** Given by the engine for accounts with credentials. */
  credentialStore?: CredentialStore;
}

/** What a user gave to `link`; each connector takes the parts its platform needs. */
export interface LinkRequest {
  username?: string;
  email?: string;
  /** Platform league ids to follow beside (or instead of) what the account lists. */
  leagueIds?: readonly string[];
  /** The parsed credentials file (ESPN cookies, MFL login); validated by the connector. */
  credentials?: unknown;
  /** An OAuth authorization code (Yahoo). */
  code?: string;
}

/** What a link came to: an account to store, or a step the user must take first (OAuth). */
export type LinkOutcome =
  | {
      status: 'linked';
      account: Omit<PlatformAccount, 'credentialStore'>;
    }
  | { status: 'action_required'; message: string; url?: string };

/** Which part of an account a sync covers; both lists are never empty (the engine fills them). */
export interface SyncScope {
  sports: readonly Sport[];
  seasons: readonly number[];
  /**
   * Told how many of the account's leagues are of sports the service does not cover (a platform
   * listing them with the others: Fantrax's hockey or soccer leagues); the sync summary counts them.
   */
  unsupportedLeagues?: (count: number) => void;
}

/** A league as found in an account's league list, before its details are fetched. */
export interface LeagueRef {
  platformLeagueKey: string;
  season: number;
  sport: Sport;
  name?: string;
}

/** What the engine tells a connector fetching a league. */
export interface LeagueFetchContext {
  /** Which of these player ids the league's pool in the store already holds. */
  storedPlayerIds(ids: readonly string[]): Promise<ReadonlySet<string>>;
  /**
   * The periods whose lineups the store holds as final (every matchup of the period final, or
   * the season over): a connector need not fetch them again, and leaves them out of
   * LeagueGame.lineups. Absent: the store holds none.
   */
  finalLineupPeriods?(): Promise<ReadonlySet<number>>;
  /**
   * The positions the league's pool in the store gives these players (a player it lacks, or
   * holds with no position, is left out): for a platform whose lineups name starters but no slot
   * (MFL). Absent: the store is not asked.
   */
  storedPlayerPositions?(ids: readonly string[]): Promise<ReadonlyMap<string, string>>;
}

/** What the service lends a link beyond the user's input. */
export interface LinkContext {
  /**
   * A stable account id made of personal data, for a platform whose only handle on the account
   * is such data (Fleaflicker's e-mail address): a keyed digest under the service's secret key,
   * the same for the same text and not reversible, so the data itself is never an id.
   */
  pseudonym(text: string): string;
}

export interface PlatformConnector {
  readonly platform: Platform;
  /**
   * Checks what the user gave against the platform (once, at link time) and turns it into the
   * account to store. `existing` is the current link of the same user and platform, if any, so
   * that adding a league keeps the credentials and the other leagues.
   */
  link(
    request: LinkRequest,
    existing?: PlatformAccount,
    signal?: AbortSignal,
    context?: LinkContext,
  ): Promise<LinkOutcome>;
  /** Every league of the account within the scope. */
  listLeagues(
    account: PlatformAccount,
    scope: SyncScope,
    signal?: AbortSignal,
  ): Promise<LeagueRef[]>;
  /** One league's full snapshot: settings, teams, rosters and any players the pool lacks. */
  fetchLeague(
    account: PlatformAccount,
    ref: LeagueRef,
    context: LeagueFetchContext,
    signal?: AbortSignal,
  ): Promise<LeagueSnapshot>;
  /**
   * The platform's full player list for a pool (domain/pools.ts: season 0 for a platform whose
   * list is not per season), or null when the platform has none to offer (its players then come
   * only with leagues). The engine asks at most once a day per pool, and only once for the pool
   * of a finished season. `account` is one whose leagues need the pool (for platforms whose
   * player list needs credentials or a league to read it through).
   */
  fetchPlayerPool(
    pool: PoolKey,
    account: PlatformAccount,
    signal?: AbortSignal,
  ): Promise<PlayerPoolSnapshot | null>;
  /** Live refreshes of a period in progress (platforms/live.ts); absent: the generic fallback. */
  readonly live?: LiveConnector;
}

export type PlatformErrorKind =
  | 'not_found'
  | 'invalid_response'
  | 'unavailable'
  | 'rate_limited'
  | 'timeout'
  /** A league or resource the credentials may not see (others may still work). */
  | 'forbidden'
  /** The platform refused the account's stored credentials: the user must link again. */
  | 'credentials_rejected';

/** Thrown by connectors for anything a platform did wrong; the message is safe to show and store. */
export class PlatformError extends Error {
  constructor(
    readonly platform: Platform,
    message: string,
    /** Lets the engine tell a vanished league or refused credentials from a failing platform. */
    readonly kind: PlatformErrorKind = 'unavailable',
    /** The HTTP status and the start of the body, for the connector's own checks; never shown. */
    readonly response?: { status: number; body: string },
  ) {
    super(`${platform}: ${message}`);
    this.name = 'PlatformError';
    // Not enumerable: a logger serializing the error must not print a platform's body.
    Object.defineProperty(this, 'response', { enumerable: false });
  }
}

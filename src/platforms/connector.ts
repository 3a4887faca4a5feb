// What every platform connector provides to the sync engine. Connectors fetch, validate and map;
// they never touch the database.
import type { Platform, Sport } from '../domain/catalog.ts';
import type { LeagueSnapshot, PlayerPoolSnapshot } from '../domain/records.ts';

/** A user's account on a platform, as linked with `fantasy-data link`. */
export interface PlatformAccount {
  platform: Platform;
  /** The platform's id of the user (Sleeper user_id, ...). */
  externalUserId: string;
  username?: string;
  /** Decrypted credentials for platforms that need them (ESPN cookies, Yahoo OAuth); never logged. */
  credentials?: string;
}

/** Which part of an account a sync covers; empty lists mean every supported value. */
export interface SyncScope {
  sports: readonly Sport[];
  seasons: readonly number[];
}

/** A league as found in an account's league list, before its details are fetched. */
export interface LeagueRef {
  platformLeagueKey: string;
  season: number;
  sport: Sport;
  name?: string;
}

export interface PlatformConnector {
  readonly platform: Platform;
  /** Turns what a user types (a username) into the account to link. */
  resolveAccount(username: string, signal?: AbortSignal): Promise<PlatformAccount>;
  /** Every league of the account within the scope. */
  listLeagues(
    account: PlatformAccount,
    scope: SyncScope,
    signal?: AbortSignal,
  ): Promise<LeagueRef[]>;
  /** One league's full snapshot: settings, teams, rosters and any players the pool may lack. */
  fetchLeague(
    account: PlatformAccount,
    ref: LeagueRef,
    signal?: AbortSignal,
  ): Promise<LeagueSnapshot>;
  /**
   * The platform's full player list for a sport, or null when the platform has none to offer
   * (its players then come only with leagues). The engine calls this at most once a day per sport.
   */
  fetchPlayerPool(sport: Sport, signal?: AbortSignal): Promise<PlayerPoolSnapshot | null>;
}

/** Thrown by connectors for anything a platform did wrong; the message is safe to show and store. */
export class PlatformError extends Error {
  constructor(
    readonly platform: Platform,
    message: string,
    /** 'not_found' lets the engine tell a vanished league from a failing platform. */
    readonly kind:
      'not_found' | 'invalid_response' | 'unavailable' | 'rate_limited' | 'timeout' = 'unavailable',
  ) {
    super(`${platform}: ${message}`);
    this.name = 'PlatformError';
  }
}

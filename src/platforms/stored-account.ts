// What a link of league ids and an optional credential stores, read back the same way by every
// platform that links so (MFL's login cookie, Fantrax's secret id).
import type { Platform } from '../domain/catalog.ts';
import { PlatformError } from './connector.ts';
import type { PlatformAccount } from './connector.ts';

/**
 * One text field of the link's stored (decrypted) credentials JSON; undefined for a link without
 * credentials. Unreadable credentials are `credentials_rejected` with `unreadable` as the message,
 * so the user is told to link again.
 */
export function storedCredential(
  platform: Platform,
  account: PlatformAccount,
  field: string,
  unreadable: string,
): string | undefined {
  if (account.credentials === undefined) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(account.credentials);
  } catch {
    parsed = undefined;
  }
  const value = (parsed as Record<string, unknown> | undefined)?.[field];
  if (typeof value !== 'string' || value === '') {
    throw new PlatformError(platform, unreadable, 'credentials_rejected');
  }
  return value;
}

/** The league ids the link follows (settings.leagueIds). */
export function followedLeagueIds(account: PlatformAccount | undefined): string[] {
  const ids = account?.settings?.leagueIds;
  return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
}

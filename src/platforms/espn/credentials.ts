// What an ESPN link holds. Credentials are the two cookies of a signed-in browser: espn_s2 (the
// secret session) and SWID (the account's GUID, which is also its public member id in leagues).
// Settings are the league ids the user follows by hand. Both are this connector's own formats:
// the CLI stores the credentials text encrypted and the settings as JSON.
import type { Sport } from '../../domain/catalog.ts';
import { InvalidInputError } from '../../domain/errors.ts';
import type { AccountSettings } from '../connector.ts';
import { sportOfGame } from './games.ts';

export interface EspnCookies {
  espnS2: string;
  /** Upper-case GUID in braces, "{8C2F...}", as ESPN writes member ids. */
  swid: string;
}

/** A league followed by id; `sport` limits it to one ESPN game (ids are per game). */
export interface FollowedLeague {
  id: string;
  sport?: Sport;
}

const GUID = /^\{?([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\}?$/i;

/** The SWID in ESPN's own form, or undefined when the text cannot be one. */
export function normalizeSwid(text: string): string | undefined {
  const match = GUID.exec(text.trim());
  return match ? `{${(match[1] as string).toUpperCase()}}` : undefined;
}

/** The parsed credentials file: {"espn_s2": "...", "swid": "{GUID}"}. Messages never echo values. */
export function parseCredentialsFile(value: unknown): EspnCookies {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new InvalidInputError(
      'the ESPN credentials file must be a JSON object: {"espn_s2": "...", "swid": "{GUID}"}',
    );
  }
  const { espn_s2: espnS2, swid } = value as Record<string, unknown>;
  if (typeof espnS2 !== 'string' || espnS2.trim() === '') {
    throw new InvalidInputError(
      'the ESPN credentials file needs "espn_s2": the espn_s2 cookie of a signed-in browser',
    );
  }
  if (/[\s;]/.test(espnS2.trim())) {
    throw new InvalidInputError(
      'the "espn_s2" of the credentials file is not a cookie value (it holds spaces or ";")',
    );
  }
  const normalized = typeof swid === 'string' ? normalizeSwid(swid) : undefined;
  if (normalized === undefined) {
    throw new InvalidInputError(
      'the "swid" of the ESPN credentials file must be the SWID cookie: a GUID such as ' +
        '{01234567-89AB-CDEF-0123-456789ABCDEF}, with or without the braces',
    );
  }
  return { espnS2: espnS2.trim(), swid: normalized };
}

/** The stored credentials text (written by serializeCookies); undefined when there is none. */
export function parseStoredCookies(text: string | undefined): EspnCookies | undefined {
  if (text === undefined) return undefined;
  try {
    return parseCredentialsFile(JSON.parse(text) as unknown);
  } catch {
    return undefined;
  }
}

export function serializeCookies(cookies: EspnCookies): string {
  return JSON.stringify({ espn_s2: cookies.espnS2, swid: cookies.swid });
}

/** The Cookie header ESPN reads on every request of a signed-in browser. */
export function cookieHeader(cookies: EspnCookies): string {
  return `espn_s2=${cookies.espnS2}; SWID=${cookies.swid}`;
}

/** `--league 368876` (every sport) or `--league football:368876` (also ffl:, flb:, fba:). */
export function parseLeagueArgument(text: string): FollowedLeague {
  const match = /^(?:([a-z]+):)?(\d{1,12})$/i.exec(text.trim());
  const prefix = match?.[1];
  const sport = prefix === undefined ? undefined : sportNamed(prefix);
  if (!match || (prefix !== undefined && sport === undefined)) {
    throw new InvalidInputError(
      `"${text}" is not an ESPN league id: give the number from the league page's address ` +
        '(leagueId=...), optionally with its sport as football:ID, baseball:ID or basketball:ID',
    );
  }
  return { id: String(Number(match[2])), ...(sport === undefined ? {} : { sport }) };
}

function sportNamed(text: string): Sport | undefined {
  const lower = text.toLowerCase();
  if (lower === 'football' || lower === 'baseball' || lower === 'basketball') return lower;
  return sportOfGame(lower);
}

/** The followed leagues of stored settings; anything unreadable is ignored. */
export function followedLeagues(settings: AccountSettings | undefined): FollowedLeague[] {
  const list = settings?.['leagues'];
  if (!Array.isArray(list)) return [];
  return list.flatMap((item: unknown) => {
    if (typeof item !== 'object' || item === null) return [];
    const { id, sport } = item as Record<string, unknown>;
    if (typeof id !== 'string' || !/^\d+$/.test(id)) return [];
    const known = typeof sport === 'string' ? sportNamed(sport) : undefined;
    return [{ id, ...(known === undefined ? {} : { sport: known }) }];
  });
}

/** Both lists, once each, in a stable order (by id, then all-sports before one sport). */
export function mergeFollowed(
  ...lists: ReadonlyArray<readonly FollowedLeague[]>
): FollowedLeague[] {
  const byKey = new Map<string, FollowedLeague>();
  for (const league of lists.flat()) byKey.set(`${league.id}:${league.sport ?? ''}`, league);
  return [...byKey.values()].sort(
    (a, b) => Number(a.id) - Number(b.id) || (a.sport ?? '').localeCompare(b.sport ?? ''),
  );
}

/** The account id of a link without cookies: the followed ids, stable for the same list. */
export function leaguesOnlyUserId(leagues: readonly FollowedLeague[]): string {
  return `leagues:${leagues.map((l) => (l.sport ? `${l.sport}:${l.id}` : l.id)).join(',')}`;
}

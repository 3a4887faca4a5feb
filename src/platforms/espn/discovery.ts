// Which league seasons an ESPN account covers: the leagues its fan profile lists (with cookies)
// and the leagues it follows by id, each traced through every season of the scope it existed in.
// ESPN league ids repeat every season, and a league's `status.previousSeasons` names its earlier
// seasons, so one call per league (its latest season within the scope) usually finds them all.
import type { Sport } from '../../domain/catalog.ts';
import { PlatformError } from '../connector.ts';
import type { LeagueRef, PlatformAccount, SyncScope } from '../connector.ts';
import type { EspnApi } from './api.ts';
import { followedLeagues, parseStoredCookies } from './credentials.ts';
import type { EspnCookies } from './credentials.ts';
import { leagueSeasons, mapFanLeagues } from './mapping.ts';

interface Candidate {
  sport: Sport;
  leagueId: string;
  /** League names the fan profile gave, per season. */
  names: Map<number, string>;
}

/** The stored cookies, or undefined for a link without them; unreadable ones mean "link again". */
export function accountCookies(account: PlatformAccount): EspnCookies | undefined {
  if (account.credentials === undefined) return undefined;
  const cookies = parseStoredCookies(account.credentials);
  if (cookies === undefined) {
    throw new PlatformError(
      'espn',
      'the stored ESPN credentials are unreadable: link again with --credentials-file',
      'credentials_rejected',
    );
  }
  return cookies;
}

/** What ESPN is asked with for one league season: the account's cookies, if any, and the ref. */
export function leagueRequest(account: PlatformAccount, ref: LeagueRef) {
  const cookies = accountCookies(account);
  return {
    ...(cookies ? { cookies } : {}),
    sport: ref.sport,
    leagueId: ref.platformLeagueKey,
    season: ref.season,
  };
}

export async function discoverLeagues(
  api: EspnApi,
  account: PlatformAccount,
  scope: SyncScope,
  signal?: AbortSignal,
): Promise<LeagueRef[]> {
  const cookies = accountCookies(account);
  const candidates = new Map<string, Candidate>();
  const add = (sport: Sport, leagueId: string): Candidate => {
    const key = `${sport}:${leagueId}`;
    const known = candidates.get(key) ?? { sport, leagueId, names: new Map<number, string>() };
    candidates.set(key, known);
    return known;
  };
  if (cookies) {
    for (const entry of mapFanLeagues(await api.fan(cookies, signal))) {
      if (!scope.sports.includes(entry.sport)) continue;
      const candidate = add(entry.sport, entry.leagueId);
      if (entry.name) candidate.names.set(entry.season, entry.name);
    }
  }
  for (const league of followedLeagues(account.settings)) {
    for (const sport of scope.sports) {
      if (league.sport === undefined || league.sport === sport) add(sport, league.id);
    }
  }
  const found = await Promise.all(
    [...candidates.values()].map((candidate) =>
      seasonsOf(api, cookies, candidate, scope.seasons, signal),
    ),
  );
  return found.flat();
}

/**
 * The league's seasons within the scope. Probes from the latest season down (a season the fan
 * profile names beyond the scope first) until ESPN answers; that season's previousSeasons give
 * the rest. A season ESPN refuses to show is still listed, so that the sync reports the refusal
 * for that league instead of the league silently missing.
 */
async function seasonsOf(
  api: EspnApi,
  cookies: EspnCookies | undefined,
  candidate: Candidate,
  scopeSeasons: readonly number[],
  signal: AbortSignal | undefined,
): Promise<LeagueRef[]> {
  const inScope = new Set(scopeSeasons);
  const newest = Math.max(...scopeSeasons);
  const profileSeasons = [...candidate.names.keys()];
  const beyond = profileSeasons.filter((season) => season > newest).sort((a, b) => b - a);
  const probes = [...beyond.slice(0, 1), ...[...inScope].sort((a, b) => b - a)];
  const seasons = new Set(profileSeasons.filter((season) => inScope.has(season)));
  const names = new Map(candidate.names);
  for (const season of probes) {
    try {
      const league = await api.leagueSeason(
        {
          ...(cookies ? { cookies } : {}),
          sport: candidate.sport,
          leagueId: candidate.leagueId,
          season,
        },
        ['mSettings'],
        signal,
      );
      const name = league.settings?.name?.trim();
      if (name) names.set(season, name);
      for (const each of leagueSeasons(candidate.sport, league)) {
        if (inScope.has(each)) seasons.add(each);
      }
      break;
    } catch (error) {
      if (!(error instanceof PlatformError)) throw error;
      if (error.kind === 'not_found') continue;
      if (error.kind === 'forbidden' && inScope.has(season)) {
        seasons.add(season);
        break;
      }
      if (error.kind !== 'forbidden') throw error;
    }
  }
  return [...seasons]
    .sort((a, b) => b - a)
    .map((season) => {
      const name = names.get(season);
      return {
        platformLeagueKey: candidate.leagueId,
        season,
        sport: candidate.sport,
        ...(name ? { name } : {}),
      };
    });
}

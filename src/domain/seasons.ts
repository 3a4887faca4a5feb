// Which seasons the service syncs and serves: by default every season from the specification's
// first (2017) through the one the sports are in today, computed at start. The specification's
// own 2017-2021 is SUPPORTED_SEASONS=2017-2021 (src/config.ts). Everything that speaks of seasons
// (the season filter, the OpenAPI enum, the sync scope) takes the configured list.
import { SPORTS } from './catalog.ts';
import type { Sport } from './catalog.ts';

/** The specification's seasons, by start year: the strict setting, and the default's first. */
export const CONTRACT_SEASONS = { first: 2017, last: 2021 } as const;

/**
 * The month (0-based, UTC) the platforms open a sport's leagues for the season starting that
 * year: baseball's in January, football's in March (after the Super Bowl ends the last one),
 * basketball's in August. Before it, the sport is still in the season that started the year
 * before.
 */
const SEASON_OPENS: Record<Sport, number> = { baseball: 0, football: 2, basketball: 7 };

/** The season (by start year) a sport is in at `now`. */
export function currentSeason(sport: Sport, now: Date): number {
  const year = now.getUTCFullYear();
  return now.getUTCMonth() >= SEASON_OPENS[sport] ? year : year - 1;
}

/** What SUPPORTED_SEASONS defaults to: 2017 through the latest season any sport is in at `now`. */
export function defaultSeasons(now: Date): number[] {
  const latest = Math.max(...SPORTS.map((sport) => currentSeason(sport, now)));
  return seasonsBetween(CONTRACT_SEASONS.first, latest);
}

/** Every season from `first` to `last`, ascending. */
export function seasonsBetween(first: number, last: number): number[] {
  const seasons: number[] = [];
  for (let season = first; season <= last; season++) seasons.push(season);
  return seasons;
}

/** "2017-2021" for a contiguous ascending list, else the years joined by commas. */
export function describeSeasons(seasons: readonly number[]): string {
  const first = seasons[0];
  const last = seasons[seasons.length - 1];
  if (first === undefined || last === undefined) return 'none';
  const contiguous = seasons.every((season, i) => season === first + i);
  if (!contiguous) return seasons.join(', ');
  return first === last ? String(first) : `${first}-${last}`;
}

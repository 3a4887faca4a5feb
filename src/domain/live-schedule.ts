// When a sport's games are played, for platforms that do not say so themselves (the generic
// fallback of live refreshes, platforms/live.ts). Broad windows in UTC, not a fixture list: a
// window that is live a little too long costs a few refreshes that change nothing (and write
// nothing); one too short would leave scores stale, so the windows err wide.
import type { Sport } from './catalog.ts';
import { isSeasonFinished } from './pools.ts';

const HOUR = 3_600_000;

/** The months (0-11, UTC) a season starting in `season` is played, by sport. */
const SEASON_MONTHS: Record<Sport, { from: [year: 0 | 1, month: number]; to: [0 | 1, number] }> = {
  // September to the first week of January (fantasy football ends before the playoffs).
  football: { from: [0, 8], to: [1, 0] },
  // Late March to early October.
  baseball: { from: [0, 2], to: [0, 9] },
  // Late October to mid April.
  basketball: { from: [0, 9], to: [1, 3] },
};

function inSeason(sport: Sport, season: number, at: Date): boolean {
  const { from, to } = SEASON_MONTHS[sport];
  const start = Date.UTC(season + from[0], from[1], 1);
  const end = Date.UTC(season + to[0], to[1] + 1, 1);
  const t = at.getTime();
  return t >= start && t < end;
}

/**
 * Whether games of the sport may be under way at `at`. American football: Thursday, Sunday and
 * Monday, 16:00 to 05:00 UTC the next morning (early Sunday kick-offs to late Monday games);
 * baseball and basketball play every day, 16:00 to 07:00 UTC.
 */
export function gamesUnderWay(sport: Sport, season: number, at: Date): boolean {
  if (isSeasonFinished(season, at) || !inSeason(sport, season, at)) return false;
  // The game day a moment belongs to: the small hours count with the evening before.
  const shifted = new Date(at.getTime() - 8 * HOUR);
  const hour = shifted.getUTCHours();
  // 16:00-05:00 UTC is 08:00-21:00 of the shifted clock (8 h earlier); 16:00-07:00 is 08:00-23:00.
  if (sport === 'football') {
    const day = shifted.getUTCDay();
    return (day === 4 || day === 0 || day === 1) && hour >= 8 && hour < 21;
  }
  return hour >= 8;
}

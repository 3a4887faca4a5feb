// When things happen in the demo's seasons: the scoring periods of each sport and season, and the
// demo's fixed "today". A fixed date, not the clock, so the data is the same on every run: the demo
// lives on 30 November 2021, when its 2021 football and basketball seasons are under way and every
// other season is over.
import type { Sport } from '../../domain/catalog.ts';

export const DEMO_TODAY = Date.UTC(2021, 10, 30, 12);

const DAY_MS = 86_400_000;

export interface SeasonCalendar {
  /** Regular-season periods, numbered from 1. */
  regularPeriods: number;
  /** Playoff periods after them (the semi-finals, then the final). */
  playoffPeriods: number;
  /** Start of period 1 (ms since the epoch, UTC midnight). */
  start: number;
  periodDays: number;
  /** Days into a period before its first game (football's weeks start on Tuesday, games on Thursday). */
  firstGameDay: number;
}

// Opening days of the real seasons (season = the year it starts, as the API counts it). Football
// periods run Tuesday to Monday from the week of the opener; baseball and basketball periods
// are longer than a week so that about 20 of them span the season, as fantasy platforms do.
const OPENERS: Record<Sport, Record<number, [month: number, day: number]>> = {
  football: { 2017: [9, 5], 2018: [9, 4], 2019: [9, 3], 2020: [9, 8], 2021: [9, 7] },
  baseball: { 2017: [4, 2], 2018: [3, 29], 2019: [3, 28], 2020: [7, 23], 2021: [4, 1] },
  basketball: { 2017: [10, 17], 2018: [10, 16], 2019: [10, 22], 2020: [12, 22], 2021: [10, 19] },
};

export function seasonCalendar(sport: Sport, season: number): SeasonCalendar {
  const [month, day] = OPENERS[sport][season] ?? OPENERS[sport][2021] ?? [9, 1];
  const start = Date.UTC(season, month - 1, day);
  switch (sport) {
    case 'football':
      return { regularPeriods: 15, playoffPeriods: 2, start, periodDays: 7, firstGameDay: 2 };
    case 'baseball':
      // 2020's season was 60 games from late July: a short schedule.
      return season === 2020
        ? { regularPeriods: 8, playoffPeriods: 2, start, periodDays: 7, firstGameDay: 0 }
        : { regularPeriods: 18, playoffPeriods: 2, start, periodDays: 9, firstGameDay: 0 };
    case 'basketball':
      // 2020-21 started in late December and played 72 games.
      return {
        regularPeriods: 17,
        playoffPeriods: 2,
        start,
        periodDays: season === 2020 ? 8 : 9,
        firstGameDay: 0,
      };
  }
}

export function lastPeriod(calendar: SeasonCalendar): number {
  return calendar.regularPeriods + calendar.playoffPeriods;
}

export function periodStart(calendar: SeasonCalendar, period: number): number {
  return calendar.start + (period - 1) * calendar.periodDays * DAY_MS;
}

/** The period a moment falls in, clamped to the season's periods. */
export function periodAt(calendar: SeasonCalendar, at: number): number {
  const index = Math.floor((at - calendar.start) / (calendar.periodDays * DAY_MS)) + 1;
  return Math.min(Math.max(index, 1), lastPeriod(calendar));
}

/** The season's end (the last period's end), or DEMO_TODAY for a season under way. */
export function seasonEnd(calendar: SeasonCalendar): number {
  return Math.min(periodStart(calendar, lastPeriod(calendar) + 1), DEMO_TODAY);
}

/** Whether the season is still under way on DEMO_TODAY. */
export function isUnderWay(calendar: SeasonCalendar): boolean {
  return periodStart(calendar, lastPeriod(calendar) + 1) > DEMO_TODAY;
}

/** The period the league is in on DEMO_TODAY: its last once the season is over. */
export function currentPeriod(calendar: SeasonCalendar): number {
  return isUnderWay(calendar) ? periodAt(calendar, DEMO_TODAY) : lastPeriod(calendar);
}

/** How much of a period has been played on DEMO_TODAY (0 before it, 1 after it). */
export function playedShare(calendar: SeasonCalendar, period: number): number {
  const firstGame = periodStart(calendar, period) + calendar.firstGameDay * DAY_MS;
  const share = (DEMO_TODAY - firstGame) / ((calendar.periodDays - calendar.firstGameDay) * DAY_MS);
  return Math.min(Math.max(share, 0), 1);
}

/** ISO 8601 in UTC to the second, as platforms give times. */
export function isoAt(at: number): string {
  return new Date(Math.floor(at / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}

export { DAY_MS };

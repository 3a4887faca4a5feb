// What every platform's fake of the Sunday bench (bench/live-sunday.ts) shares: one clock whose
// scores move every second, the same made-up leagues (TEAMS teams, every team playing in week 1),
// and the shape of a fake: the body of each call the platform's live read makes, and the league
// as the store holds it after a full sync. A score is the seconds since the bench's start, so a
// stored score says when the fake answered it: the freshness lag is now minus the stored score.
import type { Platform } from '../../src/domain/catalog.ts';
import type { LeagueSnapshot } from '../../src/domain/records.ts';

/** Teams of every league: 6 games a week, as the modules' call counts assume (Fleaflicker's 7). */
export const TEAMS = 12;
/** The week under way in every league. */
export const WEEK = 1;
/** The season under way: the clock's (a football season runs into the next year's January). */
export function seasonOf(now: Date): number {
  return now.getUTCMonth() < 6 ? now.getUTCFullYear() - 1 : now.getUTCFullYear();
}

/** The scores of the world: every side of every game scores one point a second from `t0`. */
export interface Clock {
  t0: number;
  season: number;
}

export const scoreAt = (clock: Clock, at: number = Date.now()): number =>
  Math.max(0, Math.floor((at - clock.t0) / 1000));

/** The games of week 1: team 2g-1 (home) against team 2g, g from 1; indices into rosterIds. */
export const GAMES: ReadonlyArray<readonly [number, number]> = Array.from(
  { length: TEAMS / 2 },
  (_, g) => [2 * g, 2 * g + 1] as const,
);

/** One platform's fake: what its connector's live read asks, answered. */
export interface PlatformFake {
  platform: Platform;
  /** The platform's key of the bench's i-th league of this platform. */
  leagueKey(i: number): string;
  /** The league's teams as the platform names them (the store's roster ids), TEAMS of them. */
  rosterIds: readonly string[];
  /**
   * The body of a GET to this path and query, or undefined for a path the platform would not
   * know (answered 404). `url` is relative to the fake's base URL.
   */
  answer(url: URL, clock: Clock): unknown;
  /** The bench's u-th account of the platform (each follows a few of its leagues). */
  account(u: number, clock: Clock): BenchAccount;
  /** What the store holds of a league beyond its teams and games (what a live read takes). */
  storedGame?: LeagueSnapshot['game'];
}

/** How a platform's accounts are linked in the bench's store (credentials in clear). */
export interface BenchAccount {
  externalUserId: string;
  credentials?: string;
}

/**
 * The league as a full sync stored it at the bench's start: its teams and week 1's games, and
 * what the platform's snapshot adds (rules a live read takes from the store).
 */
export function storedLeague(fake: PlatformFake, key: string, clock: Clock): LeagueSnapshot {
  const game = fake.storedGame;
  const ids = fake.rosterIds;
  return {
    platform: fake.platform,
    platformLeagueKey: key,
    season: clock.season,
    sport: 'football',
    name: `Sunday ${key}`,
    numTeams: TEAMS,
    teams: ids.map((rosterId) => ({ rosterId })),
    rosterEntries: [],
    players: [],
    activity: {
      currentPeriod: WEEK,
      matchups: GAMES.map(([home, away], g) => ({
        period: WEEK,
        matchupId: String(g + 1),
        // Scored as the fakes answer at the bench's start (a full sync just then).
        sides: [home, away].map((t) => ({ rosterId: ids[t] as string, score: 0 })),
      })),
      transactions: [],
      drafts: [],
      futurePicks: [],
    },
    ...(game && { game }),
  };
}

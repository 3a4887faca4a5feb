// How ESPN names sports and seasons. Each sport is a separate ESPN "game" with its own league ids,
// player ids and season numbering: football and baseball count a season by the year it starts,
// basketball by the year it ends (seasonId 2022 is the 2021-22 season, season 2021 here).
import type { Sport } from '../../domain/catalog.ts';

/** ESPN's game code per sport, as in /apis/v3/games/{game}/... */
export const ESPN_GAMES: Readonly<Record<Sport, string>> = {
  football: 'ffl',
  baseball: 'flb',
  basketball: 'fba',
};

/** ESPN's numeric game ids (a league's `gameId`, a fan profile entry's `gameId`). */
const GAME_IDS: Readonly<Record<number, Sport>> = { 1: 'football', 2: 'baseball', 3: 'basketball' };

/** The sport of an ESPN game code ("ffl", "FFL") or numeric game id; undefined for others (hockey...). */
export function sportOfGame(game: string | number | undefined): Sport | undefined {
  if (typeof game === 'number') return Object.hasOwn(GAME_IDS, game) ? GAME_IDS[game] : undefined;
  const code = game?.toLowerCase();
  return (Object.keys(ESPN_GAMES) as Sport[]).find((sport) => ESPN_GAMES[sport] === code);
}

/** ESPN's seasonId of a season of this service (the year it starts). */
export function espnSeasonId(sport: Sport, season: number): number {
  return sport === 'basketball' ? season + 1 : season;
}

/** This service's season (the year it starts) of an ESPN seasonId. */
export function seasonFromEspn(sport: Sport, seasonId: number): number {
  return sport === 'basketball' ? seasonId - 1 : seasonId;
}

/** The page of a league's season on fantasy.espn.com (ESPN sends no URL; this is its own link). */
export function leagueUrl(sport: Sport, leagueId: string, season: number): string {
  const query = `leagueId=${encodeURIComponent(leagueId)}&seasonId=${espnSeasonId(sport, season)}`;
  return `https://fantasy.espn.com/${sport}/league?${query}`;
}

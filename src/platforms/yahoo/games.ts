// Which Yahoo game is a sport's season: Yahoo numbers a game per sport and season (NFL 2017 is
// 371, NFL 2021 is 406) and every league and player key starts with it. The numbers are asked of
// Yahoo (never a table written here, so any season works) and kept in memory for the life of the
// process: a game's number never changes. A season Yahoo has no game for yet is asked again a day
// later.
import type { Sport } from '../../domain/catalog.ts';
import type { PlatformAccount } from '../connector.ts';
import { YAHOO_GAME_CODES } from './mapping.ts';
import { responses, validate } from './schemas.ts';

type Get = (account: PlatformAccount, path: string, signal?: AbortSignal) => Promise<unknown>;

const MISS_TTL_MS = 24 * 60 * 60 * 1000;

export function createGameDirectory(get: Get, now: () => number) {
  const known = new Map<string, string>();
  /** When a (code, season) was last found missing. */
  const missing = new Map<string, number>();
  const keyOf = (code: string, season: number): string => `${code}:${season}`;

  async function lookUp(
    account: PlatformAccount,
    codes: readonly string[],
    seasons: readonly number[],
    signal: AbortSignal | undefined,
  ): Promise<void> {
    // https://developer.yahoo.com/fantasysports/guide/#games-collection (game_codes, seasons filters)
    const path = `/games;game_codes=${codes.join(',')};seasons=${seasons.join(',')}`;
    const body = validate(responses.games, await get(account, path, signal), `GET ${path}`);
    const found = new Map<string, { key: string; full: boolean }>();
    for (const game of body.fantasy_content.games) {
      const slot = keyOf(game.code, Number(game.season));
      const full = game.type === undefined || game.type === 'full';
      // Prefer the full game where Yahoo also lists another kind for the code and season.
      if (!found.has(slot) || (full && !(found.get(slot) as { full: boolean }).full)) {
        found.set(slot, { key: game.game_key, full });
      }
    }
    for (const [slot, game] of found) known.set(slot, game.key);
    for (const code of codes) {
      for (const season of seasons) {
        if (!known.has(keyOf(code, season))) missing.set(keyOf(code, season), now());
      }
    }
  }

  return {
    /** The game keys of these sports and seasons that Yahoo has, in sport then season order. */
    async keysFor(
      account: PlatformAccount,
      sports: readonly Sport[],
      seasons: readonly number[],
      signal?: AbortSignal,
    ): Promise<string[]> {
      const codes = [...new Set(sports.map((sport) => YAHOO_GAME_CODES[sport]))];
      const unknown = (code: string, season: number): boolean => {
        const slot = keyOf(code, season);
        const missedAt = missing.get(slot);
        return !known.has(slot) && (missedAt === undefined || now() - missedAt >= MISS_TTL_MS);
      };
      const askCodes = codes.filter((code) => seasons.some((season) => unknown(code, season)));
      const askSeasons = seasons.filter((season) => codes.some((code) => unknown(code, season)));
      if (askCodes.length > 0) await lookUp(account, askCodes, askSeasons, signal);
      return codes.flatMap((code) =>
        seasons.flatMap((season) => known.get(keyOf(code, season)) ?? []),
      );
    },
  };
}

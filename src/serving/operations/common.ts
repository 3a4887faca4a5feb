// Pieces several operations share: the league_id path parameter and the league lookup that
// answers 404 alike for a league that does not exist, one the caller does not belong to and one
// of a season outside SUPPORTED_SEASONS (kept in the store, not served).
import { Type } from '@sinclair/typebox';
import type { League, Player } from '../../domain/records.ts';
import { HttpProblem, quoteValue } from '../problems.ts';
import type { Principal } from '../auth.ts';
import type { ReadModel } from '../read-model.ts';
import { MAX_LEAGUE_ID } from '../schemas.ts';

export const LeagueIdParam = Type.Integer({
  format: 'int64',
  minimum: 1,
  maximum: MAX_LEAGUE_ID,
  description: 'The league_id from the league list (plain decimal digits, no leading zeros).',
});

export const NoQuery = Type.Object({}, { additionalProperties: false });

export async function leagueOrNotFound(
  context: { readonly read: ReadModel; readonly principal: Principal },
  leagueId: number,
): Promise<League> {
  const league = await context.read.findLeague(context.principal.userId, leagueId);
  if (league === undefined) {
    throw new HttpProblem(
      'league_not_found',
      `no league ${leagueId} among the leagues of this token's user`,
    );
  }
  return league;
}

export const MAX_PLAYER_ID_LENGTH = 64;

export const PlayerIdParam = Type.String({
  minLength: 1,
  maxLength: MAX_PLAYER_ID_LENGTH,
  description: "The platform's player id, percent-encoded in the path.",
});

/** The player of the league's pool, or 404 player_not_found. */
export async function playerOrNotFound(
  context: { readonly read: ReadModel },
  league: League,
  playerId: string,
): Promise<Player> {
  const player = await context.read.findPlayer(league, playerId);
  if (player === undefined) {
    throw new HttpProblem(
      'player_not_found',
      `no player with player_id ${quoteValue(playerId)} in the player pool of league ${league.leagueId}`,
    );
  }
  return player;
}

// One player of the league's pool, by the platform's player id.
import { Type } from '@sinclair/typebox';
import { defineOperation } from '../operation.ts';
import { HttpProblem, quoteValue } from '../problems.ts';
import { PlayerSchema, toPlayerBody } from '../schemas.ts';
import { LeagueIdParam, NoQuery, leagueOrNotFound } from './common.ts';

export const MAX_PLAYER_ID_LENGTH = 64;

export const playerById = defineOperation({
  id: 'getPlayerById',
  path: '/players/{league_id}/searchPlayer/player_id/{player_id}',
  product: 'player',
  params: Type.Object({
    league_id: LeagueIdParam,
    player_id: Type.String({
      minLength: 1,
      maxLength: MAX_PLAYER_ID_LENGTH,
      description: "The platform's player id, percent-encoded in the path.",
    }),
  }),
  query: NoQuery,
  response: PlayerSchema,
  async handle(context, { league_id, player_id }) {
    const league = await leagueOrNotFound(context, league_id);
    const player = await context.read.findPlayer(league, player_id);
    if (player === undefined) {
      throw new HttpProblem(
        'player_not_found',
        `no player with player_id ${quoteValue(player_id)} in the player pool of league ${league_id}`,
      );
    }
    return toPlayerBody(player);
  },
});

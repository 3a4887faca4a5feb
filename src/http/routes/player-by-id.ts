// GET /players/{league_id}/searchPlayer/player_id/{player_id}: one player of the league's pool.
import { Type } from '@sinclair/typebox';
import { requireProduct } from '../../serving/auth.ts';
import { HttpProblem, quoteValue } from '../../serving/problems.ts';
import { defineRoute } from '../route.ts';
import { PlayerSchema, toPlayerBody } from '../../serving/schemas.ts';
import { LeagueIdParam, NoQuery, leagueOrNotFound } from '../../serving/operations/common.ts';

export const MAX_PLAYER_ID_LENGTH = 64;

export const playerById = defineRoute({
  operationId: 'getPlayerById',
  path: '/players/{league_id}/searchPlayer/player_id/{player_id}',
  tag: 'player',
  summary: 'Get a player by player_id',
  description:
    "Any player of the league's player pool (every player of the league's sport on its " +
    'platform), rostered or not; `fantasy_team_roster_id` names the team holding the player in ' +
    'this league.',
  product: 'player',
  contractHeader: 'auth_token',
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
  responseDescription: 'The player.',
  produces: ['application/json'],
  errors: ['invalid_parameter', 'league_not_found', 'player_not_found', 'not_acceptable'],
  example: '/players/11/searchPlayer/player_id/4046',
  async handler(context) {
    requireProduct(context.principal, 'player');
    const { league_id, player_id } = context.params();
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

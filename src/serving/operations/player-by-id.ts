// One player of the league's pool, by the platform's player id.
import { Type } from '@sinclair/typebox';
import { defineOperation } from '../operation.ts';
import { PlayerSchema, toPlayerBody } from '../schemas.ts';
import {
  LeagueIdParam,
  NoQuery,
  PlayerIdParam,
  leagueOrNotFound,
  playerOrNotFound,
} from './common.ts';

export const playerById = defineOperation({
  id: 'getPlayerById',
  path: '/players/{league_id}/searchPlayer/player_id/{player_id}',
  product: 'player',
  params: Type.Object({ league_id: LeagueIdParam, player_id: PlayerIdParam }),
  query: NoQuery,
  response: PlayerSchema,
  async handle(context, { league_id, player_id }) {
    const league = await leagueOrNotFound(context, league_id);
    return toPlayerBody(await playerOrNotFound(context, league, player_id));
  },
});

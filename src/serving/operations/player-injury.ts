// One player's injury, as the league's platform lists it (the `player` product).
import { Type } from '@sinclair/typebox';
import { defineOperation } from '../operation.ts';
import { PlayerInjurySchema, toInjuryBody } from '../game-schemas.ts';
import {
  LeagueIdParam,
  NoQuery,
  PlayerIdParam,
  leagueOrNotFound,
  playerOrNotFound,
} from './common.ts';

export const getPlayerInjury = defineOperation({
  id: 'getPlayerInjury',
  path: '/players/{league_id}/injury/{player_id}',
  product: 'player',
  params: Type.Object({ league_id: LeagueIdParam, player_id: PlayerIdParam }),
  query: NoQuery,
  response: PlayerInjurySchema,
  async handle(context, { league_id, player_id }) {
    const league = await leagueOrNotFound(context, league_id);
    const player = await playerOrNotFound(context, league, player_id);
    const injury = (await context.read.findInjuries(league, [player.playerId])).get(
      player.playerId,
    );
    return {
      player_id: player.playerId,
      full_name: player.fullName,
      injury: injury === undefined ? null : toInjuryBody(injury),
    };
  },
});

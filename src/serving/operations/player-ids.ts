// A player's ids elsewhere: on the service's other platforms and at data providers (Sportradar,
// GSIS...), as the stored player dumps state them (domain/crossref.ts). Served beside the Player
// record, which stays as the contract has it.
import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { EXTERNAL_ID_TYPES } from '../../domain/crossref.ts';
import { defineOperation } from '../operation.ts';
import { literals } from '../schemas.ts';
import {
  LeagueIdParam,
  NoQuery,
  PlayerIdParam,
  leagueOrNotFound,
  playerOrNotFound,
} from './common.ts';

export const PlayerIdsSchema = Type.Object(
  {
    player_id: Type.String({ description: "The player's id on the league's platform." }),
    full_name: Type.String(),
    ids: Type.Array(
      Type.Object(
        {
          id_type: literals(EXTERNAL_ID_TYPES, {
            description:
              "Another platform (its player id) or a data provider's id system (sportradar, " +
              'gsis, rotowire...).',
          }),
          id: Type.String(),
        },
        { additionalProperties: false },
      ),
      {
        description:
          'Every id the stored player lists give this player elsewhere, ordered by id_type; ' +
          'empty when they give none (the demo platform never does).',
      },
    ),
  },
  { additionalProperties: false },
);
export type PlayerIdsBody = Static<typeof PlayerIdsSchema>;

export const playerIds = defineOperation({
  id: 'getPlayerIds',
  path: '/players/{league_id}/ids/{player_id}',
  product: 'player',
  params: Type.Object({ league_id: LeagueIdParam, player_id: PlayerIdParam }),
  query: NoQuery,
  response: PlayerIdsSchema,
  async handle(context, { league_id, player_id }) {
    const league = await leagueOrNotFound(context, league_id);
    const player = await playerOrNotFound(context, league, player_id);
    const ids = await context.read.findPlayerIds(league, player_id);
    return {
      player_id: player.playerId,
      full_name: player.fullName,
      ids: ids.map(({ idType, externalId }) => ({ id_type: idType, id: externalId })),
    };
  },
});

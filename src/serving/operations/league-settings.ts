// One league of the token's user.
import { Type } from '@sinclair/typebox';
import { defineOperation } from '../operation.ts';
import { LeagueSchema, toLeagueBody } from '../schemas.ts';
import { LeagueIdParam, NoQuery, leagueOrNotFound } from './common.ts';

export const leagueSettings = defineOperation({
  id: 'getLeagueSettings',
  path: '/league/settings/{league_id}',
  product: 'league',
  params: Type.Object({ league_id: LeagueIdParam }),
  query: NoQuery,
  response: LeagueSchema,
  async handle(context, { league_id }) {
    return toLeagueBody(await leagueOrNotFound(context, league_id));
  },
});

// How the league scores and which lineup slots it has (the `league` product).
import { Type } from '@sinclair/typebox';
import { defineOperation } from '../operation.ts';
import { RulesSchema, toRulesBody } from '../rules-schemas.ts';
import { LeagueIdParam, NoQuery, leagueOrNotFound } from './common.ts';

export const getRules = defineOperation({
  id: 'getRules',
  path: '/league/rules/{league_id}',
  product: 'league',
  params: Type.Object({ league_id: LeagueIdParam }),
  query: NoQuery,
  response: RulesSchema,
  async handle(context, { league_id }) {
    const league = await leagueOrNotFound(context, league_id);
    return toRulesBody(league_id, await context.read.findRules(league));
  },
});

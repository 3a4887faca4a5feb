// GET /league/settings/{league_id}: one league of the token's user.
import { Type } from '@sinclair/typebox';
import { requireProduct } from '../../serving/auth.ts';
import { XML_TYPES } from '../negotiate.ts';
import { defineRoute } from '../route.ts';
import { LeagueSchema, toLeagueBody } from '../../serving/schemas.ts';
import { leagueXml } from '../../serving/xml.ts';
import { LeagueIdParam, NoQuery, leagueOrNotFound } from '../../serving/operations/common.ts';

export const leagueSettings = defineRoute({
  operationId: 'getLeagueSettings',
  path: '/league/settings/{league_id}',
  tag: 'league',
  summary: 'Get one league',
  description:
    "The League record of one of the token's user's leagues. A league that does not exist, one " +
    'the user does not belong to and one of a season this service does not serve all answer ' +
    '404. Like the list, it is offered as JSON or XML.',
  product: 'league',
  contractHeader: 'auth_token',
  params: Type.Object({ league_id: LeagueIdParam }),
  query: NoQuery,
  response: LeagueSchema,
  responseDescription: 'The league.',
  produces: ['application/json', ...XML_TYPES],
  xml: leagueXml,
  errors: ['invalid_parameter', 'league_not_found', 'not_acceptable'],
  example: '/league/settings/11',
  async handler(context) {
    requireProduct(context.principal, 'league');
    const { league_id } = context.params();
    return toLeagueBody(await leagueOrNotFound(context, league_id));
  },
});

// GET /league/settings/{league_id}: one league of the token's user (serving/operations).
import { leagueSettings as operation } from '../../serving/operations/league-settings.ts';
import { leagueXml } from '../../serving/xml.ts';
import { XML_TYPES } from '../negotiate.ts';
import { defineRoute } from '../route.ts';

export const leagueSettings = defineRoute(operation, {
  tag: 'league',
  summary: 'Get one league',
  description:
    "The League record of one of the token's user's leagues. A league that does not exist, one " +
    'the user does not belong to and one of a season this service does not serve all answer ' +
    '404. Like the list, it is offered as JSON or XML.',
  contractHeader: 'auth_token',
  responseDescription: 'The league.',
  produces: ['application/json', ...XML_TYPES],
  xml: leagueXml,
  errors: ['invalid_parameter', 'league_not_found', 'not_acceptable'],
  example: '/league/settings/11',
});

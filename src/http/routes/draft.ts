// GET /league/draft/{league_id}: the league's drafts and its future picks (serving/operations),
// as JSON or XML.
import { getDraft as operation } from '../../serving/operations/draft.ts';
import { bodyXml } from '../../serving/xml.ts';
import { XML_TYPES } from '../negotiate.ts';
import { defineRoute } from '../route.ts';

export const getDraft = defineRoute(operation, {
  tag: 'transaction',
  summary: "Get the league's drafts and future picks",
  description:
    "Every draft of the league's season with its picks in draft order (a pick not made yet has " +
    "no player_id; drafted players carry their full_name from the league's pool), and the " +
    'picks of drafts not held yet with the team holding each now. A platform that gives none ' +
    'of it answers empty lists.',
  contractHeader: 'auth_token',
  responseDescription: 'The drafts and future picks.',
  produces: ['application/json', ...XML_TYPES],
  xml: (body) => bodyXml('Drafts', body),
  errors: ['invalid_parameter', 'league_not_found', 'not_acceptable'],
  example: '/league/draft/11',
});

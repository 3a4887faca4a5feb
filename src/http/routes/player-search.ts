// GET /players/{league_id}/search: every match of a name, best first, narrowed by position.
import { searchPlayers as searchPlayersOperation } from '../../serving/operations/player-search.ts';
import { bodyXml } from '../../serving/xml.ts';
import { XML_TYPES } from '../negotiate.ts';
import { defineRoute } from '../route.ts';

export const searchPlayersRoute = defineRoute(searchPlayersOperation, {
  tag: 'player',
  summary: 'Every player matching a name',
  description:
    "The players of the league's pool matching `name` as well as the best match, best first " +
    '(the first is what searchPlayer/name answers), with how many match; `position` keeps the ' +
    "players at that position before matching, so 'allen' with position WR finds the receivers " +
    'named Allen. No match: `match_count` 0 and no players.',
  contractHeader: 'auth_token',
  responseDescription: 'The matches.',
  produces: ['application/json', ...XML_TYPES],
  xml: (body) => bodyXml('PlayerSearch', body),
  errors: ['invalid_parameter', 'league_not_found', 'not_acceptable'],
  example: '/players/11/search?name=josh%20allman',
});

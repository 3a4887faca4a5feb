// GET /players/{league_id}/searchPlayer/player_id/{player_id}: one player of the league's pool
// (serving/operations).
import { playerById as operation } from '../../serving/operations/player-by-id.ts';
import { defineRoute } from '../route.ts';

export const playerById = defineRoute(operation, {
  tag: 'player',
  summary: 'Get a player by player_id',
  description:
    "Any player of the league's player pool (every player of the league's sport on its " +
    'platform), rostered or not; `fantasy_team_roster_id` names the team holding the player in ' +
    'this league.',
  contractHeader: 'auth_token',
  responseDescription: 'The player.',
  produces: ['application/json'],
  errors: ['invalid_parameter', 'league_not_found', 'player_not_found', 'not_acceptable'],
  example: '/players/11/searchPlayer/player_id/4046',
});

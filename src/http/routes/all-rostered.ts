// GET /players/getAllRostered/{league_id}/names: every rostered player of the league, keyed by
// full_name (serving/operations).
import { allRostered as operation, rosteredJson } from '../../serving/operations/all-rostered.ts';
import { defineRoute } from '../route.ts';

export const allRostered = defineRoute(operation, {
  tag: 'roster',
  summary: "List the league's rostered players by name",
  description:
    'An object keyed by full_name, keys in ascending code-point order; each value is an array ' +
    'of the rostered players with that name, ordered by player_id. Nothing rostered gives `{}`.',
  contractHeader: 'auth_token',
  responseDescription: 'The rostered players by name.',
  produces: ['application/json'],
  errors: ['invalid_parameter', 'league_not_found', 'not_acceptable'],
  example: '/players/getAllRostered/11/names',
  json: rosteredJson,
});

// GET /league/findAllLeagues: the leagues of the token's user (serving/operations), as JSON or
// XML. The season filter takes the operator's supported seasons, so the route is built per app.
import { findAllLeagues } from '../../serving/operations/find-all-leagues.ts';
import { leaguesXml } from '../../serving/xml.ts';
import { XML_TYPES } from '../negotiate.ts';
import { defineRoute } from '../route.ts';
import type { ApiRoute } from '../route.ts';

/** The route for a service serving `seasons` (ascending start years). */
export function findAllLeaguesRoute(seasons: readonly number[]): ApiRoute {
  const latest = seasons[seasons.length - 1] ?? 0;
  return defineRoute(findAllLeagues(seasons), {
    tag: 'league',
    summary: "List the token's user's leagues",
    description:
      'Every league the user belongs to on every linked platform, ordered by season (newest ' +
      'first), then sport, then name. Filters repeat: ' +
      `\`?sport=football&sport=baseball&season=${latest}\`.`,
    contractHeader: 'X-Auth-Token',
    responseDescription: 'The leagues (an empty list when none match).',
    produces: ['application/json', ...XML_TYPES],
    xml: leaguesXml,
    errors: ['invalid_parameter', 'not_acceptable'],
    // No season: the example answers with leagues on any store, whatever seasons it serves.
    example: `/league/findAllLeagues?sport=football`,
  });
}

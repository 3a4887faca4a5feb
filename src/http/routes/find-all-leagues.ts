// GET /league/findAllLeagues: the leagues of the token's user, optionally filtered by sport and
// season, as JSON or XML. The season filter accepts the operator's supported seasons
// (SUPPORTED_SEASONS), so the route is built per app from them.
import { Type } from '@sinclair/typebox';
import { SPORTS } from '../../domain/catalog.ts';
import type { Sport } from '../../domain/catalog.ts';
import { requireProduct } from '../../serving/auth.ts';
import { XML_TYPES } from '../negotiate.ts';
import { defineRoute } from '../route.ts';
import type { ApiRoute } from '../route.ts';
import { LeagueListSchema, toLeagueBody } from '../../serving/schemas.ts';
import { leaguesXml } from '../../serving/xml.ts';

const SPORT_FILTERS = [...SPORTS, 'available'] as const;

function leagueQuery(seasons: readonly number[]) {
  return Type.Object(
    {
      sport: Type.Optional(
        Type.Array(
          Type.Union(
            SPORT_FILTERS.map((sport) => Type.Literal(sport)),
            { default: 'available' },
          ),
          { description: 'Repeatable. `available` (the default) means every sport.' },
        ),
      ),
      season: Type.Optional(
        Type.Array(Type.Union(seasons.map((season) => Type.Literal(season))), {
          // The enum lists the years: the text stays as the specification's default has it.
          description: 'Repeatable: the year the season starts. Omitted means every season.',
        }),
      ),
    },
    { additionalProperties: false },
  );
}

const isSportFilter = (value: Sport | 'available'): value is Sport => value !== 'available';

/** The route for a service serving `seasons` (ascending start years). */
export function findAllLeaguesRoute(seasons: readonly number[]): ApiRoute {
  const latest = seasons[seasons.length - 1] ?? 0;
  return defineRoute({
    operationId: 'findAllLeagues',
    path: '/league/findAllLeagues',
    tag: 'league',
    summary: "List the token's user's leagues",
    description:
      'Every league the user belongs to on every linked platform, ordered by season (newest ' +
      'first), then sport, then name. Filters repeat: ' +
      `\`?sport=football&sport=baseball&season=${latest}\`.`,
    product: 'league',
    contractHeader: 'X-Auth-Token',
    params: Type.Object({}),
    query: leagueQuery(seasons),
    response: LeagueListSchema,
    responseDescription: 'The leagues (an empty list when none match).',
    produces: ['application/json', ...XML_TYPES],
    xml: leaguesXml,
    errors: ['invalid_parameter', 'not_acceptable'],
    example: `/league/findAllLeagues?sport=football&season=${latest}`,
    async handler(context) {
      requireProduct(context.principal, 'league');
      const { sport = [], season = [] } = context.query();
      const sports = sport.includes('available') ? [] : [...new Set(sport.filter(isSportFilter))];
      const leagues = await context.read.findLeagues(context.principal.userId, {
        sports,
        seasons: [...new Set(season)],
      });
      return leagues.map(toLeagueBody);
    },
  });
}

// GET /league/findAllLeagues: the leagues of the token's user, optionally filtered by sport and
// season, as JSON or XML.
import { Type } from '@sinclair/typebox';
import { SEASONS, SPORTS } from '../../domain/catalog.ts';
import type { Sport } from '../../domain/catalog.ts';
import { requireProduct } from '../auth.ts';
import { XML_TYPES } from '../negotiate.ts';
import { defineRoute } from '../route.ts';
import { LeagueListSchema, toLeagueBody } from '../schemas.ts';
import { leaguesXml } from '../xml.ts';

const SPORT_FILTERS = [...SPORTS, 'available'] as const;

const Query = Type.Object(
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
      Type.Array(Type.Union(SEASONS.map((season) => Type.Literal(season))), {
        description: 'Repeatable: the year the season starts. Omitted means every season.',
      }),
    ),
  },
  { additionalProperties: false },
);

const isSportFilter = (value: Sport | 'available'): value is Sport => value !== 'available';

export const findAllLeagues = defineRoute({
  operationId: 'findAllLeagues',
  path: '/league/findAllLeagues',
  tag: 'league',
  summary: "List the token's user's leagues",
  description:
    'Every league the user belongs to on every linked platform, ordered by season (newest ' +
    'first), then sport, then name. Filters repeat: `?sport=football&sport=baseball&season=2021`.',
  product: 'league',
  contractHeader: 'X-Auth-Token',
  params: Type.Object({}),
  query: Query,
  response: LeagueListSchema,
  responseDescription: 'The leagues (an empty list when none match).',
  produces: ['application/json', ...XML_TYPES],
  xml: leaguesXml,
  errors: ['invalid_parameter', 'not_acceptable'],
  example: '/league/findAllLeagues?sport=football&season=2021',
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

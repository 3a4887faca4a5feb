// The leagues of the token's user, optionally filtered by sport and season. The season filter
// takes the operator's supported seasons (SUPPORTED_SEASONS), so the operation is built per
// service from them.
import { Type } from '@sinclair/typebox';
import { SPORTS } from '../../domain/catalog.ts';
import type { Sport } from '../../domain/catalog.ts';
import { defineOperation } from '../operation.ts';
import type { Operation } from '../operation.ts';
import { LeagueListSchema, toLeagueBody } from '../schemas.ts';

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

const NoParams = Type.Object({});

export type FindAllLeagues = Operation<
  typeof NoParams,
  ReturnType<typeof leagueQuery>,
  typeof LeagueListSchema
>;

/** The operation of a service serving `seasons` (ascending start years). */
export function findAllLeagues(seasons: readonly number[]): FindAllLeagues {
  return defineOperation({
    id: 'findAllLeagues',
    path: '/league/findAllLeagues',
    product: 'league',
    params: NoParams,
    query: leagueQuery(seasons),
    response: LeagueListSchema,
    async handle(context, _params, { sport = [], season = [] }) {
      const sports = sport.includes('available') ? [] : [...new Set(sport.filter(isSportFilter))];
      const leagues = await context.read.findLeagues(context.principal.userId, {
        sports,
        seasons: [...new Set(season)],
      });
      return leagues.map(toLeagueBody);
    },
  });
}

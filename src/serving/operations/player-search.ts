// Every match of a name search, not only the best: the contract's searchPlayer/name answers one
// player with X-Match-Count, and an application showing "did you mean" needs the others. A
// position narrows the search before the tiers are drawn (see NameIndex.search).
import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { MAX_PLAYER_NAME_LENGTH, normalizeName } from '../../domain/names.ts';
import { defineOperation } from '../operation.ts';
import { invalidParameter } from '../problems.ts';
import { PlayerSchema, toPlayerBody } from '../schemas.ts';
import { LeagueIdParam, leagueOrNotFound } from './common.ts';

export const DEFAULT_SEARCH_LIMIT = 10;
export const MAX_SEARCH_LIMIT = 25;

export const PlayerSearchSchema = Type.Object(
  {
    match_count: Type.Integer({
      minimum: 0,
      description:
        'How many players match as well as the best (the X-Match-Count of searchPlayer/name).',
    }),
    players: Type.Array(PlayerSchema, {
      description:
        'Up to `limit` of them, best first: the first is what searchPlayer/name answers.',
    }),
  },
  { additionalProperties: false },
);
export type PlayerSearchBody = Static<typeof PlayerSearchSchema>;

export const searchPlayers = defineOperation({
  id: 'searchPlayers',
  path: '/players/{league_id}/search',
  product: 'player',
  params: Type.Object({ league_id: LeagueIdParam }),
  query: Type.Object(
    {
      name: Type.String({
        minLength: 1,
        maxLength: MAX_PLAYER_NAME_LENGTH,
        description: 'The name to look for, matched as searchPlayer/name matches it.',
      }),
      position: Type.Optional(
        Type.String({
          minLength: 1,
          maxLength: 10,
          pattern: '^[A-Za-z0-9]+$',
          description:
            'Only players at this position, as a Player record names it (`QB`, `WR`, `K`, `DEF`, ' +
            '`SP`, `PG`...; any case).',
        }),
      ),
      limit: Type.Optional(
        Type.Integer({
          minimum: 1,
          maximum: MAX_SEARCH_LIMIT,
          default: DEFAULT_SEARCH_LIMIT,
          description: 'Players to list at most.',
        }),
      ),
    },
    { additionalProperties: false },
  ),
  response: PlayerSearchSchema,
  async handle(context, { league_id }, { name, position, limit }): Promise<PlayerSearchBody> {
    if (normalizeName(name) === '') {
      throw invalidParameter('name', 'query', 'must contain at least one letter or digit');
    }
    const league = await leagueOrNotFound(context, league_id);
    const found = await context.read.searchPlayers(
      league,
      name,
      limit ?? DEFAULT_SEARCH_LIMIT,
      position?.toUpperCase(),
    );
    return {
      match_count: found.matchCount,
      players: (found.candidates ?? (found.best ? [found.best] : [])).map(toPlayerBody),
    };
  },
});

// GET /players/{league_id}/searchPlayer/name/{player_name}: the best name match in the league's
// player pool; X-Match-Count says how many players matched as well.
import { Type } from '@sinclair/typebox';
import { MAX_PLAYER_NAME_LENGTH, normalizeName } from '../../domain/names.ts';
import { requireProduct } from '../../serving/auth.ts';
import { HttpProblem, invalidParameter, quoteValue } from '../../serving/problems.ts';
import { defineRoute } from '../route.ts';
import { PlayerSchema, toPlayerBody } from '../../serving/schemas.ts';
import { LeagueIdParam, NoQuery, leagueOrNotFound } from '../../serving/operations/common.ts';

export const playerByName = defineRoute({
  operationId: 'searchPlayerByName',
  path: '/players/{league_id}/searchPlayer/name/{player_name}',
  tag: 'player',
  summary: 'Find a player by name',
  description:
    'Matching ignores case, accents, punctuation and the suffixes Jr, Sr, II, III, IV, V ' +
    '("dj moore" finds "D.J. Moore"). Best match first: exact full name, then prefix, then every ' +
    'word a word prefix ("pat mahomes"), then a close spelling ("mahommes"). Ties go to a player ' +
    'rostered in this league, then an active player, then the lowest player_id.',
  product: 'player',
  contractHeader: 'auth_token',
  params: Type.Object({
    league_id: LeagueIdParam,
    player_name: Type.String({
      minLength: 1,
      maxLength: MAX_PLAYER_NAME_LENGTH,
      description:
        'The name to look for, percent-encoded in the path ("dj%20moore"); it must contain a ' +
        'letter or digit.',
    }),
  }),
  query: NoQuery,
  response: PlayerSchema,
  responseDescription: 'The best matching player.',
  produces: ['application/json'],
  responseHeaders: {
    'X-Match-Count': {
      description: 'How many players matched in the best matching tier (1 or more).',
      schema: { type: 'integer' },
    },
  },
  errors: ['invalid_parameter', 'league_not_found', 'player_not_found', 'not_acceptable'],
  example: '/players/11/searchPlayer/name/dj%20marlow',
  // The answer depends on the name only as normalised ("DJ%20Marlow", "d.j. marlow" and
  // "dj marlow" are one search), so they share one cache entry rather than one per spelling.
  cacheKey: ({ league_id, player_name }) => [String(league_id), normalizeName(player_name)],
  async handler(context) {
    requireProduct(context.principal, 'player');
    const { league_id, player_name } = context.params();
    if (normalizeName(player_name) === '') {
      throw invalidParameter('player_name', 'path', 'must contain at least one letter or digit');
    }
    const league = await leagueOrNotFound(context, league_id);
    const { best, matchCount } = await context.read.searchPlayers(league, player_name);
    if (best === undefined) {
      throw new HttpProblem(
        'player_not_found',
        `no player of league ${league_id} matches the name ${quoteValue(player_name)}`,
      );
    }
    context.header('X-Match-Count', String(matchCount));
    return toPlayerBody(best);
  },
});

// GET /players/{league_id}/searchPlayer/name/{player_name}: the best name match in the league's
// player pool (serving/operations); X-Match-Count says how many players matched as well.
import { normalizeName } from '../../domain/names.ts';
import { playerByName as operation } from '../../serving/operations/player-by-name.ts';
import { defineRoute } from '../route.ts';

export const playerByName = defineRoute(operation, {
  tag: 'player',
  summary: 'Find a player by name',
  description:
    'Matching ignores case, accents, punctuation and the suffixes Jr, Sr, II, III, IV, V ' +
    '("dj moore" finds "D.J. Moore"). Best match first: exact full name, then prefix, then every ' +
    'word a word prefix ("pat mahomes"), then a close spelling ("mahommes"). Ties go to a player ' +
    'rostered in this league, then an active player, then the lowest player_id.',
  contractHeader: 'auth_token',
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
  headers: (match) => ({ 'X-Match-Count': String(match.matchCount) }),
});

// The best name match in the league's player pool, with how many players matched as well and,
// when the context asks for them, the others of the best tier.
import { Type } from '@sinclair/typebox';
import { MAX_PLAYER_NAME_LENGTH, normalizeName } from '../../domain/names.ts';
import { defineOperation } from '../operation.ts';
import { HttpProblem, invalidParameter, quoteValue } from '../problems.ts';
import { PlayerSchema, toPlayerBody } from '../schemas.ts';
import type { PlayerBody } from '../schemas.ts';
import { LeagueIdParam, NoQuery, leagueOrNotFound } from './common.ts';

export interface PlayerMatch {
  best: PlayerBody;
  /** Players in the best matching tier; above 1, the name is ambiguous. */
  matchCount: number;
  /** The others of the best tier, best first: at most `context.candidates` - 1 of them. */
  others: readonly PlayerBody[];
}

const NONE: readonly PlayerBody[] = Object.freeze([]);

export const playerByName = defineOperation({
  id: 'searchPlayerByName',
  path: '/players/{league_id}/searchPlayer/name/{player_name}',
  product: 'player',
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
  async handle(context, { league_id, player_name }): Promise<PlayerMatch> {
    if (normalizeName(player_name) === '') {
      throw invalidParameter('player_name', 'path', 'must contain at least one letter or digit');
    }
    const league = await leagueOrNotFound(context, league_id);
    const found = await context.read.searchPlayers(league, player_name, context.candidates);
    if (found.best === undefined) {
      throw new HttpProblem(
        'player_not_found',
        `no player of league ${league_id} matches the name ${quoteValue(player_name)}`,
      );
    }
    const best = toPlayerBody(found.best);
    const others =
      found.candidates === undefined
        ? NONE
        : found.candidates.filter((player) => player.playerId !== best.player_id).map(toPlayerBody);
    return { best, matchCount: found.matchCount, others };
  },
  body: (match) => match.best,
});

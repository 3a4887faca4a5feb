// The league's seasons as its platform links them, oldest first (the `league` product).
import { Type } from '@sinclair/typebox';
import { defineOperation } from '../operation.ts';
import { HistorySchema } from '../game-schemas.ts';
import { LeagueIdParam, NoQuery, leagueOrNotFound } from './common.ts';

export const getHistory = defineOperation({
  id: 'getHistory',
  path: '/league/history/{league_id}',
  product: 'league',
  params: Type.Object({ league_id: LeagueIdParam }),
  query: NoQuery,
  response: HistorySchema,
  async handle(context, { league_id }) {
    const league = await leagueOrNotFound(context, league_id);
    const seasons = await context.read.listSeasons(context.principal.userId, league);
    return seasons.map((season) => ({
      season: season.season,
      platform_league_id: season.platformLeagueKey,
      league_id: season.leagueId ?? null,
    }));
  },
});

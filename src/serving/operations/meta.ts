// What this deployment serves (platforms, sports, seasons, products, and which of the products
// the calling token holds), and for each of the token's user's leagues when a sync last read it
// and whether its season is over (a finished season's league no longer changes).
import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { PLATFORMS, PRODUCTS, SPORTS } from '../../domain/catalog.ts';
import { isSeasonFinished } from '../../domain/pools.ts';
import { defineOperation } from '../operation.ts';
import type { Operation } from '../operation.ts';
import { LeagueSchema, SportSchema, literals } from '../schemas.ts';
import { NoQuery } from './common.ts';
import type { LeagueRefreshState } from '../../storage/repositories/live.ts';

const ProductSchema = literals(PRODUCTS);
const PlatformSchema = literals(PLATFORMS);

export const LeagueStateSchema = Type.Object(
  {
    league_id: LeagueSchema.properties.league_id,
    platform: PlatformSchema,
    sport: SportSchema,
    season: Type.Integer({ description: 'The year the season starts.' }),
    last_synced_at: Type.Optional(
      Type.String({
        format: 'date-time',
        description:
          "When a sync of this user's accounts last read the league from its platform (changed " +
          'or not). Absent when only another account of the store has synced it.',
      }),
    ),
    last_refreshed_at: Type.Optional(
      Type.String({
        format: 'date-time',
        description:
          'When a live refresh last read the period in progress (its scores and lineups). ' +
          'Absent when no live refresh has read the league.',
      }),
    ),
    next_refresh_at: Type.Optional(
      Type.String({
        format: 'date-time',
        description:
          'When the next live refresh is planned while the period stays live (LIVE_REFRESH_SECONDS, ' +
          "or later when the platform's budget is shared by more live leagues).",
      }),
    ),
    season_finished: Type.Boolean({
      description:
        'The season is over (from July 1 after the year it started): its league no longer ' +
        'changes, and syncs leave it alone once they have read it in full.',
    }),
  },
  { additionalProperties: false },
);

export const MetaSchema = Type.Object(
  {
    platforms: Type.Array(PlatformSchema, { description: 'The platforms this service reads.' }),
    sports: Type.Array(SportSchema, { description: 'The sports it serves.' }),
    seasons: Type.Array(Type.Integer(), {
      description: 'The seasons it serves (SUPPORTED_SEASONS), ascending.',
    }),
    products: Type.Array(ProductSchema, { description: 'Every product a token may hold.' }),
    token_products: Type.Array(ProductSchema, {
      description: 'The products the calling token holds.',
    }),
    leagues: Type.Array(LeagueStateSchema, {
      description: "The user's leagues, in the league list's order.",
    }),
  },
  { additionalProperties: false },
);
export type MetaBody = Static<typeof MetaSchema>;

const NoParams = Type.Object({});

export type GetMeta = Operation<typeof NoParams, typeof NoQuery, typeof MetaSchema>;

/** The operation of a service serving `seasons` (ascending start years). */
export function getMeta(seasons: readonly number[], now: () => Date = () => new Date()): GetMeta {
  return defineOperation({
    id: 'getMeta',
    path: '/meta',
    product: 'meta',
    params: NoParams,
    query: NoQuery,
    response: MetaSchema,
    async handle(context) {
      const { userId, products } = context.principal;
      const [leagues, syncTimes] = await Promise.all([
        context.read.findLeagues(userId, { sports: [], seasons: [] }),
        context.read.findLeagueSyncTimes(userId),
      ]);
      const refreshes = await context.read.findLeagueRefreshes(leagues.map((l) => l.leagueId));
      const at = now();
      return {
        platforms: [...PLATFORMS],
        sports: [...SPORTS],
        seasons: [...seasons],
        products: [...PRODUCTS],
        token_products: PRODUCTS.filter((product) => products.includes(product)),
        leagues: leagues.map((league) => {
          const syncedAt = syncTimes.get(league.leagueId);
          return {
            league_id: league.leagueId,
            platform: league.platform,
            sport: league.sport,
            season: league.season,
            ...(syncedAt !== undefined && { last_synced_at: syncedAt }),
            ...refreshFields(refreshes.get(league.leagueId)),
            season_finished: isSeasonFinished(league.season, at),
          };
        }),
      };
    },
  });
}

function refreshFields(state: LeagueRefreshState | undefined) {
  return {
    ...(state?.lastRefreshAt !== undefined && { last_refreshed_at: state.lastRefreshAt }),
    ...(state?.nextRefreshAt !== undefined && { next_refresh_at: state.nextRefreshAt }),
  };
}

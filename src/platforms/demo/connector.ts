// The bundled demo platform as a PlatformConnector: the service runs end to end with no account
// and no network. Everything is generated from the seed on first use and kept in memory.
import type { PoolKey } from '../../domain/pools.ts';
import type { LeagueSnapshot, PlayerPoolSnapshot } from '../../domain/records.ts';
import { PlatformError } from '../connector.ts';
import type {
  LeagueFetchContext,
  LeagueRef,
  LinkOutcome,
  LinkRequest,
  PlatformAccount,
  PlatformConnector,
  SyncScope,
} from '../connector.ts';
import {
  DEFAULT_DEMO_SEED,
  DEMO_EXTERNAL_USER_ID,
  DEMO_USERNAME,
  generateDemoData,
} from './plan.ts';
import type { DemoData } from './plan.ts';
import { DEMO_TODAY } from './calendar.ts';
import { demoLivePeriod, demoLiveState } from './live.ts';

export interface DemoConnectorOptions {
  /** Same seed, same data, byte for byte. */
  seed?: number;
  /** Plays the current week live on this clock (DEMO_LIVE, platforms/demo/live.ts). */
  live?: { now: () => number };
}

export function createDemoConnector(options: DemoConnectorOptions = {}): PlatformConnector {
  const seed = options.seed ?? DEFAULT_DEMO_SEED;
  let data: DemoData | undefined;
  // Generated lazily: building the connector (every CLI start) costs nothing until a sync needs it.
  const demoData = (): DemoData => (data ??= generateDemoData(seed));

  const checkAccount = (account: PlatformAccount): void => {
    if (account.externalUserId !== DEMO_EXTERNAL_USER_ID) {
      throw new PlatformError(
        'demo',
        `no demo account with id "${account.externalUserId}"`,
        'not_found',
      );
    }
  };

  const findLeague = (ref: LeagueRef): LeagueSnapshot => {
    const league = demoData().leagues.find(
      (l) =>
        l.platformLeagueKey === ref.platformLeagueKey &&
        l.season === ref.season &&
        l.sport === ref.sport,
    );
    if (!league) {
      throw new PlatformError(
        'demo',
        `no ${ref.sport} league "${ref.platformLeagueKey}" in season ${ref.season}`,
        'not_found',
      );
    }
    return league;
  };
  const liveClock = options.live?.now;

  return {
    platform: 'demo',
    ...(liveClock !== undefined && {
      live: {
        today: () => new Date(DEMO_TODAY),
        livePeriod: async (sport, season) => demoLiveState(sport, season),
        async fetchLivePeriod(account, ref, period, signal) {
          signal?.throwIfAborted();
          checkAccount(account);
          const league = findLeague(ref);
          const pool = demoData().pools.find((p) => p.sport === ref.sport);
          return demoLivePeriod(seed, league, pool, period, liveClock());
        },
      },
    }),

    async link(
      request: LinkRequest,
      _existing?: PlatformAccount,
      signal?: AbortSignal,
    ): Promise<LinkOutcome> {
      signal?.throwIfAborted();
      // The admin API's and the connect page's link name no user: the demo has only the one.
      const username = request.username ?? DEMO_USERNAME;
      if (username !== DEMO_USERNAME) {
        throw new PlatformError(
          'demo',
          `no demo user named "${username}"; the demo platform has only "${DEMO_USERNAME}"`,
          'not_found',
        );
      }
      return {
        status: 'linked',
        account: { platform: 'demo', externalUserId: DEMO_EXTERNAL_USER_ID, username },
      };
    },

    async listLeagues(
      account: PlatformAccount,
      scope: SyncScope,
      signal?: AbortSignal,
    ): Promise<LeagueRef[]> {
      signal?.throwIfAborted();
      checkAccount(account);
      return demoData()
        .leagues.filter(
          (league) =>
            (scope.sports.length === 0 || scope.sports.includes(league.sport)) &&
            (scope.seasons.length === 0 || scope.seasons.includes(league.season)),
        )
        .map((league) => ({
          platformLeagueKey: league.platformLeagueKey,
          season: league.season,
          sport: league.sport,
          name: league.name,
        }));
    },

    async fetchLeague(
      account: PlatformAccount,
      ref: LeagueRef,
      context: LeagueFetchContext,
      signal?: AbortSignal,
    ): Promise<LeagueSnapshot> {
      signal?.throwIfAborted();
      checkAccount(account);
      const league = findLeague(ref);
      // Copies, so a caller that edits a snapshot cannot change what the next call returns.
      const snapshot = structuredClone(league);
      // Periods the store holds as final are left out, as a platform's connector does not fetch them.
      const final = await context.finalLineupPeriods?.();
      if (final !== undefined && final.size > 0 && snapshot.game?.lineups !== undefined) {
        snapshot.game.lineups = snapshot.game.lineups.filter((l) => !final.has(l.period));
      }
      return snapshot;
    },

    async fetchPlayerPool(
      { sport }: PoolKey,
      _account: unknown,
      signal?: AbortSignal,
    ): Promise<PlayerPoolSnapshot> {
      signal?.throwIfAborted();
      const pool = demoData().pools.find((p) => p.sport === sport);
      if (!pool) throw new PlatformError('demo', `no ${sport} player pool`, 'not_found');
      return structuredClone(pool);
    },
  };
}

// A PlatformConnector scripted by the test: leagues per platform user, failures per league key,
// a player pool per sport, and a log of every call in order.
import type { Platform, Sport } from '../../src/domain/catalog.ts';
import type { PoolKey } from '../../src/domain/pools.ts';
import type { LeagueSnapshot, PlayerPoolSnapshot } from '../../src/domain/records.ts';
import type {
  LeagueRef,
  LinkOutcome,
  LinkRequest,
  PlatformAccount,
  PlatformConnector,
  SyncScope,
} from '../../src/platforms/connector.ts';
import { PlatformError } from '../../src/platforms/connector.ts';

export interface ScriptedConnector extends PlatformConnector {
  /** The leagues each platform user id sees; snapshots may be replaced between syncs. */
  leagues: Map<string, LeagueSnapshot[]>;
  /** Errors thrown by fetchLeague, by platform league key. */
  leagueFailures: Map<string, Error>;
  /** Extra refs listed for a platform user with no snapshot behind them (fetch: not_found). */
  listOnly: Map<string, LeagueRef[]>;
  listFailure?: Error;
  pools: Map<Sport, PlayerPoolSnapshot | null>;
  poolFailure?: Error;
  calls: string[];
  /** The scope of each listLeagues call, in order. */
  scopes: SyncScope[];
  credentialsSeen: (string | undefined)[];
}

export function createScriptedConnector(platform: Platform = 'sleeper'): ScriptedConnector {
  const connector: ScriptedConnector = {
    platform,
    leagues: new Map(),
    leagueFailures: new Map(),
    listOnly: new Map(),
    pools: new Map(),
    calls: [],
    scopes: [],
    credentialsSeen: [],
    async link(request: LinkRequest): Promise<LinkOutcome> {
      const username = request.username ?? '';
      connector.calls.push(`resolve ${username}`);
      return {
        status: 'linked',
        account: { platform, externalUserId: `id-${username}`, username },
      };
    },
    async listLeagues(account: PlatformAccount, scope: SyncScope): Promise<LeagueRef[]> {
      connector.calls.push(`list ${account.externalUserId}`);
      connector.scopes.push({ sports: [...scope.sports], seasons: [...scope.seasons] });
      connector.credentialsSeen.push(account.credentials);
      if (connector.listFailure) throw connector.listFailure;
      const refs = (connector.leagues.get(account.externalUserId) ?? []).map((s) => ({
        platformLeagueKey: s.platformLeagueKey,
        season: s.season,
        sport: s.sport,
        name: s.name,
      }));
      return [...refs, ...(connector.listOnly.get(account.externalUserId) ?? [])].filter(
        (ref) =>
          (scope.sports.length === 0 || scope.sports.includes(ref.sport)) &&
          (scope.seasons.length === 0 || scope.seasons.includes(ref.season)),
      );
    },
    async fetchLeague(
      account: PlatformAccount,
      ref: LeagueRef,
      _context: unknown,
    ): Promise<LeagueSnapshot> {
      connector.calls.push(`league ${ref.platformLeagueKey}`);
      const failure = connector.leagueFailures.get(ref.platformLeagueKey);
      if (failure) throw failure;
      const snapshot = connector.leagues
        .get(account.externalUserId)
        ?.find((s) => s.platformLeagueKey === ref.platformLeagueKey && s.season === ref.season);
      if (!snapshot)
        throw new PlatformError(platform, `league ${ref.platformLeagueKey} not found`, 'not_found');
      return structuredClone(snapshot);
    },
    async fetchPlayerPool({ sport, season }: PoolKey): Promise<PlayerPoolSnapshot | null> {
      connector.calls.push(`pool ${sport}`);
      if (connector.poolFailure) throw connector.poolFailure;
      const pool = connector.pools.get(sport);
      return pool === undefined || pool === null ? null : { ...structuredClone(pool), season };
    },
  };
  return connector;
}

// All listed leagues of one account: fetched concurrently, written one by one in a fixed order.
import { isSeasonFinished, poolKeyOf, poolKeyText } from '../domain/pools.ts';
import { whenAborted } from '../platforms/abort.ts';
import type { LeagueRef, PlatformAccount, PlatformConnector } from '../platforms/connector.ts';
import type { Store } from '../storage/db.ts';
import { findFinalLineupPeriods } from '../storage/repositories/game-reads.ts';
import { loadStoredPlayers } from '../storage/repositories/players.ts';
import { leagueKey } from '../storage/repositories/league-keys.ts';
import { fetchLeague, writeLeague } from './league.ts';
import type { Fetched } from './league.ts';
import { startWithLimit } from './limit.ts';
import type { LeagueSyncResult, SyncOptions } from './types.ts';

export const DEFAULT_CONCURRENCY = 4;

/**
 * Fetches up to `concurrency` leagues at once but writes them one after another in a fixed order
 * (sport, newest season, key): a league's write may read players an earlier one stored (see
 * pool-players.ts), and a fixed order makes that, and so every re-sync, come out the same.
 */
export async function syncLeagues(
  store: Store,
  connector: PlatformConnector,
  account: PlatformAccount,
  refs: readonly LeagueRef[],
  options: SyncOptions,
  run: {
    runId: number;
    userId: number;
    accountId: number;
    knownLeagueIds: ReadonlyMap<string, number>;
    /** poolKeyText of the pools holding a full player list. */
    completePools: ReadonlySet<string>;
    /** `poolKeyText/playerId` of players earlier leagues of this run described. */
    described: Set<string>;
  },
): Promise<LeagueSyncResult[]> {
  const ordered = [...refs].sort(
    (a, b) =>
      a.sport.localeCompare(b.sport) ||
      b.season - a.season ||
      a.platformLeagueKey.localeCompare(b.platformLeagueKey),
  );
  // Fetches still running when the writes stop early (a store error) are cancelled with them.
  const fetchControl = new AbortController();
  const { signal } = options;
  const stopWaiting = signal ? whenAborted(signal, () => fetchControl.abort(signal.reason)) : noop;
  const now = (options.now ?? (() => new Date()))();
  try {
    const fetches = startWithLimit(ordered, options.concurrency ?? DEFAULT_CONCURRENCY, (ref) => {
      const pool = poolKeyOf({ ...ref, platform: connector.platform });
      const leagueId = run.knownLeagueIds.get(leagueKey(ref.platformLeagueKey, ref.season));
      const context = {
        async storedPlayerIds(ids: readonly string[]): Promise<ReadonlySet<string>> {
          return new Set((await loadStoredPlayers(store.db, pool, ids)).keys());
        },
        // What the store holds as final is not fetched again (a finished week is read once).
        async finalLineupPeriods(): Promise<ReadonlySet<number>> {
          if (leagueId === undefined) return new Set();
          return findFinalLineupPeriods(store.db, leagueId, isSeasonFinished(ref.season, now));
        },
        async storedPlayerPositions(ids: readonly string[]) {
          const positions = new Map<string, string>();
          for (const [id, player] of await loadStoredPlayers(store.db, pool, ids)) {
            if (player.position !== undefined) positions.set(id, player.position);
          }
          return positions;
        },
      };
      return fetchLeague(connector, account, ref, context, fetchControl.signal);
    });
    const results: LeagueSyncResult[] = [];
    for (const [index, ref] of ordered.entries()) {
      const fetched = await (fetches[index] as Promise<Fetched>);
      const poolText = poolKeyText(poolKeyOf({ ...ref, platform: connector.platform }));
      const described = (id: string): string => `${poolText}/${id}`;
      const result = await writeLeague(
        store,
        connector.platform,
        {
          runId: run.runId,
          userId: run.userId,
          accountId: run.accountId,
          ref,
          knownLeagueId:
            run.knownLeagueIds.get(leagueKey(ref.platformLeagueKey, ref.season)) ?? null,
          preferStored: run.completePools.has(poolText)
            ? () => true
            : (id) => run.described.has(described(id)),
          ...(options.onProgress === undefined ? {} : { onProgress: options.onProgress }),
        },
        fetched,
      );
      results.push(result);
      if (result.outcome !== 'failed' && 'snapshot' in fetched) {
        for (const player of fetched.snapshot.players)
          run.described.add(described(player.playerId));
      }
    }
    return results;
  } finally {
    stopWaiting();
    fetchControl.abort();
  }
}

function noop(): void {}

// All listed leagues of one account: fetched concurrently, written one by one in a fixed order.
import type { Sport } from '../domain/catalog.ts';
import type { LeagueRef, PlatformAccount, PlatformConnector } from '../platforms/connector.ts';
import type { Store } from '../storage/db.ts';
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
    completePools: ReadonlySet<Sport>;
    /** `platform/sport/playerId` of players earlier leagues of this run described. */
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
  const cancel = (): void => fetchControl.abort(options.signal?.reason);
  if (options.signal?.aborted) cancel();
  options.signal?.addEventListener('abort', cancel, { once: true });
  try {
    const fetches = startWithLimit(ordered, options.concurrency ?? DEFAULT_CONCURRENCY, (ref) =>
      fetchLeague(connector, account, ref, fetchControl.signal),
    );
    const results: LeagueSyncResult[] = [];
    for (const [index, ref] of ordered.entries()) {
      const fetched = await (fetches[index] as Promise<Fetched>);
      const described = (id: string): string => `${connector.platform}/${ref.sport}/${id}`;
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
          preferStored: run.completePools.has(ref.sport)
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
    options.signal?.removeEventListener('abort', cancel);
    fetchControl.abort();
  }
}

// The player pools (domain/pools.ts): a platform's full player list for a sport (and season, where
// the platform lists players per season), shared by all its leagues of it. Their write is one
// transaction, like a league's.
import type { PoolKey } from '../../domain/pools.ts';
import type { PlayerPoolSnapshot } from '../../domain/records.ts';
import { nowIso, writeTransaction } from '../db.ts';
import type { Store, Tx } from '../db.ts';
import { replacePoolExternalIds } from './crossref.ts';
import { bumpDataSeq } from './data-seq.ts';
import { upsertPlayers } from './players.ts';
import { checkPlayerPool, contentHash } from './snapshot-checks.ts';
import type { WriteOutcome } from './snapshots.ts';

export interface PlayerPoolState {
  refreshedAt?: string;
  version: number;
  dataSeq: number;
}

/**
 * Stamps a changed pool with data_seq and a new version, creating its row on first use.
 * `contentHash` undefined keeps the hash of the last full dump (players were only added to it);
 * null forgets it (a player of the dump was changed, so an identical dump must be written again).
 */
export async function markPoolChanged(
  tx: Tx,
  pool: PoolKey,
  seq: number,
  options: { contentHash?: string | null; refreshedAt?: string } = {},
): Promise<void> {
  const { contentHash: hash, refreshedAt } = options;
  await tx
    .insertInto('player_pools')
    .values({
      platform: pool.platform,
      sport: pool.sport,
      season: pool.season,
      content_hash: hash ?? null,
      version: 1,
      data_seq: seq,
      refreshed_at: refreshedAt ?? null,
    })
    .onConflict((oc) =>
      oc.columns(['platform', 'sport', 'season']).doUpdateSet((eb) => ({
        content_hash:
          hash === undefined
            ? eb.ref('player_pools.content_hash')
            : eb.ref('excluded.content_hash'),
        version: eb('player_pools.version', '+', 1),
        data_seq: eb.ref('excluded.data_seq'),
        refreshed_at: eb.fn.coalesce('excluded.refreshed_at', 'player_pools.refreshed_at'),
      })),
    )
    .execute();
}

/**
 * Upserts a platform's full player list for a sport; never deletes. refreshed_at is set even when
 * the list is unchanged, since it records when the platform was last asked (the engine fetches at
 * most once a day). `players` is the number of players in the dump. The external ids the dump
 * gives replace the pool's stored ones in the same transaction; the content hash covers them
 * too, so a dump whose only change is an id is written.
 */
export async function writePlayerPool(
  store: Store,
  pool: PlayerPoolSnapshot,
): Promise<{ outcome: WriteOutcome; players: number }> {
  checkPlayerPool(pool);
  const key: PoolKey = { platform: pool.platform, sport: pool.sport, season: pool.season };
  // A dump without external ids hashes exactly as before they existed.
  const hash =
    pool.externalIds === undefined
      ? contentHash(pool.players)
      : contentHash({ players: pool.players, externalIds: pool.externalIds });
  const players = pool.players.length;
  return writeTransaction(store, async (tx) => {
    const now = nowIso();
    const state = await tx
      .selectFrom('player_pools')
      .select('content_hash')
      .where('platform', '=', key.platform)
      .where('sport', '=', key.sport)
      .where('season', '=', key.season)
      .executeTakeFirst();
    if (state && state.content_hash === hash) {
      await tx
        .updateTable('player_pools')
        .set({ refreshed_at: now })
        .where('platform', '=', key.platform)
        .where('sport', '=', key.sport)
        .where('season', '=', key.season)
        .execute();
      return { outcome: 'unchanged', players };
    }
    // Bumped before knowing whether any row differs, to keep the lock order above; at worst a
    // dump equal row for row to what leagues already wrote costs readers one cache refresh.
    const seq = await bumpDataSeq(tx);
    await upsertPlayers(tx, key, pool.players);
    if (pool.externalIds !== undefined) await replacePoolExternalIds(tx, key, pool.externalIds);
    await markPoolChanged(tx, key, seq, {
      contentHash: hash,
      refreshedAt: now,
    });
    return { outcome: 'written', players };
  });
}

export async function getPlayerPoolState(
  db: Tx,
  pool: PoolKey,
): Promise<PlayerPoolState | undefined> {
  const row = await db
    .selectFrom('player_pools')
    .select(['refreshed_at', 'version', 'data_seq'])
    .where('platform', '=', pool.platform)
    .where('sport', '=', pool.sport)
    .where('season', '=', pool.season)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    ...(row.refreshed_at !== null && { refreshedAt: row.refreshed_at }),
    version: row.version,
    dataSeq: Number(row.data_seq),
  };
}

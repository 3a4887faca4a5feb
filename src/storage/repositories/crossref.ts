// Cross-platform player ids (domain/crossref.ts): which ids other systems give a pool's players,
// and the question they answer, "who is this player on the other platforms?".
import type { Sport } from '../../domain/catalog.ts';
import { isExternalIdType, isIdPlatform } from '../../domain/crossref.ts';
import type { ExternalIdType, IdPlatform } from '../../domain/crossref.ts';
import type { PoolKey } from '../../domain/pools.ts';
import { comparePlayerIds } from '../../domain/names.ts';
import { compareText } from '../../domain/order.ts';
import type { PlayerExternalId } from '../../domain/records.ts';
import type { Tx } from '../db.ts';

const CHUNK = 500;

/**
 * Replaces the external ids of one pool with those of its latest full dump (a dump is the whole
 * truth about whom its players are elsewhere: an id it dropped was a mistake it corrected).
 * Called inside the pool's write transaction.
 */
export async function replacePoolExternalIds(
  tx: Tx,
  pool: PoolKey,
  ids: readonly PlayerExternalId[],
): Promise<void> {
  await tx
    .deleteFrom('player_external_ids')
    .where('platform', '=', pool.platform)
    .where('sport', '=', pool.sport)
    .where('season', '=', pool.season)
    .execute();
  const rows = ids.map((id) => ({
    platform: pool.platform,
    sport: pool.sport,
    season: pool.season,
    player_id: id.playerId,
    id_type: id.idType,
    external_id: id.externalId,
  }));
  for (let start = 0; start < rows.length; start += CHUNK) {
    await tx
      .insertInto('player_external_ids')
      .values(rows.slice(start, start + CHUNK))
      .execute();
  }
}

/** A player's id on one of the service's platforms. */
export interface PlatformPlayerId {
  platform: IdPlatform;
  playerId: string;
}

/** How many hops through shared ids a search follows (Sleeper -> Sportradar -> MFL is two). */
const MAX_HOPS = 4;

type Key = `${string}\u0000${string}`;
const keyOf = (type: string, id: string): Key => `${type}\u0000${id}`;

/**
 * Everyone the stored dumps say is the same person as `playerId` on `platform` (any season's
 * pool of the sport): that player's ids on the other platforms, ordered by platform then id.
 * Records are tied when one names the other's id or both name one id of a shared system
 * (Sportradar, GSIS...); ties are followed a few hops, so platforms that never name each other
 * meet through a third. Empty when the dumps say nothing.
 */
export async function findSamePlayer(
  db: Tx,
  query: { platform: IdPlatform; sport: Sport; playerId: string },
): Promise<PlatformPlayerId[]> {
  const start = keyOf(query.platform, query.playerId);
  const seen = new Set<Key>([start]);
  let frontier: Array<{ type: ExternalIdType | string; id: string }> = [
    { type: query.platform, id: query.playerId },
  ];
  for (let hop = 0; hop < MAX_HOPS && frontier.length > 0; hop++) {
    const rows = await db
      .selectFrom('player_external_ids')
      .select(['platform', 'player_id', 'id_type', 'external_id'])
      .where('sport', '=', query.sport)
      .where((eb) =>
        eb.or(
          frontier.flatMap(({ type, id }) => [
            // The records that are this id (a platform's own player)...
            eb.and([eb('platform', '=', type), eb('player_id', '=', id)]),
            // ...and the records that name it.
            eb.and([eb('id_type', '=', type), eb('external_id', '=', id)]),
          ]),
        ),
      )
      .execute();
    const next: typeof frontier = [];
    for (const row of rows) {
      for (const [type, id] of [
        [row.platform, row.player_id],
        [row.id_type, row.external_id],
      ] as const) {
        const key = keyOf(type, id);
        if (seen.has(key)) continue;
        seen.add(key);
        next.push({ type, id });
      }
    }
    frontier = next;
  }
  const found: PlatformPlayerId[] = [];
  for (const key of seen) {
    if (key === start) continue;
    const [type, id] = key.split('\u0000') as [string, string];
    if (isIdPlatform(type)) found.push({ platform: type, playerId: id });
  }
  return found.sort(
    (a, b) =>
      a.platform.localeCompare(b.platform) ||
      a.playerId.localeCompare(b.playerId, 'en', { numeric: true }),
  );
}

/** One of a player's ids in another system: another platform's player id or a data provider's. */
export interface PlayerIdElsewhere {
  idType: ExternalIdType;
  externalId: string;
}

/**
 * Every id the stored dumps give `playerId` of the pool elsewhere: the ids its own record names,
 * then (for a platform whose ids others name) the other platforms' player ids found through shared
 * ids. Ordered by id type, then id; one entry per (type, id).
 */
export async function findPlayerIdsElsewhere(
  db: Tx,
  pool: PoolKey,
  playerId: string,
): Promise<PlayerIdElsewhere[]> {
  const own = await db
    .selectFrom('player_external_ids')
    .select(['id_type', 'external_id'])
    .where('platform', '=', pool.platform)
    .where('sport', '=', pool.sport)
    .where('season', '=', pool.season)
    .where('player_id', '=', playerId)
    .execute();
  const found = new Map<string, PlayerIdElsewhere>();
  const add = (idType: ExternalIdType, externalId: string) =>
    found.set(`${idType}\u0000${externalId}`, { idType, externalId });
  for (const row of own) {
    if (isExternalIdType(row.id_type) && row.id_type !== pool.platform) {
      add(row.id_type, row.external_id);
    }
  }
  if (isIdPlatform(pool.platform)) {
    const same = await findSamePlayer(db, {
      platform: pool.platform,
      sport: pool.sport,
      playerId,
    });
    for (const other of same) {
      if (other.platform !== pool.platform) add(other.platform, other.playerId);
    }
  }
  return [...found.values()].sort(
    (a, b) => compareText(a.idType, b.idType) || comparePlayerIds(a.externalId, b.externalId),
  );
}

// Which player records a league write carries. When a (platform, sport) pool holds a full player
// list (refreshed_at set), the pool is the source of truth for every player in it: a league only
// adds the players the pool lacks, and never overwrites a pool record with its own (often poorer)
// one, such as a draft-pick record or an id-only placeholder.
//
// This also keeps re-syncs idempotent across processes: a connector may describe rostered players
// differently depending on whether it fetched the player list itself in this process (Sleeper
// does), so the engine rebuilds `players` the same way every time: every rostered player, as the
// pool stores it when the pool has it, else as the connector gave it.
import type { Platform, Sport } from '../domain/catalog.ts';
import type { LeagueSnapshot, PlayerRecord } from '../domain/records.ts';
import type { Tx } from '../storage/db.ts';

const CHUNK = 500;

export async function loadStoredPlayers(
  db: Tx,
  platform: Platform,
  sport: Sport,
  ids: readonly string[],
): Promise<Map<string, PlayerRecord>> {
  const found = new Map<string, PlayerRecord>();
  for (let start = 0; start < ids.length; start += CHUNK) {
    const rows = await db
      .selectFrom('players')
      .selectAll()
      .where('platform', '=', platform)
      .where('sport', '=', sport)
      .where('player_id', 'in', ids.slice(start, start + CHUNK))
      .execute();
    for (const row of rows) {
      found.set(row.player_id, {
        playerId: row.player_id,
        fullName: row.full_name,
        ...(row.first_name !== null && { firstName: row.first_name }),
        ...(row.last_name !== null && { lastName: row.last_name }),
        ...(row.position !== null && { position: row.position }),
        ...(row.irl_team !== null && { irlTeam: row.irl_team }),
        ...(row.uniform_number !== null && { uniformNumber: row.uniform_number }),
        active: Number(row.active) === 1,
      });
    }
  }
  return found;
}

/** The snapshot with `players` rebuilt from the pool first (see the file comment). */
export async function preferPoolPlayers(db: Tx, snapshot: LeagueSnapshot): Promise<LeagueSnapshot> {
  const given = new Map<string, PlayerRecord>();
  // A malformed list is left for the store's checks to refuse with a clear message.
  if (!Array.isArray(snapshot.players) || !Array.isArray(snapshot.rosterEntries)) return snapshot;
  for (const player of snapshot.players) given.set(player.playerId, player);
  const ids = [
    ...new Set([...snapshot.rosterEntries.map((entry) => entry.playerId), ...given.keys()]),
  ].sort();
  const stored = await loadStoredPlayers(db, snapshot.platform, snapshot.sport, ids);
  const players = ids.flatMap((id) => {
    const player = stored.get(id) ?? given.get(id);
    return player === undefined ? [] : [player];
  });
  return { ...snapshot, players };
}

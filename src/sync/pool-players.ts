// Which player records a league write carries. Players live in one pool (domain/pools.ts) that
// every league of it shares, so a league's own description of a player must not undo a
// better or earlier one:
// - when the pool holds a full player list (refreshed_at set), the pool is the truth for every
//   player in it; a league only adds the players the pool lacks, and never overwrites a pool
//   record with a poorer one such as a draft-pick record or an id-only placeholder;
// - a player already described by an earlier league of the same run keeps that description, so
//   two leagues describing one player differently do not overwrite each other on every run;
// - a kept record still takes the jersey number a league gives when it has none: some platforms'
//   full lists carry no numbers at all (ESPN's season list) while their rosters do. Only gaps are
//   filled, so the first description wins and re-syncs stay the same.
// Together with a fixed write order this makes re-syncs come out the same, also across
// processes: a connector may describe rostered players differently depending on whether it
// fetched the full player list itself in this process (Sleeper does).
import { poolKeyOf } from '../domain/pools.ts';
import type { LeagueSnapshot, PlayerRecord } from '../domain/records.ts';
import type { Tx } from '../storage/db.ts';
import { loadStoredPlayers } from '../storage/repositories/players.ts';

/**
 * The snapshot with `players` rebuilt: every rostered or given player, as stored when
 * `preferStored(id)` says so and the store has it, else as the connector gave it.
 */
export async function resolvePlayers(
  db: Tx,
  snapshot: LeagueSnapshot,
  preferStored: (playerId: string) => boolean,
): Promise<LeagueSnapshot> {
  // A malformed list is left for the store's checks to refuse with a clear message.
  if (!Array.isArray(snapshot.players) || !Array.isArray(snapshot.rosterEntries)) return snapshot;
  const given = new Map<string, PlayerRecord>();
  for (const player of snapshot.players) given.set(player.playerId, player);
  const ids = [
    ...new Set([...snapshot.rosterEntries.map((entry) => entry.playerId), ...given.keys()]),
  ].sort();
  const stored = await loadStoredPlayers(db, poolKeyOf(snapshot), ids.filter(preferStored));
  const players = ids.flatMap((id) => {
    const kept = stored.get(id);
    const league = given.get(id);
    if (kept === undefined) return league === undefined ? [] : [league];
    return [withGapsFilled(kept, league)];
  });
  return { ...snapshot, players };
}

/**
 * The kept record, with the uniform number a league's record gives when the kept one has none.
 * Other fields are not taken: a full list without a team or a position says the player has none.
 */
function withGapsFilled(kept: PlayerRecord, league: PlayerRecord | undefined): PlayerRecord {
  if (kept.uniformNumber !== undefined || league?.uniformNumber === undefined) return kept;
  return { ...kept, uniformNumber: league.uniformNumber };
}

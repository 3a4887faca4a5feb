// The write side used by the sync engine. Every exported write is one transaction: a league's
// previous snapshot stays whole until its replacement has been written completely.
// Lock order: see bumpDataSeq.
import { sql } from 'kysely';
import type { RawBuilder } from 'kysely';
import type { Platform, Sport } from '../../domain/catalog.ts';
import { poolKeyOf } from '../../domain/pools.ts';
import type { LeagueSnapshot } from '../../domain/records.ts';
import type { LeagueUpdatedPart } from '../../domain/webhooks.ts';
import { nowIso, writeTransaction } from '../db.ts';
import type { Store, Tx } from '../db.ts';
import { bumpDataSeq } from './data-seq.ts';
import { replaceDrafts } from './drafts.ts';
import { lineupsDiffer, writeLeagueGame } from './game.ts';
import { diffPlayers, upsertPlayers } from './players.ts';
import { markPoolChanged } from './pools.ts';
import { changedParts } from './league-changes.ts';
import { checkLeagueSnapshot, contentHash } from './snapshot-checks.ts';
import { currentPeriodColumn, replaceMatchups, teamDetailColumns } from './teams.ts';
import { replaceTransactions } from './transactions.ts';

// The sync engine's whole write side, importable from this one module as the contracts name it.
export { getDataSeq } from './data-seq.ts';
export { getPlayerPoolState, writePlayerPool } from './pools.ts';
export type { PlayerPoolState } from './pools.ts';

export type WriteOutcome = 'written' | 'unchanged';

/** A league's write within a transaction: its id, outcome, and the parts it changed. */
export interface LeagueWrite {
  leagueId: number;
  outcome: WriteOutcome;
  /**
   * The parts of the stored league the write changed (league-changes.ts), sorted, when asked
   * for (`compareParts`); empty when it wrote nothing, when it wrote the league for the first
   * time (a new league is not an update), and when only other data changed (names, standings,
   * rules, drafts).
   */
  changed: LeagueUpdatedPart[];
}

/** Who sees the league: the user, through which linked account (null for the demo). */
export interface LeagueMember {
  userId: number;
  accountId: number | null;
}

export interface DetachScope {
  userId: number;
  platform: Platform;
  sports: readonly Sport[];
  seasons: readonly number[];
  /** Leagues the sync read or kept: they stay, and count no sync that found them gone. */
  keepLeagueIds: readonly number[];
  /** Keys of leagues whose read failed without the platform saying they are gone. */
  unreadKeys?: readonly string[];
  /** Syncs in a row that must find a league gone before it is detached; 1 (at once) if absent. */
  goneSyncs?: number;
}

// Rows per multi-row insert: well under both backends' bound-parameter limits.
const INSERT_CHUNK = 500;

export async function writeLeagueSnapshot(
  store: Store,
  snapshot: LeagueSnapshot,
  member?: LeagueMember,
): Promise<{ leagueId: number; outcome: WriteOutcome }> {
  checkLeagueSnapshot(snapshot);
  const { leagueId, outcome } = await writeTransaction(store, (tx) =>
    applyLeagueSnapshot(tx, snapshot, member),
  );
  return { leagueId, outcome };
}

function findLeagueByKey(tx: Tx, s: LeagueSnapshot) {
  return tx
    .selectFrom('leagues')
    .select(['id', 'content_hash'])
    .where('platform', '=', s.platform)
    .where('platform_league_key', '=', s.platformLeagueKey)
    .where('season', '=', s.season)
    .executeTakeFirst();
}

/**
 * The body of writeLeagueSnapshot, for a transaction the caller holds. Exported so tests can fail
 * a transaction after it and see that nothing of it remains; the snapshot must already be checked.
 *
 * The league's content hash covers its settings, teams, rosters, activity and game but for the
 * lineups (compared with the stored periods instead), not `players`: those belong
 * to the shared pool, which other leagues and the pool's own refresh also write. They are
 * compared row by row instead and written only where they differ, so a league whose players were
 * meanwhile described by another league is still 'unchanged' (the outcome speaks of the league).
 *
 * With `compareParts`, a league already stored that is written again is first compared part by
 * part with what the store holds (league-changes.ts): `changed` says which parts it changes.
 */
export async function applyLeagueSnapshot(
  tx: Tx,
  s: LeagueSnapshot,
  member?: LeagueMember,
  options: { compareParts?: boolean } = {},
): Promise<LeagueWrite> {
  // The lineups are compared with the store apart (lineupsDiffer says why).
  const game = s.game && { ...s.game, lineups: undefined };
  const hash = contentHash({ ...s, players: undefined, game });
  const current = await findLeagueByKey(tx, s);
  const leagueUnchanged =
    current !== undefined &&
    current.content_hash === hash &&
    !(await lineupsDiffer(tx, current.id, s.game?.lineups));
  const pool = poolKeyOf(s);
  const players = await diffPlayers(tx, pool, s.players);
  const playersChange = players.added.length + players.changed.length > 0;
  if (leagueUnchanged && !playersChange) {
    if (member) await ensureMember(tx, current.id, member);
    return { leagueId: current.id, outcome: 'unchanged', changed: [] };
  }
  const seq = await bumpDataSeq(tx);
  if (playersChange) {
    await upsertPlayers(tx, pool, [...players.added, ...players.changed]);
    await markPoolChanged(
      tx,
      pool,
      seq,
      // A changed player of the last full dump means an identical dump must be written again.
      players.changed.length > 0 ? { contentHash: null } : {},
    );
  }
  if (leagueUnchanged) {
    if (member) await ensureMember(tx, current.id, member, seq);
    return { leagueId: current.id, outcome: 'unchanged', changed: [] };
  }
  // Read again now that writers are queued: a first write of this same league may have committed
  // while this one waited, and its id must be reused rather than collide on the unique key.
  const existing = await findLeagueByKey(tx, s);
  const now = nowIso();
  const settings = {
    sport: s.sport,
    name: s.name,
    num_teams: s.numTeams ?? null,
    league_url: s.leagueUrl || null,
    league_avatar: s.leagueAvatar || null,
    ...currentPeriodColumn(s),
    content_hash: hash,
    data_seq: seq,
    synced_at: now,
  };
  let leagueId: number;
  let changed: LeagueUpdatedPart[] = [];
  if (existing) {
    leagueId = existing.id;
    if (options.compareParts === true) changed = await changedParts(tx, leagueId, s);
    await tx
      .updateTable('leagues')
      .set((eb) => ({ ...settings, version: eb('version', '+', 1) }))
      .where('id', '=', leagueId)
      .execute();
    await tx.deleteFrom('roster_entries').where('league_id', '=', leagueId).execute();
    await tx.deleteFrom('fantasy_teams').where('league_id', '=', leagueId).execute();
  } else {
    const inserted = await tx
      .insertInto('leagues')
      .values({
        ...settings,
        platform: s.platform,
        platform_league_key: s.platformLeagueKey,
        season: s.season,
        version: 1,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    leagueId = inserted.id;
  }
  await insertTeamsAndRosters(tx, leagueId, s);
  await replaceMatchups(tx, leagueId, s);
  await replaceTransactions(tx, leagueId, s);
  await replaceDrafts(tx, leagueId, s);
  await writeLeagueGame(tx, leagueId, s.game);
  if (member) await ensureMember(tx, leagueId, member, seq);
  return { leagueId, outcome: 'written', changed };
}

/** The users the league is a member of, ascending. */
export async function listLeagueMemberIds(tx: Tx, leagueId: number): Promise<number[]> {
  const rows = await tx
    .selectFrom('league_members')
    .select('user_id')
    .where('league_id', '=', leagueId)
    .orderBy('user_id')
    .execute();
  return rows.map((row) => row.user_id);
}

async function insertTeamsAndRosters(tx: Tx, leagueId: number, s: LeagueSnapshot): Promise<void> {
  const teams = s.teams.map((t) => ({
    league_id: leagueId,
    roster_id: t.rosterId,
    name: t.name || null,
    owner_platform_user_id: t.ownerPlatformUserId || null,
    ...teamDetailColumns(t),
  }));
  for (let start = 0; start < teams.length; start += INSERT_CHUNK) {
    await tx
      .insertInto('fantasy_teams')
      .values(teams.slice(start, start + INSERT_CHUNK))
      .execute();
  }
  const entries = s.rosterEntries.map((e) => ({
    league_id: leagueId,
    player_id: e.playerId,
    roster_id: e.rosterId,
  }));
  for (let start = 0; start < entries.length; start += INSERT_CHUNK) {
    await tx
      .insertInto('roster_entries')
      .values(entries.slice(start, start + INSERT_CHUNK))
      .execute();
  }
}

/** Adds the membership if missing; a new membership changes what the user sees. */
async function ensureMember(
  tx: Tx,
  leagueId: number,
  member: LeagueMember,
  seq?: number,
): Promise<void> {
  const existing = await tx
    .selectFrom('league_members')
    .select('account_id')
    .where('user_id', '=', member.userId)
    .where('league_id', '=', leagueId)
    .executeTakeFirst();
  if (existing) {
    // Which account leads to the league is bookkeeping, not something the API shows: no bump.
    if (existing.account_id !== member.accountId) {
      await tx
        .updateTable('league_members')
        .set({ account_id: member.accountId })
        .where('user_id', '=', member.userId)
        .where('league_id', '=', leagueId)
        .execute();
    }
    return;
  }
  const memberSeq = seq ?? (await bumpDataSeq(tx));
  await tx
    .insertInto('league_members')
    .values({
      league_id: leagueId,
      user_id: member.userId,
      account_id: member.accountId,
      created_at: nowIso(),
    })
    .onConflict((oc) => oc.columns(['user_id', 'league_id']).doNothing())
    .execute();
  await tx
    .updateTable('users')
    .set({ data_seq: memberSeq })
    .where('id', '=', member.userId)
    .execute();
}

/**
 * Makes the user a member of leagues already stored, without writing them: a finished season's
 * league another account synced after the season ended needs no fetch (see sync/seasons.ts).
 */
export async function attachLeagues(
  store: Store,
  leagueIds: readonly number[],
  member: LeagueMember,
): Promise<void> {
  if (leagueIds.length === 0) return;
  await writeTransaction(store, async (tx) => {
    for (const leagueId of leagueIds) await ensureMember(tx, leagueId, member);
  });
}

/**
 * The user's memberships of the platform's leagues within the scope (empty lists mean all) that
 * are not kept count one more sync that found them gone; those that reach `goneSyncs` in a row
 * are removed. Kept leagues start counting again from 0, and leagues of `unreadKeys` (a read
 * that failed without saying the league is gone) are left as they are. Leagues stay: other users
 * may share them. Returns how many memberships went.
 */
export async function detachLeagues(store: Store, d: DetachScope): Promise<number> {
  return writeTransaction(store, async (tx) => {
    let query = tx
      .selectFrom('league_members')
      .innerJoin('leagues', 'leagues.id', 'league_members.league_id')
      .select([
        'league_members.league_id',
        'league_members.gone_syncs',
        'leagues.platform_league_key',
      ])
      .where('league_members.user_id', '=', d.userId)
      .where('leagues.platform', '=', d.platform);
    if (d.sports.length > 0) query = query.where('leagues.sport', 'in', [...d.sports]);
    if (d.seasons.length > 0) query = query.where('leagues.season', 'in', [...d.seasons]);
    const keep = new Set(d.keepLeagueIds);
    const unread = new Set(d.unreadKeys ?? []);
    const bound = d.goneSyncs ?? 1;
    const rows = await query.execute();
    const seenAgain = rows.filter((row) => keep.has(row.league_id) && row.gone_syncs > 0);
    const gone = rows.filter(
      (row) => !keep.has(row.league_id) && !unread.has(row.platform_league_key),
    );
    const ids = (list: typeof rows) => list.map((row) => row.league_id);
    await setGoneSyncs(tx, d.userId, ids(seenAgain), () => sql<number>`0`);
    const counted = gone.filter((row) => row.gone_syncs + 1 < bound);
    await setGoneSyncs(tx, d.userId, ids(counted), () => sql<number>`gone_syncs + 1`);
    const detached = ids(gone.filter((row) => row.gone_syncs + 1 >= bound));
    if (detached.length === 0) return 0;
    const seq = await bumpDataSeq(tx);
    for (let start = 0; start < detached.length; start += INSERT_CHUNK) {
      await tx
        .deleteFrom('league_members')
        .where('user_id', '=', d.userId)
        .where('league_id', 'in', detached.slice(start, start + INSERT_CHUNK))
        .execute();
    }
    await tx.updateTable('users').set({ data_seq: seq }).where('id', '=', d.userId).execute();
    return detached.length;
  });
}

/** The count of syncs that found these memberships gone; it changes nothing served. */
async function setGoneSyncs(
  tx: Tx,
  userId: number,
  leagueIds: readonly number[],
  value: () => RawBuilder<number>,
): Promise<void> {
  for (let start = 0; start < leagueIds.length; start += INSERT_CHUNK) {
    await tx
      .updateTable('league_members')
      .set({ gone_syncs: value() })
      .where('user_id', '=', userId)
      .where('league_id', 'in', leagueIds.slice(start, start + INSERT_CHUNK))
      .execute();
  }
}

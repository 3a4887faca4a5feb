// Reads for the read side's snapshot cache: what changed since a data_seq (for invalidation from
// any process), a user's leagues with when each was synced, a league's roster and a pool's names
// (in pages: a large pool is thousands of rows), and what the warm-up at start needs. The cache
// holds the results in memory until the league, user or pool changes.
import type { Platform, Sport } from '../../domain/catalog.ts';
import { compareText } from '../../domain/order.ts';
import { poolKeyOf, poolKeyText } from '../../domain/pools.ts';
import type { PoolKey } from '../../domain/pools.ts';
import type { League } from '../../domain/records.ts';
import type { Tx } from '../db.ts';
import { LEAGUE_COLUMNS, compareLeagues, toLeague } from './leagues.ts';
import { getPlayerPoolState } from './pools.ts';
import type { LeagueRow } from './leagues.ts';

export type { PoolKey } from '../../domain/pools.ts';

/** Everything whose data_seq is above the one asked about. */
export interface StoreChanges {
  /** store_state.data_seq when the changes were read (read first: later writes show next time). */
  dataSeq: number;
  leagueIds: number[];
  userIds: number[];
  pools: PoolKey[];
}

export interface VersionedLeague {
  league: League;
  /** leagues.synced_at: when a sync last changed the league. */
  syncedAt: string;
}

export async function findChangesSince(db: Tx, since: number): Promise<StoreChanges> {
  const state = await db
    .selectFrom('store_state')
    .select('value')
    .where('key', '=', 'data_seq')
    .executeTakeFirstOrThrow();
  const dataSeq = Number(state.value);
  if (dataSeq <= since) return { dataSeq, leagueIds: [], userIds: [], pools: [] };
  const [leagues, users, pools] = await Promise.all([
    db.selectFrom('leagues').select('id').where('data_seq', '>', since).execute(),
    db.selectFrom('users').select('id').where('data_seq', '>', since).execute(),
    db
      .selectFrom('player_pools')
      .select(['platform', 'sport', 'season'])
      .where('data_seq', '>', since)
      .execute(),
  ]);
  return {
    dataSeq,
    leagueIds: leagues.map((row) => row.id),
    userIds: users.map((row) => row.id),
    pools: pools.map((row) => ({
      platform: row.platform as Platform,
      sport: row.sport as Sport,
      season: Number(row.season),
    })),
  };
}

function toVersionedLeague(row: LeagueRow & { synced_at: string }): VersionedLeague {
  return { league: toLeague(row), syncedAt: row.synced_at };
}

/** The user's leagues in the API's order (season desc, sport, name, league_id). */
export async function findVersionedLeaguesForUser(
  db: Tx,
  userId: number,
): Promise<VersionedLeague[]> {
  const rows = await db
    .selectFrom('league_members')
    .innerJoin('leagues', 'leagues.id', 'league_members.league_id')
    .select([...LEAGUE_COLUMNS, 'leagues.synced_at'])
    .where('league_members.user_id', '=', userId)
    .execute();
  return rows.map(toVersionedLeague).sort(({ league: a }, { league: b }) => compareLeagues(a, b));
}

/** player_id -> roster_id of the league's roster entries. */
export async function findRosterIds(db: Tx, leagueId: number): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('roster_entries')
    .select(['player_id', 'roster_id'])
    .where('league_id', '=', leagueId)
    .execute();
  return new Map(rows.map((row) => [row.player_id, row.roster_id]));
}

/** What a name search needs of a pool player: the rest is read for the one player found. */
export interface PoolName {
  playerId: string;
  fullName: string;
  active: boolean;
}

/** Every player of a pool, in one query. */
export async function listPoolNames(db: Tx, pool: PoolKey): Promise<PoolName[]> {
  const rows = await poolNamesQuery(db, pool).execute();
  return rows.map(toPoolName);
}

/** How a pool is read in pages. */
export interface PoolPaging {
  /** Rows per query. */
  pageRows: number;
  /** Awaited after each full page (the snapshots give the event loop a turn there). */
  between(): Promise<void>;
}

/**
 * Every player of a pool, `pageRows` at a time in player_id order (keyset on the primary key),
 * awaiting `between()` after each full page: with SQLite a query holds the event loop until it
 * returns, so one query over a 10,000-player pool would hold it for its whole length.
 *
 * Pages are separate statements, and a write between two of them would leave a mix of old and
 * new rows. Every write to a pool's players stamps player_pools.data_seq in its transaction, so
 * the stamp is read before the first page and after the last: if it moved, the pool is read
 * again in one query, which sees one state.
 */
export async function listPoolNamesPaged(
  db: Tx,
  pool: PoolKey,
  paging: PoolPaging,
): Promise<PoolName[]> {
  const before = (await getPlayerPoolState(db, pool))?.dataSeq;
  const names: PoolName[] = [];
  let after: string | undefined;
  for (;;) {
    let query = poolNamesQuery(db, pool).orderBy('player_id').limit(paging.pageRows);
    if (after !== undefined) query = query.where('player_id', '>', after);
    const rows = await query.execute();
    for (const row of rows) names.push(toPoolName(row));
    const last = rows.at(-1);
    if (rows.length < paging.pageRows || last === undefined) break;
    after = last.player_id;
    await paging.between();
  }
  if ((await getPlayerPoolState(db, pool))?.dataSeq === before) return names;
  return listPoolNames(db, pool);
}

/** A pool with how many of the sampled leagues use it, and one of their members. */
export interface PoolUse {
  pool: PoolKey;
  leagues: number;
  /** A member of the pool's most recently written league: whose requests the warm-up runs. */
  member: { userId: number; leagueId: number };
}

/**
 * How many memberships `listUsedPools` reads: a sample whose reading does not grow with the
 * store (on a million leagues, counting every one took 0.9 s on SQLite before the first pool
 * loaded), and large enough to rank the pools in use.
 */
export const USED_POOLS_SAMPLE = 10_000;

/**
 * The pools of the leagues of `seasons` that have members, the most used first, counted over
 * the `sample` most recently written leagues' memberships (newest data_seq first, along the
 * leagues_data_seq index): the leagues syncs keep writing are the ones in use.
 */
export async function listUsedPools(
  db: Tx,
  seasons: readonly number[],
  sample: number = USED_POOLS_SAMPLE,
): Promise<PoolUse[]> {
  if (seasons.length === 0) return [];
  const rows = await db
    .selectFrom('leagues')
    .innerJoin('league_members', 'league_members.league_id', 'leagues.id')
    .select([
      'leagues.id',
      'leagues.platform',
      'leagues.sport',
      'leagues.season',
      'league_members.user_id',
    ])
    .where('leagues.season', 'in', seasons)
    .orderBy('leagues.data_seq', 'desc')
    .limit(sample)
    .execute();
  // Leagues of a platform that keeps one pool for every season share it: add them up.
  const uses = new Map<string, PoolUse & { leagueIds: Set<number> }>();
  for (const row of rows) {
    const pool = poolKeyOf({
      platform: row.platform as Platform,
      sport: row.sport as Sport,
      season: Number(row.season),
    });
    const key = poolKeyText(pool);
    const leagueId = Number(row.id);
    const userId = Number(row.user_id);
    let use = uses.get(key);
    if (use === undefined) {
      use = { pool, leagues: 0, member: { userId, leagueId }, leagueIds: new Set() };
      uses.set(key, use);
    }
    use.leagueIds.add(leagueId);
    // Of the first league met, its lowest member: the same one whatever order rows tie in.
    if (use.member.leagueId === leagueId && userId < use.member.userId) use.member.userId = userId;
  }
  return [...uses.entries()]
    .map(([key, { pool, leagueIds, member }]) => ({
      key,
      use: { pool, leagues: leagueIds.size, member },
    }))
    .sort((a, b) => b.use.leagues - a.use.leagues || compareText(a.key, b.key))
    .map(({ use }) => use);
}

/** How many players the pool holds (the warm-up checks the pool budget with it). */
export async function countPoolPlayers(db: Tx, pool: PoolKey): Promise<number> {
  const row = await poolPlayers(db, pool)
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('players'))
    .executeTakeFirstOrThrow();
  return Number(row.players);
}

/** The players of one pool, before anything is selected. */
function poolPlayers(db: Tx, pool: PoolKey) {
  return db
    .selectFrom('players')
    .where('platform', '=', pool.platform)
    .where('sport', '=', pool.sport)
    .where('season', '=', pool.season);
}

function poolNamesQuery(db: Tx, pool: PoolKey) {
  return poolPlayers(db, pool).select(['player_id', 'full_name', 'active']);
}

function toPoolName(row: { player_id: string; full_name: string; active: number }): PoolName {
  return { playerId: row.player_id, fullName: row.full_name, active: Number(row.active) === 1 };
}

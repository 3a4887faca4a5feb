// Reads for the HTTP layer's snapshot cache: what changed since a data_seq (for invalidation from
// any process), a user's leagues with when each was synced, a league's roster and a pool's names.
// Each is one query; the cache holds the results in memory until the league, user or pool changes.
import type { Platform, Sport } from '../../domain/catalog.ts';
import type { PoolKey } from '../../domain/pools.ts';
import type { League } from '../../domain/records.ts';
import type { Tx } from '../db.ts';
import { LEAGUE_COLUMNS, compareLeagues, toLeague } from './leagues.ts';
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

/** Every player of a pool, by name. */
export async function listPoolNames(db: Tx, pool: PoolKey): Promise<PoolName[]> {
  const rows = await db
    .selectFrom('players')
    .select(['player_id', 'full_name', 'active'])
    .where('platform', '=', pool.platform)
    .where('sport', '=', pool.sport)
    .where('season', '=', pool.season)
    .execute();
  return rows.map(toPoolName);
}

function toPoolName(row: { player_id: string; full_name: string; active: number }): PoolName {
  return { playerId: row.player_id, fullName: row.full_name, active: Number(row.active) === 1 };
}

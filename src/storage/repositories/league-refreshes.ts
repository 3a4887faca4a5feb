// A user's leagues with their live refreshes (league_refreshes, migration 022), for the admin
// API's links and `fantasy-data sync status`: when each was last refreshed and when next.
import type { Platform } from '../../domain/catalog.ts';
import type { Tx } from '../db.ts';

export interface UserLeagueRefresh {
  leagueId: number;
  platform: Platform;
  season: number;
  name: string;
  /** Null: never live-refreshed. */
  lastRefreshAt: string | null;
  /** Null: no live refresh planned (no period in progress, or never looked at). */
  nextRefreshAt: string | null;
}

/** Every league the user is a member of, by league id, with its refresh times. */
export async function findUserLeagueRefreshes(
  db: Tx,
  userId: number,
): Promise<UserLeagueRefresh[]> {
  const rows = await db
    .selectFrom('league_members')
    .innerJoin('leagues', 'leagues.id', 'league_members.league_id')
    .leftJoin('league_refreshes', 'league_refreshes.league_id', 'leagues.id')
    .select([
      'leagues.id as league_id',
      'leagues.platform',
      'leagues.season',
      'leagues.name',
      'league_refreshes.last_refresh_at',
      'league_refreshes.next_refresh_at',
    ])
    .where('league_members.user_id', '=', userId)
    .orderBy('leagues.id')
    .execute();
  return rows.map((row) => ({
    leagueId: Number(row.league_id),
    platform: row.platform as Platform,
    season: Number(row.season),
    name: row.name,
    lastRefreshAt: row.last_refresh_at ?? null,
    nextRefreshAt: row.next_refresh_at ?? null,
  }));
}

// The league read side of the API: a user sees exactly the leagues they are a member of.
import type { Selectable } from 'kysely';
import type { Platform, Sport } from '../../domain/catalog.ts';
import type { League } from '../../domain/records.ts';
import { compareText } from '../../domain/order.ts';
import type { Tx } from '../db.ts';
import type { LeaguesTable } from '../schema.ts';

/** Empty lists mean every sport or every season. */
export interface LeagueFilter {
  sports: readonly Sport[];
  seasons: readonly number[];
}

export const LEAGUE_COLUMNS = [
  'leagues.id',
  'leagues.platform',
  'leagues.name',
  'leagues.sport',
  'leagues.season',
  'leagues.num_teams',
  'leagues.league_url',
  'leagues.league_avatar',
] as const;

export type LeagueRow = Pick<
  Selectable<LeaguesTable>,
  'id' | 'platform' | 'name' | 'sport' | 'season' | 'num_teams' | 'league_url' | 'league_avatar'
>;

export function toLeague(row: LeagueRow): League {
  return {
    leagueId: row.id,
    // platform and sport are validated before any league is written.
    platform: row.platform as Platform,
    name: row.name,
    sport: row.sport as Sport,
    season: row.season,
    ...(row.num_teams !== null && { numTeams: row.num_teams }),
    ...(row.league_url !== null && { leagueUrl: row.league_url }),
    ...(row.league_avatar !== null && { leagueAvatar: row.league_avatar }),
  };
}

/**
 * Sorted here rather than in SQL: PostgreSQL orders text by the server's locale while SQLite
 * orders by code unit, and a user's few dozen leagues cost nothing to sort, identically everywhere.
 */
export function compareLeagues(a: League, b: League): number {
  return (
    b.season - a.season ||
    compareText(a.sport, b.sport) ||
    compareText(a.name, b.name) ||
    a.leagueId - b.leagueId
  );
}

export async function findLeaguesForUser(
  db: Tx,
  userId: number,
  filter: LeagueFilter,
): Promise<League[]> {
  let query = db
    .selectFrom('league_members')
    .innerJoin('leagues', 'leagues.id', 'league_members.league_id')
    .select(LEAGUE_COLUMNS)
    .where('league_members.user_id', '=', userId);
  if (filter.sports.length > 0) query = query.where('leagues.sport', 'in', [...filter.sports]);
  if (filter.seasons.length > 0) query = query.where('leagues.season', 'in', [...filter.seasons]);
  const rows = await query.execute();
  return rows.map(toLeague).sort(compareLeagues);
}

/** Undefined both when the league does not exist and when the user is not a member of it. */
export async function findLeagueForUser(
  db: Tx,
  userId: number,
  leagueId: number,
): Promise<League | undefined> {
  const row = await db
    .selectFrom('league_members')
    .innerJoin('leagues', 'leagues.id', 'league_members.league_id')
    .select(LEAGUE_COLUMNS)
    .where('league_members.user_id', '=', userId)
    .where('league_members.league_id', '=', leagueId)
    .executeTakeFirst();
  return row && toLeague(row);
}

/** Whether the store holds any league of the platform (the demo's: whether it was loaded). */
export async function hasLeaguesOf(db: Tx, platform: Platform): Promise<boolean> {
  const row = await db
    .selectFrom('leagues')
    .select('id')
    .where('platform', '=', platform)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

// What the sync engine knows about finished seasons, so it can leave them alone: the seasons an
// account has synced in full after they ended (account_seasons), and when each league last synced
// well (league_syncs). See src/sync/seasons.ts for the rules that use them.
import type { Platform, Sport } from '../../domain/catalog.ts';
import type { Tx } from '../db.ts';
import { leagueKey } from './league-keys.ts';

export interface SportSeason {
  sport: Sport;
  season: number;
}

/** The account's complete seasons: season -> sports complete in it. */
export async function findCompleteSeasons(
  db: Tx,
  accountId: number,
): Promise<Map<number, Set<string>>> {
  const rows = await db
    .selectFrom('account_seasons')
    .select(['sport', 'season'])
    .where('account_id', '=', accountId)
    .execute();
  const complete = new Map<number, Set<string>>();
  for (const row of rows) {
    const season = Number(row.season);
    let sports = complete.get(season);
    if (sports === undefined) complete.set(season, (sports = new Set()));
    sports.add(row.sport);
  }
  return complete;
}

export async function markSeasonsComplete(
  db: Tx,
  accountId: number,
  seasons: readonly SportSeason[],
  completedAt: string,
): Promise<void> {
  if (seasons.length === 0) return;
  await db
    .insertInto('account_seasons')
    .values(
      seasons.map(({ sport, season }) => ({
        account_id: accountId,
        sport,
        season,
        completed_at: completedAt,
      })),
    )
    .onConflict((oc) => oc.columns(['account_id', 'sport', 'season']).doNothing())
    .execute();
}

/** Forgets the complete seasons of the user's account on the platform (it is being linked anew). */
export async function forgetCompleteSeasons(
  db: Tx,
  userId: number,
  platform: Platform,
): Promise<void> {
  await db
    .deleteFrom('account_seasons')
    .where('account_id', 'in', (eb) =>
      eb
        .selectFrom('platform_accounts')
        .select('id')
        .where('user_id', '=', userId)
        .where('platform', '=', platform),
    )
    .execute();
}

/**
 * When each stored league last synced without failing (the fetch's start, ISO), by leagueKey();
 * leagues not stored, or never synced well, are absent. Per league it reads its newest good
 * attempt only, a step back along league_syncs_league (league_id, finished_at), so the cost does
 * not grow with the league's history of syncs.
 */
export async function findLastGoodSyncs(
  db: Tx,
  platform: Platform,
  leagues: readonly { platformLeagueKey: string; season: number }[],
): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  const keys = [...new Set(leagues.map((league) => league.platformLeagueKey))];
  // Chunked so a large account never exceeds a backend's bound-parameter limit.
  for (let start = 0; start < keys.length; start += 500) {
    const rows = await db
      .selectFrom('leagues')
      .select((eb) => [
        'leagues.platform_league_key',
        'leagues.season',
        eb
          .selectFrom('league_syncs')
          .select('league_syncs.started_at')
          .whereRef('league_syncs.league_id', '=', 'leagues.id')
          .where('league_syncs.outcome', 'in', ['written', 'unchanged'])
          .orderBy('league_syncs.finished_at', 'desc')
          .limit(1)
          .as('last_good'),
      ])
      .where('leagues.platform', '=', platform)
      .where('leagues.platform_league_key', 'in', keys.slice(start, start + 500))
      .execute();
    for (const row of rows) {
      if (row.last_good == null) continue;
      found.set(leagueKey(row.platform_league_key, Number(row.season)), String(row.last_good));
    }
  }
  return found;
}

/** Teams and roster entries stored per league, for leagues reported without being fetched. */
export async function findLeagueSizes(
  db: Tx,
  leagueIds: readonly number[],
): Promise<Map<number, { teams: number; rosterEntries: number }>> {
  const sizes = new Map<number, { teams: number; rosterEntries: number }>();
  for (const id of leagueIds) sizes.set(id, { teams: 0, rosterEntries: 0 });
  for (let start = 0; start < leagueIds.length; start += 500) {
    const ids = leagueIds.slice(start, start + 500);
    const teams = await db
      .selectFrom('fantasy_teams')
      .select((eb) => ['league_id', eb.fn.countAll().as('count')])
      .where('league_id', 'in', ids)
      .groupBy('league_id')
      .execute();
    const entries = await db
      .selectFrom('roster_entries')
      .select((eb) => ['league_id', eb.fn.countAll().as('count')])
      .where('league_id', 'in', ids)
      .groupBy('league_id')
      .execute();
    for (const row of teams) {
      const size = sizes.get(Number(row.league_id));
      if (size) size.teams = Number(row.count);
    }
    for (const row of entries) {
      const size = sizes.get(Number(row.league_id));
      if (size) size.rosterEntries = Number(row.count);
    }
  }
  return sizes;
}

/** A league the account holds in the store, as its sync reports one it did not fetch. */
export interface AccountLeague {
  leagueId: number;
  platformLeagueKey: string;
  season: number;
  sport: Sport;
  name: string;
}

/**
 * The leagues the account's user sees through it in the given seasons and sports: those of the
 * finished seasons a run leaves alone, which the run still reports as found and unchanged.
 */
export async function findAccountLeagues(
  db: Tx,
  accountId: number,
  scope: { seasons: readonly number[]; sports: readonly Sport[] },
): Promise<AccountLeague[]> {
  if (scope.seasons.length === 0 || scope.sports.length === 0) return [];
  const rows = await db
    .selectFrom('league_members')
    .innerJoin('leagues', 'leagues.id', 'league_members.league_id')
    .select([
      'leagues.id',
      'leagues.platform_league_key',
      'leagues.season',
      'leagues.sport',
      'leagues.name',
    ])
    .where('league_members.account_id', '=', accountId)
    .where('leagues.season', 'in', [...scope.seasons])
    .where('leagues.sport', 'in', [...scope.sports])
    .orderBy('leagues.id')
    .execute();
  return rows.map((row) => ({
    leagueId: Number(row.id),
    platformLeagueKey: row.platform_league_key,
    season: Number(row.season),
    sport: row.sport as Sport,
    name: row.name,
  }));
}

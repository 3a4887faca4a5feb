// Reads the raw rows a league write touches, so tests can compare the whole state before and after.
import type { Store } from '../../src/storage/db.ts';
import { getDataSeq } from '../../src/storage/repositories/snapshots.ts';

export async function readLeagueRow(store: Store, leagueId: number) {
  return store.db.selectFrom('leagues').selectAll().where('id', '=', leagueId).executeTakeFirst();
}

export async function readStoreState(store: Store) {
  const db = store.db;
  return {
    dataSeq: await getDataSeq(db),
    leagues: await db.selectFrom('leagues').selectAll().orderBy('id').execute(),
    members: await db
      .selectFrom('league_members')
      .selectAll()
      .orderBy('league_id')
      .orderBy('user_id')
      .execute(),
    teams: await db
      .selectFrom('fantasy_teams')
      .selectAll()
      .orderBy('league_id')
      .orderBy('roster_id')
      .execute(),
    rosterEntries: await db
      .selectFrom('roster_entries')
      .selectAll()
      .orderBy('league_id')
      .orderBy('player_id')
      .execute(),
    players: await db
      .selectFrom('players')
      .selectAll()
      .orderBy('platform')
      .orderBy('sport')
      .orderBy('player_id')
      .execute(),
    pools: await db.selectFrom('player_pools').selectAll().orderBy('platform').execute(),
    users: await db.selectFrom('users').selectAll().orderBy('id').execute(),
  };
}

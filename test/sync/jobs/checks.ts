// What the queue tests check in the store: every league of the fake whole (all its teams and
// roster entries, never a part), and each account's runs.
import assert from 'node:assert/strict';
import { PLAYERS_PER_TEAM, TEAMS } from '../../helpers/fake-sleeper-many.ts';
import type { World } from './harness.ts';

export async function assertLeaguesWhole(world: World, users: number): Promise<void> {
  const { db } = world.store;
  const leagues = await db.selectFrom('leagues').select(['id', 'platform_league_key']).execute();
  const expected = Array.from({ length: users }, (_, u) => world.fake.leagueIds(u))
    .flat()
    .sort();
  assert.deepEqual(leagues.map((l) => l.platform_league_key).sort(), expected, 'every league');
  for (const league of leagues) {
    const teams = await db
      .selectFrom('fantasy_teams')
      .select(db.fn.countAll<number>().as('n'))
      .where('league_id', '=', league.id)
      .executeTakeFirstOrThrow();
    const entries = await db
      .selectFrom('roster_entries')
      .select(db.fn.countAll<number>().as('n'))
      .where('league_id', '=', league.id)
      .executeTakeFirstOrThrow();
    assert.equal(Number(teams.n), TEAMS, `league ${league.platform_league_key} teams`);
    assert.equal(Number(entries.n), TEAMS * PLAYERS_PER_TEAM, `league ${league.id} roster`);
  }
}

export interface RunRow {
  id: number;
  user_id: number | null;
  outcome: string;
  owner: string | null;
  error: string | null;
}

export async function runsOf(world: World): Promise<RunRow[]> {
  return world.store.db
    .selectFrom('sync_runs')
    .select(['id', 'user_id', 'outcome', 'owner', 'error'])
    .orderBy('id')
    .execute();
}

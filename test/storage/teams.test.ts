// The `team` product's store (migration 013): team details, the current period and matchups are
// written with the league in its one transaction, replaced by the next snapshot, left whole by a
// failed write, and an unchanged league writes nothing.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { sql } from 'kysely';
import type { Store } from '../../src/storage/db.ts';
import {
  findCurrentPeriod,
  listMatchups,
  listTeams,
} from '../../src/storage/repositories/teams.ts';
import { getDataSeq, writeLeagueSnapshot } from '../../src/storage/repositories/snapshots.ts';
import { buildLeagueSnapshot } from '../helpers/records.ts';
import { buildActivity, buildTeamLeagueSnapshot } from '../helpers/team-data.ts';
import { describeEachBackend } from './backends.ts';
import { readStoreState } from './state.ts';

async function readTeamState(store: Store, leagueId: number) {
  return {
    teams: await listTeams(store.db, leagueId),
    matchups: await listMatchups(store.db, leagueId),
    currentPeriod: await findCurrentPeriod(store.db, leagueId),
    dataSeq: await getDataSeq(store.db),
  };
}

describeEachBackend('team data', ({ store, dialect }) => {
  it('writes team details, the current period and matchups, and reads them back in id order', async () => {
    const { leagueId } = await writeLeagueSnapshot(store(), buildTeamLeagueSnapshot());
    const teams = await listTeams(store().db, leagueId);
    assert.deepEqual(teams, [
      {
        rosterId: '1',
        name: 'Team One',
        ownerPlatformUserId: '111',
        abbreviation: 'ONE',
        managers: [{ platformUserId: '111', displayName: 'ay' }],
        record: { wins: 2, losses: 0, ties: 1 },
        pointsFor: 301.12,
        pointsAgainst: 250,
        standing: 1,
        divisionId: '1',
        divisionName: 'East',
      },
      {
        rosterId: '2',
        name: 'Team Two',
        ownerPlatformUserId: '222',
        abbreviation: 'TWO',
        logoUrl: 'https://example.test/logos/2.png',
        managers: [{ platformUserId: '222', displayName: 'bee' }, { platformUserId: '444' }],
        record: { wins: 1, losses: 1, ties: 0 },
        pointsFor: 210.5,
        pointsAgainst: 199.25,
        standing: 2,
        divisionId: '1',
        divisionName: 'East',
      },
      { rosterId: '10', name: 'Ten & <Co>', ownerPlatformUserId: '333' },
    ]);
    const matchups = await listMatchups(store().db, leagueId);
    assert.deepEqual(
      matchups.map((m) => [m.period, m.matchupId]),
      [
        [1, '1'],
        [2, '2'],
        [2, '10'],
        [3, '1'],
      ],
    );
    assert.deepEqual(matchups[1], {
      period: 2,
      matchupId: '2',
      sides: [
        { rosterId: '2', score: 99.5 },
        { rosterId: '1', score: 101 },
      ],
      status: 'final',
      kind: 'regular',
      winnerRosterId: '1',
    });
    assert.deepEqual(matchups[3], {
      period: 3,
      matchupId: '1',
      sides: [{ rosterId: '1' }, { rosterId: '10' }],
    });
    assert.deepEqual(
      (await listMatchups(store().db, leagueId, 2)).map((m) => m.matchupId),
      ['2', '10'],
    );
    assert.deepEqual(await listMatchups(store().db, leagueId, 9), []);
    assert.equal(await findCurrentPeriod(store().db, leagueId), 3);
  });

  it('writes nothing for an identical snapshot, even with its lists in another order', async () => {
    const { leagueId } = await writeLeagueSnapshot(store(), buildTeamLeagueSnapshot());
    const before = await readTeamState(store(), leagueId);
    const again = buildTeamLeagueSnapshot();
    again.teams.reverse();
    again.activity?.matchups.reverse();
    assert.deepEqual(await writeLeagueSnapshot(store(), again), {
      leagueId,
      outcome: 'unchanged',
    });
    assert.deepEqual(await readTeamState(store(), leagueId), before);
  });

  it('replaces the matchups and details of a changed league, and clears what the new one lacks', async () => {
    const { leagueId } = await writeLeagueSnapshot(store(), buildTeamLeagueSnapshot());
    const changed = buildTeamLeagueSnapshot({
      activity: buildActivity({
        currentPeriod: 4,
        matchups: [{ period: 4, matchupId: '7', sides: [{ rosterId: '2' }, { rosterId: '10' }] }],
      }),
    });
    changed.teams = changed.teams.map((team) =>
      team.rosterId === '1'
        ? { rosterId: '1', name: 'Team One' }
        : team.rosterId === '10'
          ? { ...team, managers: [{ platformUserId: '333', displayName: '' }] }
          : team,
    );
    assert.equal((await writeLeagueSnapshot(store(), changed)).outcome, 'written');
    const after = await readTeamState(store(), leagueId);
    assert.deepEqual(after.teams[0], { rosterId: '1', name: 'Team One' });
    assert.equal(after.teams[1]?.standing, 2);
    // An empty display name is no name: never "" in the API.
    assert.deepEqual(after.teams[2]?.managers, [{ platformUserId: '333' }]);
    assert.deepEqual(
      after.matchups.map((m) => [m.period, m.matchupId]),
      [[4, '7']],
    );
    assert.equal(after.currentPeriod, 4);

    // A connector fetching no activity: the league keeps no schedule and no current period.
    await writeLeagueSnapshot(store(), buildLeagueSnapshot());
    assert.deepEqual(await listMatchups(store().db, leagueId), []);
    assert.equal(await findCurrentPeriod(store().db, leagueId), undefined);
    assert.equal((await listTeams(store().db, leagueId)).length, 2);
  });

  it("keeps each league's matchups apart, and drops them with the league", async () => {
    const first = await writeLeagueSnapshot(store(), buildTeamLeagueSnapshot());
    const second = await writeLeagueSnapshot(
      store(),
      buildTeamLeagueSnapshot({
        platformLeagueKey: 'other',
        activity: buildActivity({ matchups: [] }),
      }),
    );
    assert.equal((await listMatchups(store().db, first.leagueId)).length, 4);
    assert.deepEqual(await listMatchups(store().db, second.leagueId), []);
    await store().db.deleteFrom('leagues').where('id', '=', first.leagueId).execute();
    const left = await store()
      .db.selectFrom('matchups')
      .select((eb) => eb.fn.countAll<number | string>().as('rows'))
      .executeTakeFirstOrThrow();
    assert.equal(Number(left.rows), 0);
  });

  it('leaves the previous team data whole when the database fails mid-write', async () => {
    const { leagueId } = await writeLeagueSnapshot(store(), buildTeamLeagueSnapshot());
    const before = await readStoreState(store());
    const teamsBefore = await readTeamState(store(), leagueId);
    // A trigger fails the second matchup insert, after the league row and teams were rewritten.
    if (dialect === 'sqlite') {
      await sql`create trigger fail_matchup before insert on matchups
        when new.matchup_id = 'BOOM' begin select raise(abort, 'injected failure'); end`.execute(
        store().db,
      );
    } else {
      await sql`create function fail_matchup() returns trigger language plpgsql as $$
        begin if new.matchup_id = 'BOOM' then raise exception 'injected failure'; end if;
        return new; end $$`.execute(store().db);
      await sql`create trigger fail_matchup before insert on matchups
        for each row execute function fail_matchup()`.execute(store().db);
    }
    const failing = buildTeamLeagueSnapshot({
      name: 'Renamed',
      teams: [{ rosterId: '1' }, { rosterId: '2' }, { rosterId: '10', standing: 1 }],
      activity: buildActivity({
        currentPeriod: 5,
        matchups: [
          { period: 5, matchupId: '1', sides: [{ rosterId: '1' }] },
          { period: 5, matchupId: 'BOOM', sides: [{ rosterId: '2' }] },
        ],
      }),
    });
    await assert.rejects(writeLeagueSnapshot(store(), failing), /injected failure/);
    assert.deepEqual(await readStoreState(store()), before);
    assert.deepEqual(await readTeamState(store(), leagueId), teamsBefore);
  });
});

import assert from 'node:assert/strict';
import { it } from 'node:test';
import { sql } from 'kysely';
import type { LeagueSnapshot } from '../../src/domain/records.ts';
import { writeTransaction } from '../../src/storage/db.ts';
import {
  applyLeagueSnapshot,
  getDataSeq,
  writeLeagueSnapshot,
} from '../../src/storage/repositories/snapshots.ts';
import { createUser } from '../../src/storage/repositories/users.ts';
import { buildLeagueSnapshot, buildPlayer } from '../helpers/records.ts';
import { describeEachBackend } from './backends.ts';
import { readLeagueRow, readStoreState } from './state.ts';

/** The default league after a trade: a player changes team and another joins. */
function changedSnapshot(): LeagueSnapshot {
  return buildLeagueSnapshot({
    name: 'Dynasty Friends (renamed)',
    rosterEntries: [
      { rosterId: '2', playerId: '4046' },
      { rosterId: '2', playerId: '4984' },
      { rosterId: '1', playerId: '7777' },
    ],
    players: [buildPlayer({ playerId: '7777', fullName: 'New Guy', irlTeam: 'NYJ' })],
  });
}

describeEachBackend('writeLeagueSnapshot', ({ store, dialect }) => {
  it('writes a new league with a positive integer id and stamps data_seq everywhere', async () => {
    const user = await createUser(store().db, 'alice');
    const result = await writeLeagueSnapshot(store(), buildLeagueSnapshot(), {
      userId: user.id,
      accountId: null,
    });
    assert.equal(result.outcome, 'written');
    assert.ok(Number.isSafeInteger(result.leagueId) && result.leagueId > 0);
    const state = await readStoreState(store());
    assert.equal(state.dataSeq, 1, 'one transaction, one bump');
    assert.equal(state.leagues[0]?.version, 1);
    assert.equal(state.leagues[0]?.data_seq, 1);
    assert.equal(state.users[0]?.data_seq, 1);
    assert.equal(state.pools[0]?.data_seq, 1, 'the league brought new players to the pool');
    assert.equal(state.pools[0]?.refreshed_at, null, 'no full dump was fetched');
    assert.deepEqual(
      state.teams.map((t) => [t.roster_id, t.name, t.owner_platform_user_id]),
      [
        ['1', 'Team One', '111'],
        ['2', 'Team Two', '222'],
      ],
    );
    assert.deepEqual(
      state.rosterEntries.map((e) => [e.player_id, e.roster_id]),
      [
        ['4046', '1'],
        ['4984', '2'],
        ['DET', '1'],
      ],
    );
    assert.equal(state.players.length, 3);
    assert.deepEqual(state.members, [
      {
        league_id: result.leagueId,
        user_id: user.id,
        account_id: null,
        created_at: state.members[0]?.created_at,
        gone_syncs: 0,
      },
    ]);
  });

  it('writes nothing for an identical snapshot, even with its lists in another order', async () => {
    const user = await createUser(store().db, 'alice');
    const member = { userId: user.id, accountId: null };
    const first = await writeLeagueSnapshot(store(), buildLeagueSnapshot(), member);
    const before = await readStoreState(store());
    const snapshot = buildLeagueSnapshot();
    snapshot.teams.reverse();
    snapshot.rosterEntries.reverse();
    snapshot.players.reverse();
    const again = await writeLeagueSnapshot(store(), snapshot, member);
    assert.deepEqual(again, { leagueId: first.leagueId, outcome: 'unchanged' });
    assert.deepEqual(await readStoreState(store()), before);
  });

  it('replaces teams and rosters of a changed league, keeping its id', async () => {
    const user = await createUser(store().db, 'alice');
    const member = { userId: user.id, accountId: null };
    const first = await writeLeagueSnapshot(store(), buildLeagueSnapshot(), member);
    const changed = changedSnapshot();
    changed.teams = [{ rosterId: '1' }, { rosterId: '2', name: 'Renamed Two' }];
    const second = await writeLeagueSnapshot(store(), changed, member);
    assert.deepEqual(second, { leagueId: first.leagueId, outcome: 'written' });
    const state = await readStoreState(store());
    assert.equal(state.leagues.length, 1);
    assert.equal(state.leagues[0]?.name, 'Dynasty Friends (renamed)');
    assert.equal(state.leagues[0]?.version, 2);
    assert.equal(state.dataSeq, 2);
    assert.equal(state.leagues[0]?.data_seq, 2);
    assert.equal(state.users[0]?.data_seq, 1, 'the membership did not change');
    assert.deepEqual(
      state.teams.map((t) => [t.roster_id, t.name, t.owner_platform_user_id]),
      [
        ['1', null, null],
        ['2', 'Renamed Two', null],
      ],
    );
    assert.deepEqual(
      state.rosterEntries.map((e) => [e.player_id, e.roster_id]),
      [
        ['4046', '2'],
        ['4984', '2'],
        ['7777', '1'],
      ],
    );
    assert.equal(state.players.length, 4, 'players are added, never removed');
  });

  it('clears optional league fields that a new snapshot no longer has', async () => {
    const { leagueId } = await writeLeagueSnapshot(store(), buildLeagueSnapshot());
    await writeLeagueSnapshot(
      store(),
      buildLeagueSnapshot({ numTeams: undefined, leagueUrl: undefined }),
    );
    const row = await readLeagueRow(store(), leagueId);
    assert.equal(row?.num_teams, null);
    assert.equal(row?.league_url, null);
  });

  it('assigns one id per platform, league key and season', async () => {
    const ids = new Set<number>();
    for (const overrides of [
      {},
      { season: 2020 },
      { platform: 'espn' as const },
      { platformLeagueKey: 'another' },
    ]) {
      ids.add((await writeLeagueSnapshot(store(), buildLeagueSnapshot(overrides))).leagueId);
    }
    assert.equal(ids.size, 4);
    const again = await writeLeagueSnapshot(
      store(),
      buildLeagueSnapshot({ season: 2020, name: 'x' }),
    );
    assert.ok(ids.has(again.leagueId));
    assert.equal(again.outcome, 'written');
  });

  it('adds a missing membership to an unchanged league and bumps data_seq for it', async () => {
    const alice = await createUser(store().db, 'alice');
    const bob = await createUser(store().db, 'bob');
    const { leagueId } = await writeLeagueSnapshot(store(), buildLeagueSnapshot(), {
      userId: alice.id,
      accountId: null,
    });
    const result = await writeLeagueSnapshot(store(), buildLeagueSnapshot(), {
      userId: bob.id,
      accountId: null,
    });
    assert.deepEqual(result, { leagueId, outcome: 'unchanged' });
    const state = await readStoreState(store());
    assert.equal(state.dataSeq, 2);
    assert.equal(state.leagues[0]?.data_seq, 1, 'the league itself did not change');
    assert.equal(state.leagues[0]?.version, 1);
    assert.deepEqual(
      state.users.map((u) => [u.name, u.data_seq]),
      [
        ['alice', 1],
        ['bob', 2],
      ],
    );
    assert.deepEqual(
      state.members.map((m) => m.user_id),
      [alice.id, bob.id],
    );
  });

  it('writes a league with no member, and lets a later call attach one', async () => {
    const first = await writeLeagueSnapshot(store(), buildLeagueSnapshot());
    assert.equal(first.outcome, 'written');
    assert.deepEqual((await readStoreState(store())).members, []);
    const user = await createUser(store().db, 'alice');
    await writeLeagueSnapshot(store(), buildLeagueSnapshot(), { userId: user.id, accountId: null });
    assert.equal((await readStoreState(store())).members.length, 1);
  });

  it('leaves the previous snapshot whole when the database fails mid-write', async () => {
    const { leagueId } = await writeLeagueSnapshot(store(), buildLeagueSnapshot());
    const before = await readStoreState(store());
    // A trigger makes one roster entry fail after the league row and teams were rewritten.
    if (dialect === 'sqlite') {
      await sql`create trigger fail_roster before insert on roster_entries
        when new.player_id = 'BOOM' begin select raise(abort, 'injected failure'); end`.execute(
        store().db,
      );
    } else {
      await sql`create function fail_roster() returns trigger language plpgsql as $$
        begin if new.player_id = 'BOOM' then raise exception 'injected failure'; end if;
        return new; end $$`.execute(store().db);
      await sql`create trigger fail_roster before insert on roster_entries
        for each row execute function fail_roster()`.execute(store().db);
    }
    const failing = changedSnapshot();
    failing.rosterEntries.push({ rosterId: '1', playerId: 'BOOM' });
    await assert.rejects(writeLeagueSnapshot(store(), failing), /injected failure/);
    assert.deepEqual(await readStoreState(store()), before);
    // And the store is still writable afterwards.
    assert.deepEqual(await writeLeagueSnapshot(store(), changedSnapshot()), {
      leagueId,
      outcome: 'written',
    });
  });

  it('leaves the previous snapshot whole when the transaction throws after the whole write', async () => {
    const user = await createUser(store().db, 'alice');
    await writeLeagueSnapshot(store(), buildLeagueSnapshot(), { userId: user.id, accountId: null });
    const other = await createUser(store().db, 'bob');
    const before = await readStoreState(store());
    const changed = changedSnapshot();
    await assert.rejects(
      writeTransaction(store(), async (tx) => {
        const result = await applyLeagueSnapshot(tx, changed, {
          userId: other.id,
          accountId: null,
        });
        assert.equal(result.outcome, 'written');
        throw new Error('crash after the write');
      }),
      /crash after the write/,
    );
    assert.deepEqual(await readStoreState(store()), before);
  });

  it('leaves no trace of a first write that fails', async () => {
    const snapshot = buildLeagueSnapshot();
    await assert.rejects(
      writeTransaction(store(), async (tx) => {
        await applyLeagueSnapshot(tx, snapshot);
        throw new Error('crash');
      }),
    );
    const state = await readStoreState(store());
    assert.deepEqual([state.leagues, state.teams, state.players, state.pools], [[], [], [], []]);
    assert.equal(state.dataSeq, 0);
  });

  it('writes two different leagues at once', async () => {
    const alice = await createUser(store().db, 'alice');
    const member = { userId: alice.id, accountId: null };
    const [a, b] = await Promise.all([
      writeLeagueSnapshot(store(), buildLeagueSnapshot(), member),
      writeLeagueSnapshot(store(), { ...changedSnapshot(), platformLeagueKey: 'second' }, member),
    ]);
    assert.equal(a.outcome, 'written');
    assert.equal(b.outcome, 'written');
    assert.notEqual(a.leagueId, b.leagueId);
    const state = await readStoreState(store());
    assert.equal(state.leagues.length, 2);
    assert.equal(state.rosterEntries.length, 6);
    assert.equal(state.members.length, 2);
    assert.equal(state.dataSeq, 2);
  });

  it('writes the same new league from two callers at once under one id', async () => {
    const results = await Promise.all([
      writeLeagueSnapshot(store(), buildLeagueSnapshot()),
      writeLeagueSnapshot(store(), buildLeagueSnapshot()),
    ]);
    assert.equal(results[0].leagueId, results[1].leagueId);
    assert.equal((await readStoreState(store())).leagues.length, 1);
  });

  it('reports data_seq through getDataSeq', async () => {
    assert.equal(await getDataSeq(store().db), 0);
    await writeLeagueSnapshot(store(), buildLeagueSnapshot());
    assert.equal(await getDataSeq(store().db), 1);
  });
});

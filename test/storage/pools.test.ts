import assert from 'node:assert/strict';
import { it } from 'node:test';
import { InvalidInputError } from '../../src/domain/errors.ts';
import type { PlayerPoolSnapshot } from '../../src/domain/records.ts';
import {
  getDataSeq,
  getPlayerPoolState,
  writeLeagueSnapshot,
  writePlayerPool,
} from '../../src/storage/repositories/snapshots.ts';
import { buildLeagueSnapshot, buildPlayer, buildPlayerPool } from '../helpers/records.ts';
import { describeEachBackend } from './backends.ts';
import { readStoreState } from './state.ts';

function playerRow(rows: Awaited<ReturnType<typeof readStoreState>>['players'], id: string) {
  return rows.find((row) => row.player_id === id);
}

describeEachBackend('writePlayerPool', ({ store }) => {
  it('writes a pool, stores booleans as 0/1 and absent fields as null', async () => {
    assert.deepEqual(await writePlayerPool(store(), buildPlayerPool()), {
      outcome: 'written',
      players: 4,
    });
    const state = await readStoreState(store());
    assert.deepEqual(playerRow(state.players, '1234'), {
      platform: 'sleeper',
      sport: 'football',
      season: 0,
      player_id: '1234',
      full_name: 'Old Timer',
      first_name: 'Old',
      last_name: 'Timer',
      position: 'RB',
      irl_team: null,
      uniform_number: null,
      active: 0,
      injury_status: null,
      injury_designation: null,
      injury_note: null,
    });
    assert.equal(playerRow(state.players, '4046')?.active, 1);
    const pool = await getPlayerPoolState(store().db, {
      platform: 'sleeper',
      sport: 'football',
      season: 0,
    });
    assert.equal(pool?.version, 1);
    assert.equal(pool?.dataSeq, 1);
    assert.ok(pool?.refreshedAt && !Number.isNaN(Date.parse(pool.refreshedAt)));
    assert.equal(await getDataSeq(store().db), 1);
  });

  it('stores an empty optional text as absent', async () => {
    await writePlayerPool(store(), buildPlayerPool({ players: [buildPlayer({ irlTeam: '' })] }));
    assert.equal((await readStoreState(store())).players[0]?.irl_team, null);
  });

  it('changes nothing but refreshed_at for an identical pool in another order', async () => {
    await writePlayerPool(store(), buildPlayerPool());
    const before = await getPlayerPoolState(store().db, {
      platform: 'sleeper',
      sport: 'football',
      season: 0,
    });
    // Make the first refresh time recognisable, so that the new one is seen to be set.
    await store()
      .db.updateTable('player_pools')
      .set({ refreshed_at: '2000-01-01T00:00:00.000Z' })
      .execute();
    const players = buildPlayerPool().players.reverse();
    const result = await writePlayerPool(store(), buildPlayerPool({ players }));
    assert.deepEqual(result, { outcome: 'unchanged', players: 4 });
    const after = await getPlayerPoolState(store().db, {
      platform: 'sleeper',
      sport: 'football',
      season: 0,
    });
    assert.equal(after?.version, before?.version);
    assert.equal(after?.dataSeq, before?.dataSeq);
    assert.notEqual(after?.refreshedAt, '2000-01-01T00:00:00.000Z');
    assert.equal(await getDataSeq(store().db), 1);
  });

  it('updates changed players and never deletes those a dump leaves out', async () => {
    await writePlayerPool(store(), buildPlayerPool());
    const shorter: PlayerPoolSnapshot = buildPlayerPool({
      players: [buildPlayer({ irlTeam: 'LV', position: undefined })],
    });
    assert.equal((await writePlayerPool(store(), shorter)).outcome, 'written');
    const state = await readStoreState(store());
    assert.equal(state.players.length, 4);
    assert.equal(playerRow(state.players, '4046')?.irl_team, 'LV');
    assert.equal(playerRow(state.players, '4046')?.position, null);
    const pool = await getPlayerPoolState(store().db, {
      platform: 'sleeper',
      sport: 'football',
      season: 0,
    });
    assert.deepEqual([pool?.version, pool?.dataSeq], [2, 2]);
  });

  it('keeps pools of different platforms and sports apart', async () => {
    await writePlayerPool(store(), buildPlayerPool());
    await writePlayerPool(store(), buildPlayerPool({ platform: 'espn', season: 2020 }));
    await writePlayerPool(store(), buildPlayerPool({ sport: 'baseball' }));
    assert.equal((await readStoreState(store())).players.length, 12);
    assert.equal(
      (await getPlayerPoolState(store().db, { platform: 'espn', sport: 'football', season: 2020 }))
        ?.dataSeq,
      2,
    );
    assert.equal(
      await getPlayerPoolState(store().db, { platform: 'espn', sport: 'basketball', season: 2020 }),
      undefined,
    );
  });

  it('rewrites an identical dump after a league changed one of its players', async () => {
    await writePlayerPool(store(), buildPlayerPool());
    await writeLeagueSnapshot(
      store(),
      buildLeagueSnapshot({ players: [buildPlayer({ irlTeam: 'XXX' })] }),
    );
    let state = await readStoreState(store());
    assert.equal(playerRow(state.players, '4046')?.irl_team, 'XXX');
    assert.equal(state.pools[0]?.data_seq, 2, 'the league changed the pool');
    assert.equal((await writePlayerPool(store(), buildPlayerPool())).outcome, 'written');
    state = await readStoreState(store());
    assert.equal(playerRow(state.players, '4046')?.irl_team, 'KC');
  });

  it('does not bump the pool when a league brings only players it already has', async () => {
    await writePlayerPool(store(), buildPlayerPool());
    await writeLeagueSnapshot(store(), buildLeagueSnapshot());
    const state = await readStoreState(store());
    assert.equal(state.dataSeq, 2);
    assert.equal(state.pools[0]?.data_seq, 1);
    assert.equal(state.pools[0]?.version, 1);
  });

  it('keeps the dump hash when a league only adds players the dump lacks', async () => {
    await writePlayerPool(store(), buildPlayerPool());
    await writeLeagueSnapshot(
      store(),
      buildLeagueSnapshot({
        rosterEntries: [{ rosterId: '1', playerId: '9999' }],
        players: [buildPlayer({ playerId: '9999', fullName: '9999', active: false })],
      }),
    );
    const state = await readStoreState(store());
    assert.equal(state.players.length, 5);
    assert.equal(state.pools[0]?.data_seq, 2, 'the pool gained a player');
    assert.equal((await writePlayerPool(store(), buildPlayerPool())).outcome, 'unchanged');
  });

  it("updates a league's players without rewriting the league when only they changed", async () => {
    const { leagueId } = await writeLeagueSnapshot(store(), buildLeagueSnapshot());
    const moved = buildLeagueSnapshot();
    moved.players = moved.players.map((p) => (p.playerId === '4046' ? { ...p, irlTeam: 'LV' } : p));
    assert.deepEqual(await writeLeagueSnapshot(store(), moved), { leagueId, outcome: 'unchanged' });
    const state = await readStoreState(store());
    assert.equal(playerRow(state.players, '4046')?.irl_team, 'LV');
    assert.equal(state.leagues[0]?.version, 1);
    assert.equal(state.leagues[0]?.data_seq, 1);
    assert.deepEqual([state.dataSeq, state.pools[0]?.data_seq], [2, 2]);
  });

  it('stays unchanged when another league has meanwhile described a player differently', async () => {
    const placeholder = buildPlayer({ playerId: '9999', fullName: '9999', active: false });
    const real = buildPlayer({ playerId: '9999', fullName: 'Real Name' });
    const entries = [{ rosterId: '1', playerId: '9999' }];
    const first = buildLeagueSnapshot({ rosterEntries: entries, players: [placeholder] });
    await writeLeagueSnapshot(store(), first);
    await writeLeagueSnapshot(
      store(),
      buildLeagueSnapshot({ platformLeagueKey: 'other', rosterEntries: entries, players: [real] }),
    );
    // The first league re-synced as the engine rebuilds it: its player as the pool now holds it.
    const again = buildLeagueSnapshot({ rosterEntries: entries, players: [real] });
    const before = await readStoreState(store());
    assert.equal((await writeLeagueSnapshot(store(), again)).outcome, 'unchanged');
    assert.deepEqual(await readStoreState(store()), before);
  });

  const invalid: [string, PlayerPoolSnapshot][] = [
    ['an unknown sport', buildPlayerPool({ sport: 'hockey' as never })],
    ['an unknown platform', buildPlayerPool({ platform: 'nfl.com' as never })],
    ['a player listed twice', buildPlayerPool({ players: [buildPlayer(), buildPlayer()] })],
    ['a player without an id', buildPlayerPool({ players: [buildPlayer({ playerId: '' })] })],
    ['a player without a name', buildPlayerPool({ players: [buildPlayer({ fullName: '' })] })],
    ['players that are not a list', buildPlayerPool({ players: {} as never })],
  ];
  for (const [what, pool] of invalid) {
    it(`refuses ${what} with InvalidInputError and writes nothing`, async () => {
      await assert.rejects(writePlayerPool(store(), pool), InvalidInputError);
      const state = await readStoreState(store());
      assert.deepEqual([state.players, state.pools, state.dataSeq], [[], [], 0]);
    });
  }
});

import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { League } from '../../src/domain/records.ts';
import { findLeagueForUser } from '../../src/storage/repositories/leagues.ts';
import {
  findPlayerInLeague,
  listLeaguePlayerPool,
  listRosteredPlayers,
} from '../../src/storage/repositories/players.ts';
import { writeLeagueSnapshot, writePlayerPool } from '../../src/storage/repositories/snapshots.ts';
import { createUser } from '../../src/storage/repositories/users.ts';
import type { LeagueSnapshot } from '../../src/domain/records.ts';
import type { TestStore } from '../helpers/store.ts';
import { buildLeagueSnapshot, buildPlayer, buildPlayerPool } from '../helpers/records.ts';
import { describeEachBackend } from './backends.ts';

async function writeLeague(store: TestStore, snapshot: LeagueSnapshot): Promise<League> {
  const user =
    (await store.db.selectFrom('users').select('id').executeTakeFirst()) ??
    (await createUser(store.db, 'alice'));
  const { leagueId } = await writeLeagueSnapshot(store, snapshot, {
    userId: user.id,
    accountId: null,
  });
  const league = await findLeagueForUser(store.db, user.id, leagueId);
  assert.ok(league);
  return league;
}

describeEachBackend('players repository', ({ store }) => {
  it("lists the league's whole pool with this league's roster ids and active flags", async () => {
    await writePlayerPool(store(), buildPlayerPool());
    const league = await writeLeague(store(), buildLeagueSnapshot());
    const pool = await listLeaguePlayerPool(store().db, league);
    assert.deepEqual(
      pool.map((p) => [p.playerId, p.fantasyTeamRosterId, p.active]),
      [
        ['1234', undefined, false],
        ['4046', '1', true],
        ['4984', '2', true],
        ['DET', '1', true],
      ],
    );
    const freeAgent = pool.find((p) => p.playerId === '1234');
    assert.deepEqual(freeAgent, {
      playerId: '1234',
      sport: 'football',
      fullName: 'Old Timer',
      firstName: 'Old',
      lastName: 'Timer',
      position: 'RB',
      active: false,
    });
  });

  it('gives each league its own roster ids over the shared pool', async () => {
    await writePlayerPool(store(), buildPlayerPool());
    const first = await writeLeague(store(), buildLeagueSnapshot());
    const second = await writeLeague(
      store(),
      buildLeagueSnapshot({
        platformLeagueKey: 'other',
        rosterEntries: [{ rosterId: '2', playerId: '4046' }],
        players: [],
      }),
    );
    assert.equal((await findPlayerInLeague(store().db, first, '4046'))?.fantasyTeamRosterId, '1');
    assert.equal((await findPlayerInLeague(store().db, second, '4046'))?.fantasyTeamRosterId, '2');
    const freeInSecond = await findPlayerInLeague(store().db, second, 'DET');
    assert.ok(freeInSecond);
    assert.equal('fantasyTeamRosterId' in freeInSecond, false);
    assert.equal((await listLeaguePlayerPool(store().db, second)).length, 4);
  });

  it('finds a player as the API shows it: no active flag, no empty optional fields', async () => {
    const league = await writeLeague(store(), buildLeagueSnapshot());
    assert.deepEqual(await findPlayerInLeague(store().db, league, 'DET'), {
      playerId: 'DET',
      sport: 'football',
      fullName: 'Detroit Lions',
      firstName: 'Detroit',
      lastName: 'Lions',
      position: 'DEF',
      irlTeam: 'DET',
      fantasyTeamRosterId: '1',
    });
    assert.equal(await findPlayerInLeague(store().db, league, 'nobody'), undefined);
  });

  it("does not show another platform's or sport's players", async () => {
    await writePlayerPool(store(), buildPlayerPool({ platform: 'espn', season: 2021 }));
    await writePlayerPool(
      store(),
      buildPlayerPool({ sport: 'baseball', players: [buildPlayer({ playerId: 'B1' })] }),
    );
    const league = await writeLeague(store(), buildLeagueSnapshot());
    assert.equal(await findPlayerInLeague(store().db, league, '1234'), undefined);
    assert.equal(await findPlayerInLeague(store().db, league, 'B1'), undefined);
    assert.deepEqual(
      (await listLeaguePlayerPool(store().db, league)).map((p) => p.playerId),
      ['4046', '4984', 'DET'],
    );
  });

  it("shows a league of a per-season platform only its own season's pool", async () => {
    const espn = { platform: 'espn' as const, sport: 'football' as const };
    await writePlayerPool(
      store(),
      buildPlayerPool({ ...espn, season: 2019, players: [buildPlayer({ irlTeam: 'GB' })] }),
    );
    await writePlayerPool(
      store(),
      buildPlayerPool({ ...espn, season: 2020, players: [buildPlayer({ irlTeam: 'LV' })] }),
    );
    const league = await writeLeague(
      store(),
      buildLeagueSnapshot({ ...espn, season: 2020, rosterEntries: [], players: [] }),
    );
    assert.equal((await findPlayerInLeague(store().db, league, '4046'))?.irlTeam, 'LV');
    assert.deepEqual(
      (await listLeaguePlayerPool(store().db, league)).map((p) => p.irlTeam),
      ['LV'],
    );
    await assert.rejects(
      writePlayerPool(store(), buildPlayerPool({ ...espn, season: 0 })),
      /season must be a year \(espn lists players per season\)/,
    );
    await assert.rejects(
      writePlayerPool(store(), buildPlayerPool({ season: 2020 })),
      /season must be 0 \(one pool for every season\)/,
    );
  });

  it('lists rostered players by full name then player id, two of one name staying two', async () => {
    const league = await writeLeague(
      store(),
      buildLeagueSnapshot({
        rosterEntries: [
          { rosterId: '1', playerId: '4046' },
          { rosterId: '2', playerId: '4984' },
          { rosterId: '1', playerId: '3001' },
          { rosterId: '2', playerId: 'DET' },
          { rosterId: '1', playerId: '9' },
        ],
        players: [
          buildPlayer({ playerId: '4046', fullName: 'Patrick Mahomes' }),
          buildPlayer({ playerId: '4984', fullName: 'Josh Allen' }),
          buildPlayer({ playerId: '3001', fullName: 'Josh Allen', position: 'LB' }),
          buildPlayer({ playerId: 'DET', fullName: 'Detroit Lions' }),
          buildPlayer({ playerId: '9', fullName: 'adam lowercase' }),
          buildPlayer({ playerId: '5000', fullName: 'Aaron Free Agent' }),
        ],
      }),
    );
    const rostered = await listRosteredPlayers(store().db, league);
    assert.deepEqual(
      rostered.map((p) => [p.fullName, p.playerId, p.fantasyTeamRosterId]),
      [
        ['Detroit Lions', 'DET', '2'],
        ['Josh Allen', '3001', '1'],
        ['Josh Allen', '4984', '2'],
        ['Patrick Mahomes', '4046', '1'],
        ['adam lowercase', '9', '1'],
      ],
    );
    assert.equal(
      rostered.some((p) => 'active' in p),
      false,
    );
  });

  it('lists nothing for a league with no roster entries', async () => {
    const league = await writeLeague(store(), buildLeagueSnapshot({ rosterEntries: [] }));
    assert.deepEqual(await listRosteredPlayers(store().db, league), []);
    assert.equal((await listLeaguePlayerPool(store().db, league)).length, 3);
  });
});

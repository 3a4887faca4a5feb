// Player dumps (the project's own small files in Sleeper's shape) and the pure mapping rules.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { PlatformError } from '../../../src/platforms/connector.ts';
import { createSleeperConnector } from '../../../src/platforms/sleeper/index.ts';
import {
  mapDraftPickPlayer,
  mapLeagueSnapshot,
  placeholderPlayer,
} from '../../../src/platforms/sleeper/mapping.ts';
import { SLEEPER_OWN_FIXTURES_DIR, startFakeSleeper } from '../../helpers/fake-platform.ts';
import type { FakeSleeper } from '../../helpers/fake-platform.ts';
import { poolOf } from '../../helpers/connectors.ts';

const ACCOUNT = { platform: 'sleeper' as const, externalUserId: 'any' };

describe('Sleeper player dumps', () => {
  let fake: FakeSleeper;
  before(async () => {
    // Only the project's own files: these tests need nothing from ../shared.
    fake = await startFakeSleeper({ fixturesDir: SLEEPER_OWN_FIXTURES_DIR });
  });
  after(() => fake.close());
  const connect = () => createSleeperConnector({ baseUrl: fake.baseUrl, backoffBaseMs: 1 });

  test('maps every football player of the dump', async () => {
    const pool = await connect().fetchPlayerPool(poolOf('sleeper', 'football'), ACCOUNT);
    assert.equal(pool?.platform, 'sleeper');
    assert.equal(pool?.sport, 'football');
    assert.deepEqual(pool?.players, [
      {
        playerId: '4046',
        fullName: 'Patrick Mahomes',
        firstName: 'Patrick',
        lastName: 'Mahomes',
        position: 'QB',
        irlTeam: 'KC',
        uniformNumber: '15',
        active: true,
      },
      {
        playerId: '6794',
        fullName: 'Justin Jefferson',
        firstName: 'Justin',
        lastName: 'Jefferson',
        position: 'WR',
        irlTeam: 'MIN',
        uniformNumber: '18',
        active: true,
      },
      // No team, no number: both omitted, never null or "".
      {
        playerId: '90001',
        fullName: 'Walter Example',
        firstName: 'Walter',
        lastName: 'Example',
        position: 'RB',
        active: false,
      },
      // A fullback plays RB for fantasy purposes: the fantasy position wins.
      {
        playerId: '90002',
        fullName: 'Fullback Sample',
        firstName: 'Fullback',
        lastName: 'Sample',
        position: 'RB',
        irlTeam: 'SF',
        uniformNumber: '44',
        active: true,
      },
      // A real number 0 is kept.
      {
        playerId: '90003',
        fullName: 'Zero Jersey',
        firstName: 'Zero',
        lastName: 'Jersey',
        position: 'WR',
        irlTeam: 'ATL',
        uniformNumber: '0',
        active: true,
      },
      // No full_name: built from first and last; no fantasy_positions: `position`; team upper-cased.
      {
        playerId: '90004',
        fullName: 'D.J. Nofull Jr.',
        firstName: 'D.J.',
        lastName: 'Nofull Jr.',
        position: 'TE',
        irlTeam: 'NYJ',
        uniformNumber: '88',
        active: true,
      },
      // A team defence: named "<city> <nickname>", position DEF.
      {
        playerId: 'DET',
        fullName: 'Detroit Lions',
        firstName: 'Detroit',
        lastName: 'Lions',
        position: 'DEF',
        irlTeam: 'DET',
        active: true,
      },
    ]);
  });

  test('maps basketball positions and string jersey numbers', async () => {
    const pool = await connect().fetchPlayerPool(poolOf('sleeper', 'basketball'), ACCOUNT);
    assert.deepEqual(
      pool?.players.map((p) => [p.playerId, p.position, p.irlTeam, p.uniformNumber, p.active]),
      [
        ['80001', 'PG', 'BOS', '7', true],
        ['80002', 'C', undefined, undefined, false],
        ['80003', 'SF', 'DEN', '23', true],
      ],
    );
  });

  test('baseball has no Sleeper pool and costs no request', async () => {
    const before = fake.totalHits();
    assert.equal(await connect().fetchPlayerPool(poolOf('sleeper', 'baseball'), ACCOUNT), null);
    assert.equal(fake.totalHits(), before);
  });

  test('a dump entry of the wrong shape fails the dump as invalid_response', async () => {
    fake.route('/players/nba', {
      body: JSON.stringify({ '1': { player_id: '1', full_name: 'A B', active: 'yes' } }),
    });
    await assert.rejects(
      connect().fetchPlayerPool(poolOf('sleeper', 'basketball'), ACCOUNT),
      (error: unknown) => {
        assert.ok(error instanceof PlatformError);
        assert.equal(error.kind, 'invalid_response');
        assert.match(
          error.message,
          /GET \/players\/nba answered an unexpected shape at \/1\/active/,
        );
        return true;
      },
    );
  });
});

/** Where a pick sits in its draft: the first pick of round 1 (the mapping ignores it). */
const AT_PICK_1 = { round: 1, pick_no: 1 };

describe('Sleeper mapping rules', () => {
  test('draft pick metadata: "0" and "" jerseys, empty team, inactive status', () => {
    const metadata = { first_name: 'Riley', last_name: 'Ferguson', position: 'QB', team: '' };
    assert.deepEqual(
      mapDraftPickPlayer({
        ...AT_PICK_1,
        player_id: '5270',
        metadata: { ...metadata, number: '4', status: 'Inactive' },
      }),
      {
        playerId: '5270',
        fullName: 'Riley Ferguson',
        firstName: 'Riley',
        lastName: 'Ferguson',
        position: 'QB',
        uniformNumber: '4',
        active: false,
      },
    );
    const rookie = mapDraftPickPlayer({
      ...AT_PICK_1,
      player_id: '7553',
      metadata: { ...metadata, team: 'ATL', number: '0', status: 'Active' },
    });
    assert.equal(rookie?.uniformNumber, undefined);
    assert.equal(rookie?.irlTeam, 'ATL');
    assert.equal(mapDraftPickPlayer({ ...AT_PICK_1, player_id: '1', metadata: null }), undefined);
  });

  test('placeholders: team defences get their name, anyone else their id', () => {
    assert.deepEqual(placeholderPlayer('GB', 'football'), {
      playerId: 'GB',
      fullName: 'Green Bay Packers',
      firstName: 'Green Bay',
      lastName: 'Packers',
      position: 'DEF',
      irlTeam: 'GB',
      active: true,
    });
    assert.deepEqual(placeholderPlayer('4046', 'football'), {
      playerId: '4046',
      fullName: '4046',
      active: false,
    });
    assert.deepEqual(placeholderPlayer('DET', 'basketball'), {
      playerId: 'DET',
      fullName: 'DET',
      active: false,
    });
  });

  test('a league with no settings counts its rosters; no avatar means no leagueAvatar', () => {
    const snapshot = mapLeagueSnapshot({
      league: { league_id: '1', name: 'Tiny', sport: 'nfl', season: '2019', avatar: null },
      sport: 'football',
      rosters: [
        { roster_id: 2, owner_id: 'u2', players: ['DET', '12', '3'] },
        { roster_id: 1, owner_id: 'u9', players: null },
      ],
      users: [{ user_id: 'u2', display_name: 'Two', metadata: { team_name: '  ' } }],
      players: [],
    });
    assert.equal(snapshot.numTeams, 2);
    assert.equal('leagueAvatar' in snapshot, false);
    assert.equal(snapshot.season, 2019);
    // Owner u9 left the league's user list: the owner id stays, the team has no name. Without
    // roster settings there is no record, points or division.
    assert.deepEqual(snapshot.teams, [
      { rosterId: '1', ownerPlatformUserId: 'u9', managers: [{ platformUserId: 'u9' }] },
      {
        rosterId: '2',
        ownerPlatformUserId: 'u2',
        name: 'Two',
        managers: [{ platformUserId: 'u2', displayName: 'Two' }],
      },
    ]);
    assert.deepEqual(
      snapshot.rosterEntries.map((e) => e.playerId),
      ['3', '12', 'DET'],
    );
  });
});

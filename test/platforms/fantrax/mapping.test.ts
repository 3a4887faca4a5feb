// Fantrax's official API answers mapped to records: names ("Last, First"), positions, teams,
// roster entries, the league's season and sport, the ids elsewhere. Pure: no server.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  leagueSeason,
  leagueSport,
  mapExternalIds,
  mapLeagueSnapshot,
  mapPlayer,
  mapPlayerIds,
  mapPosition,
  mapRosterEntries,
  mapTeams,
  sportOfCode,
} from '../../../src/platforms/fantrax/mapping.ts';
import { parseLeagueIds, parseSecretFile } from '../../../src/platforms/fantrax/account.ts';
import { sportOfPositions } from '../../../src/platforms/fantrax/positions.ts';
import { fantraxRefusal } from '../../../src/platforms/fantrax/schemas.ts';
import { InvalidInputError } from '../../../src/domain/errors.ts';

describe('Fantrax mapping', () => {
  it('turns "Last, First" into first, last and full names; a team unit keeps its name', () => {
    assert.deepEqual(
      mapPlayer({ fantraxId: '03kiy', name: 'Mariota, Marcus', team: 'LV', position: 'QB' }),
      {
        playerId: '03kiy',
        fullName: 'Marcus Mariota',
        firstName: 'Marcus',
        lastName: 'Mariota',
        position: 'QB',
        irlTeam: 'LV',
        active: true,
      },
    );
    assert.deepEqual(
      mapPlayer({ fantraxId: '02x1a', name: 'Beckham Jr., Odell', team: '(N/A)', position: 'WR' }),
      {
        playerId: '02x1a',
        fullName: 'Odell Beckham Jr.',
        firstName: 'Odell',
        lastName: 'Beckham Jr.',
        position: 'WR',
        active: false,
      },
    );
    assert.deepEqual(mapPlayer({ fantraxId: 'tm1', name: 'Las Vegas', position: 'TD' }), {
      playerId: 'tm1',
      fullName: 'Las Vegas',
      position: 'DEF',
      active: false,
    });
    assert.equal(mapPlayer({ fantraxId: '0zz' }).fullName, '0zz');
  });

  it('takes the first of several positions and names the units as elsewhere', () => {
    assert.equal(mapPosition('RB,WR'), 'RB');
    assert.equal(mapPosition('LF/CF'), 'OF');
    assert.equal(mapPosition('D/ST'), 'DEF');
    assert.equal(mapPosition('pk'), 'K');
    assert.equal(mapPosition(' '), undefined);
  });

  it('feeds the Sportradar, STATS and RotoWire ids, and skips empty ones', () => {
    assert.deepEqual(
      mapExternalIds({
        fantraxId: '002j2',
        statsIncId: 6994,
        rotowireId: 3076,
        sportRadarId: 'f28cbca1-9c1e-4b90-865a-699bfa386c75',
      }),
      [
        {
          playerId: '002j2',
          idType: 'sportradar',
          externalId: 'f28cbca1-9c1e-4b90-865a-699bfa386c75',
        },
        { playerId: '002j2', idType: 'stats', externalId: '6994' },
        { playerId: '002j2', idType: 'rotowire', externalId: '3076' },
      ],
    );
    assert.deepEqual(mapExternalIds({ fantraxId: '002hq', statsIncId: 0, sportRadarId: '' }), []);
    const { players } = mapPlayerIds({
      b: { fantraxId: '0b', name: 'B, Bo' },
      a: { fantraxId: '0a', name: 'A, Al' },
    });
    assert.deepEqual(
      players.map((p) => p.playerId),
      ['0a', '0b'],
    );
  });

  it('lists teamInfo and roster teams once, in id order, each player on one team', () => {
    const info = { teamInfo: { t2: { id: 't2', name: 'Two' }, t1: { id: 't1', name: 'One' } } };
    const rosters = {
      rosters: {
        t3: { teamName: 'Three', rosterItems: [{ id: 'p1' }] },
        t1: { teamName: 'Old name', rosterItems: [{ id: 'p2' }, { id: 'p1' }] },
      },
    };
    assert.deepEqual(mapTeams(info, rosters), [
      { rosterId: 't1', name: 'One' },
      { rosterId: 't2', name: 'Two' },
      { rosterId: 't3', name: 'Three' },
    ]);
    assert.deepEqual(mapRosterEntries(rosters), [
      { rosterId: 't1', playerId: 'p1' },
      { rosterId: 't1', playerId: 'p2' },
    ]);
    const snapshot = mapLeagueSnapshot({
      leagueId: 'abc123def456',
      sport: 'football',
      season: 2020,
      info: { leagueName: ' PSO ', ...info },
      rosters,
    });
    assert.equal(snapshot.name, 'PSO');
    assert.equal(snapshot.numTeams, 3);
    assert.equal(snapshot.leagueUrl, 'https://www.fantrax.com/fantasy/league/abc123def456/home');
    assert.ok(snapshot.teams.every((team) => team.ownerPlatformUserId === undefined));
  });

  it("finds a league's season and sport, leaving out sports the service does not cover", () => {
    assert.equal(leagueSeason({ seasonYear: 2021, startDate: '2022-01-01' }), 2021);
    assert.equal(leagueSeason({ startDate: '2020-09-10T00:00:00.0-0400' }), 2020);
    assert.equal(leagueSeason({}), undefined);
    assert.equal(sportOfCode('nba'), 'basketball');
    assert.equal(sportOfCode('NHL'), undefined);
    const nfl = { rosterInfo: { positionConstraints: { QB: {}, RB: {}, C: {} } } };
    assert.equal(leagueSport(undefined, nfl), 'football');
    assert.equal(leagueSport({ leagueId: 'x', sport: 'MLB' }, nfl), 'baseball');
    assert.equal(leagueSport({ leagueId: 'x', sport: 'NHL' }, nfl), undefined);
    assert.equal(sportOfPositions(['C', 'LW', 'RW', 'D', 'G']), undefined);
    assert.equal(sportOfPositions(['C', '1B', 'SP']), 'baseball');
    assert.equal(sportOfPositions(['PG', 'C']), 'basketball');
    assert.equal(sportOfPositions(['QB', 'SP']), undefined);
  });

  it("reads Fantrax's refusals in a 200 answer", () => {
    assert.equal(
      fantraxRefusal({ error: { code: 'INVALID_LEAGUE_ID', message: 'Invalid league ID' } }),
      'INVALID_LEAGUE_ID: Invalid league ID',
    );
    assert.equal(fantraxRefusal({ error: 'Nope' }), 'Nope');
    assert.equal(fantraxRefusal({ leagues: [] }), undefined);
    assert.equal(fantraxRefusal([1]), undefined);
  });

  it('checks the secret id file and league ids, without echoing a secret', () => {
    assert.equal(parseSecretFile({ secret_id: ' 24PSCNQUXWEKZNGY ' }), '24pscnquxwekzngy');
    for (const bad of [null, [], {}, { secret_id: '' }, { secretId: 'abcdefgh' }]) {
      assert.throws(() => parseSecretFile(bad), InvalidInputError);
    }
    assert.throws(
      () => parseSecretFile({ secret_id: 'my password!' }),
      (error: Error) => !error.message.includes('my password'),
    );
    assert.deepEqual(
      parseLeagueIds(['https://www.fantrax.com/fantasy/league/EJU35F9OK7XR9CVT/home', 'abc123']),
      ['eju35f9ok7xr9cvt', 'abc123'],
    );
    assert.throws(() => parseLeagueIds(['no such']), /a Fantrax league id is letters and digits/);
  });
});

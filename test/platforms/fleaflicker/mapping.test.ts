// Fleaflicker mapping rules the recordings (football offence only) do not exercise: team
// defences, kickers, defenders, baseball and basketball positions, orphan teams, images, a
// player without a Sportradar id.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  imageUrl,
  leaguePageUrl,
  mapLeagueSnapshot,
  mapPlayer,
  mapPosition,
  mapSportradarId,
  mapTeam,
} from '../../../src/platforms/fleaflicker/mapping.ts';

describe('Fleaflicker positions', () => {
  const cases: Array<[string | undefined, string[] | undefined, string | undefined]> = [
    ['D/ST', ['D/ST'], 'DEF'],
    ['K', ['K'], 'K'],
    ['EDR', ['EDR', 'DE'], 'DE'],
    ['IL', ['IL', 'DT'], 'DT'],
    ['S/LB', ['S', 'LB'], 'S'],
    ['RB/WR', ['RB', 'WR'], 'RB'],
    ['1B/OF', ['1B', 'OF'], '1B'],
    ['CF', ['CF'], 'OF'],
    ['LF/RF', ['LF', 'RF'], 'OF'],
    ['SP', ['SP'], 'SP'],
    ['sf/pf', ['SF', 'PF'], 'SF'],
    ['PG', ['PG'], 'PG'],
    [undefined, ['C'], 'C'],
    [undefined, undefined, undefined],
    ['  ', [], undefined],
  ];
  for (const [position, eligibility, expected] of cases) {
    test(`${String(position)} ${JSON.stringify(eligibility)} -> ${String(expected)}`, () => {
      assert.equal(mapPosition(position, eligibility), expected);
    });
  }
});

describe('Fleaflicker records', () => {
  test('a team defence keeps its team and becomes DEF', () => {
    assert.deepEqual(
      mapPlayer({
        id: 1042,
        nameFull: 'Denver Broncos',
        nameFirst: 'Denver',
        nameLast: 'Broncos',
        position: 'D/ST',
        proTeamAbbreviation: 'den',
      }),
      {
        playerId: '1042',
        fullName: 'Denver Broncos',
        firstName: 'Denver',
        lastName: 'Broncos',
        position: 'DEF',
        irlTeam: 'DEN',
        active: true,
      },
    );
  });

  test('fields Fleaflicker leaves out stay out; a nameless player is named by his names or id', () => {
    assert.deepEqual(mapPlayer({ id: 7, nameFirst: 'Ann', nameLast: 'Lee' }), {
      playerId: '7',
      fullName: 'Ann Lee',
      firstName: 'Ann',
      lastName: 'Lee',
      active: true,
    });
    assert.deepEqual(mapPlayer({ id: 8, proTeamAbbreviation: 'FA', nameFull: ' ' }), {
      playerId: '8',
      fullName: '8',
      active: true,
    });
  });

  test('a team is named by its name, else its first owner; an orphan has no owner', () => {
    assert.deepEqual(mapTeam({ id: 5, owners: [{ id: 9, displayName: 'Kim' }, { id: 10 }] }), {
      rosterId: '5',
      name: 'Kim',
      ownerPlatformUserId: '9',
    });
    assert.deepEqual(mapTeam({ id: 6, name: 'Orphans' }), { rosterId: '6', name: 'Orphans' });
    assert.deepEqual(mapTeam({ id: 7 }), { rosterId: '7' });
  });

  test('league pages and images per sport', () => {
    assert.equal(
      leaguePageUrl('baseball', 13157, 2019),
      'https://www.fleaflicker.com/mlb/leagues/13157?season=2019',
    );
    assert.equal(
      leaguePageUrl('basketball', '30579', 2021),
      'https://www.fleaflicker.com/nba/leagues/30579?season=2021',
    );
    assert.equal(imageUrl('//s3.amazonaws.com/x.jpg'), 'https://s3.amazonaws.com/x.jpg');
    assert.equal(imageUrl('flea/img/x.jpg'), undefined);
    assert.equal(imageUrl(''), undefined);
  });

  test('a league without size, logo or divisions counts the teams it has rosters for', () => {
    const snapshot = mapLeagueSnapshot({
      sport: 'basketball',
      season: 2021,
      standings: { league: { id: 30579, name: 'Hoops' } },
      rosters: [
        { team: { id: 2, name: 'B' }, players: [{ proPlayer: { id: 11, position: 'C' } }] },
        { team: { id: 1, name: 'A' } },
      ],
      players: [],
    });
    assert.equal(snapshot.numTeams, 2);
    assert.equal(snapshot.leagueAvatar, undefined);
    assert.ok(!('leagueAvatar' in snapshot));
    assert.deepEqual(
      snapshot.teams.map((t) => t.rosterId),
      ['1', '2'],
    );
    assert.deepEqual(snapshot.rosterEntries, [{ rosterId: '2', playerId: '11' }]);
  });

  test('a player listed on two rosters stays on the lower team id', () => {
    const snapshot = mapLeagueSnapshot({
      sport: 'football',
      season: 2020,
      standings: { league: { id: 1, name: 'L', size: 2 } },
      rosters: [
        { team: { id: 9 }, players: [{ proPlayer: { id: 5 } }, { proPlayer: { id: 4 } }] },
        { team: { id: 3 }, players: [{ proPlayer: { id: 5 } }] },
      ],
      players: [],
    });
    assert.deepEqual(snapshot.rosterEntries, [
      { rosterId: '3', playerId: '5' },
      { rosterId: '9', playerId: '4' },
    ]);
  });
});

describe('Fleaflicker Sportradar ids', () => {
  const player = { id: 12894, nameFull: 'Patrick Mahomes' };
  const uuid = '11cad59d-90dd-449c-a839-dddaba4fe16c';
  test('the first id of externalIds, trimmed, as a sportradar id of the player', () => {
    assert.deepEqual(
      mapSportradarId({ ...player, externalIds: [{ id: ` ${uuid} ` }, { id: 'other' }] }),
      { playerId: '12894', idType: 'sportradar', externalId: uuid },
    );
  });
  test('none without externalIds, with an empty list, or with an empty id', () => {
    assert.equal(mapSportradarId(player), undefined);
    assert.equal(mapSportradarId({ ...player, externalIds: [] }), undefined);
    assert.equal(mapSportradarId({ ...player, externalIds: [{}] }), undefined);
    assert.equal(mapSportradarId({ ...player, externalIds: [{ id: '' }] }), undefined);
  });
});

// The ESPN connector against recorded ESPN responses (../shared/fixtures/espn, read at test time,
// never copied), served by a fake ESPN on 127.0.0.1 (test/helpers/fake-espn.ts).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { InvalidInputError } from '../../../src/domain/errors.ts';
import { PlatformError } from '../../../src/platforms/connector.ts';
import type { PlatformAccount, PlatformConnector } from '../../../src/platforms/connector.ts';
import { linkWith, poolOf, storeHolding } from '../../helpers/connectors.ts';
import { ESPN_FAN, ESPN_FIXTURES_SKIP } from '../../helpers/fake-espn.ts';
import type { FakeEspn } from '../../helpers/fake-espn.ts';
import { FAN_COOKIES, WHOLE_2020_SEASON, espnRejection, espnWorld, lineupsHeld } from './world.ts';

const ALL_SPORTS = ['football', 'baseball', 'basketball'] as const;
const football2020 = { platformLeagueKey: '899513', season: 2020, sport: 'football' } as const;
const failure = (promise: Promise<unknown>) => espnRejection(promise, Error);

describe('ESPN connector on recorded responses', { skip: ESPN_FIXTURES_SKIP }, () => {
  let fake: FakeEspn;
  let espn: PlatformConnector;
  let account: PlatformAccount;

  before(async () => {
    ({ fake, espn, account } = await espnWorld({ timeoutMs: 5_000 }));
  });
  after(() => fake.close());

  test('links cookies, SWID with or without braces, checked once against the fan profile', async () => {
    const before = fake.totalHits();
    const bare = ESPN_FAN.swid.slice(1, -1).toLowerCase();
    const linked = await linkWith(espn, { credentials: { ...FAN_COOKIES, swid: bare } });
    assert.deepEqual(linked, {
      platform: 'espn',
      externalUserId: ESPN_FAN.swid,
      credentials: JSON.stringify({ espn_s2: ESPN_FAN.espnS2, swid: ESPN_FAN.swid }),
    });
    assert.equal(fake.totalHits(), before + 1);
    const sent = fake.requests.at(-1);
    assert.match(sent?.path ?? '', /^\/apis\/v2\/fans\//);
    assert.equal(sent?.headers.cookie, `espn_s2=${ESPN_FAN.espnS2}; SWID=${ESPN_FAN.swid}`);
  });

  test('refuses credentials that cannot be cookies, before calling ESPN', async () => {
    const before = fake.totalHits();
    for (const credentials of [
      { ...FAN_COOKIES, swid: 'not-a-guid' },
      { ...FAN_COOKIES, swid: '{05B95FAE-8345-4823-B95F}' },
      { swid: ESPN_FAN.swid },
      { ...FAN_COOKIES, espn_s2: '  ' },
      { ...FAN_COOKIES, espn_s2: 'a; b=c' },
      'espn_s2=abc',
      [FAN_COOKIES],
    ]) {
      const error = await failure(espn.link({ credentials }));
      assert.ok(error instanceof InvalidInputError, String(error));
    }
    assert.ok((await failure(espn.link({}))) instanceof InvalidInputError);
    assert.ok((await failure(espn.link({ leagueIds: ['abc'] }))) instanceof InvalidInputError);
    assert.ok((await failure(espn.link({ leagueIds: ['hockey:1'] }))) instanceof InvalidInputError);
    assert.equal(fake.totalHits(), before);
  });

  test('cookies ESPN refuses at link time: credentials_rejected, telling to link again', async () => {
    const error = await failure(espn.link({ credentials: { ...FAN_COOKIES, espn_s2: 'expired' } }));
    assert.ok(error instanceof PlatformError);
    assert.equal(error.kind, 'credentials_rejected');
    assert.match(error.message, /fresh .*link again/);
  });

  test('league ids follow leagues with or without cookies, merged with the existing link', async () => {
    const byId = await espn.link({ leagueIds: ['1178049', 'football:1178049'] });
    assert.ok(byId.status === 'linked');
    assert.deepEqual(byId.account, {
      platform: 'espn',
      externalUserId: 'leagues:1178049,football:1178049',
      settings: { leagues: [{ id: '1178049' }, { id: '1178049', sport: 'football' }] },
    });
    const withCookies = await espn.link({ credentials: FAN_COOKIES }, { ...byId.account });
    assert.ok(withCookies.status === 'linked');
    assert.equal(withCookies.account.externalUserId, ESPN_FAN.swid);
    assert.deepEqual(withCookies.account.settings, byId.account.settings);
    const more = await espn.link({ leagueIds: ['basketball:1234'] }, { ...withCookies.account });
    assert.ok(more.status === 'linked');
    assert.equal(more.account.credentials, withCookies.account.credentials, 'keeps the cookies');
    assert.deepEqual(more.account.settings, {
      leagues: [
        { id: '1234', sport: 'basketball' },
        { id: '1178049' },
        { id: '1178049', sport: 'football' },
      ],
    });
  });

  test('discovers the fan profile leagues and follows them through their earlier seasons', async () => {
    const refs = await espn.listLeagues(account, {
      sports: ALL_SPORTS,
      seasons: [2017, 2018, 2019, 2020, 2021, 2022],
    });
    assert.deepEqual(refs, [
      { platformLeagueKey: '899513', season: 2020, sport: 'football', name: 'Sucio Boys' },
      { platformLeagueKey: '899513', season: 2019, sport: 'football' },
      { platformLeagueKey: '899513', season: 2018, sport: 'football' },
      // ESPN's basketball seasonId 2023 is the 2022-23 season: 2022 here.
      {
        platformLeagueKey: '1234',
        season: 2022,
        sport: 'basketball',
        name: 'Orlando Beginner H2H Points League',
      },
    ]);
    assert.deepEqual(await espn.listLeagues(account, { sports: ['football'], seasons: [2020] }), [
      refs[0],
    ]);
  });

  test('a followed public league needs no cookies; its sport prefix limits the search', async () => {
    const byId: PlatformAccount = {
      platform: 'espn',
      externalUserId: 'leagues:football:1178049',
      settings: { leagues: [{ id: '1178049', sport: 'football' }] },
    };
    const before = fake.totalHits();
    assert.deepEqual(await espn.listLeagues(byId, { sports: ALL_SPORTS, seasons: [2019, 2020] }), [
      { platformLeagueKey: '1178049', season: 2020, sport: 'football' },
      { platformLeagueKey: '1178049', season: 2019, sport: 'football' },
    ]);
    const asked = fake.requests.slice(before);
    assert.deepEqual(
      asked.map((r) => r.path),
      ['/apis/v3/games/ffl/seasons/2020/segments/0/leagues/1178049'],
    );
    assert.equal(asked[0]?.headers.cookie, undefined);
  });

  test('football 2020 league 899513: settings, teams, rosters, schedule and draft in one call, then its feed', async () => {
    const before = fake.totalHits();
    // Every lineup held as final: no box score calls (game.test.ts counts those).
    const snapshot = await espn.fetchLeague(account, football2020, lineupsHeld(WHOLE_2020_SEASON));
    assert.equal(fake.totalHits(), before + 2);
    const [league, feed] = fake.requests.slice(-2);
    assert.deepEqual(league?.query.getAll('view'), [
      'mTeam',
      'mRoster',
      'mSettings',
      'mMatchupScore',
      'mDraftDetail',
    ]);
    assert.equal(
      feed?.path,
      '/apis/v3/games/ffl/seasons/2020/segments/0/leagues/899513/communication/',
    );
    assert.equal(feed?.headers.cookie, league?.headers.cookie, 'the feed gets the same cookies');
    assert.equal(snapshot.name, 'Sucio Boys');
    assert.equal(snapshot.numTeams, 10);
    assert.equal(
      snapshot.leagueUrl,
      'https://fantasy.espn.com/football/league?leagueId=899513&seasonId=2020',
    );
    assert.equal(snapshot.leagueAvatar, undefined);
    assert.equal(snapshot.teams.length, 10);
    assert.deepEqual(snapshot.teams[1], {
      rosterId: '2',
      name: 'Coom Dumpster', // "Coom " + "Dumpster": one space
      ownerPlatformUserId: ESPN_FAN.swid,
      abbreviation: 'COOM',
      logoUrl:
        'https://g.espncdn.com/lm-static/logo-packs/ffl/AtTheStadium-RobbHarskamp/At_The_Stadium_01.svg',
      managers: [{ platformUserId: ESPN_FAN.swid, displayName: 'mfespinosaIV' }],
      record: { wins: 7, losses: 5, ties: 0 },
      pointsFor: 1560.76,
      pointsAgainst: 1607.86,
      // The season is over: ESPN's final rank (3), not the seed it entered the playoffs with (4).
      standing: 3,
      divisionId: '0',
      divisionName: 'Texas',
    });
    assert.equal(snapshot.teams[9]?.name, 'Austin 🐐Drew Lock🐐');
    assert.equal(snapshot.teams[9]?.ownerPlatformUserId, '{2B355850-05B1-4DA3-BA19-7FEDA07BD9C2}');
    assert.deepEqual(snapshot.teams[9]?.managers, [
      { platformUserId: '{2B355850-05B1-4DA3-BA19-7FEDA07BD9C2}', displayName: 'espn14856151' },
    ]);
    assert.equal(snapshot.rosterEntries.length, 220);
    const team2 = snapshot.rosterEntries.filter((e) => e.rosterId === '2').map((e) => e.playerId);
    assert.equal(team2.length, 22);
    assert.deepEqual(team2.slice(0, 4), ['-16024', '-16023', '2330', '5529']);
    // Nothing stored: every rostered player comes described from the rosters.
    assert.equal(snapshot.players.length, 220);
    assert.deepEqual(
      snapshot.players.find((p) => p.playerId === '-16033'),
      {
        playerId: '-16033',
        fullName: 'Ravens D/ST',
        firstName: 'Ravens',
        lastName: 'D/ST',
        position: 'DEF',
        irlTeam: 'BAL',
        active: true,
      },
    );
    // Stored or not, a rostered player comes as the roster describes him: the engine keeps the
    // stored record and takes only what it lacks (sync/pool-players.ts).
    const stored = snapshot.rosterEntries.map((e) => e.playerId);
    const held = await espn.fetchLeague(account, football2020, storeHolding(stored));
    assert.deepEqual(held.players, snapshot.players);
  });

  test('football 2020 league 1178049 (public, recorded without settings or rosters)', async () => {
    const snapshot = await espn.fetchLeague(
      { platform: 'espn', externalUserId: 'leagues:1178049' },
      { platformLeagueKey: '1178049', season: 2020, sport: 'football' },
      storeHolding(),
    );
    assert.equal(snapshot.name, 'ESPN league 1178049');
    assert.equal(snapshot.numTeams, 14);
    assert.deepEqual(snapshot.teams[0], {
      rosterId: '1',
      name: "Rushin' Collusion",
      ownerPlatformUserId: '{6CE3540D-0640-4F4B-AF44-9315536F77B3}',
      abbreviation: 'RC',
      logoUrl: 'https://i.imgur.com/4npH1t7.png',
      managers: [
        {
          platformUserId: '{6CE3540D-0640-4F4B-AF44-9315536F77B3}',
          displayName: 'Jack_and_Nina_24',
        },
      ],
      record: { wins: 4, losses: 9, ties: 0 },
      pointsFor: 1334.1,
      pointsAgainst: 1432.6,
      standing: 9,
      // No settings in this body: the division has no name.
      divisionId: '0',
    });
    assert.equal(snapshot.teams[1]?.name, 'Gurleys Gone Wild');
    assert.equal(snapshot.teams[1]?.ownerPlatformUserId, '{74ADB5D7-02E9-4CAC-9309-94B1D5E35EFB}');
    assert.deepEqual(snapshot.rosterEntries, []);
  });

  test('basketball: ESPN seasonId 2023 is season 2022; rosters carry jerseys', async () => {
    const snapshot = await espn.fetchLeague(
      account,
      { platformLeagueKey: '1234', season: 2022, sport: 'basketball' },
      storeHolding(),
    );
    assert.match(
      fake.requests.at(-2)?.path ?? '',
      /\/fba\/seasons\/2023\/segments\/0\/leagues\/1234$/,
    );
    assert.equal(snapshot.season, 2022);
    assert.equal(snapshot.name, 'Orlando Beginner H2H Points League');
    assert.equal(snapshot.numTeams, 10);
    assert.equal(
      snapshot.leagueUrl,
      'https://fantasy.espn.com/basketball/league?leagueId=1234&seasonId=2023',
    );
    assert.deepEqual(
      snapshot.teams.map((t) => t.rosterId),
      ['1', '6', '7', '9', '11', '12'],
    );
    assert.equal(snapshot.rosterEntries.length, 81);
    assert.deepEqual(
      snapshot.players.find((p) => p.fullName === 'Joel Embiid'),
      {
        playerId: '3059318',
        fullName: 'Joel Embiid',
        firstName: 'Joel',
        lastName: 'Embiid',
        position: 'C',
        irlTeam: 'PHI',
        uniformNumber: '21',
        active: true,
      },
    );
  });

  test('the 2020 football player universe, with every player, D/ST and the teamless', async () => {
    const pool = await espn.fetchPlayerPool(poolOf('espn', 'football', 2020), account);
    assert.ok(pool);
    const asked = fake.requests.at(-1);
    assert.equal(asked?.path, '/apis/v3/games/ffl/seasons/2020/players');
    assert.equal(asked?.query.get('view'), 'players_wl');
    assert.equal(asked?.headers['x-fantasy-filter'], '{"filterActive":null}');
    assert.deepEqual(
      [pool.platform, pool.sport, pool.season, pool.players.length],
      ['espn', 'football', 2020, 2656],
    );
    const byId = new Map(pool.players.map((p) => [p.playerId, p]));
    assert.deepEqual(
      pool.players.slice(0, 2).map((p) => p.playerId),
      ['-16034', '-16033'],
    );
    assert.deepEqual(byId.get('-16003'), {
      playerId: '-16003',
      fullName: 'Bears D/ST',
      firstName: 'Bears',
      lastName: 'D/ST',
      position: 'DEF',
      irlTeam: 'CHI',
      active: true,
    });
    // proTeamId 0: no team, so no irl_team, and not active.
    assert.deepEqual(byId.get('15798'), {
      playerId: '15798',
      fullName: 'Datone Jones',
      firstName: 'Datone',
      lastName: 'Jones',
      position: 'DT',
      active: false,
    });
    assert.equal(pool.players.filter((p) => p.irlTeam === undefined).length, 494);
    assert.deepEqual(
      ['4029893', '3915165', '15928', '-14001', '16800'].map((id) => [
        byId.get(id)?.position,
        byId.get(id)?.irlTeam,
      ]),
      [
        ['WR', 'WAS'],
        ['K', 'IND'],
        ['P', 'DEN'],
        ['HC', 'ATL'],
        ['WR', 'GB'],
      ],
    );
    const positions = new Set(pool.players.map((p) => p.position));
    assert.deepEqual([...positions].sort(), [
      'CB',
      'DE',
      'DEF',
      'DT',
      'HC',
      'K',
      'LB',
      'P',
      'QB',
      'RB',
      'S',
      'TE',
      'TQB',
      'WR',
    ]);
  });

  test('the basketball pool of season 2022 is ESPN seasonId 2023', async () => {
    const pool = await espn.fetchPlayerPool(poolOf('espn', 'basketball', 2022), account);
    assert.equal(fake.requests.at(-1)?.path, '/apis/v3/games/fba/seasons/2023/players');
    assert.equal(pool?.players.length, 975);
    const byId = new Map(pool?.players.map((p) => [p.playerId, p]));
    assert.deepEqual(
      ['3468', '3934672', '2528231'].map((id) => [
        byId.get(id)?.fullName,
        byId.get(id)?.position,
        byId.get(id)?.irlTeam,
      ]),
      [
        ['Russell Westbrook', 'PG', 'LAL'],
        ['Jalen Brunson', 'PG', 'NYK'],
        ['Aaron Craft', 'SG', undefined],
      ],
    );
  });

  test('seasons before 2018 come from leagueHistory (a one-element array)', async () => {
    const recorded = fake.league('ffl', 2020, '899513', ['mTeam', 'mRoster', 'mSettings']);
    assert.ok(recorded);
    fake.seasons.set('ffl/2017/899513', { ...recorded, seasonId: 2017 });
    try {
      const snapshot = await espn.fetchLeague(
        account,
        { ...football2020, season: 2017 },
        storeHolding(),
      );
      const asked = fake.requests.at(-1);
      assert.equal(asked?.path, '/apis/v3/games/ffl/leagueHistory/899513');
      assert.equal(asked?.query.get('seasonId'), '2017');
      assert.equal(snapshot.season, 2017);
      assert.equal(
        snapshot.leagueUrl,
        'https://fantasy.espn.com/football/league?leagueId=899513&seasonId=2017',
      );
    } finally {
      fake.seasons.delete('ffl/2017/899513');
    }
  });
});

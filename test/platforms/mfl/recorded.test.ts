// The MFL connector against the recorded exports in ../shared/fixtures/mfl, served by the fake
// on 127.0.0.1: the exact leagues, teams, rosters and players those recordings describe.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { PlatformError } from '../../../src/platforms/connector.ts';
import type { PlatformAccount } from '../../../src/platforms/connector.ts';
import { createMflConnector } from '../../../src/platforms/mfl/index.ts';
import { linkWith, poolOf, storeHolding } from '../../helpers/connectors.ts';
import {
  MFL_FIXTURES_SKIP,
  MFL_LOGIN,
  PRIVATE_LEAGUE,
  startFakeMfl,
} from '../../helpers/fake-mfl.ts';
import type { FakeMfl } from '../../helpers/fake-mfl.ts';

const SCOPE_2020 = { sports: ['football'] as const, seasons: [2020] };

describe('MFL connector on the recorded exports', { skip: MFL_FIXTURES_SKIP }, () => {
  let fake: FakeMfl;
  before(async () => {
    fake = await startFakeMfl();
  });
  after(() => fake.close());
  const connect = () => createMflConnector({ baseUrl: fake.baseUrl, backoffBaseMs: 1 });
  const PUBLIC: PlatformAccount = {
    platform: 'mfl',
    externalUserId: 'public-leagues',
    settings: { leagueIds: ['54040'] },
  };

  test('links a login: the password buys the cookie, which alone is stored', async () => {
    const account = await linkWith(connect(), {
      credentials: { username: MFL_LOGIN.username, password: MFL_LOGIN.password },
    });
    assert.deepEqual(account, {
      platform: 'mfl',
      externalUserId: MFL_LOGIN.username,
      username: MFL_LOGIN.username,
      credentials: JSON.stringify({ cookie: MFL_LOGIN.cookie }),
    });
    assert.doesNotMatch(JSON.stringify(account), /correct horse/);
    const login = fake.requests.find((r) => r.path.endsWith('/login'));
    assert.equal(login?.method, 'POST');
    assert.equal(login?.query.get('PASSWORD'), null, 'the password is not put in the URL');
  });

  test("lists the login's leagues from the recorded myleagues", async () => {
    const account = await linkWith(connect(), {
      credentials: { username: MFL_LOGIN.username, password: MFL_LOGIN.password },
    });
    const refs = await connect().listLeagues(account, SCOPE_2020);
    assert.deepEqual(refs, [
      { platformLeagueKey: '21499', season: 2020, sport: 'football', name: 'testestest' },
    ]);
    assert.deepEqual(
      await connect().listLeagues(account, { ...SCOPE_2020, sports: ['baseball'] }),
      [],
    );
  });

  test("lists a followed league's seasons from its history", async () => {
    const refs = await connect().listLeagues(PUBLIC, {
      sports: ['football'],
      seasons: [2017, 2018, 2019, 2020, 2021],
    });
    // 2021 is not recorded (MFL refuses it): the 2020 league's history gives 2018 and 2019.
    assert.deepEqual(
      refs.map((r) => [r.platformLeagueKey, r.season, r.name]),
      [
        ['54040', 2020, 'The Super Smash Bros Dynasty League'],
        ['54040', 2019, undefined],
        ['54040', 2018, undefined],
      ],
    );
  });

  test('fetches the 2020 league 54040: franchises, rosters, url', async () => {
    const ref = { platformLeagueKey: '54040', season: 2020, sport: 'football' as const };
    const pool = await connect().fetchPlayerPool(poolOf('mfl', 'football', 2020), PUBLIC);
    const held = (pool?.players ?? []).map((p) => p.playerId);
    const league = await connect().fetchLeague(PUBLIC, ref, storeHolding(held));
    assert.equal(league.name, 'The Super Smash Bros Dynasty League');
    assert.equal(league.numTeams, 14);
    assert.equal(league.leagueUrl, 'https://www47.myfantasyleague.com/2020/home/54040');
    assert.equal(league.leagueAvatar, undefined);
    // Abbreviations and logos from TYPE=league; no owner (a public read), no standings recorded.
    assert.deepEqual(league.teams.slice(0, 3), [
      {
        rosterId: '0001',
        name: 'Team Pikachu',
        abbreviation: 'PIKA',
        logoUrl: 'https://i.imgur.com/purgTuY.png',
      },
      {
        rosterId: '0002',
        name: 'Team Simon Belmont',
        abbreviation: 'SIMN',
        logoUrl: 'https://i.imgur.com/spJaesT.png',
      },
      {
        rosterId: '0003',
        name: 'Team Donkey Kong',
        abbreviation: 'DK',
        logoUrl: 'https://i.imgur.com/o2NrjHd.png',
      },
    ]);
    assert.equal(league.teams.length, 14);
    // Roster, taxi squad and injured reserve alike: 417 players on 14 franchises.
    assert.equal(league.rosterEntries.length, 417);
    assert.deepEqual(
      league.rosterEntries
        .filter((e) => e.rosterId === '0001')
        .map((e) => e.playerId)
        .slice(0, 5),
      ['9073', '9918', '11680', '12110', '12639'],
    );
    assert.deepEqual(league.players, [], 'the stored pool holds every rostered player');
  });

  test('rostered players the pool lacks come from TYPE=players&PLAYERS=', async () => {
    const ref = { platformLeagueKey: '54040', season: 2020, sport: 'football' as const };
    const league = await connect().fetchLeague(PUBLIC, ref, storeHolding());
    const rostered = new Set(league.rosterEntries.map((e) => e.playerId));
    assert.equal(league.players.filter((p) => rostered.has(p.playerId)).length, 417);
    const asked = fake.requests.filter((r) => r.query.get('PLAYERS') !== null);
    assert.ok(asked.length >= 5, 'ids asked in chunks');
    // The same records as the season's full list gives them; beside the rostered players, those
    // drafted and no longer rostered that MFL still lists.
    const pool = await connect().fetchPlayerPool(poolOf('mfl', 'football', 2020), PUBLIC);
    const drafted = new Set(league.activity?.drafts.flatMap((d) => d.picks.map((p) => p.playerId)));
    assert.deepEqual(
      league.players,
      pool?.players.filter((p) => rostered.has(p.playerId) || drafted.has(p.playerId)),
    );
    assert.equal(league.players.length, 437);
    assert.ok(
      league.players.every((p) => p.fullName !== p.playerId),
      'no placeholder needed',
    );
  });

  test('maps the 2020 player list: names, DEF, K, teams, ids elsewhere', async () => {
    const pool = await connect().fetchPlayerPool(poolOf('mfl', 'football', 2020), PUBLIC);
    assert.ok(pool);
    assert.equal(pool.season, 2020);
    // 2759 entries less the 43 draft-pick placeholders of position XX.
    assert.equal(pool.players.length, 2716);
    const byId = new Map(pool.players.map((p) => [p.playerId, p]));
    assert.deepEqual(byId.get('13116'), {
      playerId: '13116',
      fullName: 'Patrick Mahomes',
      firstName: 'Patrick',
      lastName: 'Mahomes',
      position: 'QB',
      irlTeam: 'KC',
      uniformNumber: '15',
      active: true,
    });
    assert.deepEqual(byId.get('0501'), {
      playerId: '0501',
      fullName: 'Buffalo Bills',
      firstName: 'Buffalo',
      lastName: 'Bills',
      position: 'DEF',
      irlTeam: 'BUF',
      active: true,
    });
    assert.deepEqual(byId.get('2842'), {
      playerId: '2842',
      fullName: 'Adam Vinatieri',
      firstName: 'Adam',
      lastName: 'Vinatieri',
      position: 'K',
      uniformNumber: '4',
      active: false,
    });
    // The same team's other units are listed too, inactive so that its name finds the defence.
    assert.deepEqual(
      [byId.get('0151')?.fullName, byId.get('0151')?.position, byId.get('0151')?.active],
      ['Buffalo Bills', 'TMWR', false],
    );
    assert.equal(byId.get('0800'), undefined, 'the "2020 Pick, 1.01" placeholder is no player');
    assert.equal(byId.get('12360')?.irlTeam, 'CIN');
    assert.deepEqual(
      pool.externalIds?.filter((id) => id.playerId === '13116'),
      [
        {
          playerId: '13116',
          idType: 'sportradar',
          externalId: '11cad59d-90dd-449c-a839-dddaba4fe16c',
        },
        { playerId: '13116', idType: 'stats', externalId: '30123' },
        { playerId: '13116', idType: 'stats_global', externalId: '839031' },
        { playerId: '13116', idType: 'cbs', externalId: '2142052' },
        { playerId: '13116', idType: 'rotowire', externalId: '11839' },
        { playerId: '13116', idType: 'rotoworld', externalId: '12142' },
      ],
    );
    // Team units' stats_global_id "0" means none.
    assert.deepEqual(
      pool.externalIds?.filter((id) => id.playerId === '0501').map((id) => id.idType),
      ['fleaflicker', 'stats', 'cbs'],
    );
    assert.equal(pool.externalIds?.filter((id) => id.idType === 'espn').length, 851);
    assert.equal(await connect().fetchPlayerPool(poolOf('mfl', 'basketball', 2020), PUBLIC), null);
  });

  test('a private league read without a login says it needs one', async () => {
    const ref = { platformLeagueKey: PRIVATE_LEAGUE, season: 2020, sport: 'football' as const };
    await assert.rejects(
      connect().fetchLeague(PUBLIC, ref, storeHolding()),
      (error: unknown) =>
        error instanceof PlatformError &&
        error.kind === 'forbidden' &&
        /league 11747 \(2020\) is private: this league needs a login/.test(error.message),
    );
  });

  test('the same private league read with the login', async () => {
    const account = await linkWith(connect(), {
      credentials: { username: MFL_LOGIN.username, password: MFL_LOGIN.password },
    });
    const ref = { platformLeagueKey: PRIVATE_LEAGUE, season: 2020, sport: 'football' as const };
    const league = await connect().fetchLeague(account, ref, storeHolding());
    assert.equal(league.numTeams, 12);
    assert.equal(league.teams.find((t) => t.rosterId === '0003')?.name, 'Dutch Caps');
    assert.ok(league.rosterEntries.length > 100);
    const rosterRequest = [...fake.requests]
      .reverse()
      .find((r) => r.query.get('TYPE') === 'rosters');
    assert.equal(rosterRequest?.headers.cookie, `MFL_USER_ID=${MFL_LOGIN.cookie}`);
    const poolRequest = [...fake.requests].reverse().find((r) => r.query.get('DETAILS') === '1');
    assert.equal(
      poolRequest?.headers['user-agent']?.startsWith('fantasy-league-data-service/'),
      true,
    );
  });
});

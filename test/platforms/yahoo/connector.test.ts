// The Yahoo connector against a fake Yahoo replaying ../shared/fixtures/yahoo: linking, the
// league list, every league's teams, rosters and players, and the per-season player pools.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { InvalidInputError } from '../../../src/domain/errors.ts';
import type { PlatformAccount, PlatformConnector } from '../../../src/platforms/connector.ts';
import { createYahooConnector } from '../../../src/platforms/yahoo/index.ts';
import { poolOf, storeHolding } from '../../helpers/connectors.ts';
import { RECORDED_YAHOO_USER, YAHOO_FIXTURES_SKIP } from '../../helpers/fake-yahoo.ts';
import { ALL_SPORTS, yahooWorld } from './world.ts';
import type { YahooWorld } from './world.ts';

describe('Yahoo connector on the recordings', { skip: YAHOO_FIXTURES_SKIP }, () => {
  let world: YahooWorld;
  let connector: PlatformConnector;
  let account: PlatformAccount;
  before(async () => {
    world = await yahooWorld();
    connector = world.connector();
    account = await world.linked(connector);
  });
  after(() => world.close());

  it('link without a code gives the address where the user approves the application', async () => {
    const outcome = await connector.link({});
    assert.equal(outcome.status, 'action_required');
    assert.ok(outcome.status === 'action_required' && outcome.url);
    const url = new URL(outcome.url);
    assert.equal(`${url.origin}${url.pathname}`, `${world.fake.authBaseUrl}/request_auth`);
    assert.deepEqual(Object.fromEntries(url.searchParams), {
      client_id: 'fake-client-id',
      redirect_uri: 'oob',
      response_type: 'code',
    });
    assert.match(outcome.message, /--code/);
  });

  it('link with a code stores the tokens and names the account by its Yahoo guid', () => {
    assert.equal(account.externalUserId, RECORDED_YAHOO_USER.guid);
    assert.equal(account.username, 'Dave');
    const tokens = JSON.parse(account.credentials ?? '') as Record<string, unknown>;
    assert.deepEqual(Object.keys(tokens).sort(), ['access_token', 'expires_at', 'refresh_token']);
    assert.equal(tokens.expires_at, world.clock.now / 1000 + 3600);
    assert.equal(tokens.refresh_token, world.fake.validRefreshToken());
  });

  it('a code Yahoo refuses (used already) is bad input', async () => {
    await assert.rejects(connector.link({ code: 'code-never-issued' }), (error) => {
      assert.ok(error instanceof InvalidInputError);
      assert.match(error.message, /Yahoo refused the code \(INVALID_AUTHORIZATION_CODE\)/);
      return true;
    });
  });

  it('lists the leagues of every sport for any season, with game keys asked of Yahoo once', async () => {
    const before = world.fake.requests.length;
    const scope = { sports: ALL_SPORTS, seasons: [2022, 2024, 2025] };
    const refs = await connector.listLeagues(account, scope);
    assert.deepEqual(
      refs.map((r) => [r.platformLeagueKey, r.sport, r.season, r.name]).sort(),
      [
        ['412.l.48244', 'baseball', 2022, 'Fake-metadata league 48244'],
        ['458.l.48797', 'baseball', 2025, "Dave's Excellent League"],
        ['461.l.6288', 'football', 2025, 'Fake-metadata league 6288'],
        ['449.l.751781', 'football', 2024, 'Harambe Memorial League'],
        ['418.l.15944', 'basketball', 2022, 'G.O.A.T. League'],
      ].sort(),
    );
    const paths = world.fake.requests.slice(before).map((r) => r.path.slice('/fantasy/v2'.length));
    assert.deepEqual(paths, [
      '/games;game_codes=mlb,nfl,nba;seasons=2022,2024,2025',
      '/users;use_login=1/games;game_keys=412,458,449,461,418/leagues',
    ]);
    await connector.listLeagues(account, { sports: ['football'], seasons: [2024] });
    assert.equal(
      world.fake.requests.at(-1)?.path,
      '/fantasy/v2/users;use_login=1/games;game_keys=449/leagues',
    );
  });

  it('a season Yahoo has no game for gives no leagues (and no league call)', async () => {
    const refs = await connector.listLeagues(account, { sports: ['football'], seasons: [2018] });
    assert.deepEqual(refs, []);
    assert.match(world.fake.requests.at(-1)?.path ?? '', /\/games;game_codes=nfl;seasons=2018$/);
  });

  it('football: the team, its roster and each player as Yahoo describes him', async () => {
    const ref = { platformLeagueKey: '461.l.6288', sport: 'football' as const, season: 2025 };
    const before = world.fake.requests.length;
    const league = await connector.fetchLeague(account, ref, storeHolding(['32723']));
    // The fake's own metadata of this league names no current week: no scoreboard call.
    assert.deepEqual(
      world.fake.requests.slice(before).map((r) => r.path),
      [
        '/fantasy/v2/league/461.l.6288/teams/roster',
        '/fantasy/v2/league/461.l.6288;out=settings,standings,draftresults,transactions',
      ],
    );
    // The manager's guid is hidden in the recording ("----"): no owner, no manager.
    assert.deepEqual(league.teams, [
      {
        rosterId: '4',
        name: 'Gotham City Knights',
        logoUrl:
          'https://yahoofantasysports-res.cloudinary.com/image/upload/t_s192sq/fantasy-logos/7d719f2e4062b3f070897f74a6de4250d5072b61785623abdb3af93254cd4140.jpg',
        divisionId: '1',
      },
    ]);
    assert.deepEqual(league.activity, {
      matchups: [],
      transactions: [],
      drafts: [],
      futurePicks: [],
    });
    assert.equal(league.rosterEntries.length, 29);
    assert.ok(league.rosterEntries.every((entry) => entry.rosterId === '4'));
    assert.equal(league.leagueUrl, 'https://football.fantasysports.yahoo.com/f1/6288');
    const byId = new Map(league.players.map((p) => [p.playerId, p]));
    assert.equal(byId.has('32723'), false, 'Jalen Hurts is in the store already');
    assert.equal(league.players.length, 28);
    assert.deepEqual(byId.get('100008'), {
      playerId: '100008',
      fullName: 'Detroit',
      firstName: 'Detroit',
      position: 'DEF',
      irlTeam: 'DET',
      active: true,
    });
    assert.deepEqual(byId.get('33537'), {
      playerId: '33537',
      fullName: 'Evan McPherson',
      firstName: 'Evan',
      lastName: 'McPherson',
      position: 'K',
      irlTeam: 'CIN',
      uniformNumber: '2',
      active: true,
    });
    assert.equal(byId.get('99001')?.position, 'WR', 'Travis Hunter (WR,CB): his primary position');
    assert.equal(byId.get('30996')?.uniformNumber, '0', 'number 0 is a number');
    assert.equal(byId.get('31157')?.active, false, 'status NA: not active');
    assert.equal(byId.get('30295')?.fullName, 'Aaron Jones Sr.');
  });

  it('baseball: the team with its manager and the roster in common position names', async () => {
    const ref = { platformLeagueKey: '412.l.48244', sport: 'baseball' as const, season: 2022 };
    const league = await connector.fetchLeague(account, ref, storeHolding());
    assert.deepEqual(league.teams, [
      {
        rosterId: '8',
        name: 'Sunday Flameouts',
        ownerPlatformUserId: 'AV6IXHPC4QP7HDCKNCWNL35IPI',
        logoUrl: 'https://s.yimg.com/cv/apiv2/default/mlb/mlb_3_f.png',
        managers: [{ platformUserId: 'AV6IXHPC4QP7HDCKNCWNL35IPI', displayName: 'Jennifer' }],
      },
    ]);
    const jansen = league.players.find((p) => p.playerId === '10959');
    assert.deepEqual(jansen, {
      playerId: '10959',
      fullName: 'Danny Jansen',
      firstName: 'Danny',
      lastName: 'Jansen',
      position: 'C',
      irlTeam: 'TOR',
      uniformNumber: '9',
      active: true,
    });
    const allowed = new Set(['C', '1B', '2B', '3B', 'SS', 'OF', 'SP', 'RP', 'DH']);
    for (const player of league.players) {
      assert.ok(allowed.has(player.position ?? ''), `${player.fullName}: ${player.position}`);
      assert.match(player.irlTeam ?? '', /^[A-Z]{2,3}$/);
    }
    assert.equal(league.rosterEntries.length, league.players.length);
  });

  it('basketball: league metadata, avatar and all 14 teams with their owners', async () => {
    const ref = { platformLeagueKey: '418.l.15944', sport: 'basketball' as const, season: 2022 };
    const league = await connector.fetchLeague(account, ref, storeHolding());
    assert.equal(league.name, 'G.O.A.T. League');
    assert.equal(league.numTeams, 14);
    assert.equal(league.leagueUrl, 'https://basketball.fantasysports.yahoo.com/nba/15944');
    assert.match(
      league.leagueAvatar ?? '',
      /^https:\/\/yahoofantasysports-res\.cloudinary\.com\/.+\.jpg$/,
    );
    assert.equal(league.teams.length, 14);
    assert.deepEqual(league.teams[0], {
      rosterId: '1',
      name: 'LOS DIOSES',
      ownerPlatformUserId: 'ONVHWMWVEBRZHGYCHWPDPIVZFY',
      logoUrl:
        'https://yahoofantasysports-res.cloudinary.com/image/upload/t_s192sq/fantasy-logos/25a5906964cc932fb0f766497ca3bb5f43caf88ea38df4f254e48f6b28aa96cf.jpg',
      managers: [{ platformUserId: 'ONVHWMWVEBRZHGYCHWPDPIVZFY', displayName: 'Israel III' }],
      // No division names: this league's settings were not recorded.
      divisionId: '1',
    });
    const inDivision = (id: string) => league.teams.filter((t) => t.divisionId === id).length;
    assert.deepEqual([inDivision('1'), inDivision('2')], [7, 7]);
    assert.equal(league.activity?.currentPeriod, 9);
    assert.deepEqual(
      league.teams.map((t) => t.rosterId),
      ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12', '13', '14'],
    );
    assert.deepEqual(league.rosterEntries, []);
  });

  it('a league with logo_url false has no avatar; its season and size come from Yahoo', async () => {
    const ref = { platformLeagueKey: '449.l.751781', sport: 'football' as const, season: 2024 };
    const league = await connector.fetchLeague(account, ref, storeHolding());
    assert.equal(league.name, 'Harambe Memorial League');
    assert.equal(league.numTeams, 12);
    assert.equal(league.leagueUrl, 'https://football.fantasysports.yahoo.com/2024/f1/751781');
    assert.equal('leagueAvatar' in league, false);
    assert.deepEqual(league.teams, [
      {
        rosterId: '9',
        name: 'Gibb it to me baby',
        ownerPlatformUserId: RECORDED_YAHOO_USER.guid,
        logoUrl:
          'https://yahoofantasysports-res.cloudinary.com/image/upload/t_s192sq/fantasy-logos/5d910bdf34a17c6daf1a695b705c5b7807a6f701a421241218a9a32acdde0c31.jpg',
        managers: [{ platformUserId: RECORDED_YAHOO_USER.guid, displayName: 'Dave' }],
      },
    ]);
    // A finished season: its weeks up to the last, 17, and no further.
    assert.equal(league.activity?.currentPeriod, 17);
    const paths = world.fake.requests.map((r) => r.path);
    assert.ok(
      paths.includes(
        `/fantasy/v2/league/449.l.751781/scoreboard;week=${Array.from({ length: 17 }, (_, i) => i + 1).join(',')}`,
      ),
    );
    // The game's lineups: one call per week of those 17, the last one last.
    assert.equal(
      paths.at(-1),
      '/fantasy/v2/league/449.l.751781/teams/roster;week=17/players/stats;type=week;week=17',
    );
  });

  it('football 2021 (recorded in XML, served as Yahoo renders JSON): 16 teams and a full roster', async () => {
    const refs = await connector.listLeagues(account, {
      sports: ALL_SPORTS,
      seasons: [2017, 2018, 2019, 2020, 2021],
    });
    assert.deepEqual(refs, [
      {
        platformLeagueKey: '406.l.117376',
        sport: 'football',
        season: 2021,
        name: 'MCS Fantasy Football 2021',
      },
    ]);
    const league = await connector.fetchLeague(
      account,
      refs[0] as (typeof refs)[number],
      storeHolding(),
    );
    assert.equal(league.numTeams, 16);
    assert.equal(league.leagueUrl, 'https://football.fantasysports.yahoo.com/f1/117376');
    assert.equal('leagueAvatar' in league, false, 'an empty logo_url is no avatar');
    assert.equal(league.teams.length, 16);
    const team4 = league.teams.find((t) => t.rosterId === '4');
    assert.deepEqual(
      [team4?.name, team4?.ownerPlatformUserId],
      ['Chalupa Batman', 'HJXEGSOPDMQLLZFJIQ2BCZA3Z4'],
    );
    assert.equal(league.rosterEntries.length, 18);
    assert.deepEqual(
      league.players.find((p) => p.playerId === '29369'),
      {
        playerId: '29369',
        fullName: 'Dak Prescott',
        firstName: 'Dak',
        lastName: 'Prescott',
        position: 'QB',
        irlTeam: 'DAL',
        uniformNumber: '4',
        active: true,
      },
    );
    const positions = new Set(league.players.map((p) => p.position));
    assert.ok(
      ['QB', 'K', 'DEF'].every((position) => positions.has(position)),
      [...positions].join(' '),
    );
  });

  it("a season's pool is the game's every player, read 25 at a time", async () => {
    const before = world.fake.requests.length;
    const pool = await connector.fetchPlayerPool(poolOf('yahoo', 'football', 2025), account);
    assert.ok(pool);
    assert.equal(pool.season, 2025);
    assert.equal(pool.players.length, 29);
    assert.deepEqual(
      world.fake.requests.slice(before).map((r) => r.path),
      [
        '/fantasy/v2/game/461/players;start=0;count=25',
        '/fantasy/v2/game/461/players;start=25;count=25',
      ],
    );
    assert.equal(pool.players.find((p) => p.playerId === '100019')?.irlTeam, 'NYG');
  });

  it('a season with no Yahoo game has no pool', async () => {
    assert.equal(
      await connector.fetchPlayerPool(poolOf('yahoo', 'basketball', 2019), account),
      null,
    );
  });

  it('reading a pool stops when cancelled', async () => {
    const control = new AbortController();
    control.abort(new Error('stop'));
    await assert.rejects(
      connector.fetchPlayerPool(poolOf('yahoo', 'football', 2025), account, control.signal),
      /stop/,
    );
  });
});

describe('Yahoo without the application keys', () => {
  it('link exits as bad input naming the variables; a sync says the same', async () => {
    const connector = createYahooConnector({
      baseUrl: 'http://127.0.0.1:9/fantasy/v2',
      authBaseUrl: 'http://127.0.0.1:9/oauth2',
      clientId: undefined,
      clientSecret: 'set',
      redirectUri: 'oob',
    });
    await assert.rejects(connector.link({}), (error) => {
      assert.ok(error instanceof InvalidInputError);
      assert.match(error.message, /YAHOO_CLIENT_ID and YAHOO_CLIENT_SECRET/);
      return true;
    });
    const account = { platform: 'yahoo' as const, externalUserId: 'G' };
    await assert.rejects(
      connector.listLeagues(account, { sports: ['football'], seasons: [2020] }),
      /YAHOO_CLIENT_ID and YAHOO_CLIENT_SECRET/,
    );
  });
});

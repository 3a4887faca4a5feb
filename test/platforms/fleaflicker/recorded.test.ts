// The Fleaflicker connector against recorded Fleaflicker responses (../shared/fixtures/fleaflicker,
// read at test time, never copied), served by a real local HTTP server.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { SPORTS } from '../../../src/domain/catalog.ts';
import { seasonsBetween } from '../../../src/domain/seasons.ts';
import { InvalidInputError } from '../../../src/domain/errors.ts';
import type { PlatformAccount, PlatformConnector } from '../../../src/platforms/connector.ts';
import { createFleaflickerConnector } from '../../../src/platforms/fleaflicker/index.ts';
import { TEST_SECRETS, linkWith, poolOf, storeHolding } from '../../helpers/connectors.ts';
import {
  FLEAFLICKER_FIXTURES_SKIP,
  RECORDED_FLEAFLICKER_EMAIL,
  startFakeFleaflicker,
} from '../../helpers/fake-fleaflicker.ts';
import type { FakeFleaflicker } from '../../helpers/fake-fleaflicker.ts';
import { failure } from '../../helpers/failure.ts';

/** The specification's seasons, as the engine passes them by default. */
const SEASONS = seasonsBetween(2017, 2021);

const AAA = '312861'; // Avid Auctioneers Alliance: standings 2020, rosters and player listing recorded
const JACKPOT = '206154'; // Jackpot Dynasty League: standings 2020 recorded, rosters not

// As a link stores it: the address in the credentials, the id a keyed digest of it.
const account: PlatformAccount = {
  platform: 'fleaflicker',
  externalUserId: `email-${TEST_SECRETS.pseudonym('fleaflicker account', RECORDED_FLEAFLICKER_EMAIL)}`,
  credentials: JSON.stringify({ email: RECORDED_FLEAFLICKER_EMAIL }),
};
const football2020 = { sports: ['football'], seasons: [2020] } as const;
const ref = (key: string) => ({ platformLeagueKey: key, season: 2020, sport: 'football' as const });

describe('Fleaflicker connector on recorded responses', { skip: FLEAFLICKER_FIXTURES_SKIP }, () => {
  let fake: FakeFleaflicker;
  let flea: PlatformConnector;
  const connect = () =>
    createFleaflickerConnector({ baseUrl: fake.baseUrl, backoffBaseMs: 1, timeoutMs: 5_000 });
  const sent = (from: number) => fake.requests.slice(from);

  before(async () => {
    fake = await startFakeFleaflicker();
    flea = connect();
  });
  after(() => fake.close());

  test('links an e-mail, normalized, after one look-up of its leagues', async () => {
    const before = fake.totalHits();
    const linked = await linkWith(flea, {
      email: `  ${RECORDED_FLEAFLICKER_EMAIL.toUpperCase()} `,
    });
    assert.deepEqual(linked, account);
    const [request, ...more] = sent(before);
    assert.equal(more.length, 0);
    assert.equal(request?.path, '/FetchUserLeagues');
    assert.deepEqual(Object.fromEntries(request?.query ?? []), {
      email: RECORDED_FLEAFLICKER_EMAIL,
      sport: 'NFL',
    });
  });

  test('a missing or malformed e-mail is bad input, and Fleaflicker is not asked', async () => {
    const before = fake.totalHits();
    for (const email of [undefined, '  ', 'alice', 'alice@', '@example.com', 'a b@example.com']) {
      await assert.rejects(
        flea.link(email === undefined ? {} : { email }),
        (error: unknown) => error instanceof InvalidInputError,
        `e-mail ${String(email)}`,
      );
    }
    await assert.rejects(flea.link({ username: 'alice' }), /needs --email/);
    assert.equal(fake.totalHits(), before);
  });

  test('an e-mail Fleaflicker does not know is not_found, however it says so', async () => {
    const unknown = await failure(flea.link({ email: 'nobody@example.com' }));
    assert.equal(unknown.kind, 'not_found');
    assert.equal(
      unknown.message,
      'fleaflicker: Fleaflicker knows no account with the e-mail nobody@example.com (HTTP 404)',
    );
    const variants = [
      { status: 400, body: '<html><body>Bad Request</body></html>' },
      { status: 200, body: JSON.stringify({ error: { message: 'User not found' } }) },
    ];
    for (const unknownEmail of variants) {
      const other = await startFakeFleaflicker({ unknownEmail });
      try {
        const connector = createFleaflickerConnector({ baseUrl: other.baseUrl });
        const error = await failure(connector.link({ email: 'nobody@example.com' }));
        assert.equal(error.kind, 'not_found');
        assert.match(error.message, /knows no account with the e-mail nobody@example\.com/);
      } finally {
        await other.close();
      }
    }
  });

  test("lists the account's leagues of a sport and season", async () => {
    assert.deepEqual(await flea.listLeagues(account, football2020), [
      {
        platformLeagueKey: JACKPOT,
        season: 2020,
        sport: 'football',
        name: 'Jackpot Dynasty League',
      },
      {
        platformLeagueKey: AAA,
        season: 2020,
        sport: 'football',
        name: 'Avid Auctioneers Alliance',
      },
    ]);
  });

  test('the whole scope asks each of NFL, MLB and NBA for every season', async () => {
    const before = fake.totalHits();
    const refs = await flea.listLeagues(account, { sports: SPORTS, seasons: SEASONS });
    assert.deepEqual(
      refs.map((r) => [r.platformLeagueKey, r.sport, r.season]),
      [
        [JACKPOT, 'football', 2020],
        [AAA, 'football', 2020],
      ],
    );
    const asked = sent(before).map((r) => `${r.query.get('sport')}/${r.query.get('season')}`);
    assert.equal(asked.length, 15);
    assert.deepEqual(
      [...new Set(asked)].sort(),
      ['MLB', 'NBA', 'NFL'].flatMap((sport) => SEASONS.map((season) => `${sport}/${season}`)),
    );
  });

  test('maps a league, its teams, owners and rosters as that season ended', async () => {
    const before = fake.totalHits();
    const snapshot = await flea.fetchLeague(account, ref(AAA), storeHolding());
    const leagueCalls = sent(before).filter((r) =>
      ['/FetchLeagueRosters', '/FetchLeagueStandings'].includes(r.path),
    );
    assert.equal(leagueCalls.length, 2);
    for (const request of leagueCalls) {
      assert.deepEqual(
        [request.query.get('sport'), request.query.get('league_id'), request.query.get('season')],
        ['NFL', AAA, '2020'],
      );
    }
    const { teams, rosterEntries, players, activity: _activity, game: _game, ...league } = snapshot;
    assert.deepEqual(league, {
      platform: 'fleaflicker',
      platformLeagueKey: AAA,
      season: 2020,
      sport: 'football',
      name: 'Avid Auctioneers Alliance',
      numTeams: 12,
      leagueUrl: 'https://www.fleaflicker.com/nfl/leagues/312861?season=2020',
      leagueAvatar: 'https://s3.amazonaws.com/fleaflicker/l312861_0_150x150.jpg',
    });
    assert.deepEqual(
      teams.map((t) => [t.rosterId, t.name, t.ownerPlatformUserId]),
      [
        ['1578553', 'Running Bear', '695604'],
        ['1581718', 'Officially Rebuilding', '1357461'],
        ['1581719', "Jmuthers's Team", '723162'],
        ['1581720', "brosene's Team", '1145163'],
        ['1581721', "Mjenkyns2004's Team", '1281991'],
        ['1581722', "syd12nyjets's Team", '749239'],
        ['1581726', "SCJaguars's Team", '1152395'],
        ['1581753', "fede_mndz's Team", '1064178'],
        ['1581803', "ZachFarni's Team", '1286682'],
        ['1581988', 'The DK Crew', '723056'],
        ['1582416', 'Ray Jay Team', '716040'],
        ['1582423', 'The Verblanders', '723142'],
      ],
    );
    assert.equal(rosterEntries.length, 280);
    const perTeam = new Map<string, string[]>();
    for (const e of rosterEntries)
      perTeam.set(e.rosterId, [...(perTeam.get(e.rosterId) ?? []), e.playerId]);
    assert.deepEqual(
      [...perTeam].map(([team, ids]) => [team, ids.length]),
      [
        ['1578553', 28],
        ['1581718', 21],
        ['1581719', 22],
        ['1581720', 14],
        ['1581721', 23],
        ['1581722', 28],
        ['1581726', 26],
        ['1581753', 27],
        ['1581803', 27],
        ['1581988', 25],
        ['1582416', 20],
        ['1582423', 19],
      ],
    );
    assert.deepEqual(perTeam.get('1582416')?.slice(0, 4), ['309', '9360', '11261', '11329']);
    // An empty store: every rostered player comes with the league, described by the rosters.
    const onRosters = new Set(rosterEntries.map((e) => e.playerId));
    assert.equal(players.filter((p) => onRosters.has(p.playerId)).length, 280);
    const byId = new Map(players.map((p) => [p.playerId, p]));
    assert.deepEqual(byId.get('12032'), {
      playerId: '12032',
      fullName: 'Carson Wentz',
      firstName: 'Carson',
      lastName: 'Wentz',
      position: 'QB',
      irlTeam: 'IND',
      active: true,
    });
    // No real-life team ("FA"): no irl_team. Eligible at two positions: the first.
    assert.equal(byId.get('16622')?.irlTeam, undefined);
    assert.equal(byId.get('16622')?.fullName, 'Jamie Newman');
    assert.equal(byId.get('15579')?.position, 'RB');
    assert.equal(byId.get('15579')?.irlTeam, 'MIA');
  });

  test('a league carries only the rostered players the stored pool lacks', async () => {
    const snapshot = await flea.fetchLeague(account, ref(AAA), storeHolding(['12032', '309']));
    const rostered = new Set(snapshot.rosterEntries.map((e) => e.playerId));
    assert.equal(snapshot.players.filter((p) => rostered.has(p.playerId)).length, 278);
    assert.ok(!snapshot.players.some((p) => ['12032', '309'].includes(p.playerId)));
    assert.equal(snapshot.rosterEntries.length, 280);
  });

  test('a league Fleaflicker does not have is not_found', async () => {
    const gone = await failure(flea.fetchLeague(account, ref('999999'), storeHolding()));
    assert.equal(gone.kind, 'not_found');
    assert.equal(
      gone.message,
      'fleaflicker: league 999999 (football 2020) not found on Fleaflicker (HTTP 404)',
    );
    // Recorded standings but no recorded rosters: the same, never a half-built league.
    assert.equal(
      (await failure(flea.fetchLeague(account, ref(JACKPOT), storeHolding()))).kind,
      'not_found',
    );
  });

  test("reads the player listing page by page until Fleaflicker's last page", async () => {
    const only = await startFakeFleaflicker({ onlyRecordedLeagues: true });
    try {
      const connector = createFleaflickerConnector({ baseUrl: only.baseUrl });
      await connector.listLeagues(account, football2020);
      const before = only.totalHits();
      const pool = await connector.fetchPlayerPool(poolOf('fleaflicker', 'football'), account);
      assert.ok(pool);
      assert.deepEqual([pool.platform, pool.sport, pool.season], ['fleaflicker', 'football', 0]);
      const pages = only.requests.slice(before);
      assert.deepEqual(
        pages.map((r) => Object.fromEntries(r.query)),
        [0, 30].map((offset) => ({
          sport: 'NFL',
          league_id: AAA,
          'filter.free_agent_only': 'false',
          external_id_type: 'SPORTRADAR',
          result_offset: String(offset),
        })),
      );
      assert.equal(pool.players.length, 60);
      const ids = pool.players.map((p) => p.playerId);
      assert.deepEqual(ids.slice(0, 5), ['309', '325', '326', '394', '3011']);
      assert.deepEqual(ids.slice(-3), ['15540', '15604', '16105']);
      const byId = new Map(pool.players.map((p) => [p.playerId, p]));
      assert.deepEqual(byId.get('13761'), {
        playerId: '13761',
        fullName: 'Josh Allen',
        firstName: 'Josh',
        lastName: 'Allen',
        position: 'QB',
        irlTeam: 'BUF',
        active: true,
      });
      assert.equal(byId.get('326')?.fullName, 'Philip Rivers');
      assert.equal(byId.get('326')?.irlTeam, undefined); // "FA"
      const positions = new Set(pool.players.map((p) => p.position));
      assert.deepEqual([...positions].sort(), ['QB', 'RB', 'TE', 'WR']);
      // Every listed player comes with his Sportradar id.
      assert.equal(pool.externalIds?.length, 60);
      assert.deepEqual(
        pool.externalIds?.find((id) => id.playerId === '13761'),
        {
          playerId: '13761',
          idType: 'sportradar',
          externalId: '3069db07-aa43-4503-ab11-2ae5c0002721',
        },
      );
    } finally {
      await only.close();
    }
  });

  test('lists players through the league playing the most positions', async () => {
    const connector = connect();
    await connector.listLeagues(account, football2020);
    const before = fake.totalHits();
    // The Jackpot league plays ten positions (kickers and defenders too), the other four; its
    // listing is not recorded, so the fake answers 404 and the pool fails as not_found.
    const error = await failure(
      connector.fetchPlayerPool(poolOf('fleaflicker', 'football'), account),
    );
    assert.equal(error.kind, 'not_found');
    assert.equal(sent(before)[0]?.query.get('league_id'), JACKPOT);
  });

  test('without a league list, asks Fleaflicker for one to list players through', async () => {
    const before = fake.totalHits();
    const error = await failure(
      connect().fetchPlayerPool(poolOf('fleaflicker', 'basketball'), account),
    );
    assert.equal(error.kind, 'not_found');
    assert.match(error.message, /no basketball league of this account/);
    const [asked] = sent(before);
    assert.equal(asked?.path, '/FetchUserLeagues');
    assert.equal(asked?.query.get('sport'), 'NBA');
  });
});

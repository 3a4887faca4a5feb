// The Sleeper connector against recorded Sleeper responses (../shared/fixtures/sleeper, read at
// test time, never copied), served by a real local HTTP server.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { SPORTS } from '../../../src/domain/catalog.ts';
import { seasonsBetween } from '../../../src/domain/seasons.ts';
import type { PlatformAccount, PlatformConnector } from '../../../src/platforms/connector.ts';
import { createSleeperConnector } from '../../../src/platforms/sleeper/index.ts';
import {
  RECORDED_SLEEPER_USER,
  SLEEPER_FIXTURES_SKIP,
  startFakeSleeper,
} from '../../helpers/fake-platform.ts';
import type { FakeSleeper } from '../../helpers/fake-platform.ts';
import { linkWith, poolOf, storeHolding } from '../../helpers/connectors.ts';
import { failure } from '../../helpers/failure.ts';

/** The specification's seasons, as the engine passes them by default. */
const SEASONS = seasonsBetween(2017, 2021);

const JML = '522458773317046272'; // The JanMichaelLarkin Dynasty League, 2020, rookie draft recorded
const DLP = '521379020332068864'; // DLP Dynasty League, 2020, no avatar, draft picks not recorded
const UNRECORDED = '633501761776197632'; // in solarpool's 2020 list; only its users are recorded

const account: PlatformAccount = {
  platform: 'sleeper',
  externalUserId: RECORDED_SLEEPER_USER.userId,
  username: RECORDED_SLEEPER_USER.username,
};
const football2020 = { sports: ['football'], seasons: [2020] } as const;
const ref = (key: string) => ({ platformLeagueKey: key, season: 2020, sport: 'football' as const });

describe('Sleeper connector on recorded responses', { skip: SLEEPER_FIXTURES_SKIP }, () => {
  let fake: FakeSleeper;
  let sleeper: PlatformConnector;
  const connect = () =>
    createSleeperConnector({ baseUrl: fake.baseUrl, backoffBaseMs: 1, timeoutMs: 5_000 });

  before(async () => {
    fake = await startFakeSleeper();
    sleeper = connect();
  });
  after(() => fake.close());

  test('resolves a username to the user id', async () => {
    assert.deepEqual(await linkWith(sleeper, { username: 'solarpool' }), account);
  });

  test('an unknown user is not_found, whether Sleeper says 404 or null', async () => {
    assert.equal((await failure(linkWith(sleeper, { username: 'nobody-here' }))).kind, 'not_found');
    fake.route('/user/null-user', { body: 'null' });
    assert.equal((await failure(linkWith(sleeper, { username: 'null-user' }))).kind, 'not_found');
  });

  test("lists the user's leagues within the scope", async () => {
    assert.deepEqual(await sleeper.listLeagues(account, football2020), [
      {
        platformLeagueKey: JML,
        season: 2020,
        sport: 'football',
        name: 'The JanMichaelLarkin Dynasty League',
      },
      { platformLeagueKey: DLP, season: 2020, sport: 'football', name: 'DLP Dynasty League' },
      {
        platformLeagueKey: UNRECORDED,
        season: 2020,
        sport: 'football',
        name: 'z_dynastyprocess-test',
      },
    ]);
  });

  test('the whole scope asks every Sleeper sport and season, never baseball', async () => {
    const before = fake.totalHits();
    const refs = await sleeper.listLeagues(account, { sports: SPORTS, seasons: SEASONS });
    assert.equal(refs.length, 3);
    const asked = fake.requests.slice(before).map((r) => r.path);
    assert.equal(asked.length, 10); // nfl and nba, 2017-2021
    assert.ok(asked.includes(`/user/${account.externalUserId}/leagues/nba/2017`));
    assert.ok(asked.every((path) => /\/leagues\/(nfl|nba)\/20(17|18|19|20|21)$/.test(path)));
    assert.deepEqual(
      await sleeper.listLeagues(account, { sports: ['baseball'], seasons: SEASONS }),
      [],
    );
  });

  test('maps a league, its teams and its rosters', async () => {
    const snapshot = await sleeper.fetchLeague(account, ref(JML), storeHolding());
    assert.equal(snapshot.platform, 'sleeper');
    assert.equal(snapshot.platformLeagueKey, JML);
    assert.equal(snapshot.season, 2020);
    assert.equal(snapshot.sport, 'football');
    assert.equal(snapshot.name, 'The JanMichaelLarkin Dynasty League');
    assert.equal(snapshot.numTeams, 12);
    assert.equal(snapshot.leagueUrl, `https://sleeper.com/leagues/${JML}`);
    assert.equal(
      snapshot.leagueAvatar,
      'https://sleepercdn.com/avatars/6405a606ed8554f6728a38bd48b9a64d',
    );
    const names = snapshot.teams.map((t) => [t.rosterId, t.ownerPlatformUserId, t.name]);
    assert.deepEqual(names, [
      ['1', '70729037081100288', 'Fake News'],
      ['2', '76686532077305856', 'KingGabe'],
      ['3', '202892038360801280', 'solarpool'],
      ['4', '202882046337490944', 'The FANTom Menace'],
      ['5', '386383436639973376', 'Barbarians'],
      ['6', '409797051455393792', 'sox05syd'],
      ['7', '386950378371207168', 'Flipadelphia05'],
      ['8', '386976568364306432', 'Hocka Flocka'],
      ['9', '386571720443764736', 'ZPMiller97'],
      ['10', '387070108625039360', 'JMLarkin'],
      ['11', '198540145396289536', 'Permian Panthers'],
      ['12', '401485903224193024', 'jaydk'],
    ]);
    const rosterOf = new Map(snapshot.rosterEntries.map((e) => [e.playerId, e.rosterId]));
    assert.equal(snapshot.rosterEntries.length, 350);
    assert.equal(rosterOf.get('4046'), '3'); // a starter
    assert.equal(rosterOf.get('6904'), '3'); // on the taxi squad
    assert.equal(rosterOf.get('6770'), '6'); // on reserve
    assert.equal(rosterOf.get('6794'), '8');
    assert.equal(rosterOf.get('0'), undefined);
    const solarpool = snapshot.rosterEntries
      .filter((e) => e.rosterId === '3')
      .map((e) => e.playerId);
    assert.deepEqual(solarpool.slice(0, 5), ['58', '223', '268', '491', '947']);
    assert.equal(solarpool.length, 31);
  });

  test('ids beyond 2^53 stay exact strings', async () => {
    const snapshot = await sleeper.fetchLeague(account, ref(JML), storeHolding());
    assert.ok(Number(JML) > Number.MAX_SAFE_INTEGER);
    assert.notEqual(String(Number(JML)), JML); // what a numeric parse would have made of it
    assert.equal(snapshot.platformLeagueKey, JML);
    assert.equal(snapshot.teams[2]?.ownerPlatformUserId, '202892038360801280');
  });

  test('without a player dump, rostered players come from draft picks or placeholders', async () => {
    const snapshot = await connect().fetchLeague(account, ref(JML), storeHolding());
    // 350 rostered, and two drafted players no roster holds any more (their picks describe them).
    assert.equal(snapshot.players.length, 352);
    const byId = new Map(snapshot.players.map((p) => [p.playerId, p]));
    // Drafted as a rookie in this league's 2020 draft: the pick's metadata names him.
    assert.deepEqual(byId.get('6794'), {
      playerId: '6794',
      fullName: 'Justin Jefferson',
      firstName: 'Justin',
      lastName: 'Jefferson',
      position: 'WR',
      irlTeam: 'MIN',
      active: true,
    });
    assert.deepEqual(byId.get('4046'), { playerId: '4046', fullName: '4046', active: false });
    assert.equal(fake.hits(`/draft/522458773321240576/picks`) > 0, true);
  });

  test('with the player dump stored, only rostered players the store lacks are added', async () => {
    const withDump = connect();
    const pool = await withDump.fetchPlayerPool(poolOf('sleeper', 'football'), account);
    assert.ok(pool?.players.some((p) => p.playerId === '4046'));
    const stored = storeHolding((pool?.players ?? []).map((p) => p.playerId));
    const snapshot = await withDump.fetchLeague(account, ref(JML), stored);
    const added = snapshot.players.map((p) => p.playerId);
    assert.equal(added.length, 350); // 348 rostered, 2 drafted and released since
    assert.ok(!added.includes('4046') && !added.includes('6794'));
    assert.ok(added.includes('6886')); // drafted, not in the small dump
  });

  test('a league without avatar, and drafts whose picks are gone', async () => {
    const snapshot = await sleeper.fetchLeague(account, ref(DLP), storeHolding());
    assert.equal(snapshot.name, 'DLP Dynasty League');
    assert.equal('leagueAvatar' in snapshot, false);
    assert.equal(snapshot.teams.find((t) => t.rosterId === '4')?.name, 'DLP::thoriyan');
    assert.equal(snapshot.rosterEntries.length, 487);
    assert.ok(snapshot.players.every((p) => p.fullName === p.playerId && !p.active));
    assert.equal(fake.hits('/draft/521379020332068865/picks'), 1); // answered 404: skipped
  });

  test('a listed league Sleeper no longer has is not_found', async () => {
    assert.equal(
      (await failure(sleeper.fetchLeague(account, ref(UNRECORDED), storeHolding()))).kind,
      'not_found',
    );
    fake.route(`/league/9${JML}`, { body: 'null' });
    assert.equal(
      (await failure(sleeper.fetchLeague(account, ref(`9${JML}`), storeHolding()))).kind,
      'not_found',
    );
  });

  test('orphan rosters, null player lists and players listed twice', async () => {
    const rosters = fake.recorded(`/league/${JML}/rosters`) as Array<Record<string, unknown>>;
    const byId = (id: number) => rosters.find((r) => r.roster_id === id) as Record<string, unknown>;
    Object.assign(byId(10), {
      owner_id: null,
      players: null,
      starters: null,
      reserve: null,
      taxi: null,
    });
    Object.assign(byId(2), { players: null, starters: ['0', '0'], reserve: null, taxi: ['7777'] });
    Object.assign(byId(12), { players: [...(byId(12).players as string[]), '4046'] });
    const key = `1${JML}`;
    fake.route(`/league/${key}`, {
      body: JSON.stringify({ ...(fake.recorded(`/league/${JML}`) as object), league_id: key }),
    });
    fake.route(`/league/${key}/rosters`, { body: JSON.stringify(rosters) });
    fake.route(`/league/${key}/users`, {
      body: JSON.stringify(fake.recorded(`/league/${JML}/users`)),
    });
    const snapshot = await sleeper.fetchLeague(account, ref(key), storeHolding());
    // An orphan keeps what Sleeper counts for the roster, and has no owner nor manager.
    assert.deepEqual(snapshot.teams[9], {
      rosterId: '10',
      record: { wins: 1, losses: 12, ties: 0 },
      pointsFor: 870.62,
      pointsAgainst: 1288.82,
    });
    assert.equal(snapshot.numTeams, 12);
    const entries = (rosterId: string) =>
      snapshot.rosterEntries.filter((e) => e.rosterId === rosterId);
    assert.deepEqual(entries('10'), []);
    assert.deepEqual(entries('2'), [{ rosterId: '2', playerId: '7777' }]);
    assert.equal(snapshot.rosterEntries.filter((e) => e.playerId === '4046').length, 1);
    assert.equal(snapshot.rosterEntries.find((e) => e.playerId === '4046')?.rosterId, '3');
  });

  test('a body that does not fit its schema is invalid_response naming endpoint and problem', async () => {
    const key = `2${JML}`;
    const { name: _name, ...nameless } = fake.recorded(`/league/${JML}`) as Record<string, unknown>;
    fake.route(`/league/${key}`, { body: JSON.stringify({ ...nameless, league_id: key }) });
    fake.route(`/league/${key}/rosters`, { body: '[]' });
    fake.route(`/league/${key}/users`, { body: '[]' });
    const error = await failure(sleeper.fetchLeague(account, ref(key), storeHolding()));
    assert.equal(error.kind, 'invalid_response');
    assert.match(
      error.message,
      new RegExp(`GET /league/${key} answered an unexpected shape at /name`),
    );

    const rosters = fake.recorded(`/league/${JML}/rosters`) as Array<Record<string, unknown>>;
    (rosters[0] as Record<string, unknown>).roster_id = '1';
    fake.route(`/league/${key}`, {
      body: JSON.stringify({ ...nameless, name: 'Named', league_id: key }),
    });
    fake.route(`/league/${key}/rosters`, { body: JSON.stringify(rosters) });
    const typeError = await failure(sleeper.fetchLeague(account, ref(key), storeHolding()));
    assert.equal(typeError.kind, 'invalid_response');
    assert.match(
      typeError.message,
      /rosters answered an unexpected shape at \/0\/roster_id: Expected integer/,
    );
  });

  test('a league id sent as a JSON number is refused, not rounded', async () => {
    const key = `3${JML}`;
    const league = JSON.stringify({
      ...(fake.recorded(`/league/${JML}`) as object),
      league_id: 'X',
    });
    fake.route(`/league/${key}`, { body: league.replace('"league_id":"X"', `"league_id":${key}`) });
    fake.route(`/league/${key}/rosters`, { body: '[]' });
    fake.route(`/league/${key}/users`, { body: '[]' });
    const error = await failure(sleeper.fetchLeague(account, ref(key), storeHolding()));
    assert.equal(error.kind, 'invalid_response');
    assert.match(error.message, /at \/league_id: Expected string/);
  });

  test('a failing endpoint is retried through the shared client', async () => {
    const path = `/league/${JML}/users`;
    const users = { body: JSON.stringify(fake.recorded(path)) };
    fake.route(path, [{ status: 502 }, users]);
    const before = fake.hits(path);
    const snapshot = await sleeper.fetchLeague(account, ref(JML), storeHolding());
    assert.equal(snapshot.teams[0]?.name, 'Fake News');
    assert.equal(fake.hits(path) - before, 2);
  });
});

describe('fake Sleeper options', { skip: SLEEPER_FIXTURES_SKIP }, () => {
  test('onlyRecordedLeagues trims the league list to fully recorded leagues', async () => {
    const fake = await startFakeSleeper({ onlyRecordedLeagues: true });
    try {
      const sleeper = createSleeperConnector({ baseUrl: fake.baseUrl });
      const refs = await sleeper.listLeagues(account, football2020);
      assert.deepEqual(
        refs.map((r) => r.platformLeagueKey),
        [JML, DLP],
      );
    } finally {
      await fake.close();
    }
  });
});

// Yahoo's live refreshes against its loopback fake (OAuth and all), on the made-up league whose
// week 3 is under way: Yahoo's state (the user's leagues of the game) and the week's two calls,
// nothing else; the same week as the full sync read it writes nothing; a new score is written
// once with league.updated; a game Yahoo says is over, and a finished season, ask for no league.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { loadConfig } from '../../src/config.ts';
import type { PlatformAccount, PlatformConnector } from '../../src/platforms/connector.ts';
import { yahoo as yahooModule } from '../../src/platforms/yahoo/module.ts';
import { createSecretBox } from '../../src/secrets.ts';
import { linkAccount } from '../../src/storage/repositories/accounts.ts';
import { getDataSeq, writeLeagueSnapshot } from '../../src/storage/repositories/snapshots.ts';
import { createUser } from '../../src/storage/repositories/users.ts';
import { createWebhookEndpoint } from '../../src/storage/repositories/webhooks.ts';
import { livePlatforms } from '../../src/sync/live/index.ts';
import { createLiveScheduler } from '../../src/sync/live/scheduler.ts';
import type { LiveRefreshEvent } from '../../src/sync/live/scheduler.ts';
import { storeHolding } from '../helpers/connectors.ts';
import type { Json, YahooRecordings } from '../helpers/fake-yahoo-recordings.ts';
import { syntheticYahooWorld } from '../helpers/fake-yahoo-synthetic.ts';
import { createTestStore } from '../helpers/store.ts';
import type { TestStore } from '../helpers/store.ts';
import { SYNTHETIC_YAHOO_DATA } from '../helpers/yahoo-data.ts';
import { yahooWorld } from '../platforms/yahoo/world.ts';
import type { YahooWorld } from '../platforms/yahoo/world.ts';

const LEAGUE = '399.l.90001';
const WEEK = 3;
// Sunday 26 September 2021, 18:00 UTC: week 3's early games.
const SUNDAY = Date.UTC(2021, 8, 26, 18);
const API = '/fantasy/v2';
const STATE_PATH = `${API}/users;use_login=1/games;game_keys=399/leagues`;
const GAMES_PATH = `${API}/games;game_codes=nfl;seasons=2021`;
const BOARD_PATH = `${API}/league/${LEAGUE}/scoreboard;week=${WEEK}`;
const ROSTERS_PATH = `${API}/league/${LEAGUE}/teams/roster;week=${WEEK}/players/stats;type=week;week=${WEEK}`;

/** The `total` of team 1's points in the world's week-3 matchup (Yahoo's entity shape). */
function setTeamOnePoints(data: YahooRecordings, total: string): void {
  const matchup = (data.activity.get(LEAGUE)?.matchups ?? []).find(
    (m) => String(m.week) === String(WEEK),
  ) as Json;
  const side = ((matchup['0'] as Json).teams as Json)['0'] as Json;
  const parts = side.team as Json[];
  const points = parts.find((part) => 'team_points' in part) as Json;
  points.team_points = { ...(points.team_points as Json), total };
}

/** The `total` of team 1's first player's points in the world's week-3 rosters. */
function setPlayerPoints(data: YahooRecordings, total: string): void {
  const player = data.activity.get(LEAGUE)?.weekRosters?.[WEEK]?.['1']?.[0] as Json[];
  const points = player.find((part) => 'player_points' in part) as Json;
  points.player_points = { ...(points.player_points as Json), total };
}

/** The slot of team 1's second player in the world's week-3 rosters. */
function setSlot(data: YahooRecordings, position: string): void {
  const player = data.activity.get(LEAGUE)?.weekRosters?.[WEEK]?.['1']?.[1] as Json[];
  const part = player.find((p) => 'selected_position' in p) as Json;
  const [coverage] = part.selected_position as Json[];
  part.selected_position = [coverage, { position }, { is_flex: 0 }];
}

describe('Yahoo live refreshes', () => {
  const data = syntheticYahooWorld();
  const secrets = createSecretBox({ secretKey: 'cd'.repeat(32), dataDir: '/nonexistent' });
  let world: YahooWorld;
  let yahoo: PlatformConnector;
  let account: PlatformAccount;
  let store: TestStore;
  let leagueId: number;

  before(async () => {
    world = await yahooWorld({ ...SYNTHETIC_YAHOO_DATA, world: () => data });
    yahoo = world.connector();
    account = await world.linked(yahoo);
    store = await createTestStore();
    const user = await createUser(store.db, 'fan');
    const { credentials, ...linked } = account;
    const stored = await linkAccount(store.db, {
      userId: user.id,
      ...linked,
      credentialsEncrypted: secrets.encrypt(credentials ?? ''),
    });
    await createWebhookEndpoint(store.db, {
      url: 'https://hooks.example.com/x',
      events: ['league.updated'],
      secretEncrypted: 'not read here',
    });
    // Stored as a full sync made it: weeks 1-3 with their lineups, week 3 in progress.
    const ref = { platformLeagueKey: LEAGUE, season: 2021, sport: 'football' as const };
    const snapshot = await yahoo.fetchLeague(account, ref, storeHolding());
    const written = await writeLeagueSnapshot(store, snapshot, {
      userId: user.id,
      accountId: stored.id,
    });
    leagueId = written.leagueId;
  });
  after(async () => {
    await world?.close();
    await store?.destroy();
  });

  const scheduler = (now: () => number, events: LiveRefreshEvent[] = []) =>
    createLiveScheduler({
      store,
      connectors: { yahoo },
      platforms: { yahoo: { perMinute: 60, live: yahooModule.live } },
      liveSeconds: 30,
      secrets,
      now,
      onRefresh: (event) => events.push(event),
    });
  const pathsSince = (from: number): string[] =>
    world.fake.requests
      .slice(from)
      .map((r) => r.path)
      .filter((path) => path.startsWith(API));

  test('the module declares the two calls a refresh makes', () => {
    assert.equal(yahooModule.live?.callsPerRefresh, 2);
  });

  test("the scheduler is given each account's budget as well as the application's", () => {
    const config = loadConfig({ YAHOO_ACCOUNT_REQUESTS_PER_MINUTE: '25' });
    const pace = livePlatforms(config).yahoo;
    assert.equal(pace?.perMinute, 60);
    assert.equal(pace?.accountPerMinute, 25);
  });

  test("a live week as the full sync read it: Yahoo's state and the week's two calls, nothing written", async () => {
    const events: LiveRefreshEvent[] = [];
    const live = scheduler(() => SUNDAY, events);
    const from = world.fake.requests.length;
    const seq = await getDataSeq(store.db);
    await live.tick();
    await live.settled();
    assert.deepEqual(pathsSince(from), [GAMES_PATH, STATE_PATH, BOARD_PATH, ROSTERS_PATH]);
    assert.deepEqual(
      live.plan().map((plan) => [plan.leagueId, plan.period]),
      [[leagueId, WEEK]],
    );
    assert.equal(events.length, 1);
    assert.equal(events[0]?.outcome, 'unchanged');
    assert.equal(await getDataSeq(store.db), seq, 'the same week writes nothing');
    await live.stop();
  });

  test('a new score: written once with league.updated, then unchanged', async () => {
    let clock = SUNDAY + 60_000;
    const events: LiveRefreshEvent[] = [];
    const live = scheduler(() => clock, events);
    setTeamOnePoints(data, '112.75');
    setPlayerPoints(data, '72.75');
    const from = world.fake.requests.length;
    await live.tick();
    await live.settled();
    // The game's key is known by now: the state and the week's two calls.
    assert.deepEqual(pathsSince(from), [STATE_PATH, BOARD_PATH, ROSTERS_PATH]);
    assert.equal(events.length, 1);
    // Points alone moving, the team's and a player's, are scores.
    assert.deepEqual(events[0]?.changed, ['scores']);
    const rows = await store.db
      .selectFrom('matchups')
      .select('teams')
      .where('league_id', '=', leagueId)
      .where('week', '=', WEEK)
      .execute();
    assert.ok(rows.some((row) => row.teams.includes('112.75')));
    const lineup = await store.db
      .selectFrom('lineups')
      .select(['points', 'entries'])
      .where('league_id', '=', leagueId)
      .where('period', '=', WEEK)
      .where('roster_id', '=', '1')
      .executeTakeFirstOrThrow();
    assert.equal(lineup.points, 112.75);
    assert.ok(lineup.entries.includes('72.75'), lineup.entries);
    const updated = await store.db
      .selectFrom('webhook_events')
      .select('payload')
      .where('type', '=', 'league.updated')
      .execute();
    assert.equal(updated.length, 1, 'one event for one refresh');
    assert.deepEqual(JSON.parse(updated[0]?.payload ?? '{}').data.changed, ['scores']);

    // Due again, Yahoo answering the same: read, nothing written, no event.
    clock += 35_000;
    const seq = await getDataSeq(store.db);
    await live.tick();
    await live.settled();
    assert.equal(events.at(-1)?.outcome, 'unchanged');
    assert.equal(await getDataSeq(store.db), seq);
    assert.equal((await store.db.selectFrom('webhook_events').select('id').execute()).length, 1);

    // A player moved to the bench: a lineup change.
    setSlot(data, 'BN');
    clock += 35_000;
    await live.tick();
    await live.settled();
    assert.deepEqual(events.at(-1)?.changed, ['lineups']);

    // Both at once (another slot, another player's points): both, as a full sync would name them.
    setSlot(data, 'WR');
    setPlayerPoints(data, '80.5');
    clock += 35_000;
    await live.tick();
    await live.settled();
    assert.deepEqual(events.at(-1)?.changed, ['lineups', 'scores']);
    await live.stop();
  });

  test('Yahoo says the game is over: its state only, no league asked for', async () => {
    const game = data.games.get('399') as Json;
    game.is_game_over = 1;
    try {
      const live = scheduler(() => SUNDAY + 10 * 60_000);
      const from = world.fake.requests.length;
      await live.tick();
      await live.settled();
      assert.deepEqual(pathsSince(from), [STATE_PATH]);
      assert.deepEqual(live.plan(), []);
      await live.stop();
    } finally {
      delete game.is_game_over;
    }
  });

  test('the league finished: its state only, no league asked for', async () => {
    const league = data.leagues.get(LEAGUE)?.meta as Json;
    league.is_finished = 1;
    try {
      const live = scheduler(() => SUNDAY + 20 * 60_000);
      const from = world.fake.requests.length;
      await live.tick();
      await live.settled();
      assert.deepEqual(pathsSince(from), [STATE_PATH]);
      await live.stop();
    } finally {
      delete league.is_finished;
    }
  });

  test("a week past the league's weeks so far: the scoreboard only, nothing of the week", async () => {
    const from = world.fake.requests.length;
    const ref = { platformLeagueKey: LEAGUE, season: 2021, sport: 'football' as const };
    const stored = {
      storedRules: async () => undefined,
      storedCurrentLineup: async () => [],
      storedRosterIds: async () => new Set<string>(),
    };
    const snapshot = await yahoo.live?.fetchLivePeriod?.(account, ref, 5, undefined, stored);
    // The full sync reads weeks 1-3 only (current_week 3): it holds nothing of week 5 either.
    assert.deepEqual(snapshot, { period: 5, matchups: [], lineups: [] });
    assert.deepEqual(pathsSince(from), [`${API}/league/${LEAGUE}/scoreboard;week=5`]);
  });

  test('a finished season: no request at all', async () => {
    // 2022-08: the 2021 season is over.
    const live = scheduler(() => Date.UTC(2022, 7, 1, 18));
    const from = world.fake.requests.length;
    await live.tick();
    await live.settled();
    assert.equal(world.fake.requests.length, from);
    assert.deepEqual(live.plan(), []);
    await live.stop();
  });
});

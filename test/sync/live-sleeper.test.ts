// Sleeper's live refreshes against its loopback fake (recorded responses, the week made live): the
// state call and the week's one call (its matchups), nothing else; the score written once, with
// league.updated; an unchanged week writes nothing; a finished season's league is never asked for.
// The fake does not answer the week's stats (the undocumented shared read gone: 404), so these
// leagues live on their own reads alone (live-shared.test.ts has the shared read).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createSleeperConnector } from '../../src/platforms/sleeper/index.ts';
import { sleeper as sleeperModule } from '../../src/platforms/sleeper/module.ts';
import type { PlatformConnector } from '../../src/platforms/connector.ts';
import { linkAccount } from '../../src/storage/repositories/accounts.ts';
import { writeLeagueSnapshot, getDataSeq } from '../../src/storage/repositories/snapshots.ts';
import { createUser } from '../../src/storage/repositories/users.ts';
import { createWebhookEndpoint } from '../../src/storage/repositories/webhooks.ts';
import { createLiveScheduler } from '../../src/sync/live/scheduler.ts';
import type { LiveRefreshEvent } from '../../src/sync/live/scheduler.ts';
import { storeHolding } from '../helpers/connectors.ts';
import {
  RECORDED_SLEEPER_USER,
  SLEEPER_FIXTURES_SKIP,
  reply,
  startFakeSleeper,
} from '../helpers/fake-platform.ts';
import type { FakeSleeper } from '../helpers/fake-platform.ts';
import { createTestStore } from '../helpers/store.ts';
import type { TestStore } from '../helpers/store.ts';

const JUNGLE = '649647301366755328'; // 2021, in_season: week 1 made live below
const JML = '522458773317046272'; // 2020, complete
// Sunday 12 September 2021, 18:00 UTC: week 1's early games.
const SUNDAY = Date.UTC(2021, 8, 12, 18);
const STATS = '/stats/nfl/regular/2021/1';

describe('Sleeper live refreshes', { skip: SLEEPER_FIXTURES_SKIP }, () => {
  let fake: FakeSleeper;
  let sleeper: PlatformConnector;
  let store: TestStore;
  let leagueId: number;
  let week: Array<Record<string, unknown>>;

  const weekWith = (points: number) => week.map((entry) => ({ ...entry, points }));

  before(async () => {
    fake = await startFakeSleeper();
    sleeper = createSleeperConnector({ baseUrl: fake.baseUrl, backoffBaseMs: 1, timeoutMs: 5_000 });
    const rosters = fake.recorded(`/league/${JUNGLE}/rosters`) as Array<{
      roster_id: number;
      starters: string[];
      players: string[];
    }>;
    week = rosters.slice(0, 2).map((roster) => ({
      roster_id: roster.roster_id,
      matchup_id: 1,
      points: 0,
      starters: roster.starters,
      players: roster.players,
    }));
    fake.route(
      '/state/nfl',
      reply.json({ season: '2021', season_type: 'regular', week: 1, leg: 1 }),
    );
    fake.route(`/league/${JUNGLE}/matchups/1`, reply.json(weekWith(10)));
    store = await createTestStore();
    const user = await createUser(store.db, 'fan');
    const account = await linkAccount(store.db, {
      userId: user.id,
      platform: 'sleeper',
      externalUserId: RECORDED_SLEEPER_USER.userId,
    });
    await createWebhookEndpoint(store.db, {
      url: 'https://hooks.example.com/x',
      events: ['league.updated'],
      secretEncrypted: 'not read here',
    });
    const platformAccount = {
      platform: 'sleeper' as const,
      externalUserId: account.externalUserId,
    };
    for (const [key, season] of [
      [JUNGLE, 2021],
      [JML, 2020],
    ] as const) {
      const ref = { platformLeagueKey: key, season, sport: 'football' as const };
      const snapshot = await sleeper.fetchLeague(platformAccount, ref, storeHolding());
      const written = await writeLeagueSnapshot(store, snapshot, {
        userId: user.id,
        accountId: account.id,
      });
      if (key === JUNGLE) leagueId = written.leagueId;
    }
  });
  after(async () => {
    await fake.close();
    await store.destroy();
  });

  test('a live week, no stats: the state and one call, the score written once with league.updated', async () => {
    let clock = SUNDAY;
    const events: LiveRefreshEvent[] = [];
    const scheduler = createLiveScheduler({
      store,
      connectors: { sleeper },
      platforms: { sleeper: { perMinute: 900, live: sleeperModule.live } },
      liveSeconds: 30,
      now: () => clock,
      onRefresh: (event) => events.push(event),
    });
    fake.route(`/league/${JUNGLE}/matchups/1`, reply.json(weekWith(12.5)));
    const from = fake.requests.length;
    await scheduler.tick();
    await scheduler.settled();
    const asked = fake.requests
      .slice(from)
      .map((r) => r.path)
      .sort();
    assert.deepEqual(asked, [`/league/${JUNGLE}/matchups/1`, '/state/nfl', STATS].sort());
    assert.equal(scheduler.plan()[0]?.sharedMs, undefined, 'no shared read answered');
    assert.equal(events.length, 1);
    assert.equal(events[0]?.via, 'own');
    // The lineups, with their IR and taxi players (from the store, not asked for), are the full
    // sync's: only the scores changed.
    assert.deepEqual(events[0]?.changed, ['scores']);
    const slots = (
      await store.db
        .selectFrom('lineups')
        .select('entries')
        .where('league_id', '=', leagueId)
        .where('period', '=', 1)
        .execute()
    ).flatMap((row) => (JSON.parse(row.entries) as Array<{ slot: string }>).map((e) => e.slot));
    assert.ok(slots.includes('IR') && slots.includes('TAXI') && slots.includes('FLEX'), 'placed');
    const scores = await store.db
      .selectFrom('matchups')
      .select('teams')
      .where('league_id', '=', leagueId)
      .where('week', '=', 1)
      .execute();
    assert.ok(scores.every((row) => row.teams.includes('12.5')));
    const updated = await store.db
      .selectFrom('webhook_events')
      .select('payload')
      .where('type', '=', 'league.updated')
      .execute();
    assert.equal(updated.length, 1, 'one event for one refresh');
    assert.deepEqual(JSON.parse(updated[0]?.payload ?? '{}').data.changed, ['scores']);

    // Not due yet: no call at all.
    clock += 5_000;
    const quiet = fake.requests.length;
    await scheduler.tick();
    await scheduler.settled();
    assert.equal(fake.requests.length, quiet);

    // Due again, the same week: one call, nothing written, no event.
    clock += 30_000;
    const seq = await getDataSeq(store.db);
    const again = fake.requests.length;
    await scheduler.tick();
    await scheduler.settled();
    // (The sport's state and its stats are the scheduler's, asked per sport, not per league.)
    assert.deepEqual(
      fake.requests
        .slice(again)
        .map((r) => r.path)
        .filter((path) => path !== '/state/nfl' && path !== STATS),
      [`/league/${JUNGLE}/matchups/1`],
    );
    assert.equal(events.at(-1)?.outcome, 'unchanged');
    assert.equal(await getDataSeq(store.db), seq, 'an unchanged week writes nothing');
    assert.equal((await store.db.selectFrom('webhook_events').select('id').execute()).length, 1);
    assert.ok(
      fake.requests.slice(from).every((r) => !r.path.includes(JML)),
      'the finished 2020 league is never asked for',
    );
    await scheduler.stop();
  });

  test('a Tuesday of the same week: no game on, no call but the state', async () => {
    const scheduler = createLiveScheduler({
      store,
      connectors: { sleeper },
      platforms: { sleeper: { perMinute: 900, live: sleeperModule.live } },
      liveSeconds: 30,
      now: () => Date.UTC(2021, 8, 14, 18),
    });
    const from = fake.requests.length;
    await scheduler.tick();
    await scheduler.settled();
    assert.deepEqual(
      fake.requests.slice(from).map((r) => r.path),
      ['/state/nfl'],
    );
    await scheduler.stop();
  });

  test('a finished season: no request at all', async () => {
    const scheduler = createLiveScheduler({
      store,
      connectors: { sleeper },
      platforms: { sleeper: { perMinute: 900, live: sleeperModule.live } },
      liveSeconds: 30,
      // 2022-08: the 2021 season is over (July 1), and so is 2020's.
      now: () => Date.UTC(2022, 7, 1, 18),
    });
    const from = fake.requests.length;
    await scheduler.tick();
    await scheduler.settled();
    assert.equal(fake.requests.length, from);
    assert.deepEqual(scheduler.plan(), []);
    await scheduler.stop();
  });
});

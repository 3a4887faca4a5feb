// ESPN's live refreshes against its loopback fake (recorded 2020 football league 899513, week 2
// made the period in progress): two calls, the league with its scores and the week's box score;
// a finished season makes no request at all.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { espn as espnModule } from '../../src/platforms/espn/module.ts';
import { createSecretBox } from '../../src/secrets.ts';
import { linkAccount } from '../../src/storage/repositories/accounts.ts';
import { writeLeagueSnapshot } from '../../src/storage/repositories/snapshots.ts';
import { createUser } from '../../src/storage/repositories/users.ts';
import { createLiveScheduler } from '../../src/sync/live/scheduler.ts';
import type { LiveRefreshEvent } from '../../src/sync/live/scheduler.ts';
import { ESPN_FIXTURES_SKIP } from '../helpers/fake-espn.ts';
import type { FakeEspn } from '../helpers/fake-espn.ts';
import { createTestStore } from '../helpers/store.ts';
import type { TestStore } from '../helpers/store.ts';
import { FAN_COOKIES, espnWorld, lineupsHeld } from '../platforms/espn/world.ts';
import type { PlatformConnector } from '../../src/platforms/connector.ts';

const LEAGUE = '899513';
const LEAGUE_PATH = `/apis/v3/games/ffl/seasons/2020/segments/0/leagues/${LEAGUE}`;
// Sunday 20 September 2020, 18:00 UTC: week 2's early games.
const SUNDAY = Date.UTC(2020, 8, 20, 18);
const WEEK = 2;

describe('ESPN live refreshes', { skip: ESPN_FIXTURES_SKIP }, () => {
  let fake: FakeEspn;
  let espn: PlatformConnector;
  let store: TestStore;
  const secrets = createSecretBox({ secretKey: 'cd'.repeat(32), dataDir: '/nonexistent' });

  before(async () => {
    const world = await espnWorld({ timeoutMs: 5_000 });
    fake = world.fake;
    espn = world.espn;
    store = await createTestStore();
    const user = await createUser(store.db, 'fan');
    const account = await linkAccount(store.db, {
      userId: user.id,
      platform: 'espn',
      externalUserId: world.account.externalUserId,
      credentialsEncrypted: secrets.encrypt(
        world.account.credentials ?? JSON.stringify(FAN_COOKIES),
      ),
    });
    const ref = { platformLeagueKey: LEAGUE, season: 2020, sport: 'football' as const };
    // Stored as a sync made it, every period but the first two held as final.
    const later = Array.from({ length: 15 }, (_, i) => i + 3);
    const snapshot = await espn.fetchLeague(world.account, ref, lineupsHeld(later));
    const written = await writeLeagueSnapshot(store, snapshot, {
      userId: user.id,
      accountId: account.id,
    });
    // The recording is of the finished season: its period in progress is made week 2.
    await store.db
      .updateTable('leagues')
      .set({ current_period: WEEK })
      .where('id', '=', written.leagueId)
      .execute();
  });
  after(async () => {
    await fake.close();
    await store.destroy();
  });

  const scheduler = (now: number, events: LiveRefreshEvent[] = []) =>
    createLiveScheduler({
      store,
      connectors: { espn },
      platforms: { espn: { perMinute: 300, live: espnModule.live } },
      liveSeconds: 30,
      secrets,
      now: () => now,
      onRefresh: (event) => events.push(event),
    });

  test('a live week: the league and its box score, and the shared read', async () => {
    const events: LiveRefreshEvent[] = [];
    const live = scheduler(SUNDAY, events);
    const from = fake.requests.length;
    await live.tick();
    await live.settled();
    const all = fake.requests.slice(from);
    // Football also has the shared read (the pool's week stats), one call for every league.
    const pool = all.filter((r) => r.path !== LEAGUE_PATH);
    assert.deepEqual(
      pool.map((r) => r.path),
      ['/apis/v3/games/ffl/seasons/2020/segments/0/leaguedefaults/3'],
    );
    const asked = all.filter((r) => r.path === LEAGUE_PATH);
    assert.equal(asked.length, 2, all.map((r) => r.path).join(', '));
    const views = asked.map((r) => r.query.getAll('view').join(','));
    assert.deepEqual(views.sort(), ['mMatchupScore,mBoxscore', 'mTeam,mSettings,mMatchupScore']);
    assert.ok(asked.some((r) => r.query.get('scoringPeriodId') === String(WEEK)));
    assert.equal(events.length, 1);
    assert.notEqual(events[0]?.outcome, 'failed');
    // Read as the full sync read it: the same week, nothing to write.
    assert.equal(events[0]?.outcome, 'unchanged');
    await live.stop();
  });

  test('a finished season: no request at all', async () => {
    const live = scheduler(Date.UTC(2021, 8, 19, 18));
    const from = fake.requests.length;
    await live.tick();
    await live.settled();
    assert.equal(fake.requests.length, from);
    await live.stop();
  });
});

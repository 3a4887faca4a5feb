// Fleaflicker's live refreshes against its loopback fake (recorded 2020 league 206154, whose
// recorded week 5 is the period in progress): the scoreboard Fleaflicker answers without a period
// and one box score per game, nothing else; the same answer as the full sync's writes nothing; a
// moved score is written once; a finished season makes no request at all. The league's rosters are
// not recorded: the fake answers them empty (a period's matchups and lineups do not read them).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createFleaflickerConnector } from '../../src/platforms/fleaflicker/index.ts';
import { fleaflicker as fleaflickerModule } from '../../src/platforms/fleaflicker/module.ts';
import type { PlatformConnector } from '../../src/platforms/connector.ts';
import { linkAccount } from '../../src/storage/repositories/accounts.ts';
import { getDataSeq, writeLeagueSnapshot } from '../../src/storage/repositories/snapshots.ts';
import { createUser } from '../../src/storage/repositories/users.ts';
import { createLiveScheduler } from '../../src/sync/live/scheduler.ts';
import type { LiveRefreshEvent } from '../../src/sync/live/scheduler.ts';
import { storeHolding } from '../helpers/connectors.ts';
import { fleaflickerActivityRoutes } from '../helpers/fake-fleaflicker-activity.ts';
import {
  FLEAFLICKER_FIXTURES_DIR,
  FLEAFLICKER_FIXTURES_SKIP,
  startFakeFleaflicker,
} from '../helpers/fake-fleaflicker.ts';
import type { FakeFleaflicker } from '../helpers/fake-fleaflicker.ts';
import { reply } from '../helpers/fake-platform.ts';
import type { FakeReply, FakeRequest } from '../helpers/fake-platform.ts';
import { createTestStore } from '../helpers/store.ts';
import type { TestStore } from '../helpers/store.ts';

const LEAGUE = '206154';
const WEEK = 5;
// Sunday 11 October 2020, 18:00 UTC: week 5's early games.
const SUNDAY = Date.UTC(2020, 9, 11, 18);

describe('Fleaflicker live refreshes', { skip: FLEAFLICKER_FIXTURES_SKIP }, () => {
  let fake: FakeFleaflicker;
  let flea: PlatformConnector;
  let store: TestStore;
  /** Points added to the first game's home score on the current period's scoreboard. */
  let moved = 0;

  before(async () => {
    const recorded = fleaflickerActivityRoutes(FLEAFLICKER_FIXTURES_DIR)['/FetchLeagueScoreboard'];
    const scoreboard = (request: FakeRequest): FakeReply => {
      const answer = (recorded as (r: FakeRequest) => FakeReply)(request);
      if (moved === 0 || request.query.has('scoring_period') || !('body' in answer)) return answer;
      const board = JSON.parse(String(answer.body)) as {
        games: Array<{ homeScore: { score: { value: number; formatted: string } } }>;
      };
      const score = board.games[0]?.homeScore.score;
      if (score) score.value = Math.round((score.value + moved) * 100) / 100;
      return reply.json(board);
    };
    fake = await startFakeFleaflicker({
      overrides: { '/FetchLeagueRosters': reply.json({}), '/FetchLeagueScoreboard': scoreboard },
    });
    flea = createFleaflickerConnector({
      baseUrl: fake.baseUrl,
      backoffBaseMs: 1,
      timeoutMs: 5_000,
      requestsPerMinute: 0,
      // The season under way, as on week 5's Sunday.
      today: () => new Date(SUNDAY),
    });
    store = await createTestStore();
    const user = await createUser(store.db, 'fan');
    const account = await linkAccount(store.db, {
      userId: user.id,
      platform: 'fleaflicker',
      externalUserId: 'fan-digest',
    });
    const ref = { platformLeagueKey: LEAGUE, season: 2020, sport: 'football' as const };
    const snapshot = await flea.fetchLeague(
      { platform: 'fleaflicker', externalUserId: 'fan-digest' },
      ref,
      storeHolding(),
    );
    assert.equal(snapshot.activity?.currentPeriod, WEEK);
    assert.ok(
      (snapshot.game?.lineups ?? []).some((l) => l.period === WEEK && l.entries.length > 0),
      "the recorded box score gives week 5's lineups",
    );
    await writeLeagueSnapshot(store, snapshot, { userId: user.id, accountId: account.id });
  });
  after(async () => {
    await fake.close();
    await store.destroy();
  });

  const scheduler = (now: () => number, events: LiveRefreshEvent[] = []) =>
    createLiveScheduler({
      store,
      connectors: { fleaflicker: flea },
      platforms: { fleaflicker: { perMinute: 60, live: fleaflickerModule.live } },
      liveSeconds: 30,
      now,
      onRefresh: (event) => events.push(event),
    });

  test('a live week: the scoreboard and a box score per game; unchanged, then a score moved', async () => {
    let clock = SUNDAY;
    const events: LiveRefreshEvent[] = [];
    const live = scheduler(() => clock, events);
    const games = (
      fake.recorded(`FetchLeagueScoreboard-${LEAGUE}-2020-week${WEEK}.json`) as {
        games: Array<{ id: string }>;
      }
    ).games.map((g) => g.id);
    const from = fake.requests.length;
    const seq = await getDataSeq(store.db);
    await live.tick();
    await live.settled();
    const asked = fake.requests.slice(from);
    assert.deepEqual(
      asked.map((r) => r.path).sort(),
      ['/FetchLeagueScoreboard', ...games.map(() => '/FetchLeagueBoxscore')].sort(),
    );
    assert.ok(asked.every((r) => r.query.get('league_id') === LEAGUE));
    const boxes = asked.filter((r) => r.path === '/FetchLeagueBoxscore');
    assert.deepEqual(boxes.map((r) => r.query.get('fantasy_game_id')).sort(), [...games].sort());
    assert.ok(boxes.every((r) => r.query.get('scoring_period') === String(WEEK)));
    assert.equal(events.length, 1);
    assert.equal(events[0]?.outcome, 'unchanged', JSON.stringify(events[0]));
    assert.equal(await getDataSeq(store.db), seq, 'the same period writes nothing');

    moved = 6;
    clock += 30_000;
    await live.tick();
    await live.settled();
    assert.equal(events.at(-1)?.outcome, 'written', JSON.stringify(events.at(-1)));
    assert.deepEqual(events.at(-1)?.changed, ['scores']);
    assert.notEqual(await getDataSeq(store.db), seq);
    await live.stop();
  });

  test('a finished season: no request at all', async () => {
    const live = scheduler(() => Date.UTC(2021, 8, 19, 18));
    const from = fake.requests.length;
    await live.tick();
    await live.settled();
    assert.equal(fake.requests.length, from);
    await live.stop();
  });
});

// MFL's full sync of a week under way (live-week.ts), against its loopback fake (recorded 2020
// league 54040, week 3 made the week under way: its games in the schedule without results). The
// sync reads TYPE=liveScoring&W= for that week, once, and takes its scores as a live refresh does,
// so a sync right after a live refresh with the same liveScoring changes no score (no
// `league.updated` naming scores) where it used to put the schedule's back; liveScoring failing
// leaves the sync whole with the schedule's scores; a finished week asks no liveScoring.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { seasonsBetween } from '../../src/domain/seasons.ts';
import { createMflConnector } from '../../src/platforms/mfl/index.ts';
import { mfl as mflModule } from '../../src/platforms/mfl/module.ts';
import type { PlatformConnector } from '../../src/platforms/connector.ts';
import { linkAccount } from '../../src/storage/repositories/accounts.ts';
import { createUser } from '../../src/storage/repositories/users.ts';
import {
  createWebhookEndpoint,
  listWebhookEvents,
} from '../../src/storage/repositories/webhooks.ts';
import { syncUser } from '../../src/sync/engine.ts';
import { createLiveScheduler } from '../../src/sync/live/scheduler.ts';
import type { LiveRefreshEvent } from '../../src/sync/live/scheduler.ts';
import { liveScoringBody, weeklyResultsBody } from '../helpers/fake-mfl-game.ts';
import { MFL_FIXTURES_SKIP, startFakeMfl } from '../helpers/fake-mfl.ts';
import type { FakeMfl } from '../helpers/fake-mfl.ts';
import { reply } from '../helpers/fake-platform.ts';
import type { FakeReply } from '../helpers/fake-platform.ts';
import { createTestStore } from '../helpers/store.ts';
import type { TestStore } from '../helpers/store.ts';

const LEAGUE = '54040';
const WEEK = 3;
// Sunday 27 September 2020, 18:00 UTC: week 3's early games.
const SUNDAY = Date.UTC(2020, 8, 27, 18);

type Json = Record<string, unknown>;
type Side = { rosterId: string; score?: number };
const list = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

describe('MFL full sync of a week under way', { skip: MFL_FIXTURES_SKIP }, () => {
  let fake: FakeMfl;
  let mfl: PlatformConnector;
  let store: TestStore;
  let userId: number;
  /** Week 3 in the schedule: without scores and results, scored without results, or final. */
  let week3: 'unscored' | 'scored' | 'final' = 'unscored';
  /** Points liveScoring adds to the week's first franchise (and its first player). */
  let moved = 0;
  /** liveScoring's answer instead of the made-up one. */
  let liveFault: FakeReply | undefined;

  const recorded = (file: string) => fake.recorded(file) as Json;

  /** The recorded schedule, week 3 as `week3` says (its later weeks as recorded). */
  function schedule(): Json {
    const body = recorded('2020-schedule-54040.json');
    if (week3 === 'final') return body;
    const weeks = list((body.schedule as Json).weeklySchedule as Json | Json[]);
    for (const week of weeks.filter((w) => w.week === String(WEEK))) {
      for (const game of list(week.matchup as Json | Json[])) {
        for (const side of list(game.franchise as Json | Json[])) {
          if (week3 === 'unscored') delete side.score;
          delete side.result;
        }
      }
    }
    return body;
  }

  /** Week 3's stored games: their status and sides, by matchup id. */
  async function storedWeek(): Promise<Array<[string, string | null, Side[]]>> {
    const rows = await store.db
      .selectFrom('matchups')
      .innerJoin('leagues', 'leagues.id', 'matchups.league_id')
      .select(['matchups.matchup_id', 'matchups.status', 'matchups.teams'])
      .where('leagues.platform_league_key', '=', LEAGUE)
      .where('matchups.week', '=', WEEK)
      .orderBy('matchups.matchup_id')
      .execute();
    return rows.map((row) => [row.matchup_id, row.status, JSON.parse(row.teams) as Side[]]);
  }

  /** Week 3's scores by franchise, as the recorded schedule (MFL's once scored) gives them. */
  function scheduleScores(): Map<string, number> {
    const body = recorded('2020-schedule-54040.json');
    const weeks = list((body.schedule as Json).weeklySchedule as Json | Json[]);
    const week = weeks.find((w) => w.week === String(WEEK));
    return new Map(
      list(week?.matchup as Json | Json[])
        .flatMap((game) => list(game.franchise as Json | Json[]))
        .map((side) => [String(side.id), Number(side.score)]),
    );
  }

  const liveScoringCalls = () =>
    fake.requests.filter((r) => r.query.get('TYPE') === 'liveScoring').length;

  async function sync() {
    const summary = await syncUser(
      store,
      { mfl },
      {
        userId,
        sports: [],
        seasons: [2020],
        supportedSeasons: seasonsBetween(2019, 2020),
        trigger: 'test',
        now: () => new Date(SUNDAY),
      },
    );
    const league = summary.accounts[0]?.leagues.find((l) => l.platformLeagueKey === LEAGUE);
    assert.ok(league, JSON.stringify(summary));
    assert.notEqual(league.outcome, 'failed', league.error);
    return league;
  }

  const updates = async () =>
    (await listWebhookEvents(store.db, { userId, type: 'league.updated' })).map(
      (e) => (JSON.parse(e.payload) as { data: { changed: string[]; source: string } }).data,
    );

  before(async () => {
    fake = await startFakeMfl();
    fake.intercept = (request) => {
      const type = request.query.get('TYPE');
      const W = request.query.get('W') ?? '';
      const rosters = recorded('2020-rosters-54040.json');
      // Live scores whatever the schedule says yet: built on the recorded (scored) week.
      if (type === 'liveScoring') {
        const scored = recorded('2020-schedule-54040.json');
        return liveFault ?? reply.json(liveScoringBody(scored, rosters, W, moved));
      }
      if (type === 'schedule') return reply.json(schedule());
      // The week's results as the schedule has them (no scores while it has none).
      if (type === 'weeklyResults') return reply.json(weeklyResultsBody(schedule(), rosters, W));
      return undefined;
    };
    mfl = createMflConnector({
      baseUrl: fake.baseUrl,
      backoffBaseMs: 1,
      timeoutMs: 5_000,
      // A league's first sync reads every week: past MFL's 30 a minute.
      requestsPerMinute: 6_000,
    });
    store = await createTestStore();
    userId = (await createUser(store.db, 'fan')).id;
    await linkAccount(store.db, {
      userId,
      platform: 'mfl',
      externalUserId: 'public',
      settings: { leagueIds: [LEAGUE] },
    });
    await createWebhookEndpoint(store.db, {
      url: 'https://hooks.example.com/x',
      events: ['league.updated'],
      secretEncrypted: 'not read here',
    });
  });
  after(async () => {
    await fake.close();
    await store.destroy();
  });

  test('a sync right after a live refresh with the same liveScoring changes no score', async () => {
    try {
      week3 = 'unscored';
      let calls = liveScoringCalls();
      assert.equal((await sync()).outcome, 'written');
      assert.equal(liveScoringCalls() - calls, 1, 'one liveScoring call for the week under way');
      const scores = scheduleScores();
      const synced = await storedWeek();
      assert.ok(synced.length > 0);
      assert.deepEqual(
        synced.map(([, status, sides]) => [status, sides]),
        synced.map(([, , sides]) => [
          'in_progress',
          sides.map((side) => ({ ...side, score: scores.get(side.rosterId) })),
        ]),
        "the week's games under way at liveScoring's scores, though the schedule has none",
      );

      // A score moves: the live refresh writes it, and names it.
      moved = 6;
      const events: LiveRefreshEvent[] = [];
      const live = createLiveScheduler({
        store,
        connectors: { mfl },
        platforms: { mfl: { perMinute: 30, live: mflModule.live } },
        liveSeconds: 30,
        now: () => SUNDAY,
        onRefresh: (event) => events.push(event),
      });
      await live.tick();
      await live.settled();
      await live.stop();
      assert.equal(events.at(-1)?.outcome, 'written', JSON.stringify(events));
      assert.deepEqual(events.at(-1)?.changed, ['scores']);
      const refreshed = await storedWeek();
      assert.ok(
        refreshed.some(([, , sides]) => sides.some((s) => s.score !== scores.get(s.rosterId))),
      );
      const before = await updates();

      // The sync reads the same liveScoring: no score goes back, nothing is named.
      calls = liveScoringCalls();
      await sync();
      assert.equal(liveScoringCalls() - calls, 1);
      const bySync = (await updates()).slice(before.length);
      assert.deepEqual(bySync, [], 'no league.updated (scores) from the sync');
      assert.deepEqual(await storedWeek(), refreshed, 'the live scores stay');
    } finally {
      moved = 0;
    }
  });

  const faults: Array<[string, FakeReply]> = [
    ['an HTTP 500', reply.status(500)],
    ['MFL refusing it', reply.json({ version: '1.0', error: { $t: 'Temporarily unavailable' } })],
    ['a body of another shape', reply.json({ version: '1.0', liveScoring: { matchup: 'x' } })],
  ];
  for (const [what, fault] of faults) {
    test(`liveScoring failing (${what}): the sync succeeds with the schedule's scores`, async () => {
      week3 = 'scored';
      liveFault = fault;
      const calls = liveScoringCalls();
      try {
        await sync();
      } finally {
        liveFault = undefined;
      }
      assert.ok(liveScoringCalls() > calls, 'liveScoring was asked');
      const scores = scheduleScores();
      const week = await storedWeek();
      assert.ok(week.length > 0);
      for (const [id, status, sides] of week) {
        assert.equal(status, 'in_progress', `game ${id}`);
        assert.deepEqual(
          sides,
          sides.map((side) => ({ ...side, score: scores.get(side.rosterId) })),
          `game ${id}: the schedule's scores`,
        );
      }
    });
  }

  test('a finished week: no liveScoring call', async () => {
    week3 = 'final';
    const calls = liveScoringCalls();
    await sync();
    assert.equal(liveScoringCalls(), calls);
    const week = await storedWeek();
    assert.ok(week.length > 0 && week.every(([, status]) => status === 'final'));
  });
});

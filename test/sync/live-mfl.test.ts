// MFL's live refreshes against its loopback fake (recorded 2020 league 54040, week 3 made the week
// in progress). TYPE=liveScoring is recorded nowhere we could find: the fake answers it from the
// weeklyResults body it makes up (fake-mfl-game.ts), each franchise's players moved under
// `players` as MFL's documentation of liveScoring shows them. Four calls, nothing else; the same
// answer as the full sync's writes nothing; a moved score is written once, the matchup's included
// (liveScoring's franchise score, not the schedule's); a game the schedule has not scored yet is
// under way at liveScoring's scores; a finished season makes no request at all.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createMflConnector } from '../../src/platforms/mfl/index.ts';
import { mfl as mflModule } from '../../src/platforms/mfl/module.ts';
import type { LeagueFetchContext, PlatformConnector } from '../../src/platforms/connector.ts';
import { linkAccount } from '../../src/storage/repositories/accounts.ts';
import { getDataSeq, writeLeagueSnapshot } from '../../src/storage/repositories/snapshots.ts';
import { createUser } from '../../src/storage/repositories/users.ts';
import { createLiveScheduler } from '../../src/sync/live/scheduler.ts';
import type { LiveRefreshEvent } from '../../src/sync/live/scheduler.ts';
import { liveScoringBody } from '../helpers/fake-mfl-game.ts';
import { MFL_FIXTURES_SKIP, startFakeMfl } from '../helpers/fake-mfl.ts';
import type { FakeMfl } from '../helpers/fake-mfl.ts';
import { reply } from '../helpers/fake-platform.ts';
import { createTestStore } from '../helpers/store.ts';
import type { TestStore } from '../helpers/store.ts';

const LEAGUE = '54040';
const WEEK = 3;
// Sunday 27 September 2020, 18:00 UTC: week 3's early games.
const SUNDAY = Date.UTC(2020, 8, 27, 18);

type Json = Record<string, unknown>;
const list = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

describe('MFL live refreshes', { skip: MFL_FIXTURES_SKIP }, () => {
  let fake: FakeMfl;
  let mfl: PlatformConnector;
  let store: TestStore;
  let leagueId: number;
  /** Points added to the first starter of the week's first franchise in liveScoring (and to it). */
  let moved = 0;
  /** The schedule's week without scores or results, as MFL's is while the week is played. */
  let unscored = false;
  /** Week 3's games as the full sync stored them. */
  let synced: Awaited<ReturnType<typeof storedWeek>>;

  /** TYPE=liveScoring&W=: the made-up weekly results, players under `players`. */
  function liveScoring(week: string): Json {
    return liveScoringBody(
      fake.recorded('2020-schedule-54040.json') as Json,
      fake.recorded('2020-rosters-54040.json') as Json,
      week,
      moved,
    );
  }

  /** The recorded schedule with week 3's games not scored yet. */
  function unscoredSchedule(): Json {
    const body = structuredClone(fake.recorded('2020-schedule-54040.json')) as Json;
    const weeks = list((body.schedule as Json).weeklySchedule as Json | Json[]);
    for (const week of weeks.filter((w) => w.week === String(WEEK))) {
      for (const game of list(week.matchup as Json | Json[])) {
        for (const side of list(game.franchise as Json | Json[])) {
          delete side.score;
          delete side.result;
        }
      }
    }
    return body;
  }

  /** Week 3's stored games: status and sides by matchup id. */
  async function storedWeek(): Promise<Map<string, { status: string | null; teams: string }>> {
    const rows = await store.db
      .selectFrom('matchups')
      .select(['matchup_id', 'status', 'teams'])
      .where('league_id', '=', leagueId)
      .where('week', '=', WEEK)
      .execute();
    return new Map(rows.map((row) => [row.matchup_id, { status: row.status, teams: row.teams }]));
  }

  before(async () => {
    fake = await startFakeMfl();
    fake.intercept = (request) => {
      const type = request.query.get('TYPE');
      if (type === 'liveScoring') return reply.json(liveScoring(request.query.get('W') ?? ''));
      if (type === 'schedule' && unscored) return reply.json(unscoredSchedule());
      return undefined;
    };
    mfl = createMflConnector({
      baseUrl: fake.baseUrl,
      backoffBaseMs: 1,
      timeoutMs: 5_000,
      // The full sync below reads every week: past MFL's 30 a minute.
      requestsPerMinute: 6_000,
    });
    store = await createTestStore();
    const user = await createUser(store.db, 'fan');
    const account = await linkAccount(store.db, {
      userId: user.id,
      platform: 'mfl',
      externalUserId: 'public',
      settings: { leagueIds: [LEAGUE] },
    });
    const platformAccount = { platform: 'mfl' as const, externalUserId: 'public' };
    // The full sync places starters by the stored pool's positions: the season's pool held.
    const pool = await mfl.fetchPlayerPool(
      { platform: 'mfl', sport: 'football', season: 2020 },
      platformAccount,
    );
    const positions = new Map(
      (pool?.players ?? []).flatMap((p) => (p.position ? [[p.playerId, p.position] as const] : [])),
    );
    const context: LeagueFetchContext = {
      storedPlayerIds: async (ids) => new Set(ids.filter((id) => positions.has(id))),
      storedPlayerPositions: async (ids) =>
        new Map(ids.flatMap((id) => (positions.has(id) ? [[id, positions.get(id) ?? '']] : []))),
    };
    const ref = { platformLeagueKey: LEAGUE, season: 2020, sport: 'football' as const };
    const snapshot = await mfl.fetchLeague(platformAccount, ref, context);
    const placed = (snapshot.game?.lineups ?? [])
      .filter((l) => l.period === WEEK)
      .flatMap((l) => l.entries)
      .filter((e) => e.slot !== 'OTHER' && e.slot !== 'BN');
    assert.ok(placed.length > 0, 'the full sync placed starters in slots by position');
    const written = await writeLeagueSnapshot(store, snapshot, {
      userId: user.id,
      accountId: account.id,
    });
    leagueId = written.leagueId;
    // The recording is of the finished season: its week in progress is made week 3.
    await store.db
      .updateTable('leagues')
      .set({ current_period: WEEK })
      .where('id', '=', leagueId)
      .execute();
    synced = await storedWeek();
  });
  after(async () => {
    await fake.close();
    await store.destroy();
  });

  const scheduler = (now: () => number, events: LiveRefreshEvent[] = []) =>
    createLiveScheduler({
      store,
      connectors: { mfl },
      platforms: { mfl: { perMinute: 30, live: mflModule.live } },
      liveSeconds: 30,
      now,
      onRefresh: (event) => events.push(event),
    });

  test('a live week: four calls; the full sync answer writes nothing, a moved score once', async () => {
    let clock = SUNDAY;
    const events: LiveRefreshEvent[] = [];
    const live = scheduler(() => clock, events);
    const from = fake.requests.length;
    const seq = await getDataSeq(store.db);
    await live.tick();
    await live.settled();
    const asked = fake.requests.slice(from).map((r) => {
      const q = r.query;
      return [q.get('TYPE'), q.get('L'), q.get('W') ?? (q.get('PLAYERS') ? 'PLAYERS' : '')].join(
        ' ',
      );
    });
    assert.deepEqual(
      asked.sort(),
      [
        `league ${LEAGUE} `,
        `liveScoring ${LEAGUE} ${WEEK}`,
        `players ${LEAGUE} PLAYERS`,
        `schedule ${LEAGUE} ${WEEK}`,
      ].sort(),
    );
    assert.equal(events.length, 1);
    assert.equal(events[0]?.outcome, 'unchanged', JSON.stringify(events[0]));
    assert.equal(await getDataSeq(store.db), seq, 'the same week writes nothing');

    const before = await storedWeek();
    moved = 6;
    clock += 30_000;
    await live.tick();
    await live.settled();
    assert.equal(events.at(-1)?.outcome, 'written');
    assert.deepEqual(events.at(-1)?.changed, ['scores']);
    assert.notEqual(await getDataSeq(store.db), seq);
    // The franchise liveScoring moved (its first game's first) moved in the matchup too, by
    // liveScoring's franchise score; every other side as the schedule has it.
    const after = await storedWeek();
    const game = list((liveScoring(String(WEEK)).liveScoring as Json).matchup as Json[])[0];
    const movedId = list(game?.franchise as Json[])[0]?.id;
    type Side = { rosterId: string; score: number };
    const sides = JSON.parse(before.get('1')?.teams ?? '[]') as Side[];
    assert.ok(sides.some((side) => side.rosterId === movedId));
    assert.deepEqual(
      JSON.parse(after.get('1')?.teams ?? '[]'),
      sides.map((side) =>
        side.rosterId === movedId ? { ...side, score: side.score + moved } : side,
      ),
    );
    assert.deepEqual([...after].slice(1), [...before].slice(1));
    moved = 0;
    await live.stop();
  });

  test('a week the schedule has not scored: under way at the liveScoring scores', async () => {
    const events: LiveRefreshEvent[] = [];
    // An hour after the first test's refreshes: due again.
    const live = scheduler(() => SUNDAY + 3_600_000, events);
    unscored = true;
    try {
      await live.tick();
      await live.settled();
    } finally {
      unscored = false;
      await live.stop();
    }
    assert.equal(events.at(-1)?.outcome, 'written', JSON.stringify(events.at(-1)));
    const week = await storedWeek();
    assert.deepEqual(
      [...week].map(([id, game]) => [id, game.status, JSON.parse(game.teams)]),
      [...synced].map(([id, game]) => [id, 'in_progress', JSON.parse(game.teams)]),
      'the full sync scores (the same as liveScoring gives), under way with no result',
    );
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

// Game day's shared read (issue 42) with Sleeper's connector against a loopback fake: one call of
// the week's stats rescores every live league from the store; a league whose rules cannot be
// scored keeps its own reads; unchanged stats write nothing; league.updated once per league; the
// own reads space out to what the shared read leaves of the budget; when the stats stop moving,
// the platform's own points stay; two processes rescoring at once write a league once.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { LeagueRules, TeamLineupRecord } from '../../src/domain/game.ts';
import type { LeagueSnapshot } from '../../src/domain/records.ts';
import { createSleeperConnector } from '../../src/platforms/sleeper/index.ts';
import { mapScoringRule } from '../../src/platforms/sleeper/game.ts';
import { sleeper as sleeperModule } from '../../src/platforms/sleeper/module.ts';
import { linkAccount } from '../../src/storage/repositories/accounts.ts';
import { listLineups } from '../../src/storage/repositories/game-reads.ts';
import { findLeagueRefreshes, listLiveCandidates } from '../../src/storage/repositories/live.ts';
import { getDataSeq, writeLeagueSnapshot } from '../../src/storage/repositories/snapshots.ts';
import { listMatchups } from '../../src/storage/repositories/teams.ts';
import { createUser } from '../../src/storage/repositories/users.ts';
import { createWebhookEndpoint } from '../../src/storage/repositories/webhooks.ts';
import { createLiveScheduler, liveIntervalMs } from '../../src/sync/live/scheduler.ts';
import type { LiveRefreshEvent, LiveScheduler } from '../../src/sync/live/scheduler.ts';
import { createSharedReads } from '../../src/sync/live/shared-reads.ts';
import type { ScorePlayer } from '../../src/sync/live/shared.ts';
import { reply, startFakePlatform } from '../helpers/fake-platform.ts';
import type { FakePlatformServer } from '../helpers/fake-platform.ts';
import { createTestStore } from '../helpers/store.ts';
import type { TestStore } from '../helpers/store.ts';

// Sunday 12 September 2021, 18:00 UTC: week 1's early games.
const SUNDAY = Date.UTC(2021, 8, 12, 18);
const STATS = '/stats/nfl/regular/2021/1';
// 6 a minute: 5 after the links' reserve, 4 for live, 2 of them the shared read's (1 call per
// 30 s), so the own reads of 4 leagues come every 4 x 60 / 2 = 120 s (60 s without it), at most
// 2 a minute.
const PLATFORM = { perMinute: 6, live: sleeperModule.live };

const SCORING: Record<string, number> = {
  pass_yd: 0.04,
  pass_td: 4,
  rec: 1,
  rec_yd: 0.1,
  bonus_rec_te: 0.5,
};
const scoredRules = (scoring: Record<string, number>): LeagueRules => ({
  scoringType: 'head_to_head_points',
  scoring: Object.entries(scoring).map(([key, points]) => mapScoringRule(key, points)),
  rosterSlots: [
    { slot: 'QB', platformSlot: 'QB', count: 1 },
    { slot: 'TE', platformSlot: 'TE', count: 1 },
    { slot: 'BN', platformSlot: 'BN', count: 3 },
  ],
});
const POSITIONS: Record<string, string> = { QB1: 'QB', QB2: 'QB', QB3: 'QB', BN1: 'RB' };
for (const id of ['TE1', 'TE2', 'TE3']) POSITIONS[id] = 'TE';

/** League key -> rosters: [starters (QB, TE), bench]. */
const LEAGUES: Record<string, Array<[string[], string[]]>> = {
  S1: [
    [['QB1', 'TE1'], ['BN1']],
    [['QB2', 'TE2'], []],
  ],
  S2: [
    [['QB1', 'TE1'], ['BN1']],
    [['QB2', 'TE2'], []],
  ],
  S3: [
    [['QB3', 'TE3'], []],
    [['QB2', 'TE2'], []],
  ],
  // Scoring settings Sleeper's scorePlayer cannot apply (none): own reads only.
  NORULES: [
    [['QB1', 'TE1'], ['BN1']],
    [['QB2', 'TE2'], []],
  ],
};

describe('the shared read (Sleeper)', () => {
  let fake: FakePlatformServer;
  let store: TestStore;
  const ids = new Map<string, number>();
  /** The week's stats the fake answers, by player. */
  let stats: Record<string, Record<string, number>>;
  /** What Sleeper's own points add to ours for a player (its own rounding, a correction...). */
  const platformExtra = new Map<string, number>();

  /** The points the test expects, from SCORING, as Sleeper shows them. */
  const pointsOf = (id: string): number => {
    const line = stats[id] ?? {};
    const sum = Object.entries(SCORING).reduce((s, [k, p]) => s + (line[k] ?? 0) * p, 0);
    return Math.round(sum * 100) / 100;
  };
  const platformPoints = (id: string) =>
    Math.round((pointsOf(id) + (platformExtra.get(id) ?? 0)) * 100) / 100;

  /** The fake's GET /league/<key>/matchups/1: the rosters, every player's points from `stats`. */
  const weekOf = (key: string) =>
    (LEAGUES[key] ?? []).map(([starters, bench], index) => {
      const players = [...starters, ...bench];
      const total = starters.reduce((sum, id) => sum + platformPoints(id), 0);
      return {
        roster_id: index + 1,
        matchup_id: 1,
        points: Math.round(total * 100) / 100,
        starters,
        players,
        players_points: Object.fromEntries(players.map((id) => [id, platformPoints(id)])),
      };
    });

  const snapshotOf = (key: string): LeagueSnapshot => {
    const rosters = LEAGUES[key] ?? [];
    const lineups: TeamLineupRecord[] = weekOf(key).map((side, index) => ({
      period: 1,
      rosterId: String(side.roster_id),
      points: side.points,
      entries: [
        ...(rosters[index]?.[0] ?? []).map((playerId, slot) => ({
          playerId,
          slot: slot === 0 ? ('QB' as const) : ('TE' as const),
          platformSlot: slot === 0 ? 'QB' : 'TE',
          points: platformPoints(playerId),
        })),
        ...(rosters[index]?.[1] ?? []).map((playerId) => ({
          playerId,
          slot: 'BN' as const,
          platformSlot: 'BN',
          points: platformPoints(playerId),
        })),
      ],
    }));
    return {
      platform: 'sleeper',
      platformLeagueKey: key,
      season: 2021,
      sport: 'football',
      name: key,
      teams: [{ rosterId: '1' }, { rosterId: '2' }],
      rosterEntries: rosters.flatMap(([starters, bench], index) =>
        [...starters, ...bench].map((playerId) => ({ rosterId: String(index + 1), playerId })),
      ),
      players: Object.entries(POSITIONS).map(([playerId, position]) => ({
        playerId,
        fullName: playerId,
        position,
        active: true,
      })),
      activity: {
        currentPeriod: 1,
        matchups: [
          {
            period: 1,
            matchupId: '1',
            sides: lineups.map((l) => ({ rosterId: l.rosterId, score: l.points as number })),
          },
        ],
        transactions: [],
        drafts: [],
        futurePicks: [],
      },
      game: { rules: scoredRules(key === 'NORULES' ? {} : SCORING), lineups },
    };
  };

  const scoresOf = async (key: string) =>
    ((await listMatchups(store.db, ids.get(key) as number, 1))[0]?.sides ?? []).map(
      (side) => side.score,
    );
  const entryPoints = async (key: string, playerId: string) =>
    (await listLineups(store.db, ids.get(key) as number, 1, '1'))[0]?.entries.find(
      (e) => e.playerId === playerId,
    )?.points;
  const leagueUpdated = async () =>
    (
      await store.db
        .selectFrom('webhook_events')
        .select('payload')
        .where('type', '=', 'league.updated')
        .execute()
    ).map(
      (row) => (JSON.parse(row.payload) as { data: { league_id: number; changed: string[] } }).data,
    );

  before(async () => {
    stats = {
      QB1: { pass_yd: 250, pass_td: 2 },
      TE1: { rec: 5, rec_yd: 50, bonus_rec_te: 5 },
      BN1: { rec: 1 },
      QB2: { pass_yd: 100 },
      TE2: { rec: 2, rec_yd: 15, bonus_rec_te: 2 },
      QB3: { pass_yd: 300 },
    };
    fake = await startFakePlatform({
      '/state/nfl': reply.json({ season: '2021', season_type: 'regular', week: 1, leg: 1 }),
      [STATS]: () => reply.json(stats),
    });
    for (const key of Object.keys(LEAGUES))
      fake.route(`/league/${key}/matchups/1`, () => reply.json(weekOf(key)));
    store = await createTestStore();
    const user = await createUser(store.db, 'fan');
    const account = await linkAccount(store.db, {
      userId: user.id,
      platform: 'sleeper',
      externalUserId: 'u1',
    });
    await createWebhookEndpoint(store.db, {
      url: 'https://hooks.example.com/x',
      events: ['league.updated'],
      secretEncrypted: 'not read here',
    });
    for (const key of Object.keys(LEAGUES)) {
      const written = await writeLeagueSnapshot(store, snapshotOf(key), {
        userId: user.id,
        accountId: account.id,
      });
      ids.set(key, written.leagueId);
    }
  });
  after(async () => {
    await fake.close();
    await store.destroy();
  });

  const schedulerAt = (clock: () => number, events: LiveRefreshEvent[]): LiveScheduler =>
    createLiveScheduler({
      store,
      connectors: { sleeper: createSleeperConnector({ baseUrl: fake.url, backoffBaseMs: 1 }) },
      platforms: { sleeper: PLATFORM },
      liveSeconds: 30,
      now: clock,
      onRefresh: (event) => events.push(event),
    });
  /** The paths asked for by one step of the clock, the sport's state left out. */
  const step = async (scheduler: LiveScheduler) => {
    const from = fake.requests.length;
    await scheduler.tick();
    await scheduler.settled();
    return fake.requests
      .slice(from)
      .map((r) => r.path)
      .filter((path) => path !== '/state/nfl')
      .sort();
  };

  test('one call rescores every scorable league; the rest keep their own reads', async () => {
    let clock = SUNDAY;
    const events: LiveRefreshEvent[] = [];
    const scheduler = schedulerAt(() => clock, events);
    // The first step: the shared read, and the first own reads the pace allows (2 a minute).
    const own = (...keys: string[]) => keys.map((key) => `/league/${key}/matchups/1`);
    assert.deepEqual(await step(scheduler), [STATS, ...own('S1', 'S2')].sort());
    const plan = new Map(scheduler.plan().map((p) => [p.leagueId, p]));
    assert.equal(plan.get(ids.get('S1') as number)?.sharedMs, 30_000);
    assert.equal(plan.get(ids.get('NORULES') as number)?.sharedMs, undefined, 'not scorable');
    // The budget split: the shared read's 2 calls a minute leave the own reads fewer.
    assert.equal(liveIntervalMs(PLATFORM, 4, 30), 60_000);
    assert.ok([...plan.values()].every((p) => p.intervalMs === 120_000));
    const before = (await leagueUpdated()).length;

    // 30 s on, QB1 has thrown 25 yards more: one call, the two leagues starting him rescored.
    clock += 30_000;
    stats = { ...stats, QB1: { pass_yd: 275, pass_td: 2 } };
    events.length = 0;
    assert.deepEqual(await step(scheduler), [STATS]);
    assert.deepEqual(await scoresOf('S1'), [31.5, 8.5]);
    assert.deepEqual(await scoresOf('S2'), [31.5, 8.5]);
    assert.equal(await entryPoints('S1', 'QB1'), 19);
    assert.deepEqual(await scoresOf('NORULES'), [30.5, 8.5], 'left to its own reads');
    const written = events.filter((e) => e.outcome === 'written');
    assert.deepEqual(written.map((e) => e.leagueId).sort(), [ids.get('S1'), ids.get('S2')].sort());
    assert.ok(written.every((e) => e.via === 'shared' && e.changed.join() === 'scores'));
    assert.deepEqual(
      events.filter((e) => e.outcome === 'unchanged').map((e) => e.leagueId),
      [ids.get('S3')],
    );
    const updated = (await leagueUpdated()).slice(before);
    assert.deepEqual(updated.map((d) => d.league_id).sort(), [ids.get('S1'), ids.get('S2')].sort());
    assert.ok(
      updated.every((d) => d.changed.join() === 'scores'),
      'once per league, scores',
    );

    // 60 s in, a minute after the first own reads: the other two leagues' own reads, the
    // unscorable one getting QB1's yards from Sleeper's own points.
    clock += 30_000;
    assert.deepEqual(await step(scheduler), [STATS, ...own('S3', 'NORULES')].sort());
    assert.deepEqual(await scoresOf('NORULES'), [31.5, 8.5]);

    // 30 s more, nothing moved: one call, nothing written, no event; the refresh recorded.
    clock += 30_000;
    const seq = await getDataSeq(store.db);
    const events3 = (await leagueUpdated()).length;
    assert.deepEqual(await step(scheduler), [STATS]);
    assert.equal(await getDataSeq(store.db), seq, 'unchanged stats write nothing');
    assert.equal((await leagueUpdated()).length, events3);
    const refreshes = await findLeagueRefreshes(store.db, [ids.get('S1') as number]);
    assert.deepEqual(refreshes.get(ids.get('S1') as number), {
      lastRefreshAt: new Date(clock).toISOString(),
      nextRefreshAt: new Date(clock + 30_000).toISOString(),
      period: 1,
      outcome: 'unchanged',
    });

    // 120 s in, the first two leagues' own reads are due: Sleeper's own points, a hundredth above
    // ours for QB1, are written.
    clock += 30_000;
    platformExtra.set('QB1', 0.01);
    assert.deepEqual(await step(scheduler), [STATS, ...own('S1', 'S2')].sort());
    assert.equal(await entryPoints('S1', 'QB1'), 19.01);

    // The games over, the stats still: the platform's points stay, no flip back to ours.
    clock += 30_000;
    assert.deepEqual(await step(scheduler), [STATS]);
    assert.equal(await entryPoints('S1', 'QB1'), 19.01);
    assert.deepEqual(await scoresOf('S1'), [31.51, 8.5]);
    await scheduler.stop();
  });

  test('two processes at once: each reads the stats, each league written once', async () => {
    const clock = SUNDAY + 3_600_000;
    platformExtra.clear();
    stats = { ...stats, TE2: { rec: 3, rec_yd: 25, bonus_rec_te: 3 } };
    const events: LiveRefreshEvent[] = [];
    const [a, b] = [schedulerAt(() => clock, events), schedulerAt(() => clock, events)];
    const before = (await leagueUpdated()).length;
    const from = fake.requests.length;
    await Promise.all([a.tick(), b.tick()]);
    await Promise.all([a.settled(), b.settled()]);
    await Promise.all([a.stop(), b.stop()]);
    assert.equal(fake.requests.slice(from).filter((r) => r.path === STATS).length, 2);
    for (const key of Object.keys(LEAGUES)) {
      const own = fake.requests.slice(from).filter((r) => r.path === `/league/${key}/matchups/1`);
      assert.equal(own.length, 1, `${key}: one own read between the two`);
    }
    // TE2 (on every league's second team) 4.5 -> 7 points: each league written once, whether by
    // a shared read or an own read, and told once.
    for (const key of Object.keys(LEAGUES)) assert.equal((await scoresOf(key))[1], 11, key);
    const updated = (await leagueUpdated()).slice(before).map((d) => d.league_id);
    assert.deepEqual(updated.sort(), [...ids.values()].sort());
  });

  test('a rescore that failed takes the players it missed with the next read', async () => {
    let clock = SUNDAY + 7_200_000;
    const sleeper = createSleeperConnector({ baseUrl: fake.url, backoffBaseMs: 1 });
    const score = sleeper.live?.scorePlayer as ScorePlayer;
    let failing = true;
    const flaky: ScorePlayer = (line, rules, context) => {
      if (failing && context.playerId === 'QB3' && Object.keys(line).length > 0)
        throw new Error('the store went away');
      return score(line, rules, context);
    };
    const reads = createSharedReads({
      store,
      connectors: { sleeper: { ...sleeper, live: { ...sleeper.live, scorePlayer: flaky } } },
      liveMs: 30_000,
      clock: () => clock,
      signal: new AbortController().signal,
      last: new Map(),
    });
    const s3 = (await listLiveCandidates(store.db, 2021)).filter(
      (league) => league.leagueId === ids.get('S3'),
    );
    reads.regroup(s3.map((league) => ({ league, period: 1 })));
    const read = async () => {
      reads.start(clock);
      await Promise.all(reads.inflight());
    };
    // QB3 throws 25 yards more (13 points): S3's rescore fails, nothing written.
    stats = { ...stats, QB3: { pass_yd: 325 } };
    await read();
    assert.equal(await entryPoints('S3', 'QB3'), 12);
    // The next read: QB3's stats as before, QB2's moved. Both are scored.
    failing = false;
    clock += 30_000;
    stats = { ...stats, QB2: { pass_yd: 125 } };
    await read();
    assert.equal(await entryPoints('S3', 'QB3'), 13, 'the missed player');
    assert.deepEqual(await scoresOf('S3'), [13, 12]);
  });
});

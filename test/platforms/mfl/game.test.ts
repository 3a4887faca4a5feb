// The MFL connector's game through the fake MFL: recorded league 54040 (its schedule's scores and
// rosters, MFL's rule names and injury report; weekly results built by the fake in MFL's documented
// shape, as none is recorded) and made-up league 90004 (rules, a flex open to a kicker, a taxi squad).
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import type { LeagueFetchContext, PlatformAccount } from '../../../src/platforms/connector.ts';
import { PlatformError } from '../../../src/platforms/connector.ts';
import { createMflConnector } from '../../../src/platforms/mfl/index.ts';
import type { LeagueSnapshot } from '../../../src/domain/records.ts';
import { reply } from '../../helpers/fake-platform.ts';
import type { FakeMfl } from '../../helpers/fake-mfl.ts';
import { RECORDED_MFL, SYNTHETIC_MFL } from '../../helpers/mfl-data.ts';

const PUBLIC: PlatformAccount = { platform: 'mfl', externalUserId: 'public-leagues' };
const ref = (key: string) => ({ platformLeagueKey: key, season: 2020, sport: 'football' as const });
const holding = (final: number[]): LeagueFetchContext => ({
  storedPlayerIds: async (asked) => new Set(asked),
  finalLineupPeriods: async () => new Set(final),
});
const weeksAsked = (fake: FakeMfl, from: number) =>
  fake.requests
    .slice(from)
    .filter((r) => r.query.get('TYPE') === 'weeklyResults')
    .map((r) => Number(r.query.get('W')))
    .sort((a, b) => a - b);

describe('MFL game (recorded league 54040)', { skip: RECORDED_MFL.skip }, () => {
  let fake: FakeMfl;
  let league: LeagueSnapshot;
  before(async () => {
    fake = await RECORDED_MFL.start();
    league = await connect().fetchLeague(PUBLIC, ref('54040'), holding([]));
  });
  after(() => fake.close());
  beforeEach(() => {
    fake.intercept = undefined;
  });
  const connect = () => createMflConnector({ baseUrl: fake.baseUrl, backoffBaseMs: 1 });

  test("every team's total of every week is the matchup's score for it", () => {
    const lineups = league.game?.lineups ?? [];
    const matchups = league.activity?.matchups ?? [];
    assert.deepEqual([...new Set(lineups.map((l) => l.period))], range(1, 16));
    let compared = 0;
    for (const matchup of matchups) {
      for (const side of matchup.sides) {
        const lineup = lineups.find(
          (l) => l.period === matchup.period && l.rosterId === side.rosterId,
        );
        assert.equal(lineup?.points, side.score, `week ${matchup.period} ${side.rosterId}`);
        compared += 1;
      }
    }
    // Every side once, and a franchise alone in week 14 (listed against itself) one lineup.
    assert.equal(compared, lineups.length);
    assert.equal(lineups.filter((l) => l.period === 14).length, 14);
  });

  test('starters first with their points, then the bench', () => {
    const lineup = league.game?.lineups?.find((l) => l.period === 1 && l.rosterId === '0007');
    assert.ok(lineup);
    assert.equal(lineup.points, 144.55);
    const starters = lineup.entries.filter((e) => e.platformSlot === 'starter');
    assert.equal(starters.length, 9);
    assert.ok(starters.every((e) => e.slot === 'OTHER'));
    const bench = lineup.entries.slice(9);
    assert.ok(bench.length > 0);
    assert.deepEqual(bench[0], {
      playerId: bench[0]?.playerId,
      slot: 'BN',
      platformSlot: 'nonstarter',
      points: 4.2,
    });
  });

  test('the current lineup: injured reserve and taxi squad from the rosters, week 16 beside', () => {
    const current = league.game?.currentLineup ?? [];
    assert.equal(current.length, RECORDED_MFL.publicLeague.rostered);
    const count = (slot: string) => current.filter((c) => c.slot === slot).length;
    assert.deepEqual([count('IR'), count('TAXI')], [42, 28]);
    assert.ok(current.some((c) => c.slot === 'OTHER' && c.platformSlot === 'starter'));
    const reserve = current.find((c) => c.slot === 'IR');
    assert.equal(reserve?.platformSlot, 'INJURED_RESERVE');
  });

  test("injuries, seasons and the league's lineup rules", () => {
    const game = league.game;
    assert.equal(game?.injuries?.length, 388);
    assert.deepEqual(
      game?.injuries?.find((i) => i.playerId === '10271'),
      { playerId: '10271', status: 'out', designation: 'Out', note: 'Hamstring' },
    );
    assert.deepEqual(game?.history, [
      { season: 2018, platformLeagueKey: '54040' },
      { season: 2019, platformLeagueKey: '54040' },
      { season: 2020, platformLeagueKey: '54040' },
      { season: 2021, platformLeagueKey: '54040' },
    ]);
    assert.deepEqual(game?.rules?.scoring, [], 'no rules are recorded for 54040');
    assert.equal(game?.rules?.scoringType, 'head_to_head_points');
    assert.equal(game?.rules?.rosterSlots.length, 8);
  });

  test('weeks the store holds as final are not read again; the current week is', async () => {
    let asked = fake.requests.length;
    const again = await connect().fetchLeague(PUBLIC, ref('54040'), holding(range(1, 15)));
    assert.deepEqual(weeksAsked(fake, asked), [16]);
    assert.deepEqual([...new Set(again.game?.lineups?.map((l) => l.period))], [16]);

    asked = fake.requests.length;
    const over = await connect().fetchLeague(PUBLIC, ref('54040'), holding(range(1, 16)));
    assert.deepEqual(weeksAsked(fake, asked), [16], 'read for the current lineup alone');
    assert.deepEqual(over.game?.lineups, []);
    assert.equal(over.game?.currentLineup?.length, RECORDED_MFL.publicLeague.rostered);
  });

  test('a malformed week, a missing rule dictionary or a refused rules export fails the league', async () => {
    fake.intercept = (request) =>
      request.query.get('TYPE') === 'weeklyResults' && request.query.get('W') === '3'
        ? reply.json({ weeklyResults: { matchup: { franchise: { id: 7 } } } })
        : undefined;
    await assert.rejects(
      connect().fetchLeague(PUBLIC, ref('54040'), holding([])),
      (error) => error instanceof PlatformError && error.kind === 'invalid_response',
    );
    // A 404 of a site-wide export is a failing platform, not a vanished league.
    fake.intercept = (request) =>
      request.query.get('TYPE') === 'allRules' ? reply.status(404) : undefined;
    await assert.rejects(
      connect().fetchLeague(PUBLIC, ref('54040'), holding([])),
      (error) => error instanceof PlatformError && error.kind === 'unavailable',
    );
    fake.intercept = (request) =>
      request.query.get('TYPE') === 'rules'
        ? reply.json({ error: { $t: 'Something went wrong' } })
        : undefined;
    await assert.rejects(
      connect().fetchLeague(PUBLIC, ref('54040'), holding([])),
      (error) => error instanceof PlatformError && /Something went wrong/.test(error.message),
    );
  });
});

describe('MFL game (synthetic league 90004)', () => {
  let fake: FakeMfl;
  before(async () => {
    fake = await SYNTHETIC_MFL.start();
  });
  after(() => fake.close());

  test('rules, lineups of weeks 1 and 2, the current lineup, injuries and the season', async () => {
    const mfl = createMflConnector({ baseUrl: fake.baseUrl, backoffBaseMs: 1 });
    const league = await mfl.fetchLeague(PUBLIC, ref('90004'), holding([]));
    const game = league.game;
    assert.ok(game);
    assert.deepEqual(game.rules, {
      scoringType: 'head_to_head_points',
      scoring: [
        {
          statId: 'PY',
          statName: 'Made-up Passing Yards',
          statKey: 'passing_yards',
          points: 1,
          per: 25,
          min: -50,
          max: 999,
          positions: ['QB', 'RB', 'WR', 'TE'],
        },
        {
          statId: '#P',
          statName: 'Made-up Passing TDs',
          statKey: 'passing_touchdowns',
          points: 4,
          min: 0,
          max: 10,
          positions: ['QB', 'RB', 'WR', 'TE'],
        },
        {
          statId: 'PY',
          statName: 'Made-up Passing Yards',
          statKey: 'passing_yards',
          points: 3,
          bonus: true,
          min: 300,
          max: 999,
          positions: ['QB', 'RB', 'WR', 'TE'],
        },
        {
          statId: 'CC',
          statName: 'Made-up Receptions',
          statKey: 'receptions',
          points: 0.5,
          min: 0,
          max: 99,
          positions: ['TE'],
        },
        // XYZ's points "??" read as no notation MFL uses: left out.
      ],
      rosterSlots: [
        { slot: 'QB', platformSlot: 'QB', count: 1 },
        { slot: 'RB', platformSlot: 'RB', count: 1 },
        { slot: 'OTHER', platformSlot: 'QB/RB/PK', count: 1, eligiblePositions: ['QB', 'RB', 'K'] },
        { slot: 'BN', platformSlot: 'nonstarter', count: 1 },
        { slot: 'IR', platformSlot: 'INJURED_RESERVE', count: 1 },
        { slot: 'TAXI', platformSlot: 'TAXI_SQUAD', count: 2 },
      ],
      playoffs: { firstPeriod: 3 },
      waivers: { type: 'faab', platformType: 'BBID_FCFS' },
      firstPeriod: 1,
      lastPeriod: 4,
    });
    // Week 1 final, week 2 under way (the current one); franchise 0009 is not the league's.
    assert.deepEqual(game.lineups, [
      {
        period: 1,
        rosterId: '0001',
        points: 100.5,
        entries: [
          { playerId: '90001', slot: 'OTHER', platformSlot: 'starter', points: 100.5 },
          { playerId: '90003', slot: 'BN', platformSlot: 'nonstarter', points: 4.2 },
        ],
      },
      {
        period: 1,
        rosterId: '0002',
        points: 120.25,
        entries: [{ playerId: '90002', slot: 'OTHER', platformSlot: 'starter', points: 120.25 }],
      },
      {
        period: 1,
        rosterId: '0003',
        points: 100.5,
        entries: [{ playerId: '90004', slot: 'OTHER', platformSlot: 'starter', points: 100.5 }],
      },
      {
        period: 2,
        rosterId: '0001',
        points: 61,
        entries: [
          { playerId: '90001', slot: 'OTHER', platformSlot: 'starter', points: 61 },
          { playerId: '90003', slot: 'BN', platformSlot: 'nonstarter', points: 4.2 },
        ],
      },
      {
        period: 2,
        rosterId: '0002',
        points: 88.5,
        entries: [{ playerId: '90002', slot: 'OTHER', platformSlot: 'starter', points: 88.5 }],
      },
    ]);
    assert.deepEqual(game.currentLineup, [
      { rosterId: '0001', playerId: '90001', slot: 'OTHER', platformSlot: 'starter' },
      { rosterId: '0001', playerId: '90003', slot: 'BN', platformSlot: 'nonstarter' },
      { rosterId: '0002', playerId: '90002', slot: 'OTHER', platformSlot: 'starter' },
      // No game for 0003 in week 2: on the roster, not said to start.
      { rosterId: '0003', playerId: '90004', slot: 'BN', platformSlot: 'ROSTER' },
      { rosterId: '0003', playerId: '90006', slot: 'TAXI', platformSlot: 'TAXI_SQUAD' },
    ]);
    assert.deepEqual(game.injuries, [
      {
        playerId: '90004',
        status: 'questionable',
        designation: 'Questionable',
        note: 'Made-up Ankle',
      },
      {
        playerId: '90006',
        status: 'physically_unable',
        designation: 'IR-PUP',
        note: 'Pretend Knee',
      },
      { playerId: '90011', status: 'other', designation: 'Invented Status' },
    ]);
    assert.deepEqual(game.history, [{ season: 2020, platformLeagueKey: '90004' }]);
  });

  test('a league without a schedule has no lineups and no current lineup', async () => {
    const mfl = createMflConnector({ baseUrl: fake.baseUrl, backoffBaseMs: 1 });
    const asked = fake.requests.length;
    const league = await mfl.fetchLeague(PUBLIC, ref('90001'), holding([]));
    assert.deepEqual(weeksAsked(fake, asked), []);
    assert.deepEqual(league.game?.lineups, []);
    assert.equal(league.game?.currentLineup, undefined);
    assert.equal(league.game?.injuries?.length, 3);
  });
});

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

// The game (rules, each period's lineups, the current lineup, seasons) the Fantrax connector maps
// from the official API, on the fake's made-up leagues (test/helpers/fake-fantrax.ts). No answer
// of these calls was ever recorded: the shapes are unconfirmed (src/platforms/fantrax/README.md).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { LeagueFetchContext, PlatformConnector } from '../../../src/platforms/connector.ts';
import { createFantraxConnector } from '../../../src/platforms/fantrax/index.ts';
import { storeHolding } from '../../helpers/connectors.ts';
import {
  FANTRAX_FIXTURES_SKIP,
  RECORDED_SEASONS,
  startFakeFantrax,
} from '../../helpers/fake-fantrax.ts';
import type { FakeFantrax } from '../../helpers/fake-fantrax.ts';
import { reply } from '../../helpers/fake-platform.ts';
import { failure } from '../../helpers/failure.ts';

const account = { platform: 'fantrax' as const, externalUserId: 'public-leagues' };
const HOOPS = { platformLeagueKey: 'hoopsleague20fx1', season: 2020, sport: 'basketball' as const };
const DIAMOND = { platformLeagueKey: 'publicbaseball21', season: 2021, sport: 'baseball' as const };
const [ADA, BEN] = ['0a1b2', '0a1b3'];
const holdingFinal = (periods: number[]): LeagueFetchContext => ({
  ...storeHolding(),
  finalLineupPeriods: async () => new Set(periods),
});

describe('Fantrax game', () => {
  let fake: FakeFantrax;
  let fantrax: PlatformConnector;
  const rosterCalls = (since: number) =>
    fake.requests
      .slice(since)
      .filter((r) => r.path === '/getTeamRosters')
      .map((r) => r.query.get('period') ?? 'current')
      .sort();

  before(async () => {
    fake = await startFakeFantrax({ withoutRecordings: true });
    fantrax = createFantraxConnector({
      baseUrl: fake.baseUrl,
      backoffBaseMs: 1,
      timeoutMs: 5_000,
      requestsPerMinute: 0,
    });
  });
  after(() => fake.close());

  test('a category league: its categories, position limits, bench and periods', async () => {
    const { game } = await fantrax.fetchLeague(account, HOOPS, storeHolding());
    assert.deepEqual(game?.rules, {
      scoringType: 'head_to_head_categories',
      scoring: [],
      categories: [
        { statId: 'INDIVIDUAL_POINTS', statName: 'Points', statKey: 'points' },
        { statId: 'INDIVIDUAL_REBOUNDS', statName: 'Rebounds', statKey: 'rebounds' },
        { statId: 'INDIVIDUAL_TURNOVERS', statName: 'Turnovers', statKey: 'turnovers' },
      ],
      rosterSlots: [
        { slot: 'PG', platformSlot: 'PG', count: 1 },
        { slot: 'SG', platformSlot: 'SG', count: 1 },
        { slot: 'SF', platformSlot: 'SF', count: 1 },
        { slot: 'PF', platformSlot: 'PF', count: 1 },
        { slot: 'C', platformSlot: 'C', count: 1 },
        { slot: 'UTIL', platformSlot: 'UT', count: 1 },
        { slot: 'BN', platformSlot: 'RESERVE', count: 24 },
      ],
      playoffs: { firstPeriod: 3 },
      firstPeriod: 1,
      lastPeriod: 3,
    });
    assert.deepEqual(game?.history, [{ season: 2020, platformLeagueKey: 'hoopsleague20fx1' }]);
    assert.equal(game?.injuries, undefined); // the official API names none
  });

  test("lineups: each period's statuses as slots, the matchup score as the total", async () => {
    const start = fake.requests.length;
    const { game, activity } = await fantrax.fetchLeague(account, HOOPS, storeHolding());
    // The current (last) period comes with the rosters already read; the others one call each.
    assert.deepEqual(rosterCalls(start), ['1', '2', 'current']);
    const lineups = game?.lineups ?? [];
    assert.deepEqual(
      lineups.map((l) => [l.period, l.rosterId]),
      [
        [1, 'hoopsteam00000a1'],
        [1, 'hoopsteam00000b2'],
        [2, 'hoopsteam00000a1'],
        [2, 'hoopsteam00000b2'],
        [3, 'hoopsteam00000a1'],
        [3, 'hoopsteam00000b2'],
      ],
    );
    for (const matchup of activity?.matchups ?? []) {
      for (const side of matchup.sides) {
        const lineup = lineups.find(
          (l) => l.period === matchup.period && l.rosterId === side.rosterId,
        );
        assert.equal(lineup?.points, side.score, `period ${matchup.period}, ${side.rosterId}`);
      }
    }
    const first = lineups[0];
    // A starter in his position, a bench player; no player points (the API gives none).
    assert.deepEqual(first?.entries, [
      { playerId: ADA, slot: 'PG', platformSlot: 'PG' },
      { playerId: BEN, slot: 'BN', platformSlot: 'RESERVE' },
    ]);
    assert.deepEqual(lineups[4]?.entries, [
      { playerId: ADA, slot: 'IR', platformSlot: 'INJURED_RESERVE' },
      { playerId: BEN, slot: 'NA', platformSlot: 'MINORS' },
    ]);
    assert.deepEqual(lineups[5]?.entries, []); // an empty roster
  });

  test('the current lineup: the rosters already read, IR and minors included', async () => {
    const { game } = await fantrax.fetchLeague(account, HOOPS, storeHolding());
    assert.deepEqual(game?.currentLineup, [
      { rosterId: 'hoopsteam00000a1', playerId: ADA, slot: 'IR', platformSlot: 'INJURED_RESERVE' },
      { rosterId: 'hoopsteam00000a1', playerId: BEN, slot: 'NA', platformSlot: 'MINORS' },
    ]);
  });

  test('periods the store holds as final are not asked again', async () => {
    const start = fake.requests.length;
    const { game } = await fantrax.fetchLeague(account, HOOPS, holdingFinal([1, 2]));
    assert.deepEqual(rosterCalls(start), ['current']);
    assert.deepEqual([...new Set(game?.lineups?.map((l) => l.period))], [3]);
  });

  test('a points league: each stat and position, "Default" for every position', async () => {
    const { game } = await fantrax.fetchLeague(account, DIAMOND, storeHolding());
    assert.equal(game?.rules?.scoringType, 'head_to_head_points');
    assert.equal(game?.rules?.categories, undefined);
    assert.deepEqual(game?.rules?.scoring, [
      { statId: 'MADEUP_YARDS', statName: 'Yards', points: 0.1 },
      { statId: 'MADEUP_CATCHES', statName: 'Catches', points: 0.5 },
      { statId: 'MADEUP_CATCHES', statName: 'Catches', points: 1, positions: ['TE'] },
    ]);
    assert.deepEqual(
      game?.rules?.rosterSlots.map((s) => s.slot),
      ['C', '1B', '2B', 'SS', '3B', 'OF', 'SP', 'RP', 'BN'],
    );
  });

  test("a period's rosters refused, malformed or of another period fail the league", async () => {
    const cases = [
      {
        answer: reply.json({ error: { code: 'INVALID_PERIOD', message: 'No' } }),
        kind: 'unavailable',
      },
      {
        answer: reply.json({ period: 1, rosters: { x: { rosterItems: [{ id: 7 }] } } }),
        kind: 'invalid_response',
      },
      { answer: reply.json({ period: 2, rosters: {} }), kind: 'invalid_response' },
    ] as const;
    for (const { answer, kind } of cases) {
      fake.route('/getTeamRosters', (request) =>
        request.query.get('period') === '1'
          ? answer
          : reply.json(fake.served('/getTeamRosters', Object.fromEntries(request.query))),
      );
      const error = await failure(fantrax.fetchLeague(account, HOOPS, storeHolding()));
      assert.equal(error.kind, kind);
    }
  });
});

describe(
  'Fantrax game, the recorded league served by the fake',
  { skip: FANTRAX_FIXTURES_SKIP },
  () => {
    test('football slots, and every lineup total the matchup score', async () => {
      const fake = await startFakeFantrax();
      try {
        const fantrax = createFantraxConnector({ baseUrl: fake.baseUrl, requestsPerMinute: 0 });
        const [{ leagueId, season }] = RECORDED_SEASONS;
        const ref = { platformLeagueKey: leagueId, season, sport: 'football' as const };
        const { game, activity, rosterEntries } = await fantrax.fetchLeague(
          account,
          ref,
          storeHolding(),
        );
        assert.deepEqual(
          game?.rules?.rosterSlots.map((s) => s.slot),
          ['QB', 'RB', 'WR', 'TE', 'K', 'DL', 'LB', 'DB', 'BN'],
        );
        const sides = (activity?.matchups ?? []).flatMap((m) =>
          m.sides.map((s) => ({ ...s, period: m.period })),
        );
        assert.ok(sides.length > 0);
        const lineups = game?.lineups ?? [];
        for (const side of sides) {
          const lineup = lineups.find(
            (l) => l.period === side.period && l.rosterId === side.rosterId,
          );
          assert.equal(lineup?.points, side.score);
        }
        assert.equal(game?.currentLineup?.length, rosterEntries.length);
        assert.ok(game?.currentLineup?.some((c) => c.slot === 'IR'));
      } finally {
        await fake.close();
      }
    });
  },
);

// The game (issue 38) from recorded ESPN responses (../shared/fixtures/espn, read at test time,
// never copied): rules from mSettings, lineups from the box scores the fake ESPN serves per
// matchup period (football 2020, weeks 1 and 2 recorded), the current lineup from mRoster,
// injuries, and the league's seasons. Basketball box scores: game-basketball.test.ts.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { LeagueGame, TeamLineupRecord } from '../../../src/domain/game.ts';
import type { LeagueSnapshot } from '../../../src/domain/records.ts';
import { PlatformError } from '../../../src/platforms/connector.ts';
import type { PlatformAccount, PlatformConnector } from '../../../src/platforms/connector.ts';
import { storeHolding } from '../../helpers/connectors.ts';
import { ESPN_FIXTURES_SKIP } from '../../helpers/fake-espn.ts';
import type { FakeEspn } from '../../helpers/fake-espn.ts';
import { reply } from '../../helpers/fake-platform.ts';
import { WHOLE_2020_SEASON, espnRejection, espnWorld, lineupsHeld } from './world.ts';

const football2020 = { platformLeagueKey: '899513', season: 2020, sport: 'football' } as const;
const LEAGUE_PATH = '/apis/v3/games/ffl/seasons/2020/segments/0/leagues/899513';
/** Periods 3 to 14 held: only the two recorded box scores are asked for. */
const LATER_PERIODS = WHOLE_2020_SEASON.filter((period) => period > 2);

function gameOf(snapshot: LeagueSnapshot): LeagueGame {
  assert.ok(snapshot.game, 'the snapshot carries its game');
  return snapshot.game;
}

function lineupOf(game: LeagueGame, period: number, rosterId: string): TeamLineupRecord {
  const found = game.lineups?.find((l) => l.period === period && l.rosterId === rosterId);
  assert.ok(found, `a lineup for team ${rosterId} in period ${period}`);
  return found;
}

describe('ESPN game on recorded responses', { skip: ESPN_FIXTURES_SKIP }, () => {
  let fake: FakeEspn;
  let espn: PlatformConnector;
  let account: PlatformAccount;

  before(async () => {
    ({ fake, espn, account } = await espnWorld({ timeoutMs: 5_000 }));
  });
  after(() => fake.close());

  test('football 899513: rules from the league call mSettings, no call more', async () => {
    const before = fake.totalHits();
    const game = gameOf(
      await espn.fetchLeague(account, football2020, lineupsHeld(WHOLE_2020_SEASON)),
    );
    assert.equal(fake.totalHits(), before + 2, 'league and feed only: every period held as final');
    assert.deepEqual(game.lineups, []);
    const rules = game.rules;
    assert.ok(rules);
    assert.equal(rules.scoringType, 'head_to_head_points');
    assert.equal(rules.categories, undefined);
    const rule = (statId: string) => rules.scoring.filter((r) => r.statId === statId);
    assert.deepEqual(rule('3'), [
      { statId: '3', statName: 'PY', statKey: 'passing_yards', points: 0.04 },
    ]);
    assert.deepEqual(rule('53'), [
      { statId: '53', statName: 'REC', statKey: 'receptions', points: 0.5 },
    ]);
    // Scored only by D/ST (pointsOverrides on slot 16): the 0-point base item is left out.
    assert.deepEqual(rule('89'), [
      {
        statId: '89',
        statName: 'PA0',
        statKey: 'points_allowed',
        min: 0,
        max: 0,
        bonus: true,
        points: 5,
        positions: ['DEF'],
      },
    ]);
    assert.equal(rule('102').length, 2, 'a base item and its D/ST override');
    // 50 items, 27 with a D/ST override, 18 of those scoring 0 elsewhere.
    assert.equal(rules.scoring.length, 50 + 27 - 18);
    assert.deepEqual(rules.rosterSlots, [
      { slot: 'QB', platformSlot: 'QB', count: 1 },
      { slot: 'RB', platformSlot: 'RB', count: 2 },
      { slot: 'WR', platformSlot: 'WR', count: 2 },
      { slot: 'TE', platformSlot: 'TE', count: 1 },
      {
        slot: 'SUPER_FLEX',
        platformSlot: 'OP',
        count: 1,
        eligiblePositions: ['QB', 'RB', 'WR', 'TE'],
      },
      { slot: 'DEF', platformSlot: 'D/ST', count: 1 },
      { slot: 'K', platformSlot: 'K', count: 1 },
      { slot: 'BN', platformSlot: 'BE', count: 12 },
      { slot: 'IR', platformSlot: 'IR', count: 2 },
      { slot: 'FLEX', platformSlot: 'RB/WR/TE', count: 1, eligiblePositions: ['RB', 'WR', 'TE'] },
    ]);
    assert.deepEqual(rules.playoffs, { teams: 4, firstPeriod: 13 });
    assert.deepEqual(rules.waivers, {
      type: 'faab',
      platformType: 'WAIVERS_CONTINUOUS',
      faabBudget: 275,
    });
    assert.equal(rules.tradeDeadlineAt, undefined, 'no deadline set in this league');
    assert.deepEqual([rules.firstPeriod, rules.lastPeriod], [1, 14]);
    assert.deepEqual(game.history, [
      { season: 2018, platformLeagueKey: '899513' },
      { season: 2019, platformLeagueKey: '899513' },
      { season: 2020, platformLeagueKey: '899513' },
    ]);
  });

  test('football 899513: one box score per period not held, totals equal matchup scores', async () => {
    const before = fake.requests.length;
    const snapshot = await espn.fetchLeague(account, football2020, lineupsHeld(LATER_PERIODS));
    const asked = fake.requests.slice(before);
    assert.equal(asked.length, 4, 'league, feed, and the box scores of periods 1 and 2');
    for (const [index, period] of [
      [2, 1],
      [3, 2],
    ] as const) {
      const box = asked[index];
      assert.equal(box?.path, LEAGUE_PATH);
      assert.deepEqual(box?.query.getAll('view'), ['mMatchupScore', 'mBoxscore']);
      assert.equal(box?.query.get('scoringPeriodId'), String(period));
      assert.deepEqual(JSON.parse(String(box?.headers['x-fantasy-filter'])), {
        schedule: { filterMatchupPeriodIds: { value: [period] } },
      });
      assert.equal(box?.headers.cookie, asked[0]?.headers.cookie, 'the same cookies');
    }
    const game = gameOf(snapshot);
    assert.equal(game.lineups?.length, 20);
    const scores = snapshot.activity?.matchups.flatMap((m) =>
      m.sides.map((side) => [`${m.period}/${side.rosterId}`, side.score]),
    );
    const byTeam = new Map(scores as Array<[string, number]>);
    for (const lineup of game.lineups ?? []) {
      assert.equal(lineup.points, byTeam.get(`${lineup.period}/${lineup.rosterId}`));
    }
    const team2 = lineupOf(game, 1, '2');
    assert.equal(team2.points, 155.7);
    assert.equal(team2.entries.length, 22);
    // Starters first in ESPN's order (this week no D/ST started), then the bench.
    assert.deepEqual(team2.entries.slice(0, 3), [
      {
        playerId: '2577417',
        slot: 'QB',
        platformSlot: 'QB',
        points: 17.64,
        projectedPoints: 19.680924297999997,
      },
      {
        playerId: '3925357',
        slot: 'FLEX',
        platformSlot: 'RB/WR/TE',
        points: 29.4,
        projectedPoints: 11.237158841500001,
      },
      {
        playerId: '15835',
        slot: 'TE',
        platformSlot: 'TE',
        points: 9.3,
        projectedPoints: 10.1859823295,
      },
    ]);
    const starters = team2.entries.filter((e) => e.slot !== 'BN' && e.slot !== 'IR');
    assert.equal(starters.length, 9);
    // A bench player keeps the points he scored (points as ESPN gives them, float noise kept).
    assert.deepEqual(team2.entries[9], {
      playerId: '16790',
      slot: 'BN',
      platformSlot: 'BE',
      points: 8.600000000000001,
      projectedPoints: 11.055364929000003,
    });
    const team5 = lineupOf(game, 1, '5');
    assert.deepEqual(team5.entries.at(-1), {
      playerId: '3126486',
      slot: 'IR',
      platformSlot: 'IR',
      points: 0,
      projectedPoints: 0,
    });
    assert.equal(lineupOf(game, 2, '5').points, 163.14);
  });

  test('football 899513: the current lineup of every rostered player; no injuries recorded', async () => {
    const game = gameOf(
      await espn.fetchLeague(account, football2020, lineupsHeld(WHOLE_2020_SEASON)),
    );
    assert.equal(game.currentLineup?.length, 220);
    assert.deepEqual(
      game.currentLineup?.find((entry) => entry.playerId === '2330'),
      { rosterId: '2', playerId: '2330', slot: 'SUPER_FLEX', platformSlot: 'OP' },
    );
    assert.deepEqual(game.injuries, [], 'the 2020 football bodies name no injury');
  });

  test('basketball 1234: injuries from the rosters, ESPN designation kept', async () => {
    const game = gameOf(
      await espn.fetchLeague(
        account,
        { platformLeagueKey: '1234', season: 2022, sport: 'basketball' },
        storeHolding(),
      ),
    );
    const injuries = game.injuries ?? [];
    assert.equal(injuries.length, 8 + 15);
    assert.deepEqual(
      injuries.find((injury) => injury.playerId === '3059318'),
      { playerId: '3059318', status: 'day_to_day', designation: 'DAY_TO_DAY' },
    );
    assert.equal(injuries.filter((injury) => injury.status === 'out').length, 15);
    assert.deepEqual(game.lineups, [], 'no schedule recorded for this league: no periods');
    assert.equal(game.rules?.scoringType, 'head_to_head_points');
    assert.equal(game.rules?.tradeDeadlineAt, '2023-02-17T17:00:00.000Z');
    assert.deepEqual(
      game.rules?.rosterSlots.map((slot) => [slot.slot, slot.platformSlot, slot.count]),
      [
        ['PG', 'PG', 1],
        ['SG', 'SG', 1],
        ['SF', 'SF', 1],
        ['PF', 'PF', 1],
        ['C', 'C', 1],
        ['G', 'G', 1],
        ['F', 'F', 1],
        ['UTIL', 'UT', 3],
        ['BN', 'BE', 3],
        ['IR', 'IR', 1],
      ],
    );
    assert.deepEqual(game.history, [{ season: 2022, platformLeagueKey: '1234' }]);
    const slots = new Set(game.currentLineup?.map((entry) => entry.slot));
    assert.ok(slots.has('IR') && slots.has('BN') && slots.has('UTIL'));
  });

  test('a box score that fits no schema fails the league fetch with invalid_response', async () => {
    fake.route(LEAGUE_PATH, (request) =>
      request.query.getAll('view').includes('mBoxscore')
        ? reply.json({ schedule: [{ matchupPeriodId: 1, home: { teamId: 'two' } }] })
        : fake.answer(request),
    );
    try {
      const error = await espnRejection(
        espn.fetchLeague(account, football2020, lineupsHeld(LATER_PERIODS)),
        PlatformError,
      );
      assert.equal(error.kind, 'invalid_response');
      assert.match(error.message, /box score/);
    } finally {
      fake.route(LEAGUE_PATH, fake.answer);
    }
  });
  test('box scores: a 404 on the first period leaves lineups out; a later one, or a 503, fails', async () => {
    const boxAnswering = (fail: (period: string | null) => number | undefined) =>
      fake.route(LEAGUE_PATH, (request) => {
        const status = request.query.getAll('view').includes('mBoxscore')
          ? fail(request.query.get('scoringPeriodId'))
          : undefined;
        return status === undefined ? fake.answer(request) : reply.json({ messages: [] }, status);
      });
    try {
      boxAnswering(() => 404);
      const game = gameOf(
        await espn.fetchLeague(account, football2020, lineupsHeld(LATER_PERIODS)),
      );
      assert.equal(game.lineups, undefined, 'no lineups rather than some');
      assert.equal(game.currentLineup?.length, 220, 'the other parts stay');
      boxAnswering((period) => (period === '2' ? 404 : undefined));
      const later = await espnRejection(
        espn.fetchLeague(account, football2020, lineupsHeld(LATER_PERIODS)),
        PlatformError,
      );
      assert.equal(later.kind, 'not_found');
      boxAnswering(() => 503);
      const down = await espnRejection(
        espn.fetchLeague(account, football2020, lineupsHeld(LATER_PERIODS)),
        PlatformError,
      );
      assert.equal(down.kind, 'unavailable');
    } finally {
      fake.route(LEAGUE_PATH, fake.answer);
    }
  });
});

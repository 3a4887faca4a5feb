// The game of the made-up Yahoo league (fake-yahoo-synthetic-game.ts), for what no recording
// holds: players' week points beside the totals, team projections, a bonus, FAAB, a renewed
// league, finished weeks not read again, and the faults of the week calls.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { PlatformError } from '../../../src/platforms/connector.ts';
import type { PlatformAccount, PlatformConnector } from '../../../src/platforms/connector.ts';
import type { LeagueSnapshot } from '../../../src/domain/records.ts';
import { mapRules } from '../../../src/platforms/yahoo/rules-mapping.ts';
import { storeHolding } from '../../helpers/connectors.ts';
import { reply } from '../../helpers/fake-platform.ts';
import { SYNTHETIC_YAHOO_DATA } from '../../helpers/yahoo-data.ts';
import { yahooWorld } from './world.ts';
import type { YahooWorld } from './world.ts';

const SYNTHETIC = { platformLeagueKey: '399.l.90001', sport: 'football', season: 2021 } as const;
const weekPath = (week: number): string =>
  `/league/399.l.90001/teams/roster;week=${week}/players/stats;type=week;week=${week}`;

describe('Yahoo game on the made-up league', () => {
  let world: YahooWorld;
  let connector: PlatformConnector;
  let account: PlatformAccount;
  let league: LeagueSnapshot;
  before(async () => {
    world = await yahooWorld(SYNTHETIC_YAHOO_DATA);
    connector = world.connector();
    account = await world.linked(connector);
    league = await connector.fetchLeague(account, SYNTHETIC, storeHolding());
  });
  after(() => world.close());

  it('rules: points per unit, a bonus at a target, a points-allowed range, FAAB, playoffs', () => {
    assert.deepEqual(league.game?.rules, {
      scoringType: 'head_to_head_points',
      scoring: [
        { statId: '4', statName: 'Passing Yards', statKey: 'passing_yards', points: 0.04 },
        {
          statId: '4',
          statName: 'Passing Yards',
          statKey: 'passing_yards',
          points: 3,
          min: 300,
          bonus: true,
        },
        { statId: '5', statName: 'Passing Touchdowns', statKey: 'passing_touchdowns', points: 4 },
        { statId: '11', statName: 'Receptions', statKey: 'receptions', points: 0.5 },
        {
          statId: '50',
          statName: 'Points Allowed 0 points',
          statKey: 'points_allowed',
          points: 10,
          min: 0,
          max: 0,
          bonus: true,
        },
      ],
      rosterSlots: [
        { slot: 'QB', platformSlot: 'QB', count: 1 },
        { slot: 'FLEX', platformSlot: 'W/R/T', count: 1, eligiblePositions: ['WR', 'RB', 'TE'] },
        { slot: 'BN', platformSlot: 'BN', count: 1 },
        { slot: 'IR', platformSlot: 'IR', count: 1 },
      ],
      playoffs: { teams: 2, firstPeriod: 15 },
      waivers: { type: 'faab', platformType: 'FR' },
      tradeDeadlineAt: '2021-11-20',
      firstPeriod: 1,
      lastPeriod: 16,
    });
  });

  it("week 1: starters, then bench (with his points), then IR; totals and projections are the scoreboard's", () => {
    const week1 = (league.game?.lineups ?? []).filter((lineup) => lineup.period === 1);
    assert.deepEqual(week1, [
      {
        period: 1,
        rosterId: '1',
        points: 110.5,
        projectedPoints: 105.1,
        entries: [
          { playerId: '90001', slot: 'QB', platformSlot: 'QB', points: 80.5 },
          { playerId: '90002', slot: 'FLEX', platformSlot: 'W/R/T', points: 30 },
          { playerId: '90007', slot: 'IR', platformSlot: 'IR', points: 0 },
        ],
      },
      {
        period: 1,
        rosterId: '2',
        points: 98.25,
        projectedPoints: 99.9,
        entries: [
          { playerId: '90003', slot: 'QB', platformSlot: 'QB', points: 60.25 },
          { playerId: '90004', slot: 'FLEX', platformSlot: 'W/R/T', points: 38 },
          { playerId: '90008', slot: 'BN', platformSlot: 'BN', points: 12.3 },
        ],
      },
    ]);
  });

  it("every team's total equals its matchup score, and its starters' points add up to it", () => {
    const lineups = league.game?.lineups ?? [];
    assert.equal(lineups.length, 6);
    for (const lineup of lineups) {
      const side = league.activity?.matchups
        .find((m) => m.period === lineup.period)
        ?.sides.find((s) => s.rosterId === lineup.rosterId);
      assert.equal(lineup.points, side?.score, `week ${lineup.period} team ${lineup.rosterId}`);
      const starters = lineup.entries
        .filter((entry) => entry.slot !== 'BN' && entry.slot !== 'IR')
        .reduce((sum, entry) => sum + (entry.points ?? 0), 0);
      assert.equal(Math.round(starters * 100) / 100, lineup.points);
    }
    const noPoints = lineups.find((l) => l.period === 3 && l.rosterId === '2')?.entries.at(-1);
    assert.deepEqual(noPoints, { playerId: '90008', slot: 'BN', platformSlot: 'BN' });
  });

  it('injuries: the hurt player a week roster names; history: the renewed-from and renewed-into seasons', () => {
    assert.deepEqual(league.game?.injuries, [
      { playerId: '90007', status: 'injured_reserve', designation: 'IR', note: 'Knee' },
    ]);
    assert.deepEqual(league.game?.history, [
      { season: 2020, platformLeagueKey: '390.l.80001' },
      { season: 2021, platformLeagueKey: '399.l.90001' },
      { season: 2022, platformLeagueKey: '406.l.90001' },
    ]);
    assert.deepEqual(
      league.game?.currentLineup?.map((slot) => [slot.rosterId, slot.playerId, slot.slot]),
      [
        ['1', '90001', 'BN'],
        ['1', '90002', 'BN'],
        ['2', '90003', 'BN'],
        ['2', '90004', 'BN'],
      ],
    );
  });

  it('weeks the store holds as final are not asked again', async () => {
    const sent = world.fake.requests.length;
    const context = { ...storeHolding(), finalLineupPeriods: async () => new Set([1, 2]) };
    const again = await connector.fetchLeague(account, SYNTHETIC, context);
    const paths = world.fake.requests.slice(sent).map((r) => r.path.slice('/fantasy/v2'.length));
    assert.equal(paths.length, 4, 'rosters, settings and the rest, scoreboard, week 3');
    assert.equal(paths.at(-1), weekPath(3));
    assert.deepEqual(
      again.game?.lineups?.map((l) => [l.period, l.rosterId]),
      [
        [3, '1'],
        [3, '2'],
      ],
    );
  });

  it('a week answer fitting no schema, or a refused week call, fails the league', async () => {
    world.fake.override(
      weekPath(2),
      reply.json({ fantasy_content: { league: [{ league_key: '399.l.90001' }, { teams: 7 }] } }),
    );
    await assert.rejects(
      connector.fetchLeague(account, SYNTHETIC, storeHolding()),
      (error: unknown) => error instanceof PlatformError && error.kind === 'invalid_response',
    );
    world.fake.override(weekPath(2), reply.status(500));
    await assert.rejects(
      connector.fetchLeague(account, SYNTHETIC, storeHolding()),
      (error: unknown) => error instanceof PlatformError && /week=2/.test(error.message),
    );
    world.fake.override(weekPath(2), undefined);
  });
});

describe('Yahoo rules of a category league (made-up settings)', () => {
  it('categories with the lower-is-better ones marked, display-only stats and scoring left out', () => {
    const meta = {
      league_key: '412.l.1',
      name: 'Made-up categories',
      game_code: 'mlb',
      season: '2022',
      scoring_type: 'head',
      start_week: '1',
      end_week: '24',
    };
    const stat = (id: number, name: string, sort: string, display?: string) => ({
      stat_id: id,
      name,
      enabled: '1',
      sort_order: sort,
      ...(display === undefined ? {} : { is_only_display_stat: display }),
    });
    const rules = mapRules(
      meta,
      {
        uses_playoff: '0',
        roster_positions: [
          { position: 'Util', count: 2 },
          { position: 'IL', count: '3' },
          { position: 'NA', count: 1 },
        ],
        stat_categories: {
          stats: [
            stat(60, 'H/AB', '1', '1'),
            stat(7, 'Runs', '1'),
            stat(26, 'Earned Run Average', '0'),
            stat(999, 'A stat no table names', '1'),
          ],
        },
      },
      'baseball',
    );
    assert.deepEqual(rules, {
      scoringType: 'head_to_head_categories',
      scoring: [],
      categories: [
        { statId: '7', statName: 'Runs', statKey: 'runs' },
        {
          statId: '26',
          statName: 'Earned Run Average',
          statKey: 'earned_run_average',
          lowerIsBetter: true,
        },
        { statId: '999', statName: 'A stat no table names' },
      ],
      rosterSlots: [
        { slot: 'UTIL', platformSlot: 'Util', count: 2 },
        { slot: 'IR', platformSlot: 'IL', count: 3 },
        { slot: 'NA', platformSlot: 'NA', count: 1 },
      ],
      firstPeriod: 1,
      lastPeriod: 24,
    });
  });
});

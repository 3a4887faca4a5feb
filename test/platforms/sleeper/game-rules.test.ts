// The game's pure rules (scoring keys, injuries) and the whole game on the project's own made-up
// Sleeper set, so these checks run whether or not the recordings are there.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { PlatformConnector } from '../../../src/platforms/connector.ts';
import { mapInjury, mapScoringRule } from '../../../src/platforms/sleeper/game.ts';
import { createSleeperConnector } from '../../../src/platforms/sleeper/index.ts';
import { poolOf, storeHolding } from '../../helpers/connectors.ts';
import { failure } from '../../helpers/failure.ts';
import { reply } from '../../helpers/fake-platform.ts';
import type { FakeSleeper } from '../../helpers/fake-platform.ts';
import { SYNTHETIC_SLEEPER } from '../../helpers/sleeper-data.ts';

const LEAGUE = '700000000000000002'; // Sample Dynasty League, 2020, complete after week 1
const EARLIER = '700000000000000009'; // made up here: its 2019 season
const account = { platform: 'sleeper' as const, externalUserId: SYNTHETIC_SLEEPER.user.userId };
const ref = { platformLeagueKey: LEAGUE, season: 2020, sport: 'football' as const };

describe('Sleeper scoring keys and injuries', () => {
  test('a tight-end premium, a one-off bonus, an unknown key', () => {
    assert.deepEqual(mapScoringRule('bonus_rec_te', 0.5), {
      statId: 'bonus_rec_te',
      statName: 'Receptions (TE)',
      statKey: 'receptions',
      points: 0.5,
      positions: ['TE'],
    });
    assert.deepEqual(mapScoringRule('bonus_rec_yd_100', 3), {
      statId: 'bonus_rec_yd_100',
      statName: 'Receiving yards, 100 or more (bonus)',
      statKey: 'receiving_yards',
      points: 3,
      min: 100,
      bonus: true,
    });
    assert.deepEqual(mapScoringRule('yds_allow_100_199', 5)?.max, 199);
    assert.deepEqual(mapScoringRule('rec_40p', 2), { statId: 'rec_40p', points: 2 });
    assert.deepEqual(mapScoringRule('pts', 1)?.statKey, 'points'); // basketball
  });

  test("injuries: Sleeper's designation kept beside the normalized status", () => {
    const player = { player_id: '1', injury_body_part: 'Hamstring', injury_notes: 'Week to week' };
    assert.deepEqual(mapInjury({ ...player, injury_status: 'Questionable' }), {
      status: 'questionable',
      designation: 'Questionable',
      note: 'Hamstring',
    });
    assert.equal(mapInjury({ player_id: '1', injury_status: 'IR' })?.status, 'injured_reserve');
    assert.equal(mapInjury({ player_id: '1', injury_status: 'Sus' })?.status, 'suspended');
    assert.equal(mapInjury({ player_id: '1', injury_status: 'PUP' })?.status, 'physically_unable');
    assert.equal(mapInjury({ player_id: '1', injury_status: 'COV' })?.status, 'illness');
    assert.deepEqual(mapInjury({ player_id: '1', injury_status: 'GTD', injury_notes: 'Knee' }), {
      status: 'other',
      designation: 'GTD',
      note: 'Knee',
    });
    assert.equal(mapInjury({ player_id: '1', injury_status: null }), undefined);
  });
});

describe('Sleeper game on the synthetic set', () => {
  let fake: FakeSleeper;
  let sleeper: PlatformConnector;

  before(async () => {
    fake = await SYNTHETIC_SLEEPER.start();
    const league = fake.recorded(`/league/${LEAGUE}`) as Record<string, unknown>;
    fake.route(
      `/league/${LEAGUE}`,
      reply.json({
        ...league,
        roster_positions: ['QB', 'SUPER_FLEX', 'BN', 'BN'],
        scoring_settings: { pass_td: 4, bonus_rec_te: 0.5, rec: 1, pass_int: null },
        previous_league_id: EARLIER,
      }),
    );
    fake.route(
      `/league/${EARLIER}`,
      reply.json({ ...league, league_id: EARLIER, season: '2019', previous_league_id: '0' }),
    );
    // Week 1 in Sleeper's newer shape: players_points covers the bench too.
    fake.route(
      `/league/${LEAGUE}/matchups/1`,
      reply.json([
        {
          roster_id: 1,
          matchup_id: 1,
          points: 101.5,
          starters: ['4046', '0'],
          players: ['4046', '90001', '90101'],
          players_points: { '4046': 101.5, '90001': 12.25, '90101': 0 },
        },
        { roster_id: 2, matchup_id: 1, points: 80, custom_points: 88.2, starters: ['6794'] },
        { roster_id: 99, matchup_id: 3, points: 5, starters: ['4046'] }, // no such roster
      ]),
    );
    sleeper = createSleeperConnector({ baseUrl: fake.baseUrl, backoffBaseMs: 1, timeoutMs: 5_000 });
  });
  after(() => fake.close());

  test('rules, lineups with the bench, the current lineup and two seasons', async () => {
    const { game, activity } = await sleeper.fetchLeague(account, ref, storeHolding());
    assert.ok(game);
    assert.deepEqual(game.rules?.rosterSlots, [
      { slot: 'QB', platformSlot: 'QB', count: 1 },
      {
        slot: 'SUPER_FLEX',
        platformSlot: 'SUPER_FLEX',
        count: 1,
        eligiblePositions: ['QB', 'RB', 'WR', 'TE'],
      },
      { slot: 'BN', platformSlot: 'BN', count: 2 },
    ]);
    // A null value is no rule; keys in Sleeper's alphabetical order.
    assert.deepEqual(
      game.rules?.scoring.map((r) => [r.statId, r.points, r.positions]),
      [
        ['bonus_rec_te', 0.5, ['TE']],
        ['pass_td', 4, undefined],
        ['rec', 1, undefined],
      ],
    );
    assert.equal(game.rules?.lastPeriod, 1);
    assert.deepEqual(game.lineups, [
      {
        period: 1,
        rosterId: '1',
        points: 101.5,
        entries: [
          { playerId: '4046', slot: 'QB', platformSlot: 'QB', points: 101.5 },
          { playerId: '90001', slot: 'BN', platformSlot: 'BN', points: 12.25 },
          { playerId: '90101', slot: 'BN', platformSlot: 'BN', points: 0 },
        ],
      },
      // The commissioner's score, as the matchup shows it.
      {
        period: 1,
        rosterId: '2',
        points: 88.2,
        entries: [{ playerId: '6794', slot: 'QB', platformSlot: 'QB' }],
      },
    ]);
    assert.equal(activity?.matchups[0]?.sides[1]?.score, 88.2);
    assert.deepEqual(
      game.currentLineup?.filter((c) => c.rosterId === '1'),
      [
        { rosterId: '1', playerId: '4046', slot: 'QB', platformSlot: 'QB' },
        { rosterId: '1', playerId: '90001', slot: 'BN', platformSlot: 'BN' },
        { rosterId: '1', playerId: '90101', slot: 'BN', platformSlot: 'BN' },
      ],
    );
    assert.deepEqual(game.history, [
      { season: 2019, platformLeagueKey: EARLIER },
      { season: 2020, platformLeagueKey: LEAGUE },
    ]);
  });

  test('an earlier season Sleeper fails to give fails the league, like any other call', async () => {
    fake.route(`/league/${EARLIER}`, reply.status(500));
    const error = await failure(sleeper.fetchLeague(account, ref, storeHolding()));
    assert.equal(error.kind, 'unavailable');
  });

  test("the player dump's injury_status becomes the player's injury", async () => {
    const dump = fake.recorded('/players/nfl') as Record<string, Record<string, unknown>>;
    fake.route(
      '/players/nfl',
      reply.json({
        ...dump,
        '6794': {
          ...dump['6794'],
          injury_status: 'Out',
          injury_body_part: 'Ankle',
          injury_notes: null,
        },
      }),
    );
    const pool = await sleeper.fetchPlayerPool(poolOf('sleeper', 'football'), account);
    const hurt = pool?.players.filter((p) => p.injury);
    assert.deepEqual(
      hurt?.map((p) => [p.playerId, p.injury]),
      [['6794', { status: 'out', designation: 'Out', note: 'Ankle' }]],
    );
  });
});

// The game (rules, lineups, current lineup, seasons) the Sleeper connector maps from recorded
// responses (../shared/fixtures/sleeper, served by a real local HTTP server). Weeks the
// recordings skip answer 404: an empty week, so it has neither matchups nor lineups.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { LeagueGame } from '../../../src/domain/game.ts';
import type { LeagueSnapshot } from '../../../src/domain/records.ts';
import type { LeagueFetchContext, PlatformConnector } from '../../../src/platforms/connector.ts';
import { createSleeperConnector } from '../../../src/platforms/sleeper/index.ts';
import { storeHolding } from '../../helpers/connectors.ts';
import { failure } from '../../helpers/failure.ts';
import {
  RECORDED_SLEEPER_USER,
  SLEEPER_FIXTURES_SKIP,
  reply,
  startFakeSleeper,
} from '../../helpers/fake-platform.ts';
import type { FakeSleeper } from '../../helpers/fake-platform.ts';

const JML = '522458773317046272'; // 2020, complete, 16 weeks; its 2019 season is recorded
const JML_2019 = '386236959468675072';
const DLP = '521379020332068864'; // 2020, complete; its previous season is not recorded
const DSD = '515566249837142016'; // 2020, complete, no trade deadline (99)
const JUNGLE = '649647301366755328'; // 2021, in_season: served as week 1 under way below

const account = { platform: 'sleeper' as const, externalUserId: RECORDED_SLEEPER_USER.userId };
const ref = (key: string, season = 2020) => ({
  platformLeagueKey: key,
  season,
  sport: 'football' as const,
});
const holdingFinal = (periods: number[]): LeagueFetchContext => ({
  ...storeHolding(),
  finalLineupPeriods: async () => new Set(periods),
});

describe('Sleeper game on recorded responses', { skip: SLEEPER_FIXTURES_SKIP }, () => {
  let fake: FakeSleeper;
  let sleeper: PlatformConnector;
  let jml: LeagueSnapshot;
  let game: LeagueGame;

  before(async () => {
    fake = await startFakeSleeper();
    sleeper = createSleeperConnector({ baseUrl: fake.baseUrl, backoffBaseMs: 1, timeoutMs: 5_000 });
    jml = await sleeper.fetchLeague(account, ref(JML), storeHolding());
    assert.ok(jml.game, 'the snapshot carries the game');
    game = jml.game;
  });
  after(() => fake.close());

  test('rules: slots in roster_positions order, IR and taxi from the settings', () => {
    const rules = game.rules;
    assert.ok(rules);
    assert.equal(rules.scoringType, 'head_to_head_points');
    assert.deepEqual(rules.rosterSlots, [
      { slot: 'QB', platformSlot: 'QB', count: 1 },
      { slot: 'RB', platformSlot: 'RB', count: 2 },
      { slot: 'WR', platformSlot: 'WR', count: 2 },
      { slot: 'TE', platformSlot: 'TE', count: 1 },
      { slot: 'FLEX', platformSlot: 'FLEX', count: 2, eligiblePositions: ['RB', 'WR', 'TE'] },
      { slot: 'BN', platformSlot: 'BN', count: 17 },
      { slot: 'IR', platformSlot: 'reserve', count: 6 },
      { slot: 'TAXI', platformSlot: 'taxi', count: 3 },
    ]);
    assert.deepEqual(rules.playoffs, { teams: 6, firstPeriod: 14 });
    assert.deepEqual(rules.waivers, { type: 'faab', platformType: '2', faabBudget: 200 });
    assert.equal(rules.tradeDeadlinePeriod, 13);
    assert.equal(rules.firstPeriod, 1);
    assert.equal(rules.lastPeriod, 16);
  });

  test('rules: every scoring_settings entry, points exactly as Sleeper sends them', () => {
    const scoring = game.rules?.scoring ?? [];
    assert.equal(scoring.length, 45);
    const rule = (id: string) => scoring.find((r) => r.statId === id);
    assert.deepEqual(rule('pass_yd'), {
      statId: 'pass_yd',
      statName: 'Passing yards',
      statKey: 'passing_yards',
      points: 0.03999999910593033,
    });
    assert.deepEqual(rule('rec'), {
      statId: 'rec',
      statName: 'Receptions',
      statKey: 'receptions',
      points: 0.5,
    });
    assert.deepEqual(rule('pts_allow_7_13'), {
      statId: 'pts_allow_7_13',
      statName: 'Points allowed',
      statKey: 'points_allowed',
      points: 0,
      min: 7,
      max: 13,
      bonus: true,
    });
    assert.equal(rule('pts_allow_35p')?.min, 35);
    assert.equal(rule('pts_allow_35p')?.max, undefined);
    // A field goal's distance is not the stat's value: Sleeper's key alone.
    assert.deepEqual(rule('fgm_20_29'), { statId: 'fgm_20_29', points: 0 });
  });

  test('rules: a trade deadline of 99 is no deadline', async () => {
    const dsd = await sleeper.fetchLeague(account, ref(DSD), storeHolding());
    assert.equal(dsd.game?.rules?.tradeDeadlinePeriod, undefined);
    assert.deepEqual(dsd.game?.rules?.waivers, {
      type: 'faab',
      platformType: '2',
      faabBudget: 1000,
    });
  });

  test("lineups: every recorded week, each total the matchup's score for that team", () => {
    const lineups = game.lineups ?? [];
    assert.deepEqual([...new Set(lineups.map((l) => l.period))], [1, 2, 14, 16]);
    assert.equal(lineups.length, 48);
    const sides = jml.activity?.matchups.flatMap((m) =>
      m.sides.map((side) => ({ period: m.period, ...side })),
    );
    assert.equal(sides?.length, 40); // weeks 14 and 16: four teams each play no one
    for (const side of sides ?? []) {
      const lineup = lineups.find((l) => l.period === side.period && l.rosterId === side.rosterId);
      assert.equal(lineup?.points, side.score, `week ${side.period}, roster ${side.rosterId}`);
    }
    // A team out of the playoffs still has its week's lineup and points.
    const idle = lineups.find((l) => l.period === 14 && l.rosterId === '6');
    assert.equal(idle?.points, 73.12);
  });

  test('lineups: starters in slot order with their points, then the bench', () => {
    const lineup = game.lineups?.find((l) => l.period === 14 && l.rosterId === '1');
    assert.ok(lineup);
    assert.deepEqual(lineup.entries.slice(0, 8), [
      { playerId: '4017', slot: 'QB', platformSlot: 'QB', points: 16.56 },
      { playerId: '4199', slot: 'RB', platformSlot: 'RB', points: 8.5 },
      { playerId: '4137', slot: 'RB', platformSlot: 'RB', points: 18.1 },
      { playerId: '1426', slot: 'WR', platformSlot: 'WR', points: 3.5 },
      { playerId: '4037', slot: 'WR', platformSlot: 'WR', points: 6.3 },
      { playerId: '5022', slot: 'TE', platformSlot: 'TE', points: 1.8 },
      { playerId: '4098', slot: 'FLEX', platformSlot: 'FLEX', points: 26 },
      { playerId: '4036', slot: 'FLEX', platformSlot: 'FLEX', points: 2.9 },
    ]);
    // This 2020 body has starters_points only: a bench player has a slot and no points.
    assert.deepEqual(lineup.entries[8], { playerId: '2025', slot: 'BN', platformSlot: 'BN' });
    assert.equal(lineup.entries.length, 33);
    const starters = lineup.entries.filter((e) => e.slot !== 'BN');
    const sum = starters.reduce((total, e) => total + (e.points ?? 0), 0);
    assert.ok(Math.abs(sum - 83.66) < 1e-9);
    assert.ok(lineup.entries.every((e) => e.projectedPoints === undefined)); // none given
  });

  test('current lineup: starters, bench, IR and taxi from the rosters body', () => {
    const current = game.currentLineup ?? [];
    assert.equal(current.length, jml.rosterEntries.length);
    const of = (playerId: string) => current.find((c) => c.playerId === playerId);
    assert.deepEqual(of('4046'), {
      rosterId: '3',
      playerId: '4046',
      slot: 'QB',
      platformSlot: 'QB',
    });
    assert.deepEqual(of('4150'), {
      rosterId: '3',
      playerId: '4150',
      slot: 'FLEX',
      platformSlot: 'FLEX',
    });
    assert.deepEqual(of('6904'), {
      rosterId: '3',
      playerId: '6904',
      slot: 'TAXI',
      platformSlot: 'taxi',
    });
    assert.deepEqual(of('6770'), {
      rosterId: '6',
      playerId: '6770',
      slot: 'IR',
      platformSlot: 'reserve',
    });
    assert.equal(
      current.filter((c) => c.rosterId === '3' && c.slot === 'BN').length,
      31 - 8 - 4 - 2,
    );
  });

  test('history: previous_league_id followed, oldest first; an unrecorded league ends it', async () => {
    assert.deepEqual(game.history, [
      { season: 2019, platformLeagueKey: JML_2019 },
      { season: 2020, platformLeagueKey: JML },
    ]);
    const dlp = await sleeper.fetchLeague(account, ref(DLP), storeHolding());
    assert.deepEqual(dlp.game?.history, [{ season: 2020, platformLeagueKey: DLP }]);
  });

  test('a week the store holds as final: no lineup, and no request more or less', async () => {
    const start = fake.requests.length;
    await sleeper.fetchLeague(account, ref(JML), storeHolding());
    const plain = fake.requests.length - start;
    const again = fake.requests.length;
    const snapshot = await sleeper.fetchLeague(account, ref(JML), holdingFinal([1, 2, 14]));
    assert.equal(fake.requests.length - again, plain);
    const asked = fake.requests.slice(again).map((r) => r.path);
    // The lineups ride on the matchups calls the matchups need anyway: one per week, once.
    assert.equal(asked.filter((p) => p === `/league/${JML}/matchups/14`).length, 1);
    assert.equal(asked.filter((p) => p === `/league/${JML_2019}`).length, 1);
    assert.deepEqual([...new Set(snapshot.game?.lineups?.map((l) => l.period))], [16]);
    assert.equal(snapshot.activity?.matchups.length, 20); // matchups are all still there
  });

  test('the week under way: IR and taxi of the rosters body, players_points for the bench', async () => {
    const rosters = fake.recorded(`/league/${JUNGLE}/rosters`) as Array<{
      roster_id: number;
      starters: string[];
      players: string[];
    }>;
    const second = rosters.find((r) => r.roster_id === 2);
    assert.ok(second);
    // Week 1 in Sleeper's newer shape, made from the recorded roster: 1 point a player.
    const points = Object.fromEntries(second.players.map((id) => [id, 1]));
    const week = [
      {
        roster_id: 2,
        matchup_id: 1,
        points: 10,
        starters: second.starters,
        players: second.players,
        players_points: points,
      },
    ];
    fake.route(
      '/state/nfl',
      reply.json({ season: '2021', season_type: 'regular', week: 1, leg: 1 }),
    );
    fake.route(`/league/${JUNGLE}/matchups/1`, reply.json(week));
    try {
      const snapshot = await sleeper.fetchLeague(account, ref(JUNGLE, 2021), storeHolding());
      const lineup = snapshot.game?.lineups?.find((l) => l.rosterId === '2');
      assert.equal(lineup?.points, 10);
      const of = (id: string) => lineup?.entries.find((e) => e.playerId === id);
      assert.deepEqual(of('5284'), {
        playerId: '5284',
        slot: 'IR',
        platformSlot: 'reserve',
        points: 1,
      });
      assert.equal(of('7540')?.slot, 'TAXI');
      assert.equal(lineup?.entries.at(-1)?.slot, 'TAXI'); // starters, bench, IR, then taxi
      assert.ok(lineup?.entries.some((e) => e.slot === 'BN' && e.points === 1));
      assert.deepEqual(snapshot.game?.history, [{ season: 2021, platformLeagueKey: JUNGLE }]);
      assert.equal(snapshot.game?.rules?.lastPeriod, undefined); // not over yet
    } finally {
      fake.route(
        '/state/nfl',
        reply.json({
          season: String(new Date().getUTCFullYear()),
          season_type: 'off',
          week: 0,
          leg: 0,
        }),
      );
      fake.route(`/league/${JUNGLE}/matchups/1`, reply.status(404));
    }
  });

  test('a malformed matchups body or earlier season fails the league with a PlatformError', async () => {
    const path = `/league/${JML}/matchups/14`;
    const body = fake.recorded(path) as Array<Record<string, unknown>>;
    fake.route(path, reply.json(body.map((e) => ({ ...e, starters_points: ['lots'] }))));
    try {
      const error = await failure(sleeper.fetchLeague(account, ref(JML), storeHolding()));
      assert.equal(error.kind, 'invalid_response');
    } finally {
      fake.route(path, reply.json(body));
    }
    fake.route(`/league/${JML_2019}`, reply.json({ league_id: JML_2019, season: 2019 }));
    try {
      const error = await failure(sleeper.fetchLeague(account, ref(JML), storeHolding()));
      assert.equal(error.kind, 'invalid_response');
    } finally {
      fake.route(`/league/${JML_2019}`, reply.json(fake.recorded(`/league/${JML_2019}`)));
    }
  });
});

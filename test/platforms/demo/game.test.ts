// The demo's game agrees with its league data: every played period's lineups add up exactly to the
// schedule's matchup scores, fill the league's slots, and hold only the players the teams had then.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { LINEUP_SLOTS, slotGroup } from '../../../src/domain/game.ts';
import type { LeagueGame, LeagueRules, TeamLineupRecord } from '../../../src/domain/game.ts';
import type { LeagueSnapshot } from '../../../src/domain/records.ts';
import { DEFAULT_DEMO_SEED, generateDemoData } from '../../../src/platforms/demo/index.ts';
import { activityOf, data, UNDER_WAY } from './demo-activity.ts';

/**
 * sha256 of every league's teams and activity for the default seed, computed at commit 79026b8
 * (before the game existed): the game is drawn from streams of its own and changes none of it.
 */
const DIGEST_BEFORE_GAME = 'df6d141796dbe164697ba4d72749c5a433913cd4eab7232884978d0106c419d2';

function gameOf(league: LeagueSnapshot): LeagueGame {
  assert.ok(league.game, league.platformLeagueKey);
  return league.game;
}

function rulesOf(league: LeagueSnapshot): LeagueRules {
  const rules = gameOf(league).rules;
  assert.ok(rules, league.platformLeagueKey);
  return rules;
}

function lineupsOf(league: LeagueSnapshot): TeamLineupRecord[] {
  const lineups = gameOf(league).lineups;
  assert.ok(lineups, league.platformLeagueKey);
  return lineups;
}

const hundredths = (points: number | undefined): number => Math.round((points ?? NaN) * 100);

function positionsOf(league: LeagueSnapshot): Map<string, string> {
  const pool = data.pools.find((p) => p.sport === league.sport);
  assert.ok(pool);
  return new Map(pool.players.map((p) => [p.playerId, p.position ?? '']));
}

/** The positions a slot takes: its eligible positions, or the position the slot is named after. */
function eligibleFor(rules: LeagueRules, slot: string): string[] {
  const spec = rules.rosterSlots.find((s) => s.slot === slot);
  assert.ok(spec, slot);
  return spec.eligiblePositions ?? [slot];
}

describe('demo game: lineups', () => {
  it('has one lineup per team and played period, its total exactly the matchup score', () => {
    for (const league of data.leagues) {
      const lineups = new Map(lineupsOf(league).map((l) => [`${l.period}:${l.rosterId}`, l]));
      let sides = 0;
      for (const matchup of activityOf(league).matchups) {
        for (const side of matchup.sides) {
          const lineup = lineups.get(`${matchup.period}:${side.rosterId}`);
          if (side.score === undefined) {
            assert.equal(lineup, undefined, `${league.platformLeagueKey} unplayed`);
            continue;
          }
          sides++;
          assert.ok(lineup, `${league.platformLeagueKey} ${matchup.period}:${side.rosterId}`);
          assert.equal(lineup.points, side.score);
          const starters = lineup.entries.filter((e) => slotGroup(e.slot) === 'starter');
          const sum = starters.reduce((total, e) => total + hundredths(e.points), 0);
          assert.equal(sum, hundredths(side.score), `${league.platformLeagueKey} ${lineup.period}`);
          const projected = starters.reduce((total, e) => total + hundredths(e.projectedPoints), 0);
          assert.equal(projected, hundredths(lineup.projectedPoints));
        }
      }
      assert.equal(lineups.size, sides, league.platformLeagueKey);
      assert.ok(sides > 0, league.platformLeagueKey);
    }
  });

  it('gives bench points, not counted in the total, and points to the league’s precision', () => {
    for (const league of data.leagues) {
      const decimals = league.sport === 'football' ? 100 : 10;
      let benchPoints = 0;
      for (const lineup of lineupsOf(league)) {
        for (const entry of lineup.entries) {
          for (const value of [entry.points, entry.projectedPoints]) {
            assert.ok(value !== undefined && value >= 0);
            assert.equal(Math.round(value * decimals) / decimals, value);
          }
          if (entry.slot === 'BN') benchPoints += entry.points ?? 0;
          if (entry.slot === 'IR') {
            assert.equal(entry.points, 0, 'a player on IR plays no game');
            assert.equal(entry.projectedPoints, 0, 'and is projected for none');
          }
        }
      }
      assert.ok(benchPoints > 0, league.platformLeagueKey);
    }
  });

  it('never holds more players in a slot than the rules have, and fills every fillable starter slot', () => {
    for (const league of data.leagues) {
      const rules = rulesOf(league);
      const positions = positionsOf(league);
      for (const lineup of lineupsOf(league)) {
        const at = `${league.platformLeagueKey} ${lineup.period}:${lineup.rosterId}`;
        const waiting = lineup.entries.filter((e) => e.slot === 'BN' || e.slot === 'TAXI');
        for (const spec of rules.rosterSlots) {
          const inSlot = lineup.entries.filter((e) => e.slot === spec.slot);
          assert.ok(inSlot.length <= spec.count, `${at} ${spec.slot}`);
          assert.ok(inSlot.every((e) => e.platformSlot === spec.platformSlot));
          if (slotGroup(spec.slot) !== 'starter') continue;
          const eligible = eligibleFor(rules, spec.slot);
          for (const e of inSlot) assert.ok(eligible.includes(positions.get(e.playerId) ?? ''), at);
          // A slot is short only when the team had nobody left who could stand in it.
          if (inSlot.length < spec.count) {
            assert.ok(
              waiting.every((e) => !eligible.includes(positions.get(e.playerId) ?? '')),
              `${at} ${spec.slot}`,
            );
          }
        }
        // Starters first in the rules' order, then bench, reserve and taxi.
        const order = lineup.entries.map((e) =>
          rules.rosterSlots.findIndex((s) => s.slot === e.slot),
        );
        assert.deepEqual(
          order,
          [...order].sort((a, b) => a - b),
          at,
        );
      }
    }
  });

  it('fills nearly every starter slot: short slots are rare', () => {
    let short = 0;
    let slots = 0;
    for (const league of data.leagues) {
      const rules = rulesOf(league);
      for (const lineup of lineupsOf(league)) {
        for (const spec of rules.rosterSlots.filter((s) => slotGroup(s.slot) === 'starter')) {
          slots += spec.count;
          short += spec.count - lineup.entries.filter((e) => e.slot === spec.slot).length;
        }
      }
    }
    assert.ok(short / slots < 0.005, `${short} of ${slots}`);
  });

  it('puts each player in one lineup per period, and every team’s roster size in each', () => {
    for (const league of data.leagues) {
      const size = league.rosterEntries.filter((e) => e.rosterId === '1').length;
      const seen = new Map<number, Set<string>>();
      for (const lineup of lineupsOf(league)) {
        const period = seen.get(lineup.period) ?? new Set();
        seen.set(lineup.period, period);
        for (const { playerId } of lineup.entries) {
          assert.ok(!period.has(playerId), `${league.platformLeagueKey} ${playerId} twice`);
          period.add(playerId);
        }
        // Moves never leave a team above today's size (a drop may leave it one below for a while).
        assert.ok(lineup.entries.length <= size && lineup.entries.length >= size - 2);
      }
    }
  });

  it('keeps young players on the dynasty football league’s taxi squad, and only there', () => {
    for (const league of data.leagues) {
      const taxi = lineupsOf(league).flatMap((l) => l.entries.filter((e) => e.slot === 'TAXI'));
      const hasTaxi = rulesOf(league).rosterSlots.some((s) => s.slot === 'TAXI');
      assert.equal(hasTaxi, league.platformLeagueKey === 'fb-2021-1');
      assert.equal(taxi.length > 0, hasTaxi, league.platformLeagueKey);
    }
  });

  it('uses only the service’s slot names', () => {
    for (const league of data.leagues) {
      for (const lineup of lineupsOf(league)) {
        for (const e of lineup.entries) assert.ok(LINEUP_SLOTS.includes(e.slot));
      }
    }
  });
});

describe('demo game: unchanged league data and determinism', () => {
  it('changes none of the teams and activity that existed before it', () => {
    const json = JSON.stringify(
      data.leagues.map((l) => ({ key: l.platformLeagueKey, teams: l.teams, activity: l.activity })),
    );
    assert.equal(createHash('sha256').update(json).digest('hex'), DIGEST_BEFORE_GAME);
  });

  it('is the same for the same seed and differs for another', () => {
    const games = (seed: number): string =>
      JSON.stringify(generateDemoData(seed).leagues.map((l) => l.game));
    assert.equal(JSON.stringify(data.leagues.map((l) => l.game)), games(DEFAULT_DEMO_SEED));
    assert.notEqual(games(DEFAULT_DEMO_SEED), games(DEFAULT_DEMO_SEED + 1));
  });

  it('gives the leagues under way lineups up to their last played period only', () => {
    for (const league of data.leagues.filter((l) => UNDER_WAY.has(l.platformLeagueKey))) {
      const played = Math.max(...lineupsOf(league).map((l) => l.period));
      const current = activityOf(league).currentPeriod ?? 0;
      // Football's week 13 has not kicked off; basketball's period 5 is under way.
      assert.equal(played, league.sport === 'football' ? current - 1 : current);
    }
  });
});

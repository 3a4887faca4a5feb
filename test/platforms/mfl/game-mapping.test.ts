// MFL's game exports mapped from the recorded bodies: the scoring rules of leagues 65443 and 22627
// named by MFL's rule dictionary, league 65443's lineup rules, and the week-3 injury report.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { mapRules, mapRosterSlots } from '../../../src/platforms/mfl/rules.ts';
import { mapInjuries } from '../../../src/platforms/mfl/lineups.ts';
import { asList, responses, validate } from '../../../src/platforms/mfl/schemas.ts';
import type { MflLeague } from '../../../src/platforms/mfl/schemas.ts';
import type { LeagueRules } from '../../../src/domain/game.ts';
import { MFL_FIXTURES_DIR, MFL_FIXTURES_SKIP } from '../../helpers/fake-mfl.ts';

const recorded = (file: string): unknown =>
  JSON.parse(readFileSync(join(MFL_FIXTURES_DIR, file), 'utf8')) as unknown;
const league = (file: string): MflLeague =>
  validate(responses.league, recorded(file), 'TYPE=league').league;
const rulesOf = (leagueFile: string, rulesFile: string): LeagueRules => {
  const rules = validate(responses.rules, recorded(rulesFile), 'TYPE=rules');
  const names = validate(responses.allRules, recorded('2020-allRules.json'), 'TYPE=allRules');
  return mapRules(league(leagueFile), asList(rules.rules.positionRules), names.allRules.rule);
};

describe('MFL game mapping (recorded bodies)', { skip: MFL_FIXTURES_SKIP }, () => {
  let rules65443: LeagueRules;
  before(() => {
    rules65443 = rulesOf('2020-league-65443.json', '2020-rules-65443.json');
  });

  test('league 65443: every rule, per unit, named, with its positions; a TE premium', () => {
    assert.equal(rules65443.scoring.length, 22);
    assert.deepEqual(
      rules65443.scoring.find((rule) => rule.statId === 'PY'),
      {
        statId: 'PY',
        statName: 'Passing Yards',
        statKey: 'passing_yards',
        points: 0.04,
        min: -50,
        max: 999,
        positions: ['QB', 'RB', 'WR', 'TE'],
      },
    );
    const receptions = rules65443.scoring.filter((rule) => rule.statId === 'CC');
    assert.deepEqual(
      receptions.map((rule) => [rule.points, rule.positions]),
      [
        [0.5, ['QB', 'RB', 'WR', 'TE']],
        [0.5, ['TE']],
      ],
    );
    // First downs have no service stat key: MFL's id and name alone.
    const firstDowns = rules65443.scoring.find((rule) => rule.statId === 'FD');
    assert.equal(firstDowns?.statName, 'First Downs');
    assert.equal(firstDowns?.statKey, undefined);
  });

  test("league 65443's settings: head-to-head points, slots, playoffs, waivers, weeks", () => {
    const { scoring: _scoring, ...settings } = rules65443;
    assert.deepEqual(settings, {
      scoringType: 'head_to_head_points',
      rosterSlots: [
        { slot: 'QB', platformSlot: 'QB', count: 1 },
        { slot: 'RB', platformSlot: 'RB', count: 2 },
        { slot: 'WR', platformSlot: 'WR', count: 3 },
        { slot: 'TE', platformSlot: 'TE', count: 1 },
        // 11 starters, 7 of them the positions' least: 4 more from any of the four.
        {
          slot: 'SUPER_FLEX',
          platformSlot: 'QB/RB/WR/TE',
          count: 4,
          eligiblePositions: ['QB', 'RB', 'WR', 'TE'],
        },
        { slot: 'BN', platformSlot: 'nonstarter', count: 11 },
      ],
      playoffs: { firstPeriod: 13 },
      waivers: { type: 'faab', platformType: 'BBID_FCFS' },
      firstPeriod: 1,
      lastPeriod: 16,
    });
  });

  test('league 54040: one QB, RB, WR and TE, five flex, bench, injured reserve and taxi', () => {
    assert.deepEqual(mapRosterSlots(league('2020-league-54040.json')), [
      { slot: 'QB', platformSlot: 'QB', count: 1 },
      { slot: 'RB', platformSlot: 'RB', count: 1 },
      { slot: 'WR', platformSlot: 'WR', count: 1 },
      { slot: 'TE', platformSlot: 'TE', count: 1 },
      { slot: 'FLEX', platformSlot: 'RB/WR/TE', count: 5, eligiblePositions: ['RB', 'WR', 'TE'] },
      { slot: 'BN', platformSlot: 'nonstarter', count: 21 },
      { slot: 'IR', platformSlot: 'INJURED_RESERVE', count: 8 },
      { slot: 'TAXI', platformSlot: 'TAXI_SQUAD', count: 3 },
    ]);
  });

  test('league 22627 (IDP): sacks per half sack, and yardage bonuses once in a range', () => {
    const rules = rulesOf('2020-league-65443.json', '2020-rules-22627.json').scoring;
    assert.equal(rules.length, 49);
    assert.deepEqual(
      rules.find((rule) => rule.statId === 'SK' && rule.positions?.[0] === 'LB'),
      {
        statId: 'SK',
        statName: 'Sacked a QB',
        statKey: 'sacks',
        points: 3.5,
        per: 0.5,
        min: 0,
        max: 25,
        positions: ['LB'],
      },
    );
    assert.deepEqual(
      rules.filter((rule) => rule.statId === 'PY' && rule.bonus),
      [
        {
          statId: 'PY',
          statName: 'Passing Yards',
          statKey: 'passing_yards',
          points: 2,
          bonus: true,
          min: 300,
          max: 399,
          positions: ['QB', 'RB', 'WR', 'TE'],
        },
        {
          statId: 'PY',
          statName: 'Passing Yards',
          statKey: 'passing_yards',
          points: 3,
          bonus: true,
          min: 400,
          max: 999,
          positions: ['QB', 'RB', 'WR', 'TE'],
        },
      ],
    );
  });

  test('the injury report: every player, MFL designation kept, normalized', () => {
    const body = validate(responses.injuries, recorded('2020-injuries-week3.json'), 'injuries');
    const injuries = mapInjuries(asList(body.injuries.injury));
    assert.equal(injuries.length, 388);
    const count = (status: string) => injuries.filter((i) => i.status === status).length;
    assert.deepEqual(
      [
        'injured_reserve',
        'out',
        'questionable',
        'not_active',
        'non_football_injury',
        'suspended',
        'physically_unable',
        'doubtful',
        'illness',
        'other',
      ].map(count),
      [121, 105, 70, 42, 17, 14, 11, 6, 2, 0],
    );
    assert.deepEqual(
      injuries.find((i) => i.playerId === '10267'),
      { playerId: '10267', status: 'injured_reserve', designation: 'IR', note: 'Ankle' },
    );
    assert.deepEqual(
      injuries.find((i) => i.playerId === '14093'),
      { playerId: '14093', status: 'illness', designation: 'COVID-IR', note: 'Illness' },
    );
  });
});

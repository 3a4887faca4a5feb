// The game's mapping on small made-up Fleaflicker bodies: slots of every sport, injuries by
// designation and severity, points left out or zero, projections, the current lineup and seasons.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { MatchupRecord } from '../../../src/domain/league-data.ts';
import {
  mapBoxscoreLineups,
  mapCurrentLineup,
  mapHistory,
  mapInjury,
  mapRosterSlots,
  mapRules,
} from '../../../src/platforms/fleaflicker/game.ts';
import { injuryStatus, lineupSlot } from '../../../src/platforms/fleaflicker/game-tables.ts';

const player = (id: number, points?: { value?: number; formatted?: string }) => ({
  proPlayer: { id, nameFull: `Player ${id}` },
  ...(points ? { viewingActualPoints: points } : {}),
});

describe('Fleaflicker game mapping', () => {
  test('slots by group, label and eligible positions, per sport', () => {
    assert.equal(lineupSlot('football', 'IR', 'INJURED'), 'IR');
    assert.equal(lineupSlot('football', 'TAXI', 'TAXI'), 'TAXI');
    assert.equal(lineupSlot('football', 'BN', undefined), 'BN');
    assert.equal(lineupSlot('football', 'D/ST', 'START', ['D/ST']), 'DEF');
    assert.equal(lineupSlot('football', 'WR/TE', 'START', ['WR', 'TE']), 'FLEX');
    assert.equal(lineupSlot('football', 'QB/WR', 'START', ['QB', 'WR']), 'SUPER_FLEX');
    assert.equal(lineupSlot('football', 'S/LB', 'START', ['S', 'LB']), 'IDP_FLEX');
    assert.equal(lineupSlot('football', 'P', 'START', ['P']), 'OTHER');
    assert.equal(lineupSlot('baseball', 'P', 'START', ['P']), 'P');
    assert.equal(lineupSlot('baseball', '1B/3B', 'START', ['1B', '3B']), 'CI');
    assert.equal(lineupSlot('basketball', 'PG/SG', 'START', ['PG', 'SG']), 'G');
    assert.equal(lineupSlot('basketball', 'C', 'START', ['C']), 'C');
  });

  test('a slot no lineup has (a roster limit) is left out; the bench counts its maximum', () => {
    const slots = mapRosterSlots('football', [
      { label: 'QB', group: 'START', eligibility: ['QB'], start: 1, max: 3 },
      { label: 'CB', group: 'START', eligibility: ['CB'], max: 15 },
      { label: 'BN', max: 7 },
      { label: 'TAXI', group: 'TAXI', eligibility: ['QB', 'RB'] },
    ]);
    assert.deepEqual(slots, [
      { slot: 'QB', platformSlot: 'QB', count: 1 },
      { slot: 'BN', platformSlot: 'BN', count: 7 },
    ]);
  });

  test('injuries by designation, else by severity, with the designation kept', () => {
    assert.equal(injuryStatus('IRD', 'OUT'), 'injured_reserve');
    assert.equal(injuryStatus('CVP', 'OUT'), 'other');
    assert.equal(injuryStatus('EX', 'OUT'), 'not_active');
    assert.equal(injuryStatus('D', 'DOUBTFUL'), 'doubtful');
    assert.equal(injuryStatus('ZZ', undefined), 'other');
    assert.deepEqual(
      mapInjury({
        id: 7,
        injury: { typeAbbreviaition: 'SUS', description: ' Personal ', severity: 'OUT' },
      }),
      { playerId: '7', status: 'suspended', designation: 'SUS', note: 'Personal' },
    );
    assert.equal(mapInjury({ id: 8 }), undefined);
  });

  const matchup: MatchupRecord = {
    period: 3,
    matchupId: '55',
    sides: [
      { rosterId: '10', score: 101.5 },
      { rosterId: '20', score: 0 },
    ],
    status: 'final',
    kind: 'regular',
  };

  test('a box score: both sides, points left out or 0, projections, starters first', () => {
    const lineups = mapBoxscoreLineups(
      'football',
      {
        game: { id: '55', home: { id: 10 }, away: { id: 20 } },
        lineups: [
          { slots: [{ position: { label: 'BN' }, home: player(3, { formatted: '0' }) }] },
          {
            group: 'START',
            slots: [
              {
                position: { label: 'QB', group: 'START', eligibility: ['QB'] },
                home: {
                  ...player(1, { value: 20.25 }),
                  viewingProjectedPoints: { value: 18.5 },
                },
                away: player(2, { formatted: '—' }),
              },
            ],
          },
        ],
      },
      matchup,
    );
    assert.deepEqual(lineups, [
      {
        period: 3,
        rosterId: '10',
        points: 101.5,
        entries: [
          { playerId: '1', slot: 'QB', platformSlot: 'QB', points: 20.25, projectedPoints: 18.5 },
          { playerId: '3', slot: 'BN', platformSlot: 'BN', points: 0 },
        ],
      },
      {
        period: 3,
        rosterId: '20',
        points: 0,
        entries: [{ playerId: '2', slot: 'QB', platformSlot: 'QB' }],
      },
    ]);
    // A box score without lineups gives none.
    assert.deepEqual(mapBoxscoreLineups('football', {}, matchup), []);
    // The current lineup: only when every team has one.
    assert.equal(mapCurrentLineup(lineups, ['10', '20', '30']), undefined);
    assert.deepEqual(mapCurrentLineup(lineups, ['20']), [
      { rosterId: '20', playerId: '2', slot: 'QB', platformSlot: 'QB' },
    ]);
  });

  test('rules without scoring rules name no scoring type; playoffs from playoff games', () => {
    const rules = mapRules({
      sport: 'football',
      rules: {},
      settings: { league: { waiverType: 'ROLLING_LIST' } },
      schedule: [3, 1, 2],
      matchups: [{ ...matchup, kind: 'playoff', period: 2 }],
    });
    assert.deepEqual(rules, {
      scoring: [],
      rosterSlots: [],
      playoffs: { firstPeriod: 2 },
      waivers: { platformType: 'ROLLING_LIST' },
      firstPeriod: 1,
      lastPeriod: 3,
    });
  });

  test('seasons oldest first, each once', () => {
    assert.deepEqual(mapHistory('9', [2021, 2019, 2021]), [
      { season: 2019, platformLeagueKey: '9' },
      { season: 2021, platformLeagueKey: '9' },
    ]);
  });
});

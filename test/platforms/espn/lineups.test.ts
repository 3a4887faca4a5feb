// The game's pure mapping on small made-up ESPN bodies (written here, in ESPN's shapes): which
// matchup periods get a box score, a playoff round of two weeks (points over the round, no
// projection), slots the tables lack, and injury designations.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { MatchupRecord } from '../../../src/domain/league-data.ts';
import type { EspnBoxScore } from '../../../src/platforms/espn/game-schemas.ts';
import {
  lineupPeriods,
  mapCurrentLineup,
  mapInjuries,
  mapLineups,
} from '../../../src/platforms/espn/lineups.ts';
import { mapRules } from '../../../src/platforms/espn/rules.ts';
import type { EspnLeague } from '../../../src/platforms/espn/schemas.ts';

const side = (teamId: number, days: Record<string, number>) => ({
  teamId,
  totalPoints: Object.values(days).reduce((a, b) => a + b, 0),
  pointsByScoringPeriod: days,
});

const LEAGUE: EspnLeague = {
  id: 7,
  seasonId: 2021,
  scoringPeriodId: 16,
  status: { currentMatchupPeriod: 14 },
  settings: {
    scheduleSettings: { matchupPeriods: { '12': [12], '13': [13, 14], '14': [15, 16] } },
  },
  schedule: [
    { id: 1, matchupPeriodId: 12, home: side(1, { '12': 100 }), away: side(2, { '12': 90 }) },
    { id: 2, matchupPeriodId: 13, home: side(1, { '13': 50, '14': 60.5 }), away: side(2, {}) },
    // No points by scoring period yet: football falls back on the settings' weeks.
    { id: 3, matchupPeriodId: 14, home: { teamId: 1 }, away: { teamId: 2 } },
    { id: 4, matchupPeriodId: 15, home: side(1, { '17': 0 }), away: side(2, { '17': 0 }) },
  ],
};

describe('ESPN lineups (made-up bodies)', () => {
  test('periods up to the current one, minus those held; a round of two weeks read on its last', () => {
    assert.deepEqual(lineupPeriods(LEAGUE, 'football', new Set([12])), [
      { period: 13, scoringPeriod: 14, span: 2 },
      { period: 14, scoringPeriod: 16, span: 2 },
    ]);
    // Basketball's settings list no days: a period without points by day is not played yet.
    assert.deepEqual(
      lineupPeriods(LEAGUE, 'basketball', new Set()).map((p) => p.period),
      [12, 13],
    );
    const roto: EspnLeague = { ...LEAGUE, schedule: [{ id: 1, matchupPeriodId: 1 }] };
    assert.deepEqual(lineupPeriods(roto, 'basketball', new Set()), []);
  });

  test('a two-week round: each player points over the round, slots of its last week', () => {
    const entry = (playerId: number, lineupSlotId: number, points?: number) => ({
      playerId,
      lineupSlotId,
      playerPoolEntry: {
        ...(points === undefined ? {} : { appliedStatTotal: points }),
        player: { stats: [{ scoringPeriodId: 14, statSourceId: 1, appliedTotal: 9.5 }] },
      },
    });
    const box: EspnBoxScore = {
      schedule: [
        {
          matchupPeriodId: 13,
          home: {
            teamId: 1,
            rosterForCurrentScoringPeriod: {
              entries: [entry(11, 20, 4), entry(12, 0, 20), entry(13, 22, 0), entry(14, 21)],
            },
            rosterForMatchupPeriod: { entries: [entry(12, 0, 41.5), entry(15, 0, 69)] },
          },
          // A team the matchups do not list.
          away: { teamId: 9, rosterForCurrentScoringPeriod: { entries: [entry(99, 0, 1)] } },
        },
      ],
    };
    const matchups: MatchupRecord[] = [
      { period: 13, matchupId: '2', sides: [{ rosterId: '1', score: 110.5 }] },
    ];
    const asked = { period: 13, scoringPeriod: 14, span: 2 };
    assert.deepEqual(mapLineups(box, 'football', asked, matchups), [
      {
        period: 13,
        rosterId: '1',
        points: 110.5,
        entries: [
          { playerId: '12', slot: 'QB', platformSlot: 'QB', points: 41.5 },
          // Slot 22 is in no table: OTHER, named by its id.
          { playerId: '13', slot: 'OTHER', platformSlot: '22' },
          { playerId: '11', slot: 'BN', platformSlot: 'BE' },
          { playerId: '14', slot: 'IR', platformSlot: 'IR' },
        ],
      },
    ]);
    const week = mapLineups(box, 'football', { ...asked, span: 1 }, matchups)[0]?.entries[0];
    assert.deepEqual(week, {
      playerId: '12',
      slot: 'QB',
      platformSlot: 'QB',
      points: 20,
      projectedPoints: 9.5,
    });
  });

  test('current lineup and injuries: rosters first, designations kept', () => {
    const rostered = (playerId: number, lineupSlotId: number, injuryStatus?: string) => ({
      playerId,
      lineupSlotId,
      playerPoolEntry: { player: { id: playerId, ...(injuryStatus ? { injuryStatus } : {}) } },
    });
    const league: EspnLeague = {
      id: 8,
      seasonId: 2021,
      teams: [
        {
          id: 3,
          roster: {
            entries: [
              rostered(1, 17, 'SIXTY_DAY_DL'),
              rostered(2, 12, 'ACTIVE'),
              rostered(3, 16, 'PATERNITY'),
              rostered(4, 19, 'SOMETHING_NEW'),
            ],
          },
        },
      ],
    };
    const box: EspnBoxScore = {
      schedule: [
        {
          matchupPeriodId: 1,
          home: {
            teamId: 3,
            rosterForCurrentScoringPeriod: {
              entries: [
                {
                  playerId: 2,
                  lineupSlotId: 0,
                  playerPoolEntry: { player: { injuryStatus: 'OUT' } },
                },
                {
                  playerId: 5,
                  lineupSlotId: 0,
                  playerPoolEntry: { player: { injuryStatus: 'QUESTIONABLE' } },
                },
              ],
            },
          },
        },
      ],
    };
    assert.deepEqual(mapInjuries(league, [box]), [
      { playerId: '1', status: 'injured_reserve', designation: 'SIXTY_DAY_DL' },
      { playerId: '3', status: 'not_active', designation: 'PATERNITY' },
      { playerId: '4', status: 'other', designation: 'SOMETHING_NEW' },
      { playerId: '5', status: 'questionable', designation: 'QUESTIONABLE' },
    ]);
    const entries = [1, 2, 3, 4].map((id) => ({ rosterId: '3', playerId: String(id) }));
    assert.deepEqual(
      mapCurrentLineup(league, 'baseball', entries).map((e) => [
        e.playerId,
        e.slot,
        e.platformSlot,
      ]),
      [
        ['1', 'IR', 'IL'],
        ['2', 'UTIL', 'UTIL'],
        ['3', 'BN', 'BE'],
        ['4', 'IF', 'IF'],
      ],
    );
  });

  test('a category league: categories, no scoring rules; lower-is-better kept', () => {
    const league: EspnLeague = {
      id: 9,
      seasonId: 2023,
      settings: {
        scoringSettings: {
          scoringType: 'H2H_MOST_CATEGORIES',
          scoringItems: [
            { statId: 0, points: 0 },
            { statId: 11, points: 0, isReverseItem: true },
            { statId: 45, points: 0 },
          ],
        },
        acquisitionSettings: {
          isUsingAcquisitionBudget: false,
          acquisitionType: 'WAIVERS_TRADITIONAL',
        },
      },
    };
    const rules = mapRules(league, 'basketball');
    assert.deepEqual(rules, {
      scoringType: 'head_to_head_categories',
      scoring: [],
      categories: [
        { statId: '0', statName: 'PTS', statKey: 'points' },
        { statId: '11', statName: 'TO', statKey: 'turnovers', lowerIsBetter: true },
        { statId: '45' },
      ],
      rosterSlots: [],
      waivers: { platformType: 'WAIVERS_TRADITIONAL' },
    });
  });
});

// A league with its game (issue 38) on top of the `team` league of team-data.ts: rules, the
// lineups of weeks 1 and 2 whose totals equal those weeks' matchup scores, the current lineup,
// an injury the league lists and one its pool carries, and two seasons. Synthetic throughout.
import type { LeagueGame, LeagueRules, TeamLineupRecord } from '../../src/domain/game.ts';
import type { LeagueSnapshot } from '../../src/domain/records.ts';
import { SAMPLE_PLAYERS } from './records.ts';
import { buildTeamLeagueSnapshot } from './team-data.ts';

export function buildRules(): LeagueRules {
  return {
    scoringType: 'head_to_head_points',
    scoring: [
      { statId: 'pass_yd', statName: 'Passing yards', statKey: 'passing_yards', points: 0.04 },
      { statId: 'rec', statKey: 'receptions', points: 1.5, positions: ['TE'] },
      { statId: 'bonus_pass_yd_300', points: 3, min: 300, bonus: true },
      { statId: 'fg_40_49', statKey: 'field_goals_made', points: 4, min: 40, max: 49 },
      { statId: 'pa_0', statKey: 'points_allowed', points: 10, min: 0, max: 0, bonus: true },
    ],
    rosterSlots: [
      { slot: 'QB', platformSlot: 'QB', count: 1 },
      { slot: 'FLEX', platformSlot: 'REC_FLEX', count: 1, eligiblePositions: ['WR', 'TE'] },
      { slot: 'DEF', platformSlot: 'DEF', count: 1 },
      { slot: 'BN', platformSlot: 'BN', count: 5 },
    ],
    playoffs: { teams: 4, firstPeriod: 15 },
    waivers: { type: 'faab', platformType: 'FAAB', faabBudget: 100 },
    tradeDeadlinePeriod: 11,
    firstPeriod: 1,
    lastPeriod: 17,
  };
}

/** Weeks 1 and 2: team totals equal buildMatchups' scores (88 and 111, then 101 and 99.5). */
export function buildLineups(): TeamLineupRecord[] {
  return [
    {
      period: 1,
      rosterId: '1',
      points: 88,
      projectedPoints: 90.12,
      entries: [
        { playerId: '4046', slot: 'QB', platformSlot: 'QB', points: 80.5, projectedPoints: 81 },
        { playerId: 'DET', slot: 'DEF', platformSlot: 'DEF', points: 7.5 },
      ],
    },
    {
      period: 1,
      rosterId: '2',
      points: 111,
      entries: [
        { playerId: '4984', slot: 'QB', platformSlot: 'QB', points: 111 },
        { playerId: '1234', slot: 'BN', platformSlot: 'BN', points: 3.3 },
      ],
    },
    {
      period: 2,
      rosterId: '1',
      points: 101,
      entries: [
        { playerId: '4046', slot: 'QB', platformSlot: 'QB', points: 100.99 },
        { playerId: 'DET', slot: 'DEF', platformSlot: 'DEF', points: 0.01 },
      ],
    },
    {
      period: 2,
      rosterId: '2',
      points: 99.5,
      entries: [{ playerId: '4984', slot: 'QB', platformSlot: 'QB', points: 99.5 }],
    },
  ];
}

export function buildGame(overrides: Partial<LeagueGame> = {}): LeagueGame {
  return {
    rules: buildRules(),
    lineups: buildLineups(),
    currentLineup: [
      { rosterId: '1', playerId: '4046', slot: 'QB', platformSlot: 'QB' },
      { rosterId: '1', playerId: 'DET', slot: 'BN', platformSlot: 'BN' },
      { rosterId: '2', playerId: '4984', slot: 'IR', platformSlot: 'IR' },
    ],
    injuries: [{ playerId: '4984', status: 'questionable', designation: 'Q', note: 'Ankle' }],
    history: [
      { season: 2021, platformLeagueKey: '784462448236363776' },
      { season: 2020, platformLeagueKey: '600000000000000001' },
    ],
    ...overrides,
  };
}

/** The team league with its game; Patrick Mahomes (4046) carries a pool injury. */
export function buildGameLeagueSnapshot(overrides: Partial<LeagueSnapshot> = {}): LeagueSnapshot {
  return buildTeamLeagueSnapshot({
    players: SAMPLE_PLAYERS.slice(0, 3).map((p) =>
      p.playerId === '4046' ? { ...p, injury: { status: 'out', designation: 'Out' } } : { ...p },
    ),
    game: buildGame(),
    ...overrides,
  });
}

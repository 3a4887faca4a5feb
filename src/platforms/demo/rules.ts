// A demo league's rules (domain/game.ts): how it scores and which lineup slots it has. The stat ids
// are the demo's own; the tables follow the defaults real platforms ship (PPR and half-PPR
// football, 5x5 baseball, 9-category basketball, and points tables for the two).
import type { Sport } from '../../domain/catalog.ts';
import type {
  CategoryRecord,
  LeagueRules,
  LineupSlot,
  RosterSlotRecord,
  ScoringRuleRecord,
  StatKey,
} from '../../domain/game.ts';
import { isoAt, lastPeriod, periodStart } from './calendar.ts';
import type { SeasonCalendar } from './calendar.ts';

/**
 * How a demo league scores. Football leagues score points (full or half a point a reception, a
 * tight-end premium in one); baseball and basketball leagues score points or rank categories.
 */
export type GameStyle = 'ppr' | 'half_ppr' | 'ppr_te_premium' | 'points' | 'categories';

/** The slots the demo's lineups have, in lineup order, with the positions each takes. */
export interface SlotSpec {
  slot: LineupSlot;
  count: number;
  /** Positions a player must have to stand in the slot; absent for BN, IR and TAXI. */
  positions?: readonly string[];
}

const FOOTBALL_SKILL = ['RB', 'WR', 'TE'];
const HITTERS = ['C', '1B', '2B', '3B', 'SS', 'OF', 'DH'];

// Football rosters hold 16 players (2 QB, 5 RB, 5 WR, 2 TE, K, DEF): 9 starters, 7 on the bench and
// one open bench spot (the team whose trades cost it its kicker sits its 16th player there). The
// other sports' benches also have one spot more than a full roster needs, for the same reason.
// prettier-ignore
const FOOTBALL_SLOTS: readonly SlotSpec[] = [
  { slot: 'QB', count: 1, positions: ['QB'] },
  { slot: 'RB', count: 2, positions: ['RB'] },
  { slot: 'WR', count: 2, positions: ['WR'] },
  { slot: 'TE', count: 1, positions: ['TE'] },
  { slot: 'FLEX', count: 1, positions: FOOTBALL_SKILL },
  { slot: 'K', count: 1, positions: ['K'] },
  { slot: 'DEF', count: 1, positions: ['DEF'] },
  { slot: 'BN', count: 8 },
  { slot: 'IR', count: 1 },
];

// Baseball rosters hold 25: 11 hitters and 8 pitchers start (four of them any pitcher, as on Yahoo),
// 6 sit; two injured-list slots.
// prettier-ignore
const BASEBALL_SLOTS: readonly SlotSpec[] = [
  { slot: 'C', count: 1, positions: ['C'] },
  { slot: '1B', count: 1, positions: ['1B'] },
  { slot: '2B', count: 1, positions: ['2B'] },
  { slot: '3B', count: 1, positions: ['3B'] },
  { slot: 'SS', count: 1, positions: ['SS'] },
  { slot: 'MI', count: 1, positions: ['2B', 'SS'] },
  { slot: 'CI', count: 1, positions: ['1B', '3B'] },
  { slot: 'OF', count: 3, positions: ['OF'] },
  { slot: 'UTIL', count: 1, positions: HITTERS },
  { slot: 'SP', count: 2, positions: ['SP'] },
  { slot: 'RP', count: 2, positions: ['RP'] },
  { slot: 'P', count: 4, positions: ['SP', 'RP'] },
  { slot: 'BN', count: 7 },
  { slot: 'IR', count: 2 },
];

// Basketball rosters hold 13: 10 starters (ESPN's default lineup), 3 on the bench and one open
// spot, and one injured-reserve slot.
// prettier-ignore
const BASKETBALL_SLOTS: readonly SlotSpec[] = [
  { slot: 'PG', count: 1, positions: ['PG'] },
  { slot: 'SG', count: 1, positions: ['SG'] },
  { slot: 'SF', count: 1, positions: ['SF'] },
  { slot: 'PF', count: 1, positions: ['PF'] },
  { slot: 'C', count: 1, positions: ['C'] },
  { slot: 'G', count: 1, positions: ['PG', 'SG'] },
  { slot: 'F', count: 1, positions: ['SF', 'PF'] },
  { slot: 'UTIL', count: 3, positions: ['PG', 'SG', 'SF', 'PF', 'C'] },
  { slot: 'BN', count: 4 },
  { slot: 'IR', count: 1 },
];

/** A dynasty football league keeps two young players on a taxi squad beside the bench. */
const TAXI: SlotSpec = { slot: 'TAXI', count: 2 };

export function slotsOf(sport: Sport, dynasty: boolean): readonly SlotSpec[] {
  switch (sport) {
    case 'football':
      return dynasty ? [...FOOTBALL_SLOTS, TAXI] : FOOTBALL_SLOTS;
    case 'baseball':
      return BASEBALL_SLOTS;
    case 'basketball':
      return BASKETBALL_SLOTS;
  }
}

type Rule = [statId: string, statName: string, statKey: StatKey | undefined, points: number];
const rule = ([statId, statName, statKey, points]: Rule): ScoringRuleRecord => ({
  statId,
  statName,
  ...(statKey === undefined ? {} : { statKey }),
  points,
});

// prettier-ignore
const FOOTBALL_RULES: readonly Rule[] = [
  ['pass_yd', 'Passing yards', 'passing_yards', 0.04],
  ['pass_td', 'Passing touchdowns', 'passing_touchdowns', 4],
  ['pass_int', 'Interceptions thrown', 'passing_interceptions', -2],
  ['pass_2pt', 'Two-point passes', 'passing_two_point', 2],
  ['rush_yd', 'Rushing yards', 'rushing_yards', 0.1],
  ['rush_td', 'Rushing touchdowns', 'rushing_touchdowns', 6],
  ['rush_2pt', 'Two-point runs', 'rushing_two_point', 2],
  ['rec_yd', 'Receiving yards', 'receiving_yards', 0.1],
  ['rec_td', 'Receiving touchdowns', 'receiving_touchdowns', 6],
  ['rec_2pt', 'Two-point receptions', 'receiving_two_point', 2],
  ['fum_lost', 'Fumbles lost', 'fumbles_lost', -2],
  ['ret_td', 'Return touchdowns', 'return_touchdowns', 6],
  ['xp_made', 'Extra points made', 'extra_points_made', 1],
  ['xp_miss', 'Extra points missed', 'extra_points_missed', -1],
  ['fg_miss', 'Field goals missed', 'field_goals_missed', -1],
  ['def_sack', 'Sacks', 'sacks', 1],
  ['def_int', 'Interceptions', 'defensive_interceptions', 2],
  ['def_fum_rec', 'Fumbles recovered', 'fumbles_recovered', 2],
  ['def_td', 'Defensive touchdowns', 'defensive_touchdowns', 6],
  ['def_safety', 'Safeties', 'safeties', 2],
  ['def_block', 'Blocked kicks', 'blocked_kicks', 2],
];

/** Field goals by distance and a defence's points allowed by band: one rule per range. */
function footballRanges(): ScoringRuleRecord[] {
  const fg = (min: number, max: number | undefined, points: number): ScoringRuleRecord => ({
    statId: `fg_made_${min}${max === undefined ? '_plus' : `_${max}`}`,
    statName: `Field goals made, ${min}${max === undefined ? '+' : `-${max}`} yards`,
    statKey: 'field_goals_made',
    points,
    min,
    ...(max === undefined ? {} : { max }),
  });
  const allowed = (min: number, max: number | undefined, points: number): ScoringRuleRecord => ({
    statId: `def_pts_allowed_${min}${max === undefined ? '_plus' : `_${max}`}`,
    statName: `Points allowed, ${min}${max === undefined ? '+' : `-${max}`}`,
    statKey: 'points_allowed',
    points,
    min,
    ...(max === undefined ? {} : { max }),
    bonus: true,
    positions: ['DEF'],
  });
  return [
    fg(0, 39, 3),
    fg(40, 49, 4),
    fg(50, undefined, 5),
    allowed(0, 0, 10),
    allowed(1, 6, 7),
    allowed(7, 13, 4),
    allowed(14, 20, 1),
    allowed(21, 27, 0),
    allowed(28, 34, -1),
    allowed(35, undefined, -4),
  ];
}

function footballScoring(style: GameStyle): ScoringRuleRecord[] {
  const perReception = style === 'half_ppr' ? 0.5 : 1;
  const rules = [
    ...FOOTBALL_RULES.map(rule),
    { statId: 'rec', statName: 'Receptions', statKey: 'receptions' as const, points: perReception },
    ...footballRanges(),
    {
      statId: 'bonus_rush_yd_100',
      statName: '100+ rushing yards',
      statKey: 'rushing_yards' as const,
      points: 3,
      min: 100,
      bonus: true,
    },
  ];
  if (style === 'ppr_te_premium') {
    rules.push({
      statId: 'bonus_rec_te',
      statName: 'Reception bonus (tight ends)',
      statKey: 'receptions',
      points: 0.5,
      positions: ['TE'],
    });
  }
  return rules;
}

// prettier-ignore
const BASEBALL_POINTS: readonly Rule[] = [
  ['R', 'Runs', 'runs', 1], ['TB', 'Total bases', undefined, 1], ['RBI', 'Runs batted in', 'runs_batted_in', 1],
  ['BB', 'Walks', 'walks', 1], ['SO', 'Batter strikeouts', undefined, -1], ['SB', 'Stolen bases', 'stolen_bases', 1],
  ['IP', 'Innings pitched', 'innings_pitched', 3], ['HA', 'Hits allowed', undefined, -1],
  ['ER', 'Earned runs', undefined, -2], ['BBI', 'Walks issued', undefined, -1],
  ['K', 'Strikeouts', 'strikeouts', 1], ['W', 'Wins', 'wins', 5], ['L', 'Losses', 'losses', -5],
  ['SV', 'Saves', 'saves', 5], ['HD', 'Holds', 'holds', 2],
];

// prettier-ignore
const BASKETBALL_POINTS: readonly Rule[] = [
  ['PTS', 'Points', 'points', 1], ['REB', 'Rebounds', 'rebounds', 1.2], ['AST', 'Assists', 'assists', 1.5],
  ['STL', 'Steals', 'steals', 3], ['BLK', 'Blocks', 'blocks', 3], ['TO', 'Turnovers', 'turnovers', -1],
  ['3PM', 'Three-pointers made', 'three_pointers_made', 0.5],
];

type Category = [statId: string, statName: string, statKey: StatKey, lowerIsBetter?: true];
// prettier-ignore
const CATEGORIES: Readonly<Record<'baseball' | 'basketball', readonly Category[]>> = {
  baseball: [
    ['R', 'Runs', 'runs'], ['HR', 'Home runs', 'home_runs'], ['RBI', 'Runs batted in', 'runs_batted_in'],
    ['SB', 'Stolen bases', 'stolen_bases'], ['AVG', 'Batting average', 'batting_average'],
    ['W', 'Wins', 'wins'], ['SV', 'Saves', 'saves'], ['K', 'Strikeouts', 'strikeouts'],
    ['ERA', 'Earned run average', 'earned_run_average', true], ['WHIP', 'Walks and hits per inning', 'whip', true],
  ],
  basketball: [
    ['FG%', 'Field goal percentage', 'field_goal_percentage'],
    ['FT%', 'Free throw percentage', 'free_throw_percentage'],
    ['3PM', 'Three-pointers made', 'three_pointers_made'], ['PTS', 'Points', 'points'],
    ['REB', 'Rebounds', 'rebounds'], ['AST', 'Assists', 'assists'], ['STL', 'Steals', 'steals'],
    ['BLK', 'Blocks', 'blocks'], ['TO', 'Turnovers', 'turnovers', true],
  ],
};

/** Every demo league bids for free agents from this budget (its waiver claims carry FAAB bids). */
export const FAAB_BUDGET = 100;
/** The share of the regular season trades are allowed in (transactions.ts plans them so). */
const TRADE_SHARE = 0.7;

export function rulesOf(
  sport: Sport,
  style: GameStyle,
  calendar: SeasonCalendar,
  dynasty: boolean,
): LeagueRules {
  const deadline = Math.ceil(calendar.regularPeriods * TRADE_SHARE);
  const rules: LeagueRules = {
    scoringType: style === 'categories' ? 'head_to_head_categories' : 'head_to_head_points',
    scoring: scoringOf(sport, style),
    rosterSlots: slotsOf(sport, dynasty).map(rosterSlotOf),
    playoffs: { teams: 4, firstPeriod: calendar.regularPeriods + 1 },
    waivers: { type: 'faab', platformType: 'faab', faabBudget: FAAB_BUDGET },
    // Trades are allowed until the period `deadline` starts.
    tradeDeadlinePeriod: deadline - 1,
    tradeDeadlineAt: isoAt(periodStart(calendar, deadline)),
    firstPeriod: 1,
    lastPeriod: lastPeriod(calendar),
  };
  if (style === 'categories' && sport !== 'football') {
    rules.categories = CATEGORIES[sport].map(categoryOf);
  }
  return rules;
}

function scoringOf(sport: Sport, style: GameStyle): ScoringRuleRecord[] {
  if (style === 'categories') return [];
  switch (sport) {
    case 'football':
      return footballScoring(style);
    case 'baseball':
      return BASEBALL_POINTS.map(rule);
    case 'basketball':
      return BASKETBALL_POINTS.map(rule);
  }
}

function categoryOf([statId, statName, statKey, lowerIsBetter]: Category): CategoryRecord {
  return { statId, statName, statKey, ...(lowerIsBetter ? { lowerIsBetter } : {}) };
}

function rosterSlotOf(spec: SlotSpec): RosterSlotRecord {
  const record: RosterSlotRecord = { slot: spec.slot, platformSlot: spec.slot, count: spec.count };
  if (spec.positions !== undefined && spec.positions.length > 1) {
    record.eligiblePositions = [...spec.positions];
  }
  return record;
}

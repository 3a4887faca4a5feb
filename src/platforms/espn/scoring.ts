// A player's points under a league's stored rules (LeagueRules as rules.ts maps ESPN's
// scoringItems), from his raw stats of one scoring period, as ESPN works out `appliedTotal`:
// each scored stat's value times its points. ESPN's raw stats already hold every derived stat a
// rule can name: an "every N" item (PY25) has its own stat id whose value is the count of whole
// units, a bonus or a range (P300, PA7) its own id holding 1 when reached, so a rule's `per`,
// `min` and `max` describe the stat and are not applied again. Checked against every lineup
// entry of the recorded football box scores (test/platforms/espn/scoring.test.ts). Pure.
import type { LeagueRules, ScoringRuleRecord } from '../../domain/game.ts';
import type { ScoredEntry } from '../live.ts';
import { points as rounded } from './team-details.ts';

/**
 * ESPN's slot labels that hold one position only, named differently from that position (the
 * others' label is the position). A slot override (pointsOverrides by lineup slot id) applies to
 * the players of that slot's position wherever they stand, the bench included: ESPN scores a
 * benched D/ST by its D/ST items.
 */
const SLOT_POSITIONS: Readonly<Record<string, string>> = { 'D/ST': 'DEF' };

/** Points, or undefined where the league's points are not a sum of scored stats. */
export function scoreEspnPlayer(
  stats: Readonly<Record<string, number>>,
  rules: LeagueRules,
  entry: ScoredEntry,
): number | undefined {
  const type = rules.scoringType;
  if (type === 'head_to_head_categories' || type === 'rotisserie') return undefined;
  // A playoff matchup period may be two weeks (scheduleSettings' playoffMatchupPeriodLength):
  // one week's stats are not its points, so playoff periods keep the league's own reads.
  const playoffs = rules.playoffs?.firstPeriod;
  if (playoffs !== undefined && entry.period >= playoffs) return undefined;
  let total = 0;
  for (const [statId, statRules] of rulesByStat(rules)) {
    const value = stats[statId];
    if (value === undefined || value === 0) continue;
    const points = pointsPerUnit(statRules, entry);
    if (points === undefined) return undefined;
    total += value * points;
  }
  return rounded(total);
}

/** A stat's rules: the item's own (one at most, from ESPN) and those limited to positions. */
interface StatRules {
  general: ScoringRuleRecord[];
  limited: ScoringRuleRecord[];
}

/** A league's rules by stat id, worked out once per rules object (all its entries share it). */
const indexed = new WeakMap<LeagueRules, ReadonlyMap<string, StatRules>>();

function rulesByStat(rules: LeagueRules): ReadonlyMap<string, StatRules> {
  const known = indexed.get(rules);
  if (known) return known;
  const byStat = new Map<string, StatRules>();
  for (const rule of rules.scoring) {
    const found = byStat.get(rule.statId) ?? { general: [], limited: [] };
    (rule.positions === undefined ? found.general : found.limited).push(rule);
    byStat.set(rule.statId, found);
  }
  indexed.set(rules, byStat);
  return byStat;
}

/**
 * The points of one stat for this player: the rule limited to his position if there is one (a
 * slot override replaces the item's own points), else the item's own; undefined when that
 * cannot be told (his position unknown beside overrides, or two rules where ESPN has one).
 */
function pointsPerUnit({ general, limited }: StatRules, entry: ScoredEntry): number | undefined {
  if (general.length > 1) return undefined;
  if (limited.length > 0) {
    const position = entry.position ?? SLOT_POSITIONS[entry.platformSlot] ?? entry.platformSlot;
    const matching = limited.filter((rule) => rule.positions?.includes(position));
    if (matching.length > 1) return undefined;
    const [only] = matching;
    if (only) return only.points;
    // No override matches: only a known position says the item's own points are his.
    if (entry.position === undefined) return undefined;
  }
  return general[0]?.points ?? 0;
}

// A league's rules from its mSettings (part of the league call): how it scores, its lineup slots,
// playoffs, waivers and trade deadline. Pure: no I/O. Periods are ESPN's matchup periods, the
// numbers the connector's matchups and lineups carry (football: a week, except playoff rounds
// of two weeks; basketball and baseball: a matchup week of several scoring days).
import type { Sport } from '../../domain/catalog.ts';
import type {
  CategoryRecord,
  LeagueRules,
  RosterSlotRecord,
  ScoringRuleRecord,
  ScoringType,
  WaiverType,
} from '../../domain/game.ts';
import type { EspnScoringItem } from './game-schemas.ts';
import type { EspnLeague } from './schemas.ts';
import { slotOf } from './slots.ts';
import { statOf } from './stats.ts';

const SCORING_TYPES: Readonly<Record<string, ScoringType>> = {
  H2H_POINTS: 'head_to_head_points',
  H2H_CATEGORY: 'head_to_head_categories',
  H2H_MOST_CATEGORIES: 'head_to_head_categories',
  ROTO: 'rotisserie',
  TOTAL_POINTS: 'total_points',
};

/** The rules, or undefined for a body without settings (a view ESPN left out). */
export function mapRules(league: EspnLeague, sport: Sport): LeagueRules | undefined {
  const settings = league.settings;
  if (!settings) return undefined;
  const scoring = settings.scoringSettings ?? undefined;
  const platformType = scoring?.scoringType ?? undefined;
  const scoringType = platformType ? SCORING_TYPES[platformType] : undefined;
  const items = scoring?.scoringItems ?? [];
  const byCategory = scoringType === 'head_to_head_categories' || scoringType === 'rotisserie';
  const schedule = settings.scheduleSettings ?? undefined;
  const periods = Object.keys(schedule?.matchupPeriods ?? {})
    .filter((id) => /^\d+$/.test(id))
    .map(Number);
  const regular = schedule?.matchupPeriodCount ?? undefined;
  const playoffTeams = schedule?.playoffTeamCount ?? undefined;
  const playoffs = {
    ...(playoffTeams !== undefined && playoffTeams > 0 ? { teams: playoffTeams } : {}),
    ...(regular !== undefined && periods.some((period) => period > regular)
      ? { firstPeriod: regular + 1 }
      : {}),
  };
  const deadline = settings.tradeSettings?.deadlineDate ?? undefined;
  const waivers = mapWaivers(league);
  return {
    ...(scoringType ? { scoringType } : {}),
    scoring: byCategory ? [] : items.flatMap((item) => mapScoringItem(item, sport)),
    ...(byCategory ? { categories: items.map((item) => mapCategory(item, sport)) } : {}),
    rosterSlots: mapRosterSlots(league, sport),
    ...(Object.keys(playoffs).length > 0 ? { playoffs } : {}),
    ...(waivers ? { waivers } : {}),
    ...(deadline !== undefined && deadline > 0
      ? { tradeDeadlineAt: new Date(deadline).toISOString() }
      : {}),
    ...(periods.length > 0
      ? { firstPeriod: Math.min(...periods), lastPeriod: Math.max(...periods) }
      : {}),
  };
}

/**
 * One item as ESPN gives it, then one rule per slot override (pointsOverrides: D/ST points
 * allowed, a tight-end premium), for players in that slot. An item scoring 0 beside its
 * overrides scores nothing elsewhere and is left out.
 */
function mapScoringItem(item: EspnScoringItem, sport: Sport): ScoringRuleRecord[] {
  const stat = statOf(sport, item.statId);
  const base: Omit<ScoringRuleRecord, 'points'> = {
    statId: String(item.statId),
    ...(stat ? { statName: stat.name } : {}),
    ...(stat?.key ? { statKey: stat.key } : {}),
    ...(stat?.per !== undefined ? { per: stat.per } : {}),
    ...(stat?.min !== undefined ? { min: stat.min, bonus: true } : {}),
    ...(stat?.max !== undefined ? { max: stat.max } : {}),
  };
  const overrides = Object.entries(item.pointsOverrides ?? {}).filter(([id]) => /^\d+$/.test(id));
  const points = item.points ?? 0;
  const rules: ScoringRuleRecord[] =
    points !== 0 || overrides.length === 0 ? [{ ...base, points }] : [];
  for (const [slotId, value] of overrides) {
    const slot = slotOf(sport, Number(slotId));
    const positions = slot.eligible
      ? [...slot.eligible]
      : [slot.slot === 'OTHER' ? slot.label : slot.slot];
    rules.push({ ...base, points: value, positions });
  }
  return rules;
}

function mapCategory(item: EspnScoringItem, sport: Sport): CategoryRecord {
  const stat = statOf(sport, item.statId);
  return {
    statId: String(item.statId),
    ...(stat ? { statName: stat.name } : {}),
    ...(stat?.key ? { statKey: stat.key } : {}),
    ...(item.isReverseItem ? { lowerIsBetter: true } : {}),
  };
}

/** rosterSettings.lineupSlotCounts, slots the league uses (count above 0), in ESPN's id order. */
function mapRosterSlots(league: EspnLeague, sport: Sport): RosterSlotRecord[] {
  const counts = league.settings?.rosterSettings?.lineupSlotCounts ?? {};
  return Object.entries(counts)
    .filter(([id, count]) => /^\d+$/.test(id) && count > 0)
    .map(([id, count]) => [Number(id), count] as const)
    .sort(([a], [b]) => a - b)
    .map(([id, count]) => {
      const slot = slotOf(sport, id);
      return {
        slot: slot.slot,
        platformSlot: slot.label,
        count,
        ...(slot.eligible ? { eligiblePositions: [...slot.eligible] } : {}),
      };
    });
}

/**
 * FAAB where the league bids from a budget. ESPN's other acquisition types (traditional and
 * continuous waivers) do not say how the order moves, so they keep only their own word.
 */
function mapWaivers(league: EspnLeague): LeagueRules['waivers'] {
  const settings = league.settings?.acquisitionSettings ?? undefined;
  if (!settings) return undefined;
  const platformType = settings.acquisitionType ?? undefined;
  const faab = settings.isUsingAcquisitionBudget === true;
  const budget = settings.acquisitionBudget ?? undefined;
  const type: WaiverType | undefined = faab ? 'faab' : undefined;
  return {
    ...(type ? { type } : {}),
    ...(platformType ? { platformType } : {}),
    ...(faab && budget !== undefined ? { faabBudget: budget } : {}),
  };
}

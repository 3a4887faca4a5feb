// Yahoo's league settings and metadata (checked by activity-schemas.ts and game-schemas.ts) ->
// the rules of domain/game.ts: scoring type, scoring rules with bonuses, categories, roster
// slots, playoffs, waivers, the trade deadline and the season's weeks. Pure: no I/O.
import type { Sport } from '../../domain/catalog.ts';
import type {
  CategoryRecord,
  LeagueRules,
  RosterSlotRecord,
  ScoringRuleRecord,
  ScoringType,
} from '../../domain/game.ts';
import { flag, numberOf, text } from './activity-mapping.ts';
import type { YahooLeagueWeeks, YahooSettings } from './activity-schemas.ts';
import type { YahooStatCategory } from './game-schemas.ts';
import { YAHOO_POINTS_ALLOWED_RANGES, YAHOO_STAT_KEYS, slotOf } from './game-tables.ts';

/** The league's rules from its metadata (scoring type, weeks) and settings. */
export function mapRules(
  league: YahooLeagueWeeks,
  settings: YahooSettings,
  sport: Sport,
): LeagueRules {
  const modifiers = settings.stat_modifiers?.stats ?? [];
  const stats = (settings.stat_categories?.stats ?? []).filter(
    (stat) => stat.enabled === undefined || flag(stat.enabled),
  );
  const names = new Map(stats.map((stat) => [String(stat.stat_id), stat]));
  const scoringType = scoringTypeOf(text(league.scoring_type), modifiers.length > 0);
  const ranked = scoringType === 'head_to_head_categories' || scoringType === 'rotisserie';
  const start = numberOf(league.start_week);
  const end = numberOf(league.end_week);
  const playoffs = mapPlayoffs(settings);
  const waivers = mapWaivers(settings);
  const tradeEnd = text(settings.trade_end_date);
  return {
    ...(scoringType === undefined ? {} : { scoringType }),
    scoring: modifiers.flatMap((modifier) => {
      const stat = names.get(String(modifier.stat_id));
      return scoringRules(sport, String(modifier.stat_id), stat, modifier);
    }),
    ...(ranked
      ? {
          categories: stats
            .filter((stat) => !flag(stat.is_only_display_stat))
            .map((stat) => mapCategory(sport, stat)),
        }
      : {}),
    rosterSlots: (Array.isArray(settings.roster_positions) ? settings.roster_positions : []).map(
      (position): RosterSlotRecord => {
        const meaning = slotOf(sport, position.position);
        return {
          slot: meaning.slot,
          platformSlot: position.position,
          count: Number(position.count),
          ...(meaning.eligiblePositions
            ? { eligiblePositions: [...meaning.eligiblePositions] }
            : {}),
        };
      },
    ),
    ...(playoffs === undefined ? {} : { playoffs }),
    ...(waivers === undefined ? {} : { waivers }),
    // Yahoo gives the last day (a date with no time of day), kept as it is.
    ...(tradeEnd === undefined ? {} : { tradeDeadlineAt: tradeEnd }),
    ...(start === undefined ? {} : { firstPeriod: start }),
    ...(end === undefined ? {} : { lastPeriod: end }),
  };
}

/**
 * Yahoo's scoring_type: roto; point (season points); head, headpoint and headone (head to head).
 * A head-to-head league with stat modifiers scores points (football's "head" does), else categories.
 */
function scoringTypeOf(type: string | undefined, points: boolean): ScoringType | undefined {
  if (type === 'roto') return 'rotisserie';
  if (type === 'point') return 'total_points';
  if (type === 'head' || type === 'headpoint' || type === 'headone') {
    return points ? 'head_to_head_points' : 'head_to_head_categories';
  }
  return undefined;
}

function scoringRules(
  sport: Sport,
  statId: string,
  stat: YahooStatCategory | undefined,
  modifier: {
    value: string | number | null;
    bonuses?: Array<{ target: unknown; points: unknown }>;
  },
): ScoringRuleRecord[] {
  const base = statBase(sport, statId, stat);
  const value = numberOf(modifier.value);
  const range = sport === 'football' ? YAHOO_POINTS_ALLOWED_RANGES[statId] : undefined;
  const rules: ScoringRuleRecord[] = [];
  if (value !== undefined) {
    rules.push({
      ...base,
      points: value,
      ...(range === undefined ? {} : { ...range, bonus: true }),
    });
  }
  for (const bonus of modifier.bonuses ?? []) {
    const points = numberOf(bonus.points as string | number | null);
    const target = numberOf(bonus.target as string | number | null);
    if (points !== undefined && target !== undefined) {
      rules.push({ ...base, points, min: target, bonus: true });
    }
  }
  return rules;
}

function statBase(sport: Sport, statId: string, stat: YahooStatCategory | undefined) {
  const name = text(stat?.name) ?? text(stat?.display_name);
  const statKey = YAHOO_STAT_KEYS[sport][statId];
  return {
    statId,
    ...(name === undefined ? {} : { statName: name }),
    ...(statKey === undefined ? {} : { statKey }),
  };
}

function mapCategory(sport: Sport, stat: YahooStatCategory): CategoryRecord {
  const lower = stat.sort_order !== undefined && !flag(stat.sort_order);
  return {
    ...statBase(sport, String(stat.stat_id), stat),
    ...(lower ? { lowerIsBetter: true } : {}),
  };
}

function mapPlayoffs(settings: YahooSettings): LeagueRules['playoffs'] {
  if (!flag(settings.uses_playoff)) return undefined;
  const teams = numberOf(settings.num_playoff_teams);
  const first = numberOf(settings.playoff_start_week);
  return {
    ...(teams === undefined ? {} : { teams }),
    ...(first === undefined ? {} : { firstPeriod: first }),
  };
}

/** uses_faab: blind bids; otherwise Yahoo's waiver_type "R" is its rolling priority list. */
function mapWaivers(settings: YahooSettings): LeagueRules['waivers'] {
  const platformType = text(settings.waiver_type);
  const faab = flag(settings.uses_faab);
  if (platformType === undefined && !faab) return undefined;
  const type = faab ? 'faab' : platformType === 'R' ? 'rolling' : undefined;
  return {
    ...(type === undefined ? {} : { type }),
    ...(platformType === undefined ? {} : { platformType }),
  };
}

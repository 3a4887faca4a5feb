// getLeagueInfo's settings and getTeamRosters' lineups -> the game (domain/game.ts): rules,
// lineups of a period, the current lineup. Pure: no I/O. The shapes are unconfirmed (README.md).
import type {
  CategoryRecord,
  CurrentSlotRecord,
  LeagueRules,
  LineupSlot,
  RosterSlotRecord,
  ScoringRuleRecord,
  TeamLineupRecord,
} from '../../domain/game.ts';
import type { MatchupRecord } from '../../domain/league-data.ts';
import type { RosterEntryRecord } from '../../domain/records.ts';
import type { FantraxSchedule } from './activity-schemas.ts';
import {
  FANTRAX_SCORING_TYPES,
  FANTRAX_SLOTS,
  FANTRAX_STATUS_SLOTS,
  FANTRAX_STAT_KEYS,
} from './game-tables.ts';
import { schedulePeriods } from './matchups.ts';
import type { FantraxLeagueInfo, FantraxScoringConfig, FantraxTeamRosters } from './schemas.ts';

interface SlotName {
  slot: LineupSlot;
  platformSlot: string;
  eligiblePositions?: string[];
}

/** A position's slot; "RB/WR/TE" is a flex of those (SUPER_FLEX when it takes a QB). */
export function slotOf(position: string): SlotName {
  const known = FANTRAX_SLOTS[position.trim().toUpperCase()];
  if (known) return { slot: known, platformSlot: position };
  const parts = position.split('/').map((part) => part.trim().toUpperCase());
  if (parts.length > 1 && parts.every((part) => FANTRAX_SLOTS[part] !== undefined)) {
    const slot = parts.includes('QB') ? 'SUPER_FLEX' : 'FLEX';
    return { slot, platformSlot: position, eligiblePositions: parts };
  }
  return { slot: 'OTHER', platformSlot: position };
}

/** The league's rules; undefined when getLeagueInfo has neither scoring nor roster settings. */
export function mapRules(
  info: FantraxLeagueInfo,
  schedule: FantraxSchedule,
): LeagueRules | undefined {
  if (!info.scoringSystem && !info.rosterInfo) return undefined;
  const type = info.scoringSystem?.type;
  const scoringType = type === undefined ? undefined : FANTRAX_SCORING_TYPES[type];
  const configs = (info.scoringSystem?.scoringCategorySettings ?? []).flatMap(
    (group) => group.configs ?? [],
  );
  const byCategory =
    scoringType === 'head_to_head_categories' ||
    (configs.length > 0 && configs.every((config) => config.points === undefined));
  const periods = schedulePeriods(schedule);
  const playoffStart = schedule.playoffs?.firstPlayoffPeriod;
  return {
    ...(scoringType ? { scoringType } : {}),
    scoring: byCategory ? [] : configs.flatMap(mapScoringRule),
    ...(byCategory ? { categories: mapCategories(configs) } : {}),
    rosterSlots: mapRosterSlots(info),
    ...(schedule.playoffs?.used !== false && playoffStart
      ? { playoffs: { firstPeriod: playoffStart } }
      : {}),
    ...(periods.length > 0
      ? { firstPeriod: Math.min(...periods), lastPeriod: Math.max(...periods) }
      : {}),
  };
}

function statOf(config: FantraxScoringConfig) {
  const category = config.scoringCategory;
  const statId = category?.code ?? category?.id ?? category?.shortName;
  if (statId === undefined) return undefined;
  const statKey = category?.code ? FANTRAX_STAT_KEYS[category.code] : undefined;
  return {
    statId,
    ...(category?.name ? { statName: category.name } : {}),
    ...(statKey ? { statKey } : {}),
  };
}

/**
 * A points league's config: the stat, its points, and the position it is for. Fantrax keeps a
 * "Default" row that applies to every position without its own: that one names no position.
 */
function mapScoringRule(config: FantraxScoringConfig): ScoringRuleRecord[] {
  const stat = statOf(config);
  if (!stat || config.points === undefined) return [];
  const position =
    typeof config.position === 'string'
      ? config.position
      : (config.position?.shortName ?? config.position?.code);
  const forOne = position !== undefined && !/^(default|all)$/i.test(position.trim());
  return [{ ...stat, points: config.points, ...(forOne ? { positions: [position] } : {}) }];
}

/** A category league's stats, once each (a stat configured per position is one category). */
function mapCategories(configs: readonly FantraxScoringConfig[]): CategoryRecord[] {
  const categories = new Map<string, CategoryRecord>();
  for (const config of configs) {
    const stat = statOf(config);
    if (stat && !categories.has(stat.statId)) categories.set(stat.statId, stat);
  }
  return [...categories.values()];
}

/**
 * rosterInfo.positionConstraints: the most players that may start at each position (Fantrax's
 * lineups are limits per position under a total, maxTotalActivePlayers), then the reserve
 * (bench) places, maxTotalReservePlayers.
 */
function mapRosterSlots(info: FantraxLeagueInfo): RosterSlotRecord[] {
  const constraints = Object.entries(info.rosterInfo?.positionConstraints ?? {});
  const slots: RosterSlotRecord[] = constraints.flatMap(([position, { maxActive }]) =>
    maxActive === undefined || maxActive === 0 ? [] : [{ ...slotOf(position), count: maxActive }],
  );
  const reserve = info.rosterInfo?.maxTotalReservePlayers;
  if (reserve) slots.push({ slot: 'BN', platformSlot: 'RESERVE', count: reserve });
  return slots;
}

type LineupPlace = { playerId: string; slot: LineupSlot; platformSlot: string };

/** Starters (ACTIVE) first, then the statuses in this order, then any other. */
const STATUS_ORDER = ['ACTIVE', 'RESERVE', 'INJURED_RESERVE', 'MINORS'];

/**
 * Each team's lineup in a getTeamRosters body: an ACTIVE player starts in his `position`;
 * RESERVE is the bench, INJURED_RESERVE IR, MINORS NA (the status kept as platformSlot).
 * Starters first in Fantrax's order, then bench, IR, minors.
 */
export function mapTeamLineups(
  body: FantraxTeamRosters,
  known: ReadonlySet<string>,
): Map<string, LineupPlace[]> {
  const lineups = new Map<string, LineupPlace[]>();
  for (const [teamId, roster] of Object.entries(body.rosters ?? {})) {
    if (!known.has(teamId)) continue;
    const seen = new Set<string>();
    const placed = (roster.rosterItems ?? []).flatMap((item) => {
      if (seen.has(item.id)) return [];
      seen.add(item.id);
      const status = (item.status ?? '').toUpperCase();
      const rank = STATUS_ORDER.includes(status) ? STATUS_ORDER.indexOf(status) : 4;
      if (status === 'ACTIVE') {
        const { slot, platformSlot } = slotOf(item.position ?? 'ACTIVE');
        return [{ rank, place: { playerId: item.id, slot, platformSlot } }];
      }
      const slot = FANTRAX_STATUS_SLOTS[status] ?? 'OTHER';
      return [{ rank, place: { playerId: item.id, slot, platformSlot: item.status ?? '' } }];
    });
    // A stable sort: Fantrax's order within each group.
    lineups.set(
      teamId,
      placed.sort((a, b) => a.rank - b.rank).map(({ place }) => place),
    );
  }
  return lineups;
}

/**
 * One period's lineups: each team's entries (no player points: the official API gives none) and
 * its total, the score of its side in that period's matchup (getMatchupScores), where it played.
 */
export function mapPeriodLineups(
  period: number,
  body: FantraxTeamRosters,
  known: ReadonlySet<string>,
  matchups: readonly MatchupRecord[],
): TeamLineupRecord[] {
  const scores = new Map<string, number>();
  for (const matchup of matchups) {
    if (matchup.period !== period) continue;
    for (const side of matchup.sides) {
      if (side.score !== undefined) scores.set(side.rosterId, side.score);
    }
  }
  return [...mapTeamLineups(body, known)]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([rosterId, entries]) => {
      const points = scores.get(rosterId);
      return { period, rosterId, ...(points === undefined ? {} : { points }), entries };
    });
}

/** Where every rostered player stands now: the current getTeamRosters, the roster entries' pairs. */
export function mapCurrentLineup(
  body: FantraxTeamRosters,
  kept: readonly RosterEntryRecord[],
): CurrentSlotRecord[] {
  const keep = new Set(kept.map((entry) => `${entry.rosterId}/${entry.playerId}`));
  const teams = new Set(kept.map((entry) => entry.rosterId));
  return [...mapTeamLineups(body, teams)]
    .sort(([a], [b]) => a.localeCompare(b))
    .flatMap(([rosterId, entries]) => entries.map((entry) => ({ rosterId, ...entry })))
    .filter((entry) => keep.has(`${entry.rosterId}/${entry.playerId}`));
}

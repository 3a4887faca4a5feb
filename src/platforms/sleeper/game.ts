// Sleeper's league body, weekly matchups and rosters -> the game (domain/game.ts): rules,
// lineups, the current lineup, and a player's injury from the dump. Pure: no I/O.
import type {
  CurrentSlotRecord,
  InjuryRecord,
  LeagueRules,
  LineupEntryRecord,
  LineupSlot,
  RosterSlotRecord,
  ScoringRuleRecord,
  TeamLineupRecord,
} from '../../domain/game.ts';
import type { RosterEntryRecord } from '../../domain/records.ts';
import type { SleeperMatchupEntry } from './activity-schemas.ts';
import {
  NO_TRADE_DEADLINE,
  RESERVE_SLOT,
  SLEEPER_BONUS_STATS,
  SLEEPER_INJURY_STATUSES,
  SLEEPER_POSITION_PREMIUMS,
  SLEEPER_RANGE_STATS,
  SLEEPER_SLOTS,
  SLEEPER_STATS,
  SLEEPER_WAIVER_TYPES,
  TAXI_SLOT,
} from './game-tables.ts';
import type { SleeperLeague, SleeperPlayer, SleeperRoster } from './schemas.ts';

interface SlotName {
  slot: LineupSlot;
  platformSlot: string;
}

const BENCH: SlotName = { slot: 'BN', platformSlot: 'BN' };
/** A starter beyond the slots roster_positions lists (never seen; kept rather than dropped). */
const UNLISTED_STARTER: SlotName = { slot: 'OTHER', platformSlot: 'starter' };

function slotOf(platformSlot: string): SlotName {
  return { slot: SLEEPER_SLOTS[platformSlot]?.slot ?? 'OTHER', platformSlot };
}

/** The starting slots in order: roster_positions without the bench. */
export function starterSlots(league: SleeperLeague): SlotName[] {
  return (league.roster_positions ?? []).filter((name) => name !== 'BN').map(slotOf);
}

/**
 * The league's rules from its body; undefined when it has neither scoring settings nor roster
 * positions (Sleeper sends both for every real league).
 */
export function mapRules(league: SleeperLeague): LeagueRules | undefined {
  if (!league.scoring_settings && !league.roster_positions) return undefined;
  const settings = league.settings ?? {};
  const scoring = Object.entries(league.scoring_settings ?? {})
    .flatMap(([key, points]) => (typeof points === 'number' ? [mapScoringRule(key, points)] : []))
    .sort((a, b) => a.statId.localeCompare(b.statId));
  const playoffTeams = positive(settings.playoff_teams);
  const playoffStart = positive(settings.playoff_week_start);
  const waiverCode = settings.waiver_type;
  const waiverType = typeof waiverCode === 'number' ? SLEEPER_WAIVER_TYPES[waiverCode] : undefined;
  const budget = settings.waiver_budget;
  const deadline = positive(settings.trade_deadline);
  const firstPeriod = positive(settings.start_week);
  const lastPeriod = league.status === 'complete' ? positive(settings.last_scored_leg) : undefined;
  return {
    // Sleeper's football leagues score head to head by points; what its basketball leagues offer
    // is not documented, so theirs is left out.
    ...(league.sport === 'nfl' ? { scoringType: 'head_to_head_points' as const } : {}),
    scoring,
    rosterSlots: mapRosterSlots(league),
    ...(playoffTeams || playoffStart
      ? {
          playoffs: {
            ...(playoffTeams ? { teams: playoffTeams } : {}),
            ...(playoffStart ? { firstPeriod: playoffStart } : {}),
          },
        }
      : {}),
    ...(typeof waiverCode === 'number'
      ? {
          waivers: {
            ...(waiverType ? { type: waiverType } : {}),
            platformType: String(waiverCode),
            ...(waiverType === 'faab' && typeof budget === 'number' ? { faabBudget: budget } : {}),
          },
        }
      : {}),
    ...(deadline && deadline !== NO_TRADE_DEADLINE ? { tradeDeadlinePeriod: deadline } : {}),
    ...(firstPeriod ? { firstPeriod } : {}),
    ...(lastPeriod ? { lastPeriod } : {}),
  };
}

/**
 * One scoring_settings entry: a per-unit stat (`rec`), a position's premium (`bonus_rec_te`),
 * a one-off bonus at a threshold (`bonus_rec_yd_100`) or a range scored once (`pts_allow_7_13`).
 * Distance splits (`fgm_40_49`, `rec_20_29`) range over the play's length, not the stat, so they
 * keep Sleeper's key alone.
 */
export function mapScoringRule(statId: string, points: number): ScoringRuleRecord {
  const stat = SLEEPER_STATS[statId];
  if (stat)
    return { statId, statName: stat.name, ...(stat.key ? { statKey: stat.key } : {}), points };
  const position = SLEEPER_POSITION_PREMIUMS[statId];
  if (position) {
    return {
      statId,
      statName: `Receptions (${position})`,
      statKey: 'receptions',
      points,
      positions: [position],
    };
  }
  const bonus = /^bonus_([a-z_]+?)_(\d+)p?$/.exec(statId);
  const bonusStat = bonus ? SLEEPER_BONUS_STATS[bonus[1] as string] : undefined;
  if (bonus && bonusStat) {
    const min = Number(bonus[2]);
    const name = `${bonusStat.name}, ${min} or more (bonus)`;
    return {
      statId,
      statName: name,
      ...(bonusStat.key ? { statKey: bonusStat.key } : {}),
      points,
      min,
      bonus: true,
    };
  }
  const range = /^([a-z]+_allow)_(\d+)(?:_(\d+)|(p))?$/.exec(statId);
  const rangeStat = range ? SLEEPER_RANGE_STATS[range[1] as string] : undefined;
  if (range && rangeStat) {
    const min = Number(range[2]);
    const max = range[3] !== undefined ? Number(range[3]) : range[4] ? undefined : min;
    return {
      statId,
      statName: rangeStat.name,
      ...(rangeStat.key ? { statKey: rangeStat.key } : {}),
      points,
      min,
      ...(max === undefined ? {} : { max }),
      bonus: true,
    };
  }
  return { statId, points };
}

/** roster_positions counted in Sleeper's order, then IR and taxi slots from the settings. */
function mapRosterSlots(league: SleeperLeague): RosterSlotRecord[] {
  const counts = new Map<string, number>();
  for (const name of league.roster_positions ?? []) counts.set(name, (counts.get(name) ?? 0) + 1);
  const slots: RosterSlotRecord[] = [...counts].map(([platformSlot, count]) => {
    const known = SLEEPER_SLOTS[platformSlot];
    return {
      slot: known?.slot ?? 'OTHER',
      platformSlot,
      count,
      ...(known?.eligible ? { eligiblePositions: [...known.eligible] } : {}),
    };
  });
  const reserve = positive(league.settings?.reserve_slots);
  const taxi = positive(league.settings?.taxi_slots);
  if (reserve) slots.push({ ...RESERVE_SLOT, count: reserve });
  if (taxi) slots.push({ ...TAXI_SLOT, count: taxi });
  return slots;
}

/** Where the roster body puts non-starters now: IR (`reserve`), taxi, else the bench. */
export type NonStarterSlot = (rosterId: number, playerId: string) => SlotName;

export function nonStarterSlots(rosters: readonly SleeperRoster[]): NonStarterSlot {
  const reserve = new Set<string>();
  const taxi = new Set<string>();
  for (const roster of rosters) {
    for (const id of roster.reserve ?? []) reserve.add(`${roster.roster_id}/${id}`);
    for (const id of roster.taxi ?? []) taxi.add(`${roster.roster_id}/${id}`);
  }
  return (rosterId, playerId) => {
    const key = `${rosterId}/${playerId}`;
    if (reserve.has(key)) return RESERVE_SLOT;
    return taxi.has(key) ? TAXI_SLOT : BENCH;
  };
}

/** A past week's matchups do not say who sat on IR or the taxi squad: every non-starter is bench. */
export const benchOnly: NonStarterSlot = () => BENCH;

/**
 * One week's lineups: starters in roster_positions order (an empty slot, "0", has no entry), then
 * the rest of `players` where `placeOf` puts them. Points from players_points (bench too), else
 * starters_points; the total is the side's matchup score (custom_points, else points).
 */
export function mapWeekLineups(
  week: number,
  entries: readonly SleeperMatchupEntry[],
  slots: readonly SlotName[],
  placeOf: NonStarterSlot,
): TeamLineupRecord[] {
  return [...entries]
    .filter((entry) => entry.starters || entry.players)
    .sort((a, b) => a.roster_id - b.roster_id)
    .map((entry) => {
      const lineup = lineupEntries(entry, slots, placeOf);
      const total = entry.custom_points ?? entry.points;
      return {
        period: week,
        rosterId: String(entry.roster_id),
        ...(typeof total === 'number' ? { points: total } : {}),
        entries: lineup,
      };
    });
}

const GROUP_ORDER: Readonly<Record<string, number>> = { BN: 0, IR: 1, TAXI: 2 };

function lineupEntries(
  entry: SleeperMatchupEntry,
  slots: readonly SlotName[],
  placeOf: NonStarterSlot,
): LineupEntryRecord[] {
  const seen = new Set<string>();
  const pointsOf = (id: string, index?: number): number | undefined =>
    entry.players_points?.[id] ??
    (index === undefined ? undefined : (entry.starters_points?.[index] ?? undefined));
  const withPoints = (playerId: string, place: SlotName, index?: number): LineupEntryRecord => {
    const points = pointsOf(playerId, index);
    return { playerId, ...place, ...(points === undefined ? {} : { points }) };
  };
  const starters: LineupEntryRecord[] = [];
  (entry.starters ?? []).forEach((id, index) => {
    if (id === '0' || seen.has(id)) return;
    seen.add(id);
    starters.push(withPoints(id, slots[index] ?? UNLISTED_STARTER, index));
  });
  const others = (entry.players ?? []).flatMap((id) => {
    if (id === '0' || seen.has(id)) return [];
    seen.add(id);
    return [withPoints(id, placeOf(entry.roster_id, id))];
  });
  others.sort((a, b) => (GROUP_ORDER[a.slot] ?? 0) - (GROUP_ORDER[b.slot] ?? 0));
  return [...starters, ...others];
}

/**
 * Where every rostered player stands now, from the rosters body: starters in their slots, then
 * the bench, IR (`reserve`) and taxi. Only the pairs the roster entries keep (a player on two
 * rosters stays on the lower one, as there).
 */
export function mapCurrentLineup(
  rosters: readonly SleeperRoster[],
  slots: readonly SlotName[],
  kept: readonly RosterEntryRecord[],
): CurrentSlotRecord[] {
  const keep = new Set(kept.map((entry) => `${entry.rosterId}/${entry.playerId}`));
  const placeOf = nonStarterSlots(rosters);
  return [...rosters]
    .sort((a, b) => a.roster_id - b.roster_id)
    .flatMap((roster) => {
      const players = [
        ...(roster.players ?? []),
        ...(roster.reserve ?? []),
        ...(roster.taxi ?? []),
      ];
      const week = { roster_id: roster.roster_id, starters: roster.starters ?? null, players };
      return lineupEntries(week, slots, placeOf).map(({ playerId, slot, platformSlot }) => ({
        rosterId: String(roster.roster_id),
        playerId,
        slot,
        platformSlot,
      }));
    })
    .filter((entry) => keep.has(`${entry.rosterId}/${entry.playerId}`));
}

/** A player's injury from the dump; undefined when Sleeper lists none (healthy). */
export function mapInjury(player: SleeperPlayer): Omit<InjuryRecord, 'playerId'> | undefined {
  const designation = player.injury_status?.trim();
  if (!designation) return undefined;
  const note = player.injury_body_part?.trim() || player.injury_notes?.trim();
  return {
    status: SLEEPER_INJURY_STATUSES[designation.toLowerCase()] ?? 'other',
    designation,
    ...(note ? { note } : {}),
  };
}

function positive(value: number | null | undefined): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : undefined;
}

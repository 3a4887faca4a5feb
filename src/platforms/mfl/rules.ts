// A league's rules from MFL: its scoring rules (TYPE=rules, named by TYPE=allRules) and the game's
// settings of TYPE=league (starters, roster sizes, head-to-head, weeks, waivers). Pure: no I/O.
import type {
  LeagueRules,
  LineupSlot,
  RosterSlotRecord,
  ScoringRuleRecord,
  WaiverType,
} from '../../domain/game.ts';
import { MFL_STAT_KEYS, isIdpPosition, slotOfPosition } from './game-tables.ts';
import type { MflPositionRules, MflRule, MflRuleName } from './game-schemas.ts';
import { mapPosition } from './mapping.ts';
import { asList } from './schemas.ts';
import type { MflLeague, MflStarters } from './schemas.ts';
import { mflNumber } from './team-details.ts';

export function mapRules(
  league: MflLeague,
  positionRules: readonly MflPositionRules[],
  ruleNames: MflRuleName | undefined,
): LeagueRules {
  const names = new Map(
    asList(ruleNames).map((rule) => [
      rule.abbreviation.$t.trim(),
      rule.shortDescription?.$t.trim(),
    ]),
  );
  const first = wholeNumber(league.startWeek);
  const last = wholeNumber(league.endWeek);
  const lastRegular = wholeNumber(league.lastRegularSeasonWeek);
  const waivers = mapWaivers(league.currentWaiverType);
  const h2h = league.h2h?.trim();
  return {
    // MFL scores points only; a league without head-to-head games ranks by total points.
    ...(h2h === undefined
      ? {}
      : { scoringType: h2h.toUpperCase() === 'YES' ? 'head_to_head_points' : 'total_points' }),
    scoring: positionRules.flatMap((group) =>
      asList(group.rule).flatMap((rule) => mapScoringRule(rule, group.positions, names) ?? []),
    ),
    rosterSlots: mapRosterSlots(league),
    // The weeks after the last regular one are the playoffs (and consolation games).
    ...(lastRegular !== undefined && last !== undefined && lastRegular < last
      ? { playoffs: { firstPeriod: lastRegular + 1 } }
      : {}),
    ...(waivers ? { waivers } : {}),
    ...(first === undefined ? {} : { firstPeriod: first }),
    ...(last === undefined ? {} : { lastPeriod: last }),
  };
}

/**
 * One MFL rule. `points` "*X": X for each unit; "A/B": A for every B units; "X": X once while the
 * stat is within `range` (a bonus). A rule whose points read as none of these is left out.
 */
export function mapScoringRule(
  rule: MflRule,
  positions: string,
  names: ReadonlyMap<string, string | undefined>,
): ScoringRuleRecord | undefined {
  const statId = rule.event.$t.trim();
  const text = rule.points.$t.trim();
  const points = parsePoints(text);
  if (!statId || points === undefined) return undefined;
  const range = /^(-?\d+(?:\.\d+)?)-(-?\d+(?:\.\d+)?)$/.exec(rule.range.$t.trim());
  const statName = names.get(statId);
  const statKey = MFL_STAT_KEYS[statId];
  const mapped = positions
    .split('|')
    .map((code) => mapPosition(code))
    .filter((code): code is string => code !== undefined);
  return {
    statId,
    ...(statName ? { statName } : {}),
    ...(statKey ? { statKey } : {}),
    ...points,
    ...(range ? { min: Number(range[1]), max: Number(range[2]) } : {}),
    ...(mapped.length > 0 ? { positions: mapped } : {}),
  };
}

function parsePoints(
  text: string,
): Pick<ScoringRuleRecord, 'points' | 'per' | 'bonus'> | undefined {
  const number = '(-?(?:\\d+\\.?\\d*|\\.\\d+))';
  const each = new RegExp(`^\\*${number}$`).exec(text);
  if (each) return { points: Number(each[1]) };
  const per = new RegExp(`^${number}/${number}$`).exec(text);
  if (per && Number(per[2]) !== 0) return { points: Number(per[1]), per: Number(per[2]) };
  const once = new RegExp(`^${number}$`).exec(text);
  if (once) return { points: Number(once[1]), bonus: true };
  return undefined;
}

interface StarterLimit {
  name: string;
  min: number;
  max: number;
}

/**
 * MFL sets a number of starters and, per position, a least and a most ("1-6"), not slots: each
 * position is a slot of its least, and the starters beyond the leasts a flex slot open to the
 * positions that may start more than their least (offence and IDP apart when `idp_starters` says
 * how many of the starters are defensive). Then the bench (`rosterSize` less the starters), injured
 * reserve and taxi squad.
 */
export function mapRosterSlots(league: MflLeague): RosterSlotRecord[] {
  const starters = league.starters;
  const limits = starterLimits(starters);
  const total = starterCount(starters?.count);
  const idp = wholeNumber(starters?.idp_starters);
  const slots: RosterSlotRecord[] = limits
    .filter((limit) => limit.min > 0)
    .map((limit) => ({
      slot: slotOfPosition(limit.name),
      platformSlot: limit.name,
      count: limit.min,
    }));
  if (total !== undefined) {
    const groups =
      idp !== undefined && idp > 0
        ? [
            { limits: limits.filter((limit) => !isIdpPosition(limit.name)), count: total - idp },
            { limits: limits.filter((limit) => isIdpPosition(limit.name)), count: idp },
          ]
        : [{ limits, count: total }];
    for (const group of groups) {
      const flex = flexSlot(group.limits, group.count);
      if (flex) slots.push(flex);
    }
  }
  const rosterSize = wholeNumber(league.rosterSize);
  if (rosterSize !== undefined && total !== undefined && rosterSize > total) {
    slots.push({ slot: 'BN', platformSlot: 'nonstarter', count: rosterSize - total });
  }
  const reserve = wholeNumber(league.injuredReserve);
  if (reserve) slots.push({ slot: 'IR', platformSlot: 'INJURED_RESERVE', count: reserve });
  const taxi = wholeNumber(league.taxiSquad);
  if (taxi) slots.push({ slot: 'TAXI', platformSlot: 'TAXI_SQUAD', count: taxi });
  return slots;
}

function flexSlot(limits: readonly StarterLimit[], starters: number): RosterSlotRecord | undefined {
  const count = starters - limits.reduce((sum, limit) => sum + limit.min, 0);
  const open = limits.filter((limit) => limit.max > limit.min);
  if (count <= 0 || open.length === 0) return undefined;
  const codes = open.flatMap((limit) => limit.name.split('+').map((part) => part.trim()));
  const eligible = codes.map((code) => mapPosition(code) ?? code);
  return {
    slot: flexKind(new Set(open.map((limit) => slotOfPosition(limit.name)))),
    platformSlot: codes.join('/'),
    count,
    eligiblePositions: eligible,
  };
}

function flexKind(slots: ReadonlySet<LineupSlot>): LineupSlot {
  const within = (allowed: readonly LineupSlot[]) => [...slots].every((s) => allowed.includes(s));
  if (within(['RB', 'WR', 'TE'])) return 'FLEX';
  if (within(['QB', 'RB', 'WR', 'TE'])) return 'SUPER_FLEX';
  if (within(['DL', 'LB', 'DB'])) return 'IDP_FLEX';
  return 'OTHER';
}

function starterLimits(starters: MflStarters | undefined): StarterLimit[] {
  return asList(starters?.position).flatMap((position) => {
    const match = /^(\d+)(?:-(\d+))?$/.exec(position.limit.trim());
    if (!match) return [];
    const min = Number(match[1]);
    return [{ name: position.name.trim(), min, max: match[2] ? Number(match[2]) : min }];
  });
}

/** `count` "9", or a range "9-10" whose most is the number of starting places. */
function starterCount(text: string | undefined): number | undefined {
  const match = /^(\d+)(?:-(\d+))?$/.exec(text?.trim() ?? '');
  if (!match) return undefined;
  return Number(match[2] ?? match[1]);
}

/**
 * MFL's waiver kinds: BBID (blind bidding), BBID_FCFS (then first come, first served) and FCFS
 * (free agents only); any other keeps its word alone. The budget is not read: the league's
 * `bbidSeasonLimit` is not documented as one.
 */
function mapWaivers(text: string | undefined): LeagueRules['waivers'] {
  const platformType = text?.trim();
  if (!platformType) return undefined;
  const kinds: Readonly<Record<string, WaiverType>> = {
    BBID: 'faab',
    BBID_FCFS: 'faab',
    FCFS: 'none',
  };
  const type = kinds[platformType.toUpperCase()];
  return { ...(type ? { type } : {}), platformType };
}

function wholeNumber(text: string | undefined): number | undefined {
  const value = mflNumber(text);
  return value !== undefined && Number.isInteger(value) && value >= 0 ? value : undefined;
}

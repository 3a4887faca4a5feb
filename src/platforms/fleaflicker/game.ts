// Fleaflicker's rules, box scores and rosters -> the game's records (domain/game.ts), one named
// function per record. Pure: no I/O.
import type { Sport } from '../../domain/catalog.ts';
import type {
  CurrentSlotRecord,
  InjuryRecord,
  LeagueRules,
  LeagueSeasonRecord,
  LineupEntryRecord,
  RosterSlotRecord,
  ScoringRuleRecord,
  TeamLineupRecord,
} from '../../domain/game.ts';
import { slotGroup } from '../../domain/game.ts';
import type { MatchupRecord } from '../../domain/league-data.ts';
import type {
  FleaBoxscore,
  FleaInjuredPlayer,
  FleaLeagueRules,
  FleaLineupPlayer,
  FleaRosterPosition,
  FleaRostersInjuries,
  FleaScoringRule,
  FleaStandingsSettings,
} from './game-schemas.ts';
import { injuryStatus, lineupSlot, statKey } from './game-tables.ts';
import { compareIds } from './mapping.ts';

export interface RulesParts {
  sport: Sport;
  rules: FleaLeagueRules;
  settings: FleaStandingsSettings;
  /** Every period of the season's schedule (the scoreboard's `eligibleSchedulePeriods`). */
  schedule: readonly number[];
  /** The matchups read: the first playoff game's period starts the playoffs. */
  matchups: readonly MatchupRecord[];
}

export function mapRules(parts: RulesParts): LeagueRules {
  const { sport, rules, settings } = parts;
  const scoring = (rules.groups ?? []).flatMap((group) =>
    (group.scoringRules ?? []).map((rule) => mapScoringRule(sport, rule)),
  );
  // The standings were asked for the season: their slots are that season's; the rules' are today's.
  const positions = settings.league.rosterRequirements?.positions ?? rules.rosterPositions ?? [];
  const playoffPeriods = parts.matchups.filter((m) => m.kind === 'playoff').map((m) => m.period);
  const waivers = mapWaivers(settings);
  const periods = [...parts.schedule].sort((a, b) => a - b);
  return {
    // Fleaflicker's leagues play games of two teams, scored by points where rules give points.
    ...(scoring.length > 0 ? { scoringType: 'head_to_head_points' as const } : {}),
    scoring,
    rosterSlots: mapRosterSlots(sport, positions),
    ...(playoffPeriods.length > 0
      ? { playoffs: { firstPeriod: Math.min(...playoffPeriods) } }
      : {}),
    ...(waivers ? { waivers } : {}),
    ...(periods.length > 0 ? { firstPeriod: periods[0], lastPeriod: periods.at(-1) } : {}),
  };
}

/** One rule; `positions` only where it does not apply to every position (a TE premium). */
export function mapScoringRule(sport: Sport, rule: FleaScoringRule): ScoringRuleRecord {
  const { category } = rule;
  const name = category.nameSingular ?? category.namePlural ?? category.abbreviation;
  const key = statKey(sport, category.id);
  const positions = rule.applyToAll ? [] : (rule.applyTo ?? []);
  return {
    statId: String(category.id),
    ...(name ? { statName: name } : {}),
    ...(key ? { statKey: key } : {}),
    points: rule.points?.value ?? 0,
    ...(rule.forEvery !== undefined ? { per: rule.forEvery } : {}),
    ...(rule.boundLower !== undefined ? { min: rule.boundLower } : {}),
    ...(rule.boundUpper !== undefined ? { max: rule.boundUpper } : {}),
    ...(rule.isBonus ? { bonus: true } : {}),
    ...(positions.length > 0 ? { positions: [...positions] } : {}),
  };
}

/**
 * The slots a lineup has, in Fleaflicker's order: a starting, injured-reserve or taxi slot
 * `start` times, the bench (no group) `max` times; a slot none of whose kind a lineup has (a
 * position's roster limit, `start` left out) is no slot.
 */
export function mapRosterSlots(
  sport: Sport,
  positions: readonly FleaRosterPosition[],
): RosterSlotRecord[] {
  const slots: RosterSlotRecord[] = [];
  for (const position of positions) {
    const slot = lineupSlot(sport, position.label, position.group, position.eligibility);
    const count = slot === 'BN' ? (position.max ?? position.start ?? 0) : (position.start ?? 0);
    if (count === 0) continue;
    const eligible = position.eligibility ?? [];
    const flex = slotGroup(slot) === 'starter' && new Set(eligible).size > 1;
    slots.push({
      slot,
      platformSlot: position.label,
      count,
      ...(flex ? { eligiblePositions: [...new Set(eligible)] } : {}),
    });
  }
  return slots;
}

function mapWaivers(settings: FleaStandingsSettings): LeagueRules['waivers'] {
  const { waiverType, defaultWaiverBudget } = settings.league;
  if (!waiverType) return undefined;
  const faab = waiverType === 'BLIND_BID';
  return {
    ...(faab ? { type: 'faab' as const } : {}),
    platformType: waiverType,
    // A budget of 0 is left out by Fleaflicker, as every zero.
    ...(faab ? { faabBudget: defaultWaiverBudget ?? 0 } : {}),
  };
}

/**
 * Both teams' lineups of one game: every filled slot of each side, in Fleaflicker's order
 * (starters, bench, injured reserve, taxi); the team's points are the matchup's score for it,
 * the scoreboard's figure (the box score's own total can carry float noise: 174.31001).
 */
export function mapBoxscoreLineups(
  sport: Sport,
  box: FleaBoxscore,
  matchup: MatchupRecord,
): TeamLineupRecord[] {
  if (box.lineups === undefined) return [];
  const [first, second] = matchup.sides;
  const sides = [
    { key: 'home' as const, rosterId: box.game?.home?.id ?? first?.rosterId },
    { key: 'away' as const, rosterId: box.game?.away?.id ?? second?.rosterId },
  ];
  const lineups: TeamLineupRecord[] = [];
  for (const { key, rosterId } of sides) {
    if (rosterId === undefined) continue;
    const id = String(rosterId);
    const entries: LineupEntryRecord[] = [];
    for (const group of box.lineups) {
      for (const { position, [key]: player } of group.slots ?? []) {
        if (player === undefined) continue;
        const groupName = position.group ?? group.group;
        const slot = lineupSlot(sport, position.label, groupName, position.eligibility);
        entries.push(mapLineupEntry(player, slot, position.label));
      }
    }
    const order = { starter: 0, bench: 1, reserve: 2, taxi: 3 };
    entries.sort((a, b) => order[slotGroup(a.slot)] - order[slotGroup(b.slot)]);
    const score = matchup.sides.find((s) => s.rosterId === id)?.score;
    lineups.push({
      period: matchup.period,
      rosterId: id,
      ...(score !== undefined ? { points: score } : {}),
      entries,
    });
  }
  return lineups;
}

function mapLineupEntry(
  player: FleaLineupPlayer,
  slot: LineupEntryRecord['slot'],
  platformSlot: string,
): LineupEntryRecord {
  const points = decimal(player.viewingActualPoints);
  const projected = decimal(player.viewingProjectedPoints);
  return {
    playerId: String(player.proPlayer.id),
    slot,
    platformSlot,
    ...(points !== undefined ? { points } : {}),
    ...(projected !== undefined ? { projectedPoints: projected } : {}),
  };
}

/**
 * A FormattedDecimal: its value; a value left out is 0 when `formatted` shows a number ("0"),
 * and no figure at all when it shows none ("—": a player without a game that period).
 */
function decimal(figure: { value?: number; formatted?: string } | undefined): number | undefined {
  if (figure === undefined) return undefined;
  if (figure.value !== undefined) return figure.value;
  return /^-?[0-9]/.test(figure.formatted ?? '') ? 0 : undefined;
}

/**
 * Where every rostered player stands now: the current period's lineups, when every team of the
 * league has one (a team without a game that period would leave its players out, so then none).
 */
export function mapCurrentLineup(
  lineups: readonly TeamLineupRecord[],
  teams: readonly string[],
): CurrentSlotRecord[] | undefined {
  const byTeam = new Map(lineups.map((lineup) => [lineup.rosterId, lineup]));
  if (teams.length === 0 || !teams.every((team) => byTeam.has(team))) return undefined;
  return teams.flatMap((rosterId) =>
    (byTeam.get(rosterId)?.entries ?? []).map(({ playerId, slot, platformSlot }) => ({
      rosterId,
      playerId,
      slot,
      platformSlot,
    })),
  );
}

/** Every rostered player the rosters call hurt or unavailable, by player id. */
export function mapInjuries(rosters: FleaRostersInjuries): InjuryRecord[] {
  const injuries = new Map<string, InjuryRecord>();
  for (const roster of rosters.rosters ?? []) {
    for (const { proPlayer } of roster.players ?? []) {
      const injury = mapInjury(proPlayer);
      if (injury && !injuries.has(injury.playerId)) injuries.set(injury.playerId, injury);
    }
  }
  return [...injuries.values()].sort((a, b) => compareIds(a.playerId, b.playerId));
}

export function mapInjury(player: FleaInjuredPlayer): InjuryRecord | undefined {
  const { injury } = player;
  const designation = (
    injury?.typeAbbreviaition ??
    injury?.typeAbbreviation ??
    injury?.typeFull
  )?.trim();
  if (!injury || !designation) return undefined;
  const note = injury.description?.trim();
  return {
    playerId: String(player.id),
    status: injuryStatus(designation, injury.severity),
    designation,
    ...(note ? { note } : {}),
  };
}

/** The seasons the league played, oldest first: Fleaflicker keeps one league id throughout. */
export function mapHistory(leagueKey: string, seasons: Iterable<number>): LeagueSeasonRecord[] {
  return [...new Set(seasons)]
    .sort((a, b) => a - b)
    .map((season) => ({ season, platformLeagueKey: leagueKey }));
}

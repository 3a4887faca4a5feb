// Yahoo's settings, week rosters and player statuses (checked by game-schemas.ts and schemas.ts)
// -> the game of domain/game.ts. Pure: no I/O. What Yahoo leaves out stays absent.
import type { Sport } from '../../domain/catalog.ts';
import { slotGroup } from '../../domain/game.ts';
import type {
  CategoryRecord,
  CurrentSlotRecord,
  InjuryRecord,
  LeagueRules,
  LeagueSeasonRecord,
  LineupEntryRecord,
  RosterSlotRecord,
  ScoringRuleRecord,
  ScoringType,
  TeamLineupRecord,
} from '../../domain/game.ts';
import type { MatchupRecord } from '../../domain/league-data.ts';
import { flag, numberOf, text } from './activity-mapping.ts';
import type { YahooLeagueWeeks, YahooMatchup, YahooSettings } from './activity-schemas.ts';
import type { LeagueWeekRostersBody, YahooStatCategory } from './game-schemas.ts';
import {
  YAHOO_POINTS_ALLOWED_RANGES,
  YAHOO_STAT_KEYS,
  injuryStatusOf,
  slotOf,
} from './game-tables.ts';
import { idOfKey } from './mapping.ts';
import type { YahooPlayer } from './schemas.ts';

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

/** One lineup entry: the player's slot that week and his points, where Yahoo gives them. */
function mapEntry(
  sport: Sport,
  player: YahooPlayer & { player_points?: { total?: string | number | null } },
): LineupEntryRecord | undefined {
  const position = player.selected_position?.position;
  if (position === undefined) return undefined;
  const points = numberOf(player.player_points?.total);
  return {
    playerId: idOfKey(player.player_key),
    slot: slotOf(sport, position).slot,
    platformSlot: position,
    ...(points === undefined ? {} : { points }),
  };
}

const GROUP_ORDER = { starter: 0, bench: 1, reserve: 2, taxi: 3 } as const;

/**
 * Every team's lineup of one week; the team's total and projection are the scoreboard's for the
 * team and week (the matchup score), absent where the team has no scored matchup.
 */
export function mapWeekLineups(
  body: LeagueWeekRostersBody,
  period: number,
  sport: Sport,
  teams: ReadonlySet<string>,
  matchups: readonly MatchupRecord[],
  projected: ReadonlyMap<string, number>,
): TeamLineupRecord[] {
  return (body.fantasy_content.league.teams ?? [])
    .filter((team) => teams.has(String(team.team_id)))
    .map((team) => {
      const rosterId = String(team.team_id);
      const entries = (team.roster?.players ?? [])
        .flatMap((player) => mapEntry(sport, player) ?? [])
        .map((entry, index) => ({ entry, index }))
        .sort(
          (a, b) =>
            GROUP_ORDER[slotGroup(a.entry.slot)] - GROUP_ORDER[slotGroup(b.entry.slot)] ||
            a.index - b.index,
        )
        .map(({ entry }) => entry);
      const score = matchups
        .filter((matchup) => matchup.period === period)
        .flatMap((matchup) => matchup.sides)
        .find((side) => side.rosterId === rosterId)?.score;
      const projection = projected.get(`${period}:${rosterId}`);
      return {
        period,
        rosterId,
        ...(score === undefined ? {} : { points: score }),
        ...(projection === undefined ? {} : { projectedPoints: projection }),
        entries,
      };
    })
    .sort((a, b) => Number(a.rosterId) - Number(b.rosterId));
}

/** The scoreboard's team projections by "week:team". */
export function projectedPoints(matchups: readonly YahooMatchup[]): Map<string, number> {
  const projected = new Map<string, number>();
  for (const matchup of matchups) {
    for (const team of matchup.teams) {
      const total = numberOf(team.team_projected_points?.total);
      if (total !== undefined) projected.set(`${Number(matchup.week)}:${team.team_id}`, total);
    }
  }
  return projected;
}

/** The slot of every rostered player now (a player on two teams stays with the first). */
export function mapCurrentLineup(
  teams: ReadonlyArray<{ team_id: string | number; roster?: { players?: YahooPlayer[] } }>,
  sport: Sport,
): CurrentSlotRecord[] {
  const placed = new Set<string>();
  return teams.flatMap((team) =>
    (team.roster?.players ?? []).flatMap((player) => {
      const entry = mapEntry(sport, player);
      if (entry === undefined || placed.has(entry.playerId)) return [];
      placed.add(entry.playerId);
      const { playerId, slot, platformSlot } = entry;
      return [{ rosterId: String(team.team_id), playerId, slot, platformSlot }];
    }),
  );
}

/** A player's injury from his status; undefined for a player Yahoo gives no status. */
export function injuryOf(player: YahooPlayer): Omit<InjuryRecord, 'playerId'> | undefined {
  const designation = text(player.status);
  if (designation === undefined) return undefined;
  const note = text(player.injury_note);
  return {
    status: injuryStatusOf(designation),
    designation,
    ...(note === undefined ? {} : { note }),
  };
}

/** Every player with a status among these, once (the first naming wins), by player id. */
export function mapInjuries(players: readonly YahooPlayer[]): InjuryRecord[] {
  const injuries = new Map<string, InjuryRecord>();
  for (const player of players) {
    const playerId = idOfKey(player.player_key);
    const injury = injuryOf(player);
    if (injury !== undefined && !injuries.has(playerId))
      injuries.set(playerId, { playerId, ...injury });
  }
  return [...injuries.values()].sort((a, b) => Number(a.playerId) - Number(b.playerId));
}

/**
 * The seasons Yahoo links to this one: `renew` names the league this one was renewed from (the
 * previous season's), `renewed` the one it was renewed into (the next season's), each as
 * "{game key}_{league id}".
 */
export function mapHistory(league: YahooLeagueWeeks): LeagueSeasonRecord[] {
  const season = Number(league.season);
  const keyOf = (link: string | undefined): string | undefined => {
    const match = /^(\d+)_(\d+)$/.exec(link ?? '');
    return match ? `${match[1]}.l.${match[2]}` : undefined;
  };
  const previous = keyOf(text(league.renew));
  const next = keyOf(text(league.renewed));
  return [
    ...(previous === undefined ? [] : [{ season: season - 1, platformLeagueKey: previous }]),
    { season, platformLeagueKey: league.league_key },
    ...(next === undefined ? [] : [{ season: season + 1, platformLeagueKey: next }]),
  ];
}

// Who stood where: the lineups of a league's matchup periods (one box score per period), the
// current lineup (mRoster's slots) and the injured players the league's bodies name. Pure.
//
// A lineup's period is ESPN's matchup period, the number the connector's matchups carry. A
// matchup period may span several scoring periods (basketball and baseball: the days of a
// matchup week; football: a playoff round of two weeks). Its lineup is then the one ESPN holds
// on the period's last scoring period (on the league's current one, for the period under way),
// and each player's points are those he scored for the team over the whole matchup period
// (rosterForMatchupPeriod); over a single scoring period they are his points there, bench
// included, with his projection.
import type { Sport } from '../../domain/catalog.ts';
import { slotGroup } from '../../domain/game.ts';
import type {
  CurrentSlotRecord,
  InjuryRecord,
  LineupEntryRecord,
  SlotGroup,
  TeamLineupRecord,
} from '../../domain/game.ts';
import type { MatchupRecord } from '../../domain/league-data.ts';
import type { RosterEntryRecord } from '../../domain/records.ts';
import type { EspnBoxEntry, EspnBoxScore, EspnBoxSide } from './game-schemas.ts';
import { compareIds } from './mapping.ts';
import type { EspnLeague } from './schemas.ts';
import { injuryOf, slotOf } from './slots.ts';

/** One box score to ask for: a matchup period, read on its last scoring period. */
export interface LineupPeriod {
  period: number;
  scoringPeriod: number;
  /** How many scoring periods the matchup period spans (so far). */
  span: number;
}

/**
 * The matchup periods from the first to the league's current one that have head-to-head
 * matchups (rotisserie leagues have none to number a lineup by), minus those the store holds
 * as final. The scoring periods come from the schedule's pointsByScoringPeriod, else (football,
 * whose matchup periods list weeks) from scheduleSettings.matchupPeriods; a period with neither
 * has not been played and is left out.
 */
export function lineupPeriods(
  league: EspnLeague,
  sport: Sport,
  final: ReadonlySet<number>,
): LineupPeriod[] {
  const current = league.status?.currentMatchupPeriod ?? 0;
  const now = league.scoringPeriodId ?? undefined;
  const spans = new Map<number, Set<number>>();
  for (const entry of league.schedule ?? []) {
    const period = entry.matchupPeriodId;
    if (!entry.home || period > current || final.has(period)) continue;
    const days = spans.get(period) ?? new Set<number>();
    for (const side of [entry.home, entry.away]) {
      for (const key of Object.keys(side?.pointsByScoringPeriod ?? {})) {
        if (/^\d+$/.test(key)) days.add(Number(key));
      }
    }
    spans.set(period, days);
  }
  const listed = league.settings?.scheduleSettings?.matchupPeriods ?? {};
  const found: LineupPeriod[] = [];
  for (const [period, days] of [...spans].sort(([a], [b]) => a - b)) {
    if (days.size === 0 && sport === 'football') {
      for (const week of listed[String(period)] ?? []) days.add(week);
    }
    const played = [...days].filter((day) => now === undefined || day <= now);
    if (played.length === 0) continue;
    found.push({ period, scoringPeriod: Math.max(...played), span: played.length });
  }
  return found;
}

const GROUP_ORDER: Readonly<Record<SlotGroup, number>> = {
  starter: 0,
  bench: 1,
  reserve: 2,
  taxi: 3,
};

/**
 * Every team's lineup in one box score. The team's total is its matchup score (the connector's
 * MatchupRecord side), so the two never disagree; a team the league does not list, or a side
 * ESPN sent without its lineup, is left out.
 */
export function mapLineups(
  box: EspnBoxScore,
  sport: Sport,
  asked: LineupPeriod,
  matchups: readonly MatchupRecord[],
): TeamLineupRecord[] {
  const scores = new Map<string, number | undefined>();
  for (const matchup of matchups) {
    if (matchup.period !== asked.period) continue;
    for (const side of matchup.sides) scores.set(side.rosterId, side.score);
  }
  const lineups: TeamLineupRecord[] = [];
  for (const entry of box.schedule ?? []) {
    if (entry.matchupPeriodId !== asked.period) continue;
    for (const side of [entry.home, entry.away]) {
      const rosterId = side ? String(side.teamId) : undefined;
      if (!side || rosterId === undefined || !scores.has(rosterId)) continue;
      const lineup = side.rosterForCurrentScoringPeriod;
      if (!lineup) continue;
      const score = scores.get(rosterId);
      lineups.push({
        period: asked.period,
        rosterId,
        ...(score !== undefined ? { points: score } : {}),
        entries: mapEntries(lineup.entries, side, sport, asked),
      });
    }
  }
  return lineups.sort((a, b) => compareIds(a.rosterId, b.rosterId));
}

function mapEntries(
  entries: readonly EspnBoxEntry[],
  side: EspnBoxSide,
  sport: Sport,
  asked: LineupPeriod,
): LineupEntryRecord[] {
  const counted = new Map<number, number | undefined>(
    (side.rosterForMatchupPeriod?.entries ?? []).map((entry) => [
      entry.playerId,
      entry.playerPoolEntry?.appliedStatTotal ?? undefined,
    ]),
  );
  const mapped = entries.map((entry): LineupEntryRecord => {
    const slot = slotOf(sport, entry.lineupSlotId);
    const pool = entry.playerPoolEntry ?? undefined;
    const points =
      asked.span === 1 ? (pool?.appliedStatTotal ?? undefined) : counted.get(entry.playerId);
    const projected =
      asked.span === 1
        ? pool?.player?.stats?.find(
            (line) => line.statSourceId === 1 && line.scoringPeriodId === asked.scoringPeriod,
          )?.appliedTotal
        : undefined;
    return {
      playerId: String(entry.playerId),
      slot: slot.slot,
      platformSlot: slot.label,
      ...(points != null ? { points } : {}),
      ...(projected != null ? { projectedPoints: projected } : {}),
    };
  });
  const rank = (entry: LineupEntryRecord) => GROUP_ORDER[slotGroup(entry.slot)];
  return mapped
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => rank(a.entry) - rank(b.entry) || a.index - b.index)
    .map(({ entry }) => entry);
}

/** The slot of every rostered player now (mRoster's lineupSlotId), as rosterEntries list them. */
export function mapCurrentLineup(
  league: EspnLeague,
  sport: Sport,
  rostered: readonly RosterEntryRecord[],
): CurrentSlotRecord[] {
  const slots = new Map<string, number>();
  for (const team of league.teams ?? []) {
    for (const entry of team.roster?.entries ?? []) {
      const id = entry.lineupSlotId ?? undefined;
      if (id !== undefined) slots.set(`${team.id}/${entry.playerId}`, id);
    }
  }
  return rostered.flatMap(({ rosterId, playerId }) => {
    const id = slots.get(`${rosterId}/${playerId}`);
    if (id === undefined) return [];
    const slot = slotOf(sport, id);
    return [{ rosterId, playerId, slot: slot.slot, platformSlot: slot.label }];
  });
}

interface InjuredPlayer {
  playerId: number;
  player?: { injuryStatus?: string | null | undefined } | null | undefined;
}

/**
 * Every player of the rosters and box scores whose injuryStatus is not healthy, the rosters
 * first (the box scores name the same current status). ESPN gives no note (body part) here.
 */
export function mapInjuries(league: EspnLeague, boxes: readonly EspnBoxScore[]): InjuryRecord[] {
  const players: InjuredPlayer[] = [];
  for (const team of league.teams ?? []) {
    for (const entry of team.roster?.entries ?? []) {
      players.push({ playerId: entry.playerId, player: entry.playerPoolEntry?.player });
    }
  }
  for (const box of boxes) {
    for (const matchup of box.schedule ?? []) {
      for (const side of [matchup.home, matchup.away]) {
        for (const entry of side?.rosterForCurrentScoringPeriod?.entries ?? []) {
          players.push({ playerId: entry.playerId, player: entry.playerPoolEntry?.player });
        }
      }
    }
  }
  const seen = new Set<string>();
  const found: InjuryRecord[] = [];
  for (const { playerId, player } of players) {
    const id = String(playerId);
    if (seen.has(id)) continue;
    seen.add(id);
    const designation = player?.injuryStatus?.trim();
    const status = injuryOf(designation);
    if (status && designation) found.push({ playerId: id, status, designation });
  }
  return found.sort((a, b) => compareIds(a.playerId, b.playerId));
}

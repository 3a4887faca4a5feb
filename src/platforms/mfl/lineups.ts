// A league's lineups, current lineup, injuries and seasons from MFL's exports. Pure: no I/O.
// MFL puts a starter in no slot (a week's result says "starter" or "nonstarter", its lineup rules
// count positions, not places): a starter is OTHER with MFL's word "starter" beside, until
// placeStarters puts him in the league's slots by his position in the pool.
import type {
  CurrentSlotRecord,
  InjuryRecord,
  LeagueSeasonRecord,
  LineupEntryRecord,
  LineupSlot,
  RosterSlotRecord,
  TeamLineupRecord,
} from '../../domain/game.ts';
import { injuryStatus, slotOfPoolPosition } from './game-tables.ts';
import type {
  MflInjury,
  MflResultFranchise,
  MflResultPlayer,
  MflWeekResults,
} from './game-schemas.ts';
import { compareIds, mapHistory } from './mapping.ts';
import { asList } from './schemas.ts';
import type { MflLeague, MflRosterFranchise } from './schemas.ts';
import { mflNumber } from './team-details.ts';

/** The franchises of a week's result, each once (a franchise alone is listed against itself). */
function resultFranchises(results: MflWeekResults): MflResultFranchise[] {
  const all = [
    ...asList(results.matchup).flatMap((game) => asList(game.franchise)),
    ...asList(results.franchise),
  ];
  const seen = new Set<string>();
  return all.filter((franchise) => !seen.has(franchise.id) && seen.add(franchise.id));
}

function slotOf(player: MflResultPlayer): { slot: LineupSlot; platformSlot: string } {
  const status = player.status.trim();
  return status.toLowerCase() === 'starter'
    ? { slot: 'OTHER', platformSlot: status }
    : { slot: 'BN', platformSlot: status };
}

/**
 * Every team's lineup of one week: its players in MFL's order, starters first, each with his
 * score; the team's `score` as MFL gives it (the schedule's score of the same week). Franchises the
 * league does not list are left out, as in the matchups.
 */
export function mapWeekLineups(
  results: MflWeekResults,
  period: number,
  teamIds: ReadonlySet<string>,
): TeamLineupRecord[] {
  return resultFranchises(results)
    .filter((franchise) => teamIds.has(franchise.id))
    .sort((a, b) => compareIds(a.id, b.id))
    .map((franchise) => {
      const players = asList(franchise.player);
      const starter = (player: MflResultPlayer) => slotOf(player).slot !== 'BN';
      const ordered = [...players.filter(starter), ...players.filter((p) => !starter(p))];
      const seen = new Set<string>();
      const entries: LineupEntryRecord[] = ordered
        .filter((player) => !seen.has(player.id) && seen.add(player.id))
        .map((player) => {
          const points = mflNumber(player.score);
          return {
            playerId: player.id,
            ...slotOf(player),
            ...(points === undefined ? {} : { points }),
          };
        });
      const points = mflNumber(franchise.score);
      return {
        period,
        rosterId: franchise.id,
        ...(points === undefined ? {} : { points }),
        entries,
      };
    });
}

/**
 * Where every rostered player stands now: injured reserve and taxi squad as the rosters say, the
 * rest starting or not as the current week's result says (a player it does not name: the bench,
 * with the rosters' word ROSTER kept).
 */
export function mapCurrentLineup(
  rosters: readonly MflRosterFranchise[],
  currentWeek: MflWeekResults,
): CurrentSlotRecord[] {
  const inWeek = new Map<string, MflResultPlayer>();
  for (const franchise of resultFranchises(currentWeek)) {
    for (const player of asList(franchise.player))
      inWeek.set(`${franchise.id}/${player.id}`, player);
  }
  const seen = new Set<string>();
  const slots: CurrentSlotRecord[] = [];
  for (const roster of [...rosters].sort((a, b) => compareIds(a.id, b.id))) {
    const players = [...asList(roster.player)].sort((a, b) => compareIds(a.id, b.id));
    for (const player of players) {
      // As the roster entries: a player listed on two franchises stays on the lower id.
      if (seen.has(player.id)) continue;
      seen.add(player.id);
      const status = player.status?.trim() ?? '';
      const result = inWeek.get(`${roster.id}/${player.id}`);
      const place =
        status === 'INJURED_RESERVE'
          ? { slot: 'IR' as const, platformSlot: status }
          : status === 'TAXI_SQUAD'
            ? { slot: 'TAXI' as const, platformSlot: status }
            : result
              ? slotOf(result)
              : { slot: 'BN' as const, platformSlot: status || 'ROSTER' };
      slots.push({ rosterId: roster.id, playerId: player.id, ...place });
    }
  }
  return slots;
}

/** The injury report: every player it names, in id order, his status as MFL words it kept. */
export function mapInjuries(injuries: readonly MflInjury[]): InjuryRecord[] {
  const seen = new Set<string>();
  return [...injuries]
    .sort((a, b) => compareIds(a.id, b.id))
    .filter((injury) => !seen.has(injury.id) && seen.add(injury.id))
    .map((injury) => {
      const designation = injury.status.trim();
      const note = injury.details?.trim();
      return {
        playerId: injury.id,
        status: injuryStatus(designation),
        designation,
        ...(note ? { note } : {}),
      };
    });
}

/** The league's seasons as its history links them, this one included, oldest first. */
export function mapSeasons(league: MflLeague, key: string, season: number): LeagueSeasonRecord[] {
  const bySeason = new Map<number, string>([[season, key]]);
  for (const ref of mapHistory(league)) {
    if (!bySeason.has(ref.season)) bySeason.set(ref.season, ref.platformLeagueKey);
  }
  return [...bySeason]
    .sort(([a], [b]) => a - b)
    .map(([year, platformLeagueKey]) => ({ season: year, platformLeagueKey }));
}

interface Placed {
  rosterId?: string;
  playerId: string;
  slot: LineupSlot;
  platformSlot: string;
}

/**
 * One team's starters put in the league's starter slots (mapRosterSlots) by their positions in the
 * pool: the position's own slot while it has room, then a flex slot that takes the position. A
 * starter whose position the pool lacks, or that no slot has room for, stays OTHER ("starter"):
 * a place is never guessed.
 */
export function placeStarters<T extends Placed>(
  entries: readonly T[],
  slots: readonly RosterSlotRecord[],
  positions: ReadonlyMap<string, string>,
): T[] {
  const room = new Map<RosterSlotRecord, number>(slots.map((slot) => [slot, slot.count]));
  const take = (fits: (slot: RosterSlotRecord) => boolean): RosterSlotRecord | undefined => {
    const slot = slots.find((s) => fits(s) && (room.get(s) ?? 0) > 0);
    if (slot) room.set(slot, (room.get(slot) ?? 0) - 1);
    return slot;
  };
  const isStarter = (entry: T) => entry.slot === 'OTHER' && entry.platformSlot === 'starter';
  const placed = new Map<T, RosterSlotRecord>();
  // Own positions first, so a flex slot is not spent on a player his position's slot takes.
  for (const entry of entries.filter(isStarter)) {
    const position = positions.get(entry.playerId);
    const own = position === undefined ? undefined : slotOfPoolPosition(position);
    const slot = own && take((s) => s.slot === own && s.eligiblePositions === undefined);
    if (slot) placed.set(entry, slot);
  }
  for (const entry of entries.filter((e) => isStarter(e) && !placed.has(e))) {
    const position = positions.get(entry.playerId);
    const slot = position && take((s) => s.eligiblePositions?.includes(position) === true);
    if (slot) placed.set(entry, slot);
  }
  return entries.map((entry) => {
    const slot = placed.get(entry);
    return slot ? { ...entry, slot: slot.slot, platformSlot: slot.platformSlot } : entry;
  });
}

// The demo's live week (DEMO_LIVE=1): the demo's current week (DEMO_TODAY's, in the seasons under
// way then) plays on the real clock. Every tick (LIVE_TICK_MS) each starter's points move towards
// a seeded final, a game day lasting LIVE_CYCLE_MS, then the next day starts from the stored
// scores again; every few ticks some teams swap a starter with a bench player of the same
// position. Everything follows from the seed and the clock, so a test with a clock of its own
// sees exactly the same scores as a person watching.
import type { Sport } from '../../domain/catalog.ts';
import { slotGroup } from '../../domain/game.ts';
import type { LineupEntryRecord, TeamLineupRecord } from '../../domain/game.ts';
import type { LeagueSnapshot, PlayerPoolSnapshot } from '../../domain/records.ts';
import type { LivePeriodSnapshot, LiveState } from '../live.ts';
import { currentPeriod, isUnderWay, seasonCalendar } from './calendar.ts';
import { rngFor } from './random.ts';

/** How often the scores move. */
export const LIVE_TICK_MS = 5_000;
/** One game day: the scores run from the stored ones to their finals, then start again. */
export const LIVE_CYCLE_MS = 30 * 60_000;
/** Every this many ticks, lineups change. */
const LINEUP_TICKS = 6;

export function demoLiveState(sport: Sport, season: number): LiveState {
  const calendar = seasonCalendar(sport, season);
  return { period: currentPeriod(calendar), live: isUnderWay(calendar), gamesNow: true };
}

const round2 = (value: number): number => Math.round(value * 100) / 100;

/** What a starter adds over a whole game day: seeded per league, period and player. */
function gain(seed: number, league: LeagueSnapshot, period: number, playerId: string): number {
  const rng = rngFor(seed, `live:${league.platformLeagueKey}:${period}:${playerId}`);
  return rng.int(0, 300) / 10;
}

/** Swaps, for some teams, a starter with a bench player of the same position. */
function reshuffle(
  entries: LineupEntryRecord[],
  positions: ReadonlyMap<string, string | undefined>,
  flip: boolean,
): LineupEntryRecord[] {
  if (!flip) return entries;
  const out = entries.map((e) => ({ ...e }));
  for (const bench of out.filter((e) => slotGroup(e.slot) === 'bench')) {
    const position = positions.get(bench.playerId);
    if (position === undefined) continue;
    const starter = out.find(
      (e) => slotGroup(e.slot) === 'starter' && positions.get(e.playerId) === position,
    );
    if (starter === undefined) continue;
    [starter.playerId, bench.playerId] = [bench.playerId, starter.playerId];
    [starter.points, bench.points] = [bench.points, starter.points];
    return out;
  }
  return out;
}

/**
 * The period's lineups as generated, or, for a week not started on DEMO_TODAY (generated with
 * none), the current lineup with no points yet: the live week starts from it.
 */
function periodLineups(league: LeagueSnapshot, period: number): TeamLineupRecord[] {
  const stored = (league.game?.lineups ?? []).filter((lineup) => lineup.period === period);
  if (stored.length > 0) return stored;
  const byTeam = new Map<string, LineupEntryRecord[]>();
  for (const slot of league.game?.currentLineup ?? []) {
    const entries = byTeam.get(slot.rosterId) ?? [];
    entries.push({ playerId: slot.playerId, slot: slot.slot, platformSlot: slot.platformSlot });
    byTeam.set(slot.rosterId, entries);
  }
  const order = (entry: LineupEntryRecord): number => (slotGroup(entry.slot) === 'starter' ? 0 : 1);
  return [...byTeam].map(([rosterId, entries]) => ({
    period,
    rosterId,
    entries: entries.sort((a, b) => order(a) - order(b)),
  }));
}

/** The league's period as it stands at `now` in the live week. */
export function demoLivePeriod(
  seed: number,
  league: LeagueSnapshot,
  pool: PlayerPoolSnapshot | undefined,
  period: number,
  now: number,
): LivePeriodSnapshot {
  const tick = Math.floor(now / LIVE_TICK_MS);
  const ticksPerCycle = LIVE_CYCLE_MS / LIVE_TICK_MS;
  const share = (tick % ticksPerCycle) / ticksPerCycle;
  const positions = new Map(pool?.players.map((p) => [p.playerId, p.position]) ?? []);
  const lineups: TeamLineupRecord[] = periodLineups(league, period).map((lineup, index) => {
    // Each team reshuffles in its own ticks, back and forth.
    const flip = Math.floor((tick + index) / LINEUP_TICKS) % 2 === 1;
    const entries = reshuffle(lineup.entries, positions, flip).map((entry) => {
      if (slotGroup(entry.slot) !== 'starter') return entry;
      const points = round2(
        (entry.points ?? 0) + gain(seed, league, period, entry.playerId) * share,
      );
      return { ...entry, points };
    });
    const points = round2(
      entries
        .filter((e) => slotGroup(e.slot) === 'starter')
        .reduce((sum, e) => sum + (e.points ?? 0), 0),
    );
    return { ...lineup, entries, points };
  });
  const totals = new Map(lineups.map((l) => [l.rosterId, l.points]));
  const matchups = (league.activity?.matchups ?? [])
    .filter((m) => m.period === period)
    .map((m) => ({
      ...m,
      status: 'in_progress' as const,
      sides: m.sides.map((side) => {
        const score = totals.get(side.rosterId);
        return score === undefined ? side : { ...side, score };
      }),
    }))
    .map(({ winnerRosterId: _winner, ...m }) => m);
  return { period, matchups, lineups };
}

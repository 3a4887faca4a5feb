// One demo team's lineup in one period: who a manager starts (the best projected healthy player
// for each slot), who sits, who is on injured reserve or the taxi squad; and the points, the
// matchup's score split over the starters so the lineup adds up to it exactly.
import { slotGroup } from '../../domain/game.ts';
import type { LineupEntryRecord, LineupSlot, TeamLineupRecord } from '../../domain/game.ts';
import type { SeasonForm } from './form.ts';
import { gaussian } from './form.ts';
import type { Rng } from './random.ts';
import type { SlotSpec } from './rules.ts';

export interface Placement {
  playerId: string;
  slot: LineupSlot;
}

export interface LineupContext {
  slots: readonly SlotSpec[];
  positions: ReadonlyMap<string, string>;
  form: SeasonForm;
  period: number;
}

/** Starters in slot order, then the bench, injured reserve and the taxi squad. */
export function arrangeLineup(roster: readonly string[], context: LineupContext): Placement[] {
  const { form, period, positions } = context;
  const countOf = (slot: LineupSlot): number =>
    context.slots.find((s) => s.slot === slot)?.count ?? 0;
  // Best projected first; the player id breaks ties so the order never depends on the roster's.
  const players = roster
    .map((id) => {
      const injury = form.injury(id, period);
      return {
        id,
        projection: form.projection(id, period),
        position: positions.get(id) ?? '',
        sits: injury?.spec.sits === true,
        reserve: injury?.spec.reserve === true,
        young: form.of(id).young,
        placed: false,
      };
    })
    .sort((a, b) => b.projection - a.projection || a.id.localeCompare(b.id));

  const reserve = players.filter((p) => p.reserve).slice(0, countOf('IR'));
  for (const p of reserve) p.placed = true;

  const starters: Placement[] = [];
  for (const spec of context.slots) {
    if (spec.positions === undefined) continue;
    const eligible = spec.positions;
    for (let n = 0; n < spec.count; n++) {
      // A healthy player if there is one; else an injured one rather than an empty slot.
      let chosen: (typeof players)[number] | undefined;
      let injured: (typeof players)[number] | undefined;
      for (const p of players) {
        if (p.placed || !eligible.includes(p.position)) continue;
        if (!p.sits) {
          chosen = p;
          break;
        }
        injured ??= p;
      }
      chosen ??= injured;
      if (chosen === undefined) continue;
      chosen.placed = true;
      starters.push({ playerId: chosen.id, slot: spec.slot });
    }
  }

  // The least promising young players wait on the taxi squad, where the league has one.
  const rest = players.filter((p) => !p.placed);
  const taxi = new Set(
    rest
      .filter((p) => p.young)
      .reverse()
      .slice(0, countOf('TAXI')),
  );
  const bench = rest.filter((p) => !taxi.has(p));
  const placed = (group: Iterable<{ id: string }>, slot: LineupSlot): Placement[] =>
    [...group].map((p) => ({ playerId: p.id, slot }));
  return [
    ...starters,
    ...placed(bench, 'BN'),
    ...placed(reserve, 'IR'),
    ...placed([...taxi].reverse(), 'TAXI'),
  ];
}

export interface ScoredLineupOptions {
  rosterId: string;
  /** The team's score in the matchup, in hundredths (a multiple of `step`). */
  total: number;
  /** The step points are given in, in hundredths. */
  step: number;
  /** How much of the period has been played (bench points grow with it, as the score did). */
  played: number;
}

/** The team's lineup with points: the starters' add up to `total`; the bench's are their own. */
export function scoredLineup(
  placements: readonly Placement[],
  context: LineupContext,
  options: ScoredLineupOptions,
  rng: Rng,
): TeamLineupRecord {
  const { form, period } = context;
  const plays = (p: Placement): boolean =>
    p.slot !== 'IR' && form.injury(p.playerId, period)?.spec.sits !== true;
  // Every player's draw is taken, played or not, so one player's outcome never shifts another's.
  const draws = placements.map(
    (p) => form.projection(p.playerId, period) * Math.exp(0.45 * gaussian(rng)),
  );
  const starting = placements.map((p) => slotGroup(p.slot) === 'starter');
  let weights = placements.map((p, i) => (starting[i] && plays(p) ? (draws[i] ?? 0) : 0));
  // Every starter out (it takes a very bad week): the score is still theirs, shared alike.
  if (weights.every((w) => w === 0)) weights = starting.map((s) => (s ? 1 : 0));
  const shares = split(options.total / options.step, weights);
  let projectedTotal = 0;
  const entries = placements.map((p, i): LineupEntryRecord => {
    // A player who will not play is projected for nothing, as platforms show an injured one.
    const projection = plays(p) ? form.projection(p.playerId, period) : 0;
    if (starting[i]) projectedTotal += projection;
    let points = 0;
    if (starting[i]) points = (shares[i] ?? 0) * options.step;
    else if (plays(p))
      points = Math.round(((draws[i] ?? 0) * options.played) / options.step) * options.step;
    return {
      playerId: p.playerId,
      slot: p.slot,
      platformSlot: p.slot,
      points: points / 100,
      projectedPoints: projection / 100,
    };
  });
  return {
    period,
    rosterId: options.rosterId,
    points: options.total / 100,
    projectedPoints: projectedTotal / 100,
    entries,
  };
}

/**
 * Splits `units` whole units by weight, the largest remainders rounded up, so the parts add up
 * exactly. With no weight at all (a lineup with no starter), the first part takes everything.
 */
export function split(units: number, weights: readonly number[]): number[] {
  const total = weights.reduce((sum, w) => sum + w, 0);
  if (total <= 0) return weights.map((_, i) => (i === 0 ? units : 0));
  const exact = weights.map((w) => (units * w) / total);
  const parts = exact.map(Math.floor);
  let left = units - parts.reduce((sum, p) => sum + p, 0);
  const order = exact
    .map((x, i) => ({ i, fraction: x - Math.floor(x) }))
    .sort((a, b) => b.fraction - a.fraction || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    parts[i] = (parts[i] ?? 0) + 1;
    left--;
  }
  return parts;
}

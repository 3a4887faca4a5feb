// A small seeded PRNG so the demo data is the same on every machine and every run: no
// Math.random anywhere in the demo platform.

export interface Rng {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(probability: number): boolean;
}

/** mulberry32: 32 bits of state, fast, and plenty for generated test data (not for secrets). */
export function createRng(seed: number): Rng {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => {
      if (items.length === 0) throw new RangeError('cannot pick from an empty list');
      return items[Math.floor(next() * items.length)] as (typeof items)[number];
    },
    chance: (probability) => next() < probability,
  };
}

/**
 * A generator for one named part of the data (a pool, a league), derived from the main seed, so
 * that each part stays the same when other parts are added, removed or generated in another order.
 */
export function rngFor(seed: number, label: string): Rng {
  // FNV-1a over the label, mixed with the seed.
  let hash = (0x811c9dc5 ^ Math.imul(seed >>> 0, 0x9e3779b1)) >>> 0;
  for (let i = 0; i < label.length; i++) {
    hash = Math.imul(hash ^ label.charCodeAt(i), 0x01000193) >>> 0;
  }
  return createRng(hash);
}

/** Moves a uniform random choice of `count` items to the front of `items` (partial Fisher-Yates). */
export function shuffleFront<T>(items: T[], count: number, rng: Rng): void {
  const limit = Math.min(count, items.length);
  for (let i = 0; i < limit; i++) {
    const j = rng.int(i, items.length - 1);
    const chosen = items[j] as T;
    items[j] = items[i] as T;
    items[i] = chosen;
  }
}

// The fixed vocabularies of the API: sports, platforms and products. Seasons are the operator's
// choice (domain/seasons.ts, SUPPORTED_SEASONS).

export const SPORTS = ['baseball', 'football', 'basketball'] as const;
export type Sport = (typeof SPORTS)[number];

/**
 * How a platform keeps its players: one universe for every season of a sport, or a list per
 * season (with that season's teams and positions). See domain/pools.ts.
 */
export type PoolKind = 'universe' | 'seasonal';

/** What the store and the API must know of a platform; the rest is its module (src/platforms). */
export interface PlatformFacts {
  pools: PoolKind;
  /** Whether its player ids are an id system other platforms' dumps name (domain/crossref.ts). */
  idSystem: boolean;
}

/**
 * The platforms, in the order the API lists them. Each has its module in
 * src/platforms/<id>/module.ts, gathered by src/platforms/registry.ts, which the compiler holds to
 * this list. The store (pools, cross-references) reads these facts and may only use domain.
 */
export const PLATFORM_FACTS = {
  sleeper: { pools: 'universe', idSystem: true },
  espn: { pools: 'seasonal', idSystem: true },
  yahoo: { pools: 'seasonal', idSystem: true },
  mfl: { pools: 'seasonal', idSystem: true },
  fleaflicker: { pools: 'universe', idSystem: true },
  fantrax: { pools: 'universe', idSystem: true },
  demo: { pools: 'universe', idSystem: false },
} as const satisfies Record<string, PlatformFacts>;
export type Platform = keyof typeof PLATFORM_FACTS;
export const PLATFORMS = Object.freeze(Object.keys(PLATFORM_FACTS)) as readonly Platform[];

export const PRODUCTS = [
  'league',
  'roster',
  'player',
  'team',
  'transaction',
  'user',
  'meta',
] as const;
export type Product = (typeof PRODUCTS)[number];

export function isSport(value: string): value is Sport {
  return (SPORTS as readonly string[]).includes(value);
}

export function isPlatform(value: string): value is Platform {
  return (PLATFORMS as readonly string[]).includes(value);
}

export function isProduct(value: string): value is Product {
  return (PRODUCTS as readonly string[]).includes(value);
}

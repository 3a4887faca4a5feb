// The fixed vocabularies of the API: sports, platforms and products. Seasons are the operator's
// choice (domain/seasons.ts, SUPPORTED_SEASONS).

export const SPORTS = ['baseball', 'football', 'basketball'] as const;
export type Sport = (typeof SPORTS)[number];

export const PLATFORMS = ['sleeper', 'espn', 'yahoo', 'mfl', 'fleaflicker', 'demo'] as const;
export type Platform = (typeof PLATFORMS)[number];

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

// Cross-platform player ids. Some platforms' player dumps say which id other systems give the same
// person (MFL's DETAILS=1 list, Sleeper's dump, Fleaflicker's listing): ESPN's, Yahoo's,
// Fleaflicker's, and ids of data providers (Sportradar, NFL GSIS, Rotowire...) that several
// platforms carry. Two records sharing any such id are one person, which ties platforms that never
// name each other directly (Sleeper names ESPN and Sportradar; MFL and Fleaflicker name
// Sportradar: so MFL, Fleaflicker and ESPN meet through Sleeper).
import { PLATFORMS, PLATFORM_FACTS } from './catalog.ts';
import type { Platform } from './catalog.ts';
import type { PlayerExternalId } from './records.ts';

/** The service's platforms whose player ids are also an id system (demo's are not). */
export type IdPlatform = {
  [P in Platform]: (typeof PLATFORM_FACTS)[P]['idSystem'] extends true ? P : never;
}[Platform];
export const ID_PLATFORMS: readonly IdPlatform[] = PLATFORMS.filter(
  (platform): platform is IdPlatform => PLATFORM_FACTS[platform].idSystem,
);

/**
 * Every id system recorded. Only ids whose meaning is the same on every platform that gives them
 * are kept: a field two platforms fill with different things would tie strangers together.
 */
const PROVIDER_ID_TYPES = [
  'sportradar',
  'gsis',
  'rotowire',
  'rotoworld',
  'stats',
  'stats_global',
  'cbs',
  'fantasy_data',
  'nfl',
] as const;
export type ExternalIdType = IdPlatform | (typeof PROVIDER_ID_TYPES)[number];
export const EXTERNAL_ID_TYPES: readonly ExternalIdType[] = [...ID_PLATFORMS, ...PROVIDER_ID_TYPES];

export function isExternalIdType(value: string): value is ExternalIdType {
  return (EXTERNAL_ID_TYPES as readonly string[]).includes(value);
}

export function isIdPlatform(value: string): value is IdPlatform {
  return (ID_PLATFORMS as readonly string[]).includes(value);
}

/**
 * An id as dumps give it (a string or a number), trimmed; undefined for nothing, "" and "0", which
 * dumps use for "no id" (MFL's stats_global_id of team units is "0").
 */
export function externalIdText(value: unknown): string | undefined {
  if (typeof value === 'number') {
    return Number.isSafeInteger(value) && value > 0 ? String(value) : undefined;
  }
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  return text === '' || /^0+$/.test(text) ? undefined : text;
}

/**
 * The ids a platform's player record gives in other systems: `fields` names, for each of the
 * record's fields that holds one, the system it belongs to.
 */
export function externalIdsOf<R extends object>(
  record: R,
  playerId: string,
  fields: Partial<Record<keyof R, ExternalIdType>>,
): PlayerExternalId[] {
  return Object.entries(fields).flatMap(([field, idType]) => {
    const externalId = externalIdText(record[field as keyof R]);
    return externalId === undefined
      ? []
      : [{ playerId, idType: idType as ExternalIdType, externalId }];
  });
}

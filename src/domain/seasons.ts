// Which seasons the service syncs and serves. The specification fixes them at 2017-2021; an
// operator may widen or narrow the range with SUPPORTED_SEASONS (src/config.ts), and everything
// that speaks of seasons (the season filter, the OpenAPI enum, the sync scope) takes that list.

/** The specification's seasons, by start year: what SUPPORTED_SEASONS defaults to. */
export const CONTRACT_SEASONS = { first: 2017, last: 2021 } as const;

/** Every season from `first` to `last`, ascending. */
export function seasonsBetween(first: number, last: number): number[] {
  const seasons: number[] = [];
  for (let season = first; season <= last; season++) seasons.push(season);
  return seasons;
}

/** "2017-2021" for a contiguous ascending list, else the years joined by commas. */
export function describeSeasons(seasons: readonly number[]): string {
  const first = seasons[0];
  const last = seasons[seasons.length - 1];
  if (first === undefined || last === undefined) return 'none';
  const contiguous = seasons.every((season, i) => season === first + i);
  if (!contiguous) return seasons.join(', ');
  return first === last ? String(first) : `${first}-${last}`;
}

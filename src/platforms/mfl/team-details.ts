// A franchise's details beside its name: its manager, abbreviation, logo and division from
// TYPE=league, its record, points and standing from TYPE=leagueStandings. Pure: no I/O.
import type { TeamDetails, TeamManagerRecord } from '../../domain/league-data.ts';
import type { FantasyTeamRecord } from '../../domain/records.ts';
import { asList } from './schemas.ts';
import type { MflFranchise, MflLeague } from './schemas.ts';
import type { MflStanding } from './league-data-schemas.ts';

/** A number of MFL's text ("1650.5", "$1,002.50"); undefined when absent or not a number. */
export function mflNumber(text: string | undefined): number | undefined {
  const cleaned = text?.replace(/[$,\s]/g, '');
  if (!cleaned) return undefined;
  const value = Number(cleaned);
  return Number.isFinite(value) ? value : undefined;
}

/** The franchise as TYPE=league shows it: name, owner, manager, abbreviation, logo, division. */
export function mapFranchise(franchise: MflFranchise, divisions: ReadonlyMap<string, string>) {
  const name = franchise.name?.trim();
  const owner = franchise.username?.trim();
  const ownerName = franchise.owner_name?.trim();
  const abbreviation = franchise.abbrev?.trim();
  // `logo` is the franchise's picture; `icon` the small one, used when it has no logo.
  const logoUrl = [franchise.logo, franchise.icon].map((url) => url?.trim()).find(isWebAddress);
  const divisionId = franchise.division?.trim();
  const divisionName = divisionId ? divisions.get(divisionId) : undefined;
  // Managers only by login name: MFL shows them to a login of the league, and never an id.
  const manager: TeamManagerRecord | undefined = owner
    ? { platformUserId: owner, ...(ownerName ? { displayName: ownerName } : {}) }
    : undefined;
  return {
    rosterId: franchise.id,
    ...(name ? { name } : {}),
    ...(owner ? { ownerPlatformUserId: owner } : {}),
    ...(abbreviation ? { abbreviation } : {}),
    ...(logoUrl ? { logoUrl } : {}),
    ...(manager ? { managers: [manager] } : {}),
    ...(divisionId ? { divisionId } : {}),
    ...(divisionName ? { divisionName } : {}),
  } satisfies FantasyTeamRecord;
}

/** The league's division names by id. */
export function mapDivisions(league: MflLeague): Map<string, string> {
  const names = new Map<string, string>();
  for (const division of asList(league.divisions?.division)) {
    const name = division.name?.trim();
    if (name) names.set(division.id.trim(), name);
  }
  return names;
}

/**
 * Record, points and standing by franchise. MFL lists the franchises in the league's standings
 * order (its `standingsSort`), as MFL's site shows them: the position in the list is the
 * standing. A league without head-to-head games has no h2h columns, so no record.
 */
export function mapStandings(standings: readonly MflStanding[]): Map<string, TeamDetails> {
  const details = new Map<string, TeamDetails>();
  standings.forEach((row, index) => {
    if (details.has(row.id)) return;
    const wins = mflNumber(row.h2hw);
    const losses = mflNumber(row.h2hl);
    const ties = mflNumber(row.h2ht);
    const pointsFor = mflNumber(row.pf);
    const pointsAgainst = mflNumber(row.pa);
    const hasRecord = wins !== undefined || losses !== undefined || ties !== undefined;
    details.set(row.id, {
      ...(hasRecord ? { record: { wins: wins ?? 0, losses: losses ?? 0, ties: ties ?? 0 } } : {}),
      ...(pointsFor === undefined ? {} : { pointsFor }),
      ...(pointsAgainst === undefined ? {} : { pointsAgainst }),
      standing: index + 1,
    });
  });
  return details;
}

function isWebAddress(url: string | undefined): url is string {
  return url !== undefined && /^https?:\/\/\S+$/.test(url);
}

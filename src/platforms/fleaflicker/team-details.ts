// What FetchLeagueStandings says of each team beside its name: managers, initials, logo, record,
// points and place, and its division. Pure: no I/O.
import type { TeamDetails, TeamManagerRecord } from '../../domain/league-data.ts';
import type { FleaStandingsDivisions, FleaTeamDetails } from './activity-schemas.ts';
import type { FleaStandings } from './schemas.ts';
import { imageUrl } from './mapping.ts';

/** Team details by roster id (`team.id`), for every team of the standings. */
export function mapTeamDetails(
  standings: FleaStandings,
  divisions: FleaStandingsDivisions,
): Map<string, TeamDetails> {
  const details = new Map<string, TeamDetails>();
  // A league without divisions still comes as one group with an id and no name: that one group
  // is no division, so divisions are named only where the league has two or more.
  const grouped = (divisions.divisions ?? []).length > 1;
  for (const division of divisions.divisions ?? []) {
    for (const team of division.teams ?? []) {
      const division_ = grouped && division.id !== undefined ? division : undefined;
      details.set(String(team.id), mapTeamRecord(team, division_));
    }
  }
  for (const division of standings.divisions ?? []) {
    for (const team of division.teams ?? []) {
      const managers = (team.owners ?? []).map((owner): TeamManagerRecord => ({
        platformUserId: String(owner.id),
        ...(owner.displayName?.trim() ? { displayName: owner.displayName.trim() } : {}),
      }));
      const logoUrl = imageUrl(team.logoUrl);
      const key = String(team.id);
      details.set(key, {
        ...details.get(key),
        ...(logoUrl ? { logoUrl } : {}),
        ...(managers.length > 0 ? { managers } : {}),
      });
    }
  }
  return details;
}

/**
 * Record, points and place. A record left out entirely (a league not yet played?) says nothing;
 * one present with its counts left out is 0-0-0, protocol buffers dropping zeros.
 */
export function mapTeamRecord(
  team: FleaTeamDetails,
  division?: { id?: number; name?: string },
): TeamDetails {
  const record = team.recordOverall;
  const abbreviation = team.initials?.trim();
  const divisionName = division?.name?.trim();
  return {
    ...(abbreviation ? { abbreviation } : {}),
    ...(record
      ? { record: { wins: record.wins ?? 0, losses: record.losses ?? 0, ties: record.ties ?? 0 } }
      : {}),
    ...(team.pointsFor ? { pointsFor: team.pointsFor.value ?? 0 } : {}),
    ...(team.pointsAgainst ? { pointsAgainst: team.pointsAgainst.value ?? 0 } : {}),
    // Fleaflicker ranks every team of the league (playoff results included once they are
    // played); a rank left out is a season not started, with no standing yet.
    ...(record?.rank ? { standing: record.rank } : {}),
    ...(division?.id !== undefined ? { divisionId: String(division.id) } : {}),
    ...(divisionName ? { divisionName } : {}),
  };
}

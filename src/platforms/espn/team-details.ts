// What ESPN says of a team beside its name and roster (view=mTeam, division names from
// view=mSettings): the `team` product's fields. Pure: no I/O.
import type { TeamDetails, TeamManagerRecord } from '../../domain/league-data.ts';
import type { EspnLeague, EspnTeam } from './schemas.ts';

/** Division names by ESPN's division id (mSettings; absent when the body has no settings). */
export function divisionNames(league: EspnLeague): Map<number, string> {
  const divisions = league.settings?.scheduleSettings?.divisions ?? [];
  return new Map(
    divisions.flatMap((division) => {
      const name = division.name?.trim();
      return name ? [[division.id, name] as const] : [];
    }),
  );
}

/** Members' display names by member id (the SWIDs in `owners`). Never their real names. */
export function memberNames(league: EspnLeague): Map<string, string> {
  return new Map(
    (league.members ?? []).flatMap((member) => {
      const name = member.displayName?.trim();
      return name ? [[member.id, name] as const] : [];
    }),
  );
}

/**
 * A team's abbreviation, logo, managers (primary owner first, then co-owners), record and points
 * (record.overall), standing and division. The standing is ESPN's final rank once the season is
 * over (rankCalculatedFinal), before that its current seed (playoffSeed); 0 means "none yet".
 */
export function mapTeamDetails(
  team: EspnTeam,
  members: ReadonlyMap<string, string>,
  divisions: ReadonlyMap<number, string>,
): TeamDetails {
  const abbreviation = team.abbrev?.trim();
  const logoUrl = team.logo?.trim();
  const managers = mapManagers(team, members);
  const overall = team.record?.overall;
  const standing = positive(team.rankCalculatedFinal) ?? positive(team.playoffSeed);
  const divisionId = team.divisionId ?? undefined;
  const divisionName = divisionId === undefined ? undefined : divisions.get(divisionId);
  const hasRecord =
    typeof overall?.wins === 'number' &&
    typeof overall.losses === 'number' &&
    typeof overall.ties === 'number';
  return {
    ...(abbreviation ? { abbreviation } : {}),
    ...(logoUrl ? { logoUrl } : {}),
    ...(managers.length > 0 ? { managers } : {}),
    ...(hasRecord
      ? {
          record: { wins: overall.wins ?? 0, losses: overall.losses ?? 0, ties: overall.ties ?? 0 },
        }
      : {}),
    ...(typeof overall?.pointsFor === 'number' ? { pointsFor: points(overall.pointsFor) } : {}),
    ...(typeof overall?.pointsAgainst === 'number'
      ? { pointsAgainst: points(overall.pointsAgainst) }
      : {}),
    ...(standing !== undefined ? { standing } : {}),
    ...(divisionId !== undefined ? { divisionId: String(divisionId) } : {}),
    ...(divisionName !== undefined ? { divisionName } : {}),
  };
}

function mapManagers(team: EspnTeam, members: ReadonlyMap<string, string>): TeamManagerRecord[] {
  const primary = team.primaryOwner?.trim();
  const ids = [primary, ...(team.owners ?? []).map((owner) => owner.trim())].filter(
    (id): id is string => Boolean(id),
  );
  return [...new Set(ids)].map((platformUserId) => {
    const displayName = members.get(platformUserId);
    return { platformUserId, ...(displayName ? { displayName } : {}) };
  });
}

/**
 * ESPN adds points up in binary floating point (1560.7599999999998): rounded to 4 decimals, more
 * than any scoring uses, so the value is the one ESPN shows.
 */
export function points(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}

function positive(value: number | null | undefined): number | undefined {
  return typeof value === 'number' && value > 0 ? value : undefined;
}

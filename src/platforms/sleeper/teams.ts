// What Sleeper says of a team beside its roster: managers, picture, record, points, final rank,
// division (https://docs.sleeper.com/#getting-rosters-in-a-league, #getting-users-in-a-league).
// Sleeper has no team abbreviation, and ranks a league only once its season's standings are set
// (`settings.rank`); neither is made up here.
import type { TeamDetails, TeamManagerRecord } from '../../domain/league-data.ts';
import type { SleeperLeague, SleeperLeagueUser, SleeperRoster } from './schemas.ts';

/** The team details of a roster; absent fields are those Sleeper leaves out for it. */
export function mapTeamDetails(
  roster: SleeperRoster,
  usersById: ReadonlyMap<string, SleeperLeagueUser>,
  league: SleeperLeague,
): TeamDetails {
  const owner = roster.owner_id ? usersById.get(roster.owner_id) : undefined;
  const managers = mapManagers(roster, usersById);
  const logoUrl = owner ? teamPicture(owner) : undefined;
  const settings = roster.settings;
  const division = whole(settings?.division);
  const divisionName =
    division === undefined ? undefined : text(league.metadata?.[`division_${division}`]);
  const pointsFor = points(settings?.fpts, settings?.fpts_decimal);
  const pointsAgainst = points(settings?.fpts_against, settings?.fpts_against_decimal);
  const standing = whole(settings?.rank);
  return {
    ...(logoUrl ? { logoUrl } : {}),
    ...(managers.length > 0 ? { managers } : {}),
    ...mapRecord(roster),
    ...(pointsFor === undefined ? {} : { pointsFor }),
    ...(pointsAgainst === undefined ? {} : { pointsAgainst }),
    ...(standing !== undefined && standing > 0 ? { standing } : {}),
    ...(division !== undefined && division > 0 ? { divisionId: String(division) } : {}),
    ...(division !== undefined && division > 0 && divisionName ? { divisionName } : {}),
  };
}

/** The owner, then the co-owners, named as the league's users list names them. */
export function mapManagers(
  roster: SleeperRoster,
  usersById: ReadonlyMap<string, SleeperLeagueUser>,
): TeamManagerRecord[] {
  const ids = [...(roster.owner_id ? [roster.owner_id] : []), ...(roster.co_owners ?? [])];
  return [...new Set(ids)].map((platformUserId) => {
    const displayName = text(usersById.get(platformUserId)?.display_name);
    return { platformUserId, ...(displayName ? { displayName } : {}) };
  });
}

/**
 * The picture Sleeper shows for the team: the team's own avatar (a full URL in the user's league
 * metadata) where the manager set one, else the manager's user avatar.
 */
function teamPicture(owner: SleeperLeagueUser): string | undefined {
  const own = text(owner.metadata?.avatar);
  if (own && /^https:\/\//.test(own)) return own;
  const avatar = text(owner.avatar);
  return avatar ? `https://sleepercdn.com/avatars/${avatar}` : undefined;
}

function mapRecord(roster: SleeperRoster): Pick<TeamDetails, 'record'> {
  const settings = roster.settings;
  const wins = whole(settings?.wins);
  const losses = whole(settings?.losses);
  if (wins === undefined || losses === undefined) return {};
  return { record: { wins, losses, ties: whole(settings?.ties) ?? 0 } };
}

/** Sleeper splits points into whole points and hundredths: 1270 and 90 are 1270.90. */
export function points(
  whole: number | null | undefined,
  hundredths: number | null | undefined,
): number | undefined {
  if (typeof whole !== 'number') return undefined;
  return Math.round(whole * 100 + (hundredths ?? 0)) / 100;
}

function whole(value: number | null | undefined): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
}

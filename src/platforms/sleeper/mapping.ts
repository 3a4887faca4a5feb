// Sleeper payloads -> domain records, one named function per record type. Pure: no I/O.
import type { Sport } from '../../domain/catalog.ts';
import { externalIdsOf } from '../../domain/crossref.ts';
import type { ExternalIdType } from '../../domain/crossref.ts';
import type {
  FantasyTeamRecord,
  LeagueSnapshot,
  PlayerExternalId,
  PlayerRecord,
  RosterEntryRecord,
} from '../../domain/records.ts';
import type { LeagueRef } from '../connector.ts';
import { mapInjury } from './game.ts';
import { nflTeam } from './nfl-teams.ts';
import { mapTeamDetails } from './teams.ts';
import type {
  SleeperDraftPick,
  SleeperLeague,
  SleeperLeagueUser,
  SleeperPlayer,
  SleeperRoster,
} from './schemas.ts';

/** Sleeper's sport codes for the sports this service covers (Sleeper has no baseball). */
export const SLEEPER_SPORT_CODES: Partial<Record<Sport, string>> = {
  football: 'nfl',
  basketball: 'nba',
};

export function sportFromSleeper(code: string): Sport | undefined {
  if (code === 'nfl') return 'football';
  if (code === 'nba') return 'basketball';
  return undefined;
}

/** One entry of a user's league list; undefined for a sport this service does not cover. */
export function mapLeagueRef(league: SleeperLeague): LeagueRef | undefined {
  const sport = sportFromSleeper(league.sport);
  if (sport === undefined) return undefined;
  return {
    platformLeagueKey: league.league_id,
    season: Number(league.season),
    sport,
    name: league.name,
  };
}

export interface SleeperLeagueParts {
  league: SleeperLeague;
  sport: Sport;
  rosters: readonly SleeperRoster[];
  users: readonly SleeperLeagueUser[];
  /** Records for rostered players the pool may lack (chosen by the connector). */
  players: readonly PlayerRecord[];
}

export function mapLeagueSnapshot(parts: SleeperLeagueParts): LeagueSnapshot {
  const { league } = parts;
  const rosters = [...parts.rosters].sort((a, b) => a.roster_id - b.roster_id);
  const usersById = new Map(parts.users.map((user) => [user.user_id, user]));
  const numTeams = positive(league.settings?.num_teams) ?? positive(league.total_rosters);
  return {
    platform: 'sleeper',
    platformLeagueKey: league.league_id,
    season: Number(league.season),
    sport: parts.sport,
    name: league.name,
    numTeams: numTeams ?? rosters.length,
    leagueUrl: `https://sleeper.com/leagues/${league.league_id}`,
    ...(league.avatar ? { leagueAvatar: `https://sleepercdn.com/avatars/${league.avatar}` } : {}),
    teams: rosters.map((roster) => mapTeam(roster, usersById, league)),
    rosterEntries: mapRosterEntries(rosters),
    players: [...parts.players].sort((a, b) => compareIds(a.playerId, b.playerId)),
  };
}

/**
 * A roster as a fantasy team: named after its owner's team name, else the owner's display name,
 * with its details (teams.ts).
 */
export function mapTeam(
  roster: SleeperRoster,
  usersById: ReadonlyMap<string, SleeperLeagueUser>,
  league: SleeperLeague,
): FantasyTeamRecord {
  const rosterId = String(roster.roster_id);
  const details = mapTeamDetails(roster, usersById, league);
  // An orphan roster (owner left, no one took over) has owner_id null: no owner, no name.
  if (!roster.owner_id) return { rosterId, ...details };
  const owner = usersById.get(roster.owner_id);
  const name = nonEmpty(owner?.metadata?.team_name) ?? nonEmpty(owner?.display_name);
  return { rosterId, ownerPlatformUserId: roster.owner_id, ...(name ? { name } : {}), ...details };
}

/** Every player id a roster holds: `players`, plus any reserve/taxi/starter id missing from it. */
export function rosteredPlayerIds(roster: SleeperRoster): string[] {
  const ids = [
    ...(roster.players ?? []),
    ...(roster.reserve ?? []),
    ...(roster.taxi ?? []),
    ...(roster.starters ?? []),
  ].filter((id) => id !== '0'); // "0" is an empty starter slot, not a player
  return [...new Set(ids)];
}

/**
 * Roster entries in roster order. A player is on one team per league (the store keys entries by
 * league and player), so should Sleeper ever list one on two rosters, the lower roster_id keeps him.
 */
export function mapRosterEntries(rosters: readonly SleeperRoster[]): RosterEntryRecord[] {
  const seen = new Set<string>();
  const entries: RosterEntryRecord[] = [];
  for (const roster of [...rosters].sort((a, b) => a.roster_id - b.roster_id)) {
    const rosterId = String(roster.roster_id);
    for (const playerId of rosteredPlayerIds(roster).sort(compareIds)) {
      if (seen.has(playerId)) continue;
      seen.add(playerId);
      entries.push({ rosterId, playerId });
    }
  }
  return entries;
}

/** An entry of the player dump. */
export function mapPlayer(player: SleeperPlayer): PlayerRecord {
  const firstName = nonEmpty(player.first_name);
  const lastName = nonEmpty(player.last_name);
  // Team defences have no full_name; their first/last names are the city and the nickname.
  const fullName =
    nonEmpty(player.full_name) ??
    nonEmpty([firstName, lastName].filter(Boolean).join(' ')) ??
    player.player_id;
  const position = nonEmpty(player.fantasy_positions?.[0]) ?? nonEmpty(player.position);
  const team = nonEmpty(player.team);
  const number =
    typeof player.number === 'number' ? String(player.number) : nonEmpty(player.number);
  const injury = mapInjury(player);
  return {
    playerId: player.player_id,
    fullName,
    ...(firstName ? { firstName } : {}),
    ...(lastName ? { lastName } : {}),
    ...(position ? { position: position.toUpperCase() } : {}),
    ...(team ? { irlTeam: team.toUpperCase() } : {}),
    ...(number ? { uniformNumber: number } : {}),
    active: player.active === true,
    ...(injury ? { injury } : {}),
  };
}

/**
 * Sleeper's fields naming the player in other id systems. Its `stats_id` is left out: which STATS
 * id it holds is not documented, and a wrong guess would tie strangers together.
 */
const SLEEPER_EXTERNAL_IDS = {
  espn_id: 'espn',
  yahoo_id: 'yahoo',
  sportradar_id: 'sportradar',
  gsis_id: 'gsis',
  rotowire_id: 'rotowire',
  rotoworld_id: 'rotoworld',
  fantasy_data_id: 'fantasy_data',
} as const satisfies Partial<Record<keyof SleeperPlayer, ExternalIdType>>;

/** The other systems' ids an entry of the player dump gives. */
export function mapExternalIds(player: SleeperPlayer): PlayerExternalId[] {
  return externalIdsOf(player, player.player_id, SLEEPER_EXTERNAL_IDS);
}

/**
 * A player as a draft pick's metadata describes him at draft time. In that metadata an unknown
 * jersey is "" or "0" (every rookie of a 2021 draft is "0"), so neither is kept.
 */
export function mapDraftPickPlayer(pick: SleeperDraftPick): PlayerRecord | undefined {
  const meta = pick.metadata;
  const firstName = nonEmpty(meta?.first_name);
  const lastName = nonEmpty(meta?.last_name);
  if (!firstName && !lastName) return undefined;
  const position = nonEmpty(meta?.position);
  const team = nonEmpty(meta?.team);
  const number = nonEmpty(meta?.number);
  return {
    playerId: pick.player_id,
    fullName: [firstName, lastName].filter(Boolean).join(' '),
    ...(firstName ? { firstName } : {}),
    ...(lastName ? { lastName } : {}),
    ...(position ? { position: position.toUpperCase() } : {}),
    ...(team ? { irlTeam: team.toUpperCase() } : {}),
    ...(number && number !== '0' ? { uniformNumber: number } : {}),
    active: meta?.status !== 'Inactive',
  };
}

/**
 * A rostered player Sleeper told us nothing about. Team defences get their team's name; anyone
 * else is named by id and marked inactive, so a name search prefers any real record.
 */
export function placeholderPlayer(playerId: string, sport: Sport): PlayerRecord {
  const team = sport === 'football' ? nflTeam(playerId) : undefined;
  if (!team) return { playerId, fullName: playerId, active: false };
  return {
    playerId,
    fullName: `${team.city} ${team.nickname}`,
    firstName: team.city,
    lastName: team.nickname,
    position: 'DEF',
    irlTeam: playerId,
    active: true,
  };
}

/** Numeric ids in numeric order, then the rest (team defences) alphabetically. */
export function compareIds(a: string, b: string): number {
  return a.localeCompare(b, 'en', { numeric: true });
}

function nonEmpty(value: string | null | undefined): string | undefined {
  const text = value?.trim();
  return text ? text : undefined;
}

function positive(value: number | null | undefined): number | undefined {
  return typeof value === 'number' && value > 0 ? value : undefined;
}

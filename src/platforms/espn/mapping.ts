// ESPN payloads -> domain records, one named function per record type. Pure: no I/O.
import type { Sport } from '../../domain/catalog.ts';
import type {
  FantasyTeamRecord,
  LeagueSnapshot,
  PlayerRecord,
  RosterEntryRecord,
} from '../../domain/records.ts';
import type { LeagueRef } from '../connector.ts';
import type { EspnActivityTopic } from './activity-schemas.ts';
import { leagueUrl, seasonFromEspn, sportOfGame } from './games.ts';
import { mapLeagueActivity } from './league-activity.ts';
import { positionOf } from './positions.ts';
import { proTeamOf } from './pro-teams.ts';
import type { EspnFan, EspnLeague, EspnPlayer, EspnTeam } from './schemas.ts';
import { divisionNames, mapTeamDetails, memberNames } from './team-details.ts';

/** A league season the fan profile lists (seasons already this service's). */
export interface FanLeague {
  sport: Sport;
  leagueId: string;
  season: number;
  name?: string;
}

/** The fantasy entries of a fan profile, for the sports this service covers. */
export function mapFanLeagues(fan: EspnFan): FanLeague[] {
  const found: FanLeague[] = [];
  for (const preference of fan.preferences ?? []) {
    if (preference.type?.code?.toLowerCase() !== 'fantasy') continue;
    const entry = preference.metaData?.entry;
    const sport = sportOfGame(entry?.gameId ?? entry?.abbrev ?? undefined);
    if (!entry || sport === undefined || typeof entry.seasonId !== 'number') continue;
    for (const group of entry.groups ?? []) {
      const name = nonEmpty(group.groupName);
      found.push({
        sport,
        leagueId: String(group.groupId),
        season: seasonFromEspn(sport, entry.seasonId),
        ...(name ? { name } : {}),
      });
    }
  }
  return found;
}

/** The seasons (this service's) a league season body says the league had, itself included. */
export function leagueSeasons(sport: Sport, league: EspnLeague): number[] {
  const ids = [league.seasonId, ...(league.status?.previousSeasons ?? [])];
  return [...new Set(ids.map((id) => seasonFromEspn(sport, id)))].sort((a, b) => a - b);
}

export interface EspnLeagueParts {
  league: EspnLeague;
  ref: LeagueRef;
  /** Records for rostered players the pool may lack (chosen by the connector). */
  players: readonly PlayerRecord[];
  /** The season's activity feed (transactions); empty where ESPN has none for it. */
  topics: readonly EspnActivityTopic[];
}

export function mapLeagueSnapshot({
  league,
  ref,
  players,
  topics,
}: EspnLeagueParts): LeagueSnapshot {
  const teams = [...(league.teams ?? [])].sort((a, b) => a.id - b.id);
  const key = String(league.id);
  const members = memberNames(league);
  const divisions = divisionNames(league);
  return {
    platform: 'espn',
    platformLeagueKey: key,
    season: seasonFromEspn(ref.sport, league.seasonId),
    sport: ref.sport,
    // A body without settings (a view ESPN left out) still names the league.
    name: nonEmpty(league.settings?.name) ?? ref.name ?? `ESPN league ${key}`,
    numTeams: positive(league.settings?.size) ?? teams.length,
    leagueUrl: leagueUrl(ref.sport, key, ref.season),
    teams: teams.map((team) => ({
      ...mapTeam(team),
      ...mapTeamDetails(team, members, divisions),
    })),
    rosterEntries: mapRosterEntries(teams),
    players: [...players].sort((a, b) => compareIds(a.playerId, b.playerId)),
    activity: mapLeagueActivity(league, topics),
  };
}

/** A team: "location nickname" until 2023, `name` after; owner = primary owner, else the first. */
export function mapTeam(team: EspnTeam): FantasyTeamRecord {
  const name = clean(team.name) ?? clean([team.location, team.nickname].filter(Boolean).join(' '));
  const owner = nonEmpty(team.primaryOwner) ?? nonEmpty(team.owners?.[0]);
  return {
    rosterId: String(team.id),
    ...(name ? { name } : {}),
    ...(owner ? { ownerPlatformUserId: owner } : {}),
  };
}

/** Roster entries in team order; a player on two teams (never seen) stays on the lower team id. */
export function mapRosterEntries(teams: readonly EspnTeam[]): RosterEntryRecord[] {
  const seen = new Set<string>();
  const entries: RosterEntryRecord[] = [];
  for (const team of [...teams].sort((a, b) => a.id - b.id)) {
    const ids = (team.roster?.entries ?? []).map((entry) => String(entry.playerId));
    for (const playerId of ids.sort(compareIds)) {
      if (seen.has(playerId)) continue;
      seen.add(playerId);
      entries.push({ rosterId: String(team.id), playerId });
    }
  }
  return entries;
}

/** Every player the rosters describe, by id (for rostered players the pool lacks). */
export function rosteredPlayers(league: EspnLeague): Map<string, EspnPlayer> {
  const found = new Map<string, EspnPlayer>();
  for (const team of league.teams ?? []) {
    for (const entry of team.roster?.entries ?? []) {
      const player = entry.playerPoolEntry?.player;
      if (player) found.set(String(entry.playerId), player);
    }
  }
  return found;
}

/**
 * A player of a season. Without ESPN's own `active` flag (the season list has none) a player
 * with a pro team counts as active and one without (free agent, retired) as not.
 */
export function mapPlayer(player: EspnPlayer, sport: Sport, season: number): PlayerRecord {
  const playerId = String(player.id);
  const firstName = nonEmpty(player.firstName);
  const lastName = nonEmpty(player.lastName);
  const fullName =
    clean(player.fullName) ?? clean([firstName, lastName].filter(Boolean).join(' ')) ?? playerId;
  const position = positionOf(sport, player.defaultPositionId ?? undefined);
  const team = proTeamOf(sport, player.proTeamId ?? undefined, season);
  const jersey =
    typeof player.jersey === 'number' ? String(player.jersey) : nonEmpty(player.jersey);
  return {
    playerId,
    fullName,
    ...(firstName ? { firstName } : {}),
    ...(lastName ? { lastName } : {}),
    ...(position ? { position } : {}),
    ...(team ? { irlTeam: team } : {}),
    ...(jersey ? { uniformNumber: jersey } : {}),
    active: player.active ?? team !== undefined,
  };
}

/** A rostered player ESPN described nowhere: named by id, inactive (name search prefers others). */
export function placeholderPlayer(playerId: string): PlayerRecord {
  return { playerId, fullName: playerId, active: false };
}

/** Numeric order, team defences (negative ids) first. */
export function compareIds(a: string, b: string): number {
  return Number(a) - Number(b) || a.localeCompare(b);
}

function nonEmpty(value: string | null | undefined): string | undefined {
  const text = value?.trim();
  return text ? text : undefined;
}

/** Trimmed, inner runs of spaces made one ("Coom  Dumpster" -> "Coom Dumpster"). */
function clean(value: string | null | undefined): string | undefined {
  return nonEmpty(value?.replace(/\s+/g, ' '));
}

function positive(value: number | null | undefined): number | undefined {
  return typeof value === 'number' && value > 0 ? value : undefined;
}

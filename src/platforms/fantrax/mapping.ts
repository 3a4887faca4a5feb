// Fantrax's official API answers -> domain records, one named function per record type. Pure: no
// I/O. Fantrax's league calls name players by id only; who they are comes from getPlayerIds.
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
import { sportOfPositions } from './positions.ts';
import type {
  FantraxLeagueInfo,
  FantraxPlayerId,
  FantraxTeamRosters,
  FantraxUserLeague,
} from './schemas.ts';

/** Fantrax's sport codes for the sports this service covers. */
export const FANTRAX_SPORT_CODES: Readonly<Record<Sport, string>> = {
  football: 'NFL',
  baseball: 'MLB',
  basketball: 'NBA',
};

/** The service's sport for a Fantrax code; undefined for the sports it does not cover (NHL...). */
export function sportOfCode(code: string | undefined): Sport | undefined {
  const upper = code?.trim().toUpperCase();
  const found = Object.entries(FANTRAX_SPORT_CODES).find(([, value]) => value === upper);
  return found?.[0] as Sport | undefined;
}

/**
 * A league's sport: as its entry in the user's league list says, else as its roster's positions
 * show (a league linked by id has no entry; getLeagueInfo names no sport). Undefined: a sport
 * this service does not cover, or one the league does not show.
 */
export function leagueSport(
  entry: FantraxUserLeague | undefined,
  info: FantraxLeagueInfo,
): Sport | undefined {
  if (entry?.sport !== undefined && entry.sport.trim() !== '') return sportOfCode(entry.sport);
  return sportOfPositions(Object.keys(info.rosterInfo?.positionConstraints ?? {}));
}

/**
 * The season a league is of: its `seasonYear`, else the year its season starts. Fantrax's dates
 * ("2020-09-10T00:00:00.0-0400") start with the year. A football or basketball season spanning
 * two years is the year it starts, as on every platform here.
 */
export function leagueSeason(info: FantraxLeagueInfo): number | undefined {
  if (info.seasonYear !== undefined) return info.seasonYear;
  const year = /^(\d{4})-/.exec(info.startDate ?? '')?.[1];
  return year === undefined ? undefined : Number(year);
}

/** A league as listed: the user's entry for it (absent when followed by id), its info (absent
 * when Fantrax refused it). */
export interface ListedLeague {
  leagueId: string;
  entry: FantraxUserLeague | undefined;
  info: FantraxLeagueInfo | undefined;
}

/**
 * A listed league as the sync scope sees it: its ref, 'unsupported' for a sport the service does
 * not cover, undefined when outside the scope. A league Fantrax refused is listed in the newest
 * season asked (in its sport when the user's list names it), so its fetch fails visibly and the
 * league stored before stays.
 */
export function mapListedLeague(
  { leagueId, entry, info }: ListedLeague,
  scope: { sports: readonly Sport[]; seasons: readonly number[] },
): LeagueRef | 'unsupported' | undefined {
  const listedSport = entry?.sport === undefined ? undefined : sportOfCode(entry.sport);
  if (entry?.sport !== undefined && entry.sport.trim() !== '' && listedSport === undefined) {
    return 'unsupported';
  }
  let sport: Sport | undefined;
  let season: number | undefined;
  if (info === undefined) {
    sport = listedSport ?? scope.sports[0];
    season = Math.max(...scope.seasons);
  } else {
    sport = leagueSport(entry, info);
    if (sport === undefined) return 'unsupported';
    season = leagueSeason(info);
  }
  if (sport === undefined || season === undefined) return undefined;
  if (!scope.sports.includes(sport) || !scope.seasons.includes(season)) return undefined;
  const name = (info?.leagueName ?? entry?.leagueName)?.trim();
  return { platformLeagueKey: leagueId, season, sport, ...(name ? { name } : {}) };
}

/** The league's home page, e.g. https://www.fantrax.com/fantasy/league/eju35f9ok7xr9cvt/home. */
export function leaguePageUrl(leagueId: string): string {
  return `https://www.fantrax.com/fantasy/league/${encodeURIComponent(leagueId)}/home`;
}

export interface FantraxLeagueParts {
  leagueId: string;
  sport: Sport;
  season: number;
  info: FantraxLeagueInfo;
  rosters: FantraxTeamRosters;
  /** The name the user's league list gives, when getLeagueInfo gives none. */
  listedName?: string;
}

export function mapLeagueSnapshot(parts: FantraxLeagueParts): LeagueSnapshot {
  const teams = mapTeams(parts.info, parts.rosters);
  const name =
    nonEmpty(parts.info.leagueName) ?? nonEmpty(parts.listedName) ?? `Fantrax ${parts.leagueId}`;
  return {
    platform: 'fantrax',
    platformLeagueKey: parts.leagueId,
    season: parts.season,
    sport: parts.sport,
    name,
    numTeams: teams.length,
    leagueUrl: leaguePageUrl(parts.leagueId),
    teams,
    rosterEntries: mapRosterEntries(parts.rosters),
    players: [],
  };
}

/**
 * Every team of teamInfo, plus any roster whose team teamInfo lacks, in id order. Fantrax's API
 * names no manager: teams carry no owner.
 */
export function mapTeams(
  info: FantraxLeagueInfo,
  rosters: FantraxTeamRosters,
): FantasyTeamRecord[] {
  const names = new Map<string, string | undefined>();
  for (const [id, roster] of Object.entries(rosters.rosters ?? {})) {
    names.set(id, nonEmpty(roster.teamName));
  }
  for (const [key, team] of Object.entries(info.teamInfo ?? {})) {
    const id = nonEmpty(team.id) ?? key;
    names.set(id, nonEmpty(team.name) ?? names.get(id));
  }
  return [...names.keys()].sort(compareIds).map((rosterId) => {
    const name = names.get(rosterId);
    return { rosterId, ...(name ? { name } : {}) };
  });
}

/**
 * Roster entries in team order. A player is on one team per league (the store keys entries by
 * league and player), so should Fantrax list one twice, the lower team id keeps him.
 */
export function mapRosterEntries(rosters: FantraxTeamRosters): RosterEntryRecord[] {
  const seen = new Set<string>();
  const entries: RosterEntryRecord[] = [];
  const teams = Object.entries(rosters.rosters ?? {}).sort(([a], [b]) => compareIds(a, b));
  for (const [rosterId, roster] of teams) {
    const ids = (roster.rosterItems ?? []).map((item) => item.id.trim()).sort(compareIds);
    for (const playerId of ids) {
      if (playerId === '' || seen.has(playerId)) continue;
      seen.add(playerId);
      entries.push({ rosterId, playerId });
    }
  }
  return entries;
}

/** "(N/A)": no real-life team. */
const NO_TEAM = /^\(?n\/a\)?$|^fa$/i;

/**
 * A player of getPlayerIds. Its `name` is "Last, First" ("Mariota, Marcus"); a name without a
 * comma (a team unit, "Las Vegas") is the full name. A player no real-life team holds is listed
 * as inactive (it only breaks name-match ties).
 */
export function mapPlayer(entry: FantraxPlayerId): PlayerRecord {
  const raw = nonEmpty(entry.name);
  const comma = raw?.indexOf(',') ?? -1;
  const lastName = raw !== undefined && comma > 0 ? nonEmpty(raw.slice(0, comma)) : undefined;
  const firstName = raw !== undefined && comma > 0 ? nonEmpty(raw.slice(comma + 1)) : undefined;
  const fullName =
    (firstName && lastName ? `${firstName} ${lastName}` : (lastName ?? raw)) ?? entry.fantraxId;
  const position = mapPosition(entry.position);
  const team = nonEmpty(entry.team)?.toUpperCase();
  const irlTeam = team !== undefined && !NO_TEAM.test(team) ? team : undefined;
  return {
    playerId: entry.fantraxId,
    fullName,
    ...(firstName ? { firstName } : {}),
    ...(lastName ? { lastName } : {}),
    ...(position ? { position } : {}),
    ...(irlTeam ? { irlTeam } : {}),
    active: irlTeam !== undefined,
  };
}

/** getPlayerIds' fields naming the player in other id systems (domain/crossref.ts). */
const FANTRAX_EXTERNAL_IDS = {
  sportRadarId: 'sportradar',
  // STATS Inc.'s player id, the id MFL's `stats_id` holds too.
  statsIncId: 'stats',
  rotowireId: 'rotowire',
} as const satisfies Partial<Record<keyof FantraxPlayerId, ExternalIdType>>;

export function mapExternalIds(entry: FantraxPlayerId): PlayerExternalId[] {
  return externalIdsOf(entry, entry.fantraxId, FANTRAX_EXTERNAL_IDS);
}

/** The players of getPlayerIds and their ids elsewhere, in id order; an id once. */
export function mapPlayerIds(body: Readonly<Record<string, FantraxPlayerId>>): {
  players: PlayerRecord[];
  externalIds: PlayerExternalId[];
} {
  const entries = [...Object.values(body)].sort((a, b) => compareIds(a.fantraxId, b.fantraxId));
  const seen = new Set<string>();
  const players: PlayerRecord[] = [];
  const externalIds: PlayerExternalId[] = [];
  for (const entry of entries) {
    if (seen.has(entry.fantraxId)) continue;
    seen.add(entry.fantraxId);
    players.push(mapPlayer(entry));
    externalIds.push(...mapExternalIds(entry));
  }
  return { players, externalIds };
}

/** A rostered player getPlayerIds does not list: named by his id (docs/api.md, placeholders). */
export function placeholderPlayer(playerId: string): PlayerRecord {
  return { playerId, fullName: playerId, active: false };
}

/**
 * Fantrax's position names that differ from the common abbreviations (docs/api.md, Data and
 * values): the team defence and kicker units, and baseball's outfield spots.
 */
const POSITION_ALIASES: Readonly<Record<string, string>> = {
  'D/ST': 'DEF',
  DST: 'DEF',
  TD: 'DEF',
  PK: 'K',
  TK: 'K',
  LF: 'OF',
  CF: 'OF',
  RF: 'OF',
};

/** The primary position: the first of "RB,WR" or "RB/WR"; "D/ST" is one position. */
export function mapPosition(position: string | undefined): string | undefined {
  const label = nonEmpty(position)?.toUpperCase();
  if (label === undefined) return undefined;
  const alias = POSITION_ALIASES[label];
  if (alias !== undefined) return alias;
  const primary = label.split(/[,/]/)[0]?.trim() ?? '';
  return primary === '' ? undefined : (POSITION_ALIASES[primary] ?? primary);
}

/** Fantrax's ids are short base-36 texts ("03kiy"): plain text order, numbers by value. */
export function compareIds(a: string, b: string): number {
  return a.localeCompare(b, 'en', { numeric: true });
}

function nonEmpty(value: string | undefined): string | undefined {
  const text = value?.trim();
  return text ? text : undefined;
}

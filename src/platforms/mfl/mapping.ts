// MyFantasyLeague payloads -> domain records, one named function per record type. Pure: no I/O.
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
import { asList } from './schemas.ts';
import { mapLeagueActivity } from './activity.ts';
import type { MflActivityParts } from './activity.ts';
import type { MflStanding } from './league-data-schemas.ts';
import { mapDivisions, mapFranchise, mapStandings } from './team-details.ts';
import type { MflLeague, MflMyLeague, MflPlayer, MflRosterFranchise } from './schemas.ts';

/**
 * MFL's own team codes where the common abbreviation (Sleeper's, Yahoo's, ESPN's) differs, so
 * one irl_team query works across platforms. The rest (BUF, DAL...) are the common ones already.
 */
const MFL_TEAM_CODES: Readonly<Record<string, string>> = {
  GBP: 'GB',
  JAC: 'JAX',
  KCC: 'KC',
  LVR: 'LV',
  NEP: 'NE',
  NOS: 'NO',
  SDC: 'SD',
  SFO: 'SF',
  TBB: 'TB',
};

/** MFL's position codes that DECISIONS.md names otherwise; IDP codes (DE DT LB CB S) stay. */
const MFL_POSITIONS: Readonly<Record<string, string>> = {
  Def: 'DEF',
  PK: 'K',
  PN: 'P',
};

/** The common abbreviation of an MFL team code; undefined for free agents ("FA", "FA*"). */
export function mapTeam(code: string | undefined): string | undefined {
  const text = code?.trim().toUpperCase();
  if (!text || text.startsWith('FA')) return undefined;
  return MFL_TEAM_CODES[text] ?? text;
}

/** DECISIONS.md positions: Def -> DEF, PK -> K, PN -> P; the rest upper-cased (TMQB, ST...). */
export function mapPosition(code: string | undefined): string | undefined {
  const text = code?.trim();
  if (!text || text === 'XX') return undefined;
  return MFL_POSITIONS[text] ?? text.toUpperCase();
}

/** "Mahomes, Patrick" -> Patrick Mahomes; "Ginn Jr., Ted" -> Ted Ginn Jr.; no comma: as given. */
export function splitName(name: string): Pick<PlayerRecord, 'fullName' | 'firstName' | 'lastName'> {
  const comma = name.indexOf(',');
  const lastName = (comma < 0 ? name : name.slice(0, comma)).trim();
  const firstName = comma < 0 ? '' : name.slice(comma + 1).trim();
  if (!firstName) return { fullName: lastName, lastName };
  if (!lastName) return { fullName: firstName, firstName };
  return { fullName: `${firstName} ${lastName}`, firstName, lastName };
}

/**
 * MFL lists each NFL team a dozen times over, once per team unit (TMQB, TMWR... "Buffalo Bills"
 * every time). They count as inactive, so that a search for a team's name finds its defence
 * (Def) unless the league rosters another of its units.
 */
const TEAM_UNITS: ReadonlySet<string> = new Set([
  'TMQB',
  'TMRB',
  'TMWR',
  'TMTE',
  'TMPK',
  'TMPN',
  'TMDL',
  'TMLB',
  'TMDB',
  'Off',
  'ST',
  'Coach',
]);

/**
 * An entry of the player list. MFL lists future draft picks as players of position XX
 * ("2020 Pick, 1.01"): they are not players and are left out. MFL's `status` marks rookies, not
 * retirement, so a player counts as active while he has an NFL team (team units aside).
 */
export function mapPlayer(player: MflPlayer): PlayerRecord | undefined {
  if (player.position?.trim() === 'XX') return undefined;
  const position = mapPosition(player.position);
  const irlTeam = mapTeam(player.team);
  const jersey = player.jersey?.trim();
  return {
    playerId: player.id,
    ...splitName(player.name),
    ...(position ? { position } : {}),
    ...(irlTeam ? { irlTeam } : {}),
    ...(jersey ? { uniformNumber: jersey } : {}),
    active: irlTeam !== undefined && !TEAM_UNITS.has(player.position?.trim() ?? ''),
  };
}

/** MFL's fields naming the player elsewhere; its `sportsdata_id` is the Sportradar UUID. */
const MFL_EXTERNAL_IDS = {
  espn_id: 'espn',
  fleaflicker_id: 'fleaflicker',
  sportsdata_id: 'sportradar',
  stats_id: 'stats',
  stats_global_id: 'stats_global',
  cbs_id: 'cbs',
  rotowire_id: 'rotowire',
  rotoworld_id: 'rotoworld',
  nfl_id: 'nfl',
} as const satisfies Partial<Record<keyof MflPlayer, ExternalIdType>>;

export function mapExternalIds(player: MflPlayer): PlayerExternalId[] {
  return externalIdsOf(player, player.id, MFL_EXTERNAL_IDS);
}

/** The players of a list and their ids elsewhere, by id; an id listed twice keeps its first entry. */
export function mapPlayerList(list: readonly MflPlayer[]): {
  players: PlayerRecord[];
  externalIds: PlayerExternalId[];
} {
  const seen = new Set<string>();
  const players: PlayerRecord[] = [];
  const externalIds: PlayerExternalId[] = [];
  for (const entry of [...list].sort((a, b) => compareIds(a.id, b.id))) {
    const player = seen.has(entry.id) ? undefined : mapPlayer(entry);
    if (!player) continue;
    seen.add(entry.id);
    players.push(player);
    externalIds.push(...mapExternalIds(entry));
  }
  return { players, externalIds };
}

/** A rostered player the player list does not know (MFL drops some): named by his id. */
export function placeholderPlayer(playerId: string): PlayerRecord {
  return { playerId, fullName: playerId, active: false };
}

/** One entry of TYPE=myleagues. */
export function mapMyLeague(league: MflMyLeague, season: number): LeagueRef {
  const name = league.name?.trim();
  return {
    platformLeagueKey: league.league_id,
    season,
    sport: 'football',
    ...(name ? { name } : {}),
  };
}

/**
 * The seasons a league's history lists, each under the league id of that season's home page
 * (https://www47.myfantasyleague.com/2019/home/54040): a renewed league may change its id.
 */
export function mapHistory(league: MflLeague): LeagueRef[] {
  return asList(league.history?.league).flatMap((entry) => {
    const match = /\/(\d{4})\/home\/(\d+)/.exec(entry.url);
    if (!match || match[1] !== entry.year.trim()) return [];
    return [{ platformLeagueKey: match[2] as string, season: Number(match[1]), sport: 'football' }];
  });
}

export interface MflLeagueParts {
  /** The league id asked for (the body's own `id` may be missing). */
  leagueKey: string;
  league: MflLeague;
  season: number;
  rosters: readonly MflRosterFranchise[];
  /** Records for rostered players the pool may lack (chosen by the connector). */
  players: readonly PlayerRecord[];
  /** TYPE=leagueStandings, in MFL's standings order; absent: not fetched. */
  standings?: readonly MflStanding[];
  /** The other exports of the league; absent: not fetched (the snapshot has no activity). */
  activity?: MflActivityParts;
}

export function mapLeagueSnapshot(parts: MflLeagueParts): LeagueSnapshot {
  const { league, season, leagueKey: key } = parts;
  const franchises = asList(league.franchises?.franchise).sort((a, b) => compareIds(a.id, b.id));
  const divisions = mapDivisions(league);
  const standings = mapStandings(parts.standings ?? []);
  const teams = new Map<string, FantasyTeamRecord>();
  for (const franchise of franchises) {
    if (teams.has(franchise.id)) continue;
    teams.set(franchise.id, {
      ...mapFranchise(franchise, divisions),
      ...standings.get(franchise.id),
    });
  }
  // A roster of a franchise the league no longer lists still names a team.
  for (const roster of parts.rosters) {
    if (!teams.has(roster.id))
      teams.set(roster.id, { rosterId: roster.id, ...standings.get(roster.id) });
  }
  const count = Number(league.franchises?.count);
  const name = league.name.trim();
  const leagueUrl = leagueHomeUrl(league, key, season);
  return {
    platform: 'mfl',
    platformLeagueKey: key,
    season,
    sport: 'football',
    name: name || `MFL league ${key}`,
    numTeams: Number.isInteger(count) && count > 0 ? count : franchises.length,
    ...(leagueUrl ? { leagueUrl } : {}),
    teams: [...teams.values()].sort((a, b) => compareIds(a.rosterId, b.rosterId)),
    rosterEntries: mapRosterEntries(parts.rosters),
    players: [...parts.players].sort((a, b) => compareIds(a.playerId, b.playerId)),
    ...(parts.activity
      ? { activity: mapLeagueActivity(parts.activity, new Set(teams.keys())) }
      : {}),
  };
}

/** The league's last regular-season week, when it names one. */
export function lastRegularSeasonWeek(league: MflLeague): number | undefined {
  const week = Number(league.lastRegularSeasonWeek);
  return Number.isInteger(week) && week > 0 ? week : undefined;
}

/** The league's home page for the season on its own host, as MFL links it. */
function leagueHomeUrl(league: MflLeague, key: string, season: number): string | undefined {
  const own = asList(league.history?.league).find((entry) => entry.year.trim() === String(season));
  if (own && /^https?:\/\//.test(own.url)) return own.url;
  const base = league.baseURL?.trim().replace(/\/+$/, '');
  return base && /^https?:\/\//.test(base) ? `${base}/${season}/home/${key}` : undefined;
}

/**
 * Every player on a franchise (roster, taxi squad, injured reserve alike), franchises in id
 * order; should MFL list a player on two franchises, the lower franchise id keeps him.
 */
export function mapRosterEntries(rosters: readonly MflRosterFranchise[]): RosterEntryRecord[] {
  const seen = new Set<string>();
  const entries: RosterEntryRecord[] = [];
  for (const roster of [...rosters].sort((a, b) => compareIds(a.id, b.id))) {
    const ids = asList(roster.player).map((player) => player.id);
    for (const playerId of ids.sort(compareIds)) {
      if (seen.has(playerId)) continue;
      seen.add(playerId);
      entries.push({ rosterId: roster.id, playerId });
    }
  }
  return entries;
}

/** Numeric ids in numeric order ("0501" before "13116"), then the rest. */
export function compareIds(a: string, b: string): number {
  return a.localeCompare(b, 'en', { numeric: true });
}

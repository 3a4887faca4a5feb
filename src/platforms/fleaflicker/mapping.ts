// Fleaflicker payloads -> domain records, one named function per record type. Pure: no I/O.
import type { Sport } from '../../domain/catalog.ts';
import { externalIdText } from '../../domain/crossref.ts';
import type {
  FantasyTeamRecord,
  LeagueSnapshot,
  PlayerExternalId,
  PlayerRecord,
  RosterEntryRecord,
} from '../../domain/records.ts';
import type { LeagueRef } from '../connector.ts';
import type { FleaLeague, FleaProPlayer, FleaRoster, FleaStandings, FleaTeam } from './schemas.ts';

/** Fleaflicker's `sport` parameter for each sport this service covers (it has all three). */
export const FLEAFLICKER_SPORT_CODES: Readonly<Record<Sport, string>> = {
  football: 'NFL',
  baseball: 'MLB',
  basketball: 'NBA',
};

/** The league's own page for a season, e.g. https://www.fleaflicker.com/nfl/leagues/312861?season=2020. */
export function leaguePageUrl(sport: Sport, leagueId: number | string, season: number): string {
  const code = FLEAFLICKER_SPORT_CODES[sport].toLowerCase();
  return `https://www.fleaflicker.com/${code}/leagues/${leagueId}?season=${season}`;
}

/** One entry of a user's league list for a sport and season (the list does not repeat either). */
export function mapLeagueRef(league: FleaLeague, sport: Sport, season: number): LeagueRef {
  return { platformLeagueKey: String(league.id), season, sport, name: league.name };
}

export interface FleaflickerLeagueParts {
  sport: Sport;
  season: number;
  standings: FleaStandings;
  rosters: readonly FleaRoster[];
  /** Records for rostered players the pool may lack (chosen by the connector). */
  players: readonly PlayerRecord[];
}

export function mapLeagueSnapshot(parts: FleaflickerLeagueParts): LeagueSnapshot {
  const { league } = parts.standings;
  const teams = mapTeams(parts.standings, parts.rosters);
  const logo = imageUrl(league.logoUrl);
  return {
    platform: 'fleaflicker',
    platformLeagueKey: String(league.id),
    season: parts.season,
    sport: parts.sport,
    name: league.name,
    // `size` is the teams the league has (`capacity` the most it can take); left out when 0.
    numTeams: positive(league.size) ?? teams.length,
    leagueUrl: leaguePageUrl(parts.sport, league.id, parts.season),
    ...(logo ? { leagueAvatar: logo } : {}),
    teams,
    rosterEntries: mapRosterEntries(parts.rosters),
    players: [...parts.players].sort((a, b) => compareIds(a.playerId, b.playerId)),
  };
}

/** Every team of the standings (with owners), plus any roster whose team the standings lack. */
export function mapTeams(
  standings: FleaStandings,
  rosters: readonly FleaRoster[],
): FantasyTeamRecord[] {
  const byId = new Map<number, FleaTeam>();
  for (const roster of rosters) byId.set(roster.team.id, roster.team);
  // The standings' copy wins: it carries the owners, which the rosters leave out.
  for (const division of standings.divisions ?? []) {
    for (const team of division.teams ?? []) byId.set(team.id, team);
  }
  return [...byId.values()].sort((a, b) => a.id - b.id).map(mapTeam);
}

/** A team; named by its own name, else its first owner's display name. */
export function mapTeam(team: FleaTeam): FantasyTeamRecord {
  const owner = team.owners?.[0];
  const name = nonEmpty(team.name) ?? nonEmpty(owner?.displayName);
  return {
    rosterId: String(team.id),
    ...(name ? { name } : {}),
    ...(owner ? { ownerPlatformUserId: String(owner.id) } : {}),
  };
}

/**
 * Roster entries in team order. A player is on one team per league (the store keys entries by
 * league and player), so should Fleaflicker ever list one twice, the lower team id keeps him.
 */
export function mapRosterEntries(rosters: readonly FleaRoster[]): RosterEntryRecord[] {
  const seen = new Set<string>();
  const entries: RosterEntryRecord[] = [];
  for (const roster of [...rosters].sort((a, b) => a.team.id - b.team.id)) {
    const rosterId = String(roster.team.id);
    const ids = (roster.players ?? []).map((p) => String(p.proPlayer.id)).sort(compareIds);
    for (const playerId of ids) {
      if (seen.has(playerId)) continue;
      seen.add(playerId);
      entries.push({ rosterId, playerId });
    }
  }
  return entries;
}

/** The player records of every rostered player, by id (the rosters describe them in full). */
export function rosteredPlayers(rosters: readonly FleaRoster[]): Map<string, PlayerRecord> {
  const players = new Map<string, PlayerRecord>();
  for (const roster of rosters) {
    for (const { proPlayer } of roster.players ?? []) {
      const player = mapPlayer(proPlayer);
      if (!players.has(player.playerId)) players.set(player.playerId, player);
    }
  }
  return players;
}

/**
 * A pro player. Fleaflicker lists only players it carries, and says nothing of retirement, so
 * every one counts as active; "FA" (no real-life team) is no team.
 */
export function mapPlayer(player: FleaProPlayer): PlayerRecord {
  const firstName = nonEmpty(player.nameFirst);
  const lastName = nonEmpty(player.nameLast);
  const fullName =
    nonEmpty(player.nameFull) ??
    nonEmpty([firstName, lastName].filter(Boolean).join(' ')) ??
    String(player.id);
  const position = mapPosition(player.position, player.positionEligibility);
  const team = nonEmpty(player.proTeamAbbreviation)?.toUpperCase();
  return {
    playerId: String(player.id),
    fullName,
    ...(firstName ? { firstName } : {}),
    ...(lastName ? { lastName } : {}),
    ...(position ? { position } : {}),
    ...(team && team !== 'FA' ? { irlTeam: team } : {}),
    active: true,
  };
}

/**
 * The player's Sportradar id. Asked for `external_id_type=SPORTRADAR`, Fleaflicker gives each
 * player `externalIds: [{"id": "<Sportradar UUID>"}]`: entries name no system, being all of the
 * one asked for. The store keeps one id per system and player: should there be two, the first.
 */
export function mapSportradarId(player: FleaProPlayer): PlayerExternalId | undefined {
  const externalId = externalIdText(player.externalIds?.[0]?.id);
  return externalId === undefined
    ? undefined
    : { playerId: String(player.id), idType: 'sportradar', externalId };
}

/**
 * Fleaflicker's position names that differ from the common abbreviations (docs/api.md, Data and values): the team
 * defence, its edge rushers and interior linemen, and baseball's three outfield spots.
 */
const POSITION_ALIASES: Readonly<Record<string, string>> = {
  'D/ST': 'DEF',
  DST: 'DEF',
  PK: 'K',
  EDR: 'DE',
  IL: 'DT',
  LF: 'OF',
  CF: 'OF',
  RF: 'OF',
};

/**
 * The primary position. A player eligible at two (position "RB/WR", "S/LB") is listed at the
 * first, which Fleaflicker also puts first in `positionEligibility`; "D/ST" is one position.
 */
export function mapPosition(
  position: string | undefined,
  eligibility: readonly string[] | undefined,
): string | undefined {
  const label = nonEmpty(position)?.toUpperCase() ?? nonEmpty(eligibility?.[0])?.toUpperCase();
  if (label === undefined) return undefined;
  const alias = POSITION_ALIASES[label];
  if (alias !== undefined) return alias;
  const primary = label.split('/')[0] as string;
  return POSITION_ALIASES[primary] ?? primary;
}

/** An image address as an absolute https/http URL, or undefined. */
export function imageUrl(value: string | undefined): string | undefined {
  const text = nonEmpty(value);
  if (text === undefined) return undefined;
  const absolute = text.startsWith('//') ? `https:${text}` : text;
  return /^https?:\/\/\S+$/i.test(absolute) ? absolute : undefined;
}

/** Numeric ids in numeric order (negative ones first), then anything else. */
export function compareIds(a: string, b: string): number {
  const x = Number(a);
  const y = Number(b);
  if (Number.isInteger(x) && Number.isInteger(y)) return x - y;
  return a.localeCompare(b, 'en', { numeric: true });
}

function nonEmpty(value: string | undefined): string | undefined {
  const text = value?.trim();
  return text ? text : undefined;
}

function positive(value: number | undefined): number | undefined {
  return typeof value === 'number' && value > 0 ? value : undefined;
}

// Yahoo payloads (made plain and checked by schemas.ts) -> domain records. Pure: no I/O.
import type { Sport } from '../../domain/catalog.ts';
import type { FantasyTeamRecord, LeagueSnapshot, PlayerRecord } from '../../domain/records.ts';
import type { LeagueRef } from '../connector.ts';
import type { InjuryRecord } from '../../domain/game.ts';
import { injuryStatusOf } from './game-tables.ts';
import type { YahooGame, YahooLeague, YahooPlayer, YahooTeam } from './schemas.ts';

/** Yahoo's game codes for the sports this service covers. */
export const YAHOO_GAME_CODES: Readonly<Record<Sport, string>> = {
  football: 'nfl',
  baseball: 'mlb',
  basketball: 'nba',
};

export function sportFromGameCode(code: string): Sport | undefined {
  const found = Object.entries(YAHOO_GAME_CODES).find(([, value]) => value === code);
  return found?.[0] as Sport | undefined;
}

/** The number after the last dot of a Yahoo key: "406.p.30123" -> "30123", "406.l.1.t.3" -> "3". */
export function idOfKey(key: string): string {
  return key.slice(key.lastIndexOf('.') + 1);
}

/** Numeric ids in numeric order ("9" before "10"), anything else after, by code unit. */
export function compareIds(a: string, b: string): number {
  const x = Number(a);
  const y = Number(b);
  if (Number.isInteger(x) && Number.isInteger(y) && x !== y) return x - y;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** One league of a user's list; undefined for a sport this service does not cover. */
export function mapLeagueRef(league: YahooLeague, game?: YahooGame): LeagueRef | undefined {
  const sport = sportFromGameCode(league.game_code) ?? sportFromGameCode(game?.code ?? '');
  if (sport === undefined) return undefined;
  return {
    platformLeagueKey: league.league_key,
    season: Number(league.season),
    sport,
    name: league.name,
  };
}

/** A league answer (meta, teams, rosters) as a snapshot; `players` is left for the connector. */
export function mapLeagueSnapshot(
  league: YahooLeague & { teams?: readonly YahooTeam[] },
  sport: Sport,
): LeagueSnapshot {
  const teams = [...(league.teams ?? [])].sort((a, b) =>
    compareIds(String(a.team_id), String(b.team_id)),
  );
  const numTeams = Number(league.num_teams ?? 0);
  const url = text(league.url);
  const logo = text(league.logo_url);
  // A player Yahoo lists on two teams (it should not) stays with the lower team number.
  const placed = new Set<string>();
  const rosterEntries = teams.flatMap((team) =>
    rosterPlayers(team)
      .map((player) => idOfKey(player.player_key))
      .sort(compareIds)
      .filter((playerId) => !placed.has(playerId) && placed.add(playerId))
      .map((playerId) => ({ rosterId: String(team.team_id), playerId })),
  );
  return {
    platform: 'yahoo',
    platformLeagueKey: league.league_key,
    season: Number(league.season),
    sport,
    name: league.name,
    numTeams: numTeams > 0 ? numTeams : teams.length,
    ...(url === undefined ? {} : { leagueUrl: url }),
    ...(logo === undefined ? {} : { leagueAvatar: logo }),
    teams: teams.map(mapTeam),
    rosterEntries,
    players: [],
  };
}

export function rosterPlayers(team: YahooTeam): readonly YahooPlayer[] {
  return team.roster?.players ?? [];
}

/** A team: its number, its name, and its first manager's Yahoo guid as the owner. */
export function mapTeam(team: YahooTeam): FantasyTeamRecord {
  const name = text(team.name);
  // Yahoo hides some managers' guids ("--"); a hidden owner is no owner.
  const owner = (team.managers ?? [])
    .map((manager) => text(manager.guid))
    .find((guid) => guid !== undefined && /^[A-Z0-9]+$/i.test(guid));
  return {
    rosterId: String(team.team_id),
    ...(name === undefined ? {} : { name }),
    ...(owner === undefined ? {} : { ownerPlatformUserId: owner }),
  };
}

export function mapPlayer(player: YahooPlayer, sport: Sport): PlayerRecord {
  const first = text(player.name.first);
  const last = text(player.name.last);
  const position = mapPosition(
    sport,
    text(player.primary_position) ?? text(player.display_position)?.split(',')[0],
  );
  const team = text(player.editorial_team_abbr)?.toUpperCase();
  const injury = injuryOf(player);
  const number =
    typeof player.uniform_number === 'boolean'
      ? undefined
      : text(String(player.uniform_number ?? ''));
  return {
    playerId: idOfKey(player.player_key),
    fullName: player.name.full.trim(),
    ...(first === undefined ? {} : { firstName: first }),
    ...(last === undefined ? {} : { lastName: last }),
    ...(position === undefined ? {} : { position }),
    // Yahoo's free agents carry "FA", which is no team.
    ...(team === undefined || team === 'FA' ? {} : { irlTeam: team }),
    ...(number === undefined ? {} : { uniformNumber: number }),
    // "NA" is Yahoo's "not active" (minor leaguers, inactive lists).
    active: text(player.status) !== 'NA',
    ...(injury === undefined ? {} : { injury }),
  };
}

/**
 * Yahoo's primary position in the API's common abbreviations (DECISIONS.md). Yahoo already
 * says QB RB WR TE K DEF, C 1B 2B 3B SS OF SP RP and PG SG SF PF C G F; leagues with single
 * outfield positions say LF/CF/RF (all OF), and a hitter with no field position is Util (DH).
 * Anything else (IDP's DL LB DB, a generic P) is kept as Yahoo writes it.
 */
export function mapPosition(sport: Sport, position: string | undefined): string | undefined {
  const value = position?.trim().toUpperCase();
  if (!value) return undefined;
  if (sport === 'baseball') {
    if (value === 'LF' || value === 'CF' || value === 'RF') return 'OF';
    if (value === 'UTIL') return 'DH';
  }
  return value;
}

function text(value: string | boolean | null | undefined): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

/** A player's injury from his status; undefined for a player Yahoo gives no status. */
export function injuryOf(player: YahooPlayer): Omit<InjuryRecord, 'playerId'> | undefined {
  const designation = text(player.status);
  if (designation === undefined) return undefined;
  const note = text(player.injury_note);
  return {
    status: injuryStatusOf(designation),
    designation,
    ...(note === undefined ? {} : { note }),
  };
}

// What the store checks before writing a snapshot, and the content hash that lets an unchanged
// re-sync write nothing. Pure functions: nothing here touches the database.
import { createHash } from 'node:crypto';
import { isPlatform, isSport } from '../../domain/catalog.ts';
import { isExternalIdType } from '../../domain/crossref.ts';
import { InvalidInputError } from '../../domain/errors.ts';
import { EVERY_SEASON, hasSeasonalPools } from '../../domain/pools.ts';
import { checkTransactionsAndDrafts } from './transaction-checks.ts';
import type {
  LeagueSnapshot,
  PlayerExternalId,
  PlayerPoolSnapshot,
  PlayerRecord,
} from '../../domain/records.ts';
import { checkTeamData } from './team-checks.ts';
import { checkInjury, checkLeagueGame } from './game-checks.ts';

const OPTIONAL_PLAYER_TEXT = [
  'firstName',
  'lastName',
  'position',
  'irlTeam',
  'uniformNumber',
] as const;

function isText(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

function checkPlayers(where: string, players: unknown): asserts players is PlayerRecord[] {
  if (!Array.isArray(players)) throw new InvalidInputError(`${where}: players must be a list`);
  const seen = new Set<string>();
  for (const p of players as PlayerRecord[]) {
    if (!isText(p?.playerId)) throw new InvalidInputError(`${where}: a player has no playerId`);
    const what = `${where}: player "${p.playerId}"`;
    if (seen.has(p.playerId)) throw new InvalidInputError(`${what} is listed twice`);
    seen.add(p.playerId);
    if (!isText(p.fullName)) throw new InvalidInputError(`${what} has no fullName`);
    if (typeof p.active !== 'boolean')
      throw new InvalidInputError(`${what}: active must be a boolean`);
    for (const field of OPTIONAL_PLAYER_TEXT) {
      const value: unknown = p[field];
      if (value !== undefined && typeof value !== 'string') {
        throw new InvalidInputError(`${what}: ${field} must be a string when present`);
      }
    }
    if (p.injury !== undefined) checkInjury(what, p.injury);
  }
}

function isYear(value: unknown): boolean {
  return Number.isInteger(value) && (value as number) >= 1900 && (value as number) <= 2100;
}

function checkPlatformAndSport(where: string, platform: unknown, sport: unknown): void {
  if (typeof platform !== 'string' || !isPlatform(platform)) {
    throw new InvalidInputError(`${where}: unknown platform "${String(platform)}"`);
  }
  if (typeof sport !== 'string' || !isSport(sport)) {
    throw new InvalidInputError(`${where}: unknown sport "${String(sport)}"`);
  }
}

/**
 * Throws InvalidInputError naming the first problem. Snapshots come from connectors parsing
 * foreign payloads, so this checks at run time what the types only promise.
 */
export function checkLeagueSnapshot(s: LeagueSnapshot): void {
  const where = `league ${String(s.platform)}/${String(s.platformLeagueKey)} (${String(s.season)})`;
  checkPlatformAndSport(where, s.platform, s.sport);
  if (!isText(s.platformLeagueKey)) throw new InvalidInputError(`${where}: no platformLeagueKey`);
  if (!isYear(s.season)) {
    throw new InvalidInputError(`${where}: season must be a year`);
  }
  if (!isText(s.name)) throw new InvalidInputError(`${where}: the league has no name`);
  if (s.numTeams !== undefined && (!Number.isInteger(s.numTeams) || s.numTeams < 0)) {
    throw new InvalidInputError(`${where}: numTeams must be a whole number`);
  }
  for (const field of ['leagueUrl', 'leagueAvatar'] as const) {
    if (s[field] !== undefined && typeof s[field] !== 'string') {
      throw new InvalidInputError(`${where}: ${field} must be a string when present`);
    }
  }
  if (!Array.isArray(s.teams) || !Array.isArray(s.rosterEntries)) {
    throw new InvalidInputError(`${where}: teams and rosterEntries must be lists`);
  }
  const teams = new Set<string>();
  for (const team of s.teams) {
    if (!isText(team?.rosterId)) throw new InvalidInputError(`${where}: a team has no rosterId`);
    if (teams.has(team.rosterId)) {
      throw new InvalidInputError(`${where}: team "${team.rosterId}" is listed twice`);
    }
    teams.add(team.rosterId);
  }
  const rostered = new Set<string>();
  for (const entry of s.rosterEntries) {
    if (!isText(entry?.playerId))
      throw new InvalidInputError(`${where}: a roster entry has no playerId`);
    if (!teams.has(entry.rosterId)) {
      throw new InvalidInputError(
        `${where}: player "${entry.playerId}" is rostered on team "${String(entry.rosterId)}", which is not among the league's teams`,
      );
    }
    // A player is on at most one team of a league (roster_entries' primary key says the same).
    if (rostered.has(entry.playerId)) {
      throw new InvalidInputError(`${where}: player "${entry.playerId}" is rostered twice`);
    }
    rostered.add(entry.playerId);
  }
  checkTeamData(where, s);
  checkPlayers(where, s.players);
  checkTransactionsAndDrafts(where, s.activity, teams);
  checkLeagueGame(where, s.game, teams);
}

export function checkPlayerPool(pool: PlayerPoolSnapshot): void {
  const where = `player pool ${String(pool.platform)}/${String(pool.sport)}`;
  checkPlatformAndSport(where, pool.platform, pool.sport);
  const seasonal = hasSeasonalPools(pool.platform);
  if (seasonal ? !isYear(pool.season) : pool.season !== EVERY_SEASON) {
    throw new InvalidInputError(
      `${where}: season must be ${seasonal ? `a year (${pool.platform} lists players per season)` : `${EVERY_SEASON} (one pool for every season)`}, got ${String(pool.season)}`,
    );
  }
  checkPlayers(where, pool.players);
  if (pool.externalIds !== undefined) checkExternalIds(where, pool.players, pool.externalIds);
}

function checkExternalIds(where: string, players: readonly PlayerRecord[], ids: unknown): void {
  if (!Array.isArray(ids)) throw new InvalidInputError(`${where}: externalIds must be a list`);
  const known = new Set(players.map((p) => p.playerId));
  const seen = new Set<string>();
  for (const id of ids as PlayerExternalId[]) {
    const what = `${where}: external id of player "${String(id?.playerId)}"`;
    if (!known.has(id?.playerId))
      throw new InvalidInputError(`${what}: no such player in the pool`);
    if (typeof id.idType !== 'string' || !isExternalIdType(id.idType)) {
      throw new InvalidInputError(`${what}: unknown id type "${String(id.idType)}"`);
    }
    if (!isText(id.externalId)) throw new InvalidInputError(`${what}: empty ${id.idType} id`);
    const key = `${id.playerId}\u0000${id.idType}`;
    if (seen.has(key)) throw new InvalidInputError(`${what}: two ${id.idType} ids`);
    seen.add(key);
  }
}

/**
 * JSON with object keys sorted, undefined members dropped and arrays sorted by their elements'
 * canonical text, so a platform listing the same teams or players in another order hashes alike.
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) {
    return `[${value.map(canonicalJson).sort().join(',')}]`;
  }
  if (value !== null && typeof value === 'object') {
    const members = Object.entries(value)
      .filter(([, member]) => member !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, member]) => `${JSON.stringify(key)}:${canonicalJson(member)}`);
    return `{${members.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export function contentHash(value: unknown): string {
  return createHash('sha256').update(canonicalJson(value)).digest('hex');
}

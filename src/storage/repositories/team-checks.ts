// What the store checks of a snapshot's `team` data before writing it: the teams' details, the
// current period and the matchups (domain/league-data.ts). Pure, like snapshot-checks.ts, which
// calls it once the teams themselves are known good. Throws InvalidInputError naming the first
// problem: connectors map foreign payloads, so the types only promise what this checks.
import { InvalidInputError } from '../../domain/errors.ts';
import { MATCHUP_KINDS, MATCHUP_STATUSES } from '../../domain/league-data.ts';
import type { MatchupRecord, TeamDetails, WinLossRecord } from '../../domain/league-data.ts';
import type { FantasyTeamRecord, LeagueSnapshot } from '../../domain/records.ts';

const OPTIONAL_TEAM_TEXT = ['abbreviation', 'logoUrl', 'divisionId', 'divisionName'] as const;

function isText(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

function isCount(value: unknown): boolean {
  return Number.isInteger(value) && (value as number) >= 0;
}

function isPeriod(value: unknown): value is number {
  return Number.isInteger(value) && (value as number) >= 1;
}

/** `where` names the league, as snapshot-checks.ts words it. */
export function checkTeamData(where: string, s: LeagueSnapshot): void {
  const teams = new Set<string>();
  for (const team of s.teams) {
    checkTeamDetails(`${where}: team "${team.rosterId}"`, team);
    teams.add(team.rosterId);
  }
  if (s.activity === undefined) return;
  const { currentPeriod, matchups } = s.activity;
  if (currentPeriod !== undefined && !isPeriod(currentPeriod)) {
    throw new InvalidInputError(`${where}: currentPeriod must be a whole number from 1`);
  }
  if (!Array.isArray(matchups)) throw new InvalidInputError(`${where}: matchups must be a list`);
  const seen = new Set<string>();
  for (const matchup of matchups) {
    checkMatchup(where, matchup, teams);
    const key = `${matchup.period}\u0000${matchup.matchupId}`;
    if (seen.has(key)) {
      throw new InvalidInputError(
        `${where}: matchup "${matchup.matchupId}" of week ${matchup.period} is listed twice`,
      );
    }
    seen.add(key);
  }
}

function checkTeamDetails(what: string, team: FantasyTeamRecord & TeamDetails): void {
  for (const field of OPTIONAL_TEAM_TEXT) {
    const value: unknown = team[field];
    if (value !== undefined && typeof value !== 'string') {
      throw new InvalidInputError(`${what}: ${field} must be a string when present`);
    }
  }
  if (team.managers !== undefined) {
    if (!Array.isArray(team.managers))
      throw new InvalidInputError(`${what}: managers must be a list`);
    const ids = new Set<string>();
    for (const manager of team.managers) {
      if (!isText(manager?.platformUserId)) {
        throw new InvalidInputError(`${what}: a manager has no platformUserId`);
      }
      if (ids.has(manager.platformUserId)) {
        throw new InvalidInputError(`${what}: manager "${manager.platformUserId}" is listed twice`);
      }
      ids.add(manager.platformUserId);
      if (manager.displayName !== undefined && typeof manager.displayName !== 'string') {
        throw new InvalidInputError(`${what}: a manager's displayName must be a string`);
      }
    }
  }
  if (team.record !== undefined) checkRecord(what, team.record);
  for (const field of ['pointsFor', 'pointsAgainst'] as const) {
    if (team[field] !== undefined && !isFiniteNumber(team[field])) {
      throw new InvalidInputError(`${what}: ${field} must be a finite number`);
    }
  }
  if (team.standing !== undefined && !isPeriod(team.standing)) {
    throw new InvalidInputError(`${what}: standing must be a whole number from 1`);
  }
}

function checkRecord(what: string, record: WinLossRecord): void {
  for (const field of ['wins', 'losses', 'ties'] as const) {
    if (!isCount(record?.[field])) {
      throw new InvalidInputError(`${what}: record.${field} must be a whole number from 0`);
    }
  }
}

function checkMatchup(where: string, m: MatchupRecord, teams: ReadonlySet<string>): void {
  if (!isPeriod(m?.period)) {
    throw new InvalidInputError(`${where}: a matchup's period must be a whole number from 1`);
  }
  if (!isText(m.matchupId)) {
    throw new InvalidInputError(`${where}: a matchup of week ${m.period} has no matchupId`);
  }
  const what = `${where}: matchup "${m.matchupId}" of week ${m.period}`;
  if (!Array.isArray(m.sides) || m.sides.length === 0) {
    throw new InvalidInputError(`${what} has no teams`);
  }
  const sides = new Set<string>();
  for (const side of m.sides) {
    if (!teams.has(side?.rosterId)) {
      throw new InvalidInputError(
        `${what} names team "${String(side?.rosterId)}", which is not among the league's teams`,
      );
    }
    if (sides.has(side.rosterId)) {
      throw new InvalidInputError(`${what} names team "${side.rosterId}" twice`);
    }
    sides.add(side.rosterId);
    if (side.score !== undefined && !isFiniteNumber(side.score)) {
      throw new InvalidInputError(
        `${what}: team "${side.rosterId}"'s score must be a finite number`,
      );
    }
  }
  if (m.status !== undefined && !(MATCHUP_STATUSES as readonly string[]).includes(m.status)) {
    throw new InvalidInputError(`${what}: unknown status "${String(m.status)}"`);
  }
  if (m.kind !== undefined && !(MATCHUP_KINDS as readonly string[]).includes(m.kind)) {
    throw new InvalidInputError(`${what}: unknown kind "${String(m.kind)}"`);
  }
  if (m.winnerRosterId !== undefined && !sides.has(m.winnerRosterId)) {
    throw new InvalidInputError(
      `${what}: the winner "${String(m.winnerRosterId)}" is not one of its teams`,
    );
  }
}

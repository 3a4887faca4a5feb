// What a demo team carries beside its roster: an abbreviation, a logo (the demo serves avatars),
// its managers, its division in leagues of ten or more, and its record, points and standing as
// counted from the league's own matchups (schedule.ts), so all of them agree.
import type { TeamManagerRecord } from '../../domain/league-data.ts';
import type { FantasyTeamRecord, LeagueSnapshot } from '../../domain/records.ts';
import { DEMO_SITE } from './leagues.ts';
import { DIVISION_PAIRS, FIRST_NAMES, LAST_NAMES } from './name-lists.ts';
import { rngFor, shuffleFront } from './random.ts';
import type { Rng } from './random.ts';
import { rankTeams } from './schedule.ts';
import type { TeamTotals } from './schedule.ts';

export interface ManagerNames {
  /** The demo account's own user id and the name it shows. */
  ownUserId: string;
  ownDisplayName: string;
  seed: number;
}

/** Adds the team details to the league's teams in place (the fields they had are left as they are). */
export function addTeamDetails(
  league: LeagueSnapshot,
  totals: ReadonlyMap<string, TeamTotals>,
  names: ManagerNames,
  rng: Rng,
): void {
  const abbreviations = new Set<string>();
  const divisions = divisionsOf(league, rng);
  const standing = new Map(rankTeams([...totals.values()]).map((t, i) => [t.rosterId, i + 1]));
  for (const team of league.teams) {
    team.abbreviation = abbreviationOf(team, abbreviations);
    team.logoUrl = `${DEMO_SITE}/avatars/${encodeURIComponent(league.platformLeagueKey)}/teams/${team.rosterId}.png`;
    const managers = managersOf(team, names, rng);
    if (managers.length > 0) team.managers = managers;
    const total = totals.get(team.rosterId);
    if (total) {
      team.record = { wins: total.wins, losses: total.losses, ties: total.ties };
      team.pointsFor = total.pointsFor / 100;
      team.pointsAgainst = total.pointsAgainst / 100;
    }
    const rank = standing.get(team.rosterId);
    if (rank !== undefined) team.standing = rank;
    const division = divisions.get(team.rosterId);
    if (division) {
      team.divisionId = division.id;
      team.divisionName = division.name;
    }
  }
}

/** Initials of the name's words plus letters of its last word: "Crimson Otters" is "COT". */
function abbreviationOf(team: FantasyTeamRecord, taken: Set<string>): string {
  const words = (team.name ?? `Team ${team.rosterId}`).toUpperCase().split(' ');
  const last = words[words.length - 1] ?? '';
  const initials = words.map((w) => w[0] ?? '').join('');
  const candidates = [
    initials.slice(0, -1) + last.slice(0, 2),
    initials.slice(0, -1) + last[0] + (last[last.length - 1] ?? ''),
    initials.slice(0, -1) + last.slice(0, 3),
  ];
  const chosen = candidates.find((c) => !taken.has(c)) ?? `${initials}${team.rosterId}`;
  taken.add(chosen);
  return chosen;
}

function managersOf(team: FantasyTeamRecord, names: ManagerNames, rng: Rng): TeamManagerRecord[] {
  // An orphan team (no owner) has no managers either.
  if (team.ownerPlatformUserId === undefined) return [];
  const managers = [manager(team.ownerPlatformUserId, names)];
  // About one team in six is run by two people.
  if (rng.chance(0.16)) managers.push(manager(`demo-comanager-${team.rosterId}`, names));
  return managers;
}

function manager(platformUserId: string, names: ManagerNames): TeamManagerRecord {
  return { platformUserId, displayName: displayNameOf(platformUserId, names) };
}

/** The same user has the same display name in every league: drawn from the user id alone. */
export function displayNameOf(platformUserId: string, names: ManagerNames): string {
  if (platformUserId === names.ownUserId) return names.ownDisplayName;
  const rng = rngFor(names.seed, `manager:${platformUserId}`);
  const first = rng.pick(FIRST_NAMES);
  const last = rng.pick(LAST_NAMES);
  return rng.chance(0.5)
    ? `${first} ${last.slice(0, 1)}.`
    : `${first}${last}`.replace(/[^\p{L}]/gu, '');
}

/** Two named divisions of equal size in leagues of ten or more teams; none in smaller ones. */
function divisionsOf(league: LeagueSnapshot, rng: Rng): Map<string, { id: string; name: string }> {
  const divisions = new Map<string, { id: string; name: string }>();
  if (league.teams.length < 10) return divisions;
  const names = rng.pick(DIVISION_PAIRS);
  const ids = league.teams.map((t) => t.rosterId);
  shuffleFront(ids, ids.length, rng);
  ids.forEach((rosterId, i) => {
    const d = i < ids.length / 2 ? 0 : 1;
    divisions.set(rosterId, { id: String(d + 1), name: names[d] });
  });
  return divisions;
}

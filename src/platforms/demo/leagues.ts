// Generates league snapshots: teams named from invented words, rosters drawn by position from the
// sport's pool without overlap, and the hard-case players placed in a league when asked.
import type { Platform } from '../../domain/catalog.ts';
import type { FantasyTeamRecord, LeagueSnapshot, RosterEntryRecord } from '../../domain/records.ts';
import { TEAM_ADJECTIVES, TEAM_NOUNS } from './name-lists.ts';
import { shuffleFront } from './random.ts';
import type { Rng } from './random.ts';
import type { HardCasePlayer, SportProfile } from './sports.ts';

export const DEMO_SITE = 'https://demo.fantasy-data.invalid';

export interface LeagueSpec {
  platform: Platform;
  platformLeagueKey: string;
  season: number;
  name: string;
  numTeams: number;
  profile: SportProfile;
  /** Owner of team 1 (the account the data is generated for); the others are invented managers. */
  ownerOfFirstTeam: string;
  /** Players who must be rostered here, each on team (its place in the list) mod numTeams + 1. */
  forced?: readonly HardCasePlayer[];
}

/**
 * Builds one league. `draftable` is shuffled in place (that is what keeps the cost proportional to
 * the roster size on huge pools); callers that need every league independent of the others pass a
 * fresh copy.
 */
export function generateLeague(
  spec: LeagueSpec,
  draftable: Map<string, string[]>,
  rng: Rng,
): LeagueSnapshot {
  const { numTeams, profile } = spec;
  const teams = teamRecords(spec, rng);

  // Positions are drawn in profile order and dealt round-robin; rosters[team] holds player ids
  // and positions[team] their positions (two flat arrays: huge datasets allocate less).
  const rosters: string[][] = teams.map(() => []);
  const positions: string[][] = teams.map(() => []);
  for (const { position, rosterSlots } of profile.positions) {
    const group = draftable.get(position) ?? [];
    const wanted = Math.min(group.length, rosterSlots * numTeams);
    shuffleFront(group, wanted, rng);
    for (let i = 0; i < wanted; i++) {
      rosters[i % numTeams]?.push(group[i] as string);
      positions[i % numTeams]?.push(position);
    }
  }
  placeForcedPlayers(rosters, positions, spec.forced ?? []);

  const rosterEntries: RosterEntryRecord[] = [];
  rosters.forEach((roster, team) => {
    const rosterId = teams[team]?.rosterId ?? String(team + 1);
    for (const playerId of roster) rosterEntries.push({ rosterId, playerId });
  });

  return {
    platform: spec.platform,
    platformLeagueKey: spec.platformLeagueKey,
    season: spec.season,
    sport: profile.sport,
    name: spec.name,
    numTeams,
    leagueUrl: `${DEMO_SITE}/leagues/${encodeURIComponent(spec.platformLeagueKey)}`,
    leagueAvatar: `${DEMO_SITE}/avatars/${encodeURIComponent(spec.platformLeagueKey)}.png`,
    teams,
    rosterEntries,
    // The pool carries every player, so a league adds none of its own.
    players: [],
  };
}

function teamRecords(spec: LeagueSpec, rng: Rng): FantasyTeamRecord[] {
  const adjectives = [...TEAM_ADJECTIVES];
  const nouns = [...TEAM_NOUNS];
  shuffleFront(adjectives, spec.numTeams, rng);
  shuffleFront(nouns, spec.numTeams, rng);
  const teams: FantasyTeamRecord[] = [];
  for (let i = 0; i < spec.numTeams; i++) {
    const team: FantasyTeamRecord = {
      rosterId: String(i + 1),
      // Lists of 20 words each: names stay distinct up to 20 teams, past the 14 a league has.
      name: `${adjectives[i % adjectives.length]} ${nouns[i % nouns.length]}`,
    };
    // The last team of a 14-team league is orphaned, as happens when a manager leaves.
    const orphan = spec.numTeams >= 14 && i === spec.numTeams - 1;
    if (i === 0) team.ownerPlatformUserId = spec.ownerOfFirstTeam;
    else if (!orphan) team.ownerPlatformUserId = `demo-manager-${i + 1}`;
    teams.push(team);
  }
  return teams;
}

/** Puts each forced player on its team, in place of a drawn player of the same position. */
function placeForcedPlayers(
  rosters: string[][],
  positions: string[][],
  forced: readonly HardCasePlayer[],
): void {
  const forcedIds = new Set(forced.map((p) => p.playerId));
  forced.forEach((player, i) => {
    if (rosters.some((roster) => roster.includes(player.playerId))) return;
    const team = i % rosters.length;
    const roster = rosters[team];
    const rosterPositions = positions[team];
    if (!roster || !rosterPositions) return;
    const slot = roster.findIndex(
      (id, s) => rosterPositions[s] === player.position && !forcedIds.has(id),
    );
    if (slot >= 0) roster[slot] = player.playerId;
    else {
      roster.push(player.playerId);
      rosterPositions.push(player.position);
    }
  });
}

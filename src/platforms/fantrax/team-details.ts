// What getStandings says of each team beside its name (its record, points for and place), and its
// division from getLeagueInfo's teamInfo. Pure: no I/O. Fantrax's official API names no managers,
// logos, abbreviations or points against, so those are left out (LEAGUE-DATA.md).
import type { TeamDetails, WinLossRecord } from '../../domain/league-data.ts';
import type { FantraxSchedule, FantraxStandings } from './activity-schemas.ts';

/** Team details by roster id (Fantrax's team id), for the league's teams. */
export function mapTeamDetails(
  standings: FantraxStandings,
  schedule: FantraxSchedule,
  knownTeams: ReadonlySet<string>,
): Map<string, TeamDetails> {
  const details = new Map<string, TeamDetails>();
  for (const [teamId, info] of Object.entries(schedule.teamInfo ?? {})) {
    // Whether Fantrax writes the division's name or an id of its own here is not documented:
    // either names the division, so it is its id; no name is claimed.
    const division = info.division?.trim();
    if (knownTeams.has(teamId) && division) details.set(teamId, { divisionId: division });
  }
  const ranked = new Set<string>();
  for (const row of standings) {
    if (!knownTeams.has(row.teamId) || ranked.has(row.teamId)) continue;
    ranked.add(row.teamId);
    const record = parseRecord(row.points);
    details.set(row.teamId, {
      ...details.get(row.teamId),
      ...(record ? { record } : {}),
      ...(row.totalPointsFor !== undefined ? { pointsFor: row.totalPointsFor } : {}),
      ...(row.rank !== undefined && row.rank >= 1 ? { standing: row.rank } : {}),
    });
  }
  return details;
}

/**
 * A head-to-head record as Fantrax writes it in `points`: "W-L-T" (wins, losses, ties). Anything
 * else (a points league's figure) is no record.
 */
export function parseRecord(points: string | number | undefined): WinLossRecord | undefined {
  if (typeof points !== 'string') return undefined;
  const match = /^\s*(\d+)-(\d+)-(\d+)\s*$/.exec(points);
  if (!match) return undefined;
  return { wins: Number(match[1]), losses: Number(match[2]), ties: Number(match[3]) };
}

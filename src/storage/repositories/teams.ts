// The `team` product's store: the teams' details (columns of fantasy_teams, written with the team
// rows by snapshots.ts), the league's current period, and its matchups. Written inside the
// league's one snapshot transaction; read by the API per league.
import type { Selectable } from 'kysely';
import type {
  MatchupKind,
  MatchupRecord,
  MatchupSide,
  MatchupStatus,
  TeamManagerRecord,
} from '../../domain/league-data.ts';
import { comparePlayerIds } from '../../domain/names.ts';
import type { FantasyTeamRecord, LeagueSnapshot } from '../../domain/records.ts';
import type { Tx } from '../db.ts';
import type { FantasyTeamsTable, MatchupsTable } from '../schema.ts';

// Rows per multi-row insert: well under both backends' bound-parameter limits (7 columns each).
const INSERT_CHUNK = 500;

/** Platform ids in the order people read them: integers by value, then text (as player ids). */
const compareIds = comparePlayerIds;

type TeamDetailColumns = Pick<
  FantasyTeamsTable,
  | 'abbreviation'
  | 'logo_url'
  | 'managers'
  | 'wins'
  | 'losses'
  | 'ties'
  | 'points_for'
  | 'points_against'
  | 'standing'
  | 'division_id'
  | 'division_name'
>;

/** The detail columns of a team's fantasy_teams row; null for what the platform does not give. */
export function teamDetailColumns(team: FantasyTeamRecord): TeamDetailColumns {
  return {
    abbreviation: team.abbreviation || null,
    logo_url: team.logoUrl || null,
    managers:
      team.managers === undefined ? null : JSON.stringify(team.managers.map(toStoredManager)),
    wins: team.record?.wins ?? null,
    losses: team.record?.losses ?? null,
    ties: team.record?.ties ?? null,
    points_for: team.pointsFor ?? null,
    points_against: team.pointsAgainst ?? null,
    standing: team.standing ?? null,
    division_id: team.divisionId || null,
    division_name: team.divisionName || null,
  };
}

/** Only the record's own members; an empty display name is no name (never "" in the API). */
function toStoredManager(manager: TeamManagerRecord): TeamManagerRecord {
  return {
    platformUserId: manager.platformUserId,
    ...(manager.displayName && { displayName: manager.displayName }),
  };
}

/** leagues.current_period of a snapshot (null: the platform does not say, or no activity). */
export function currentPeriodColumn(s: LeagueSnapshot): { current_period: number | null } {
  return { current_period: s.activity?.currentPeriod ?? null };
}

/**
 * Replaces the league's matchups with the snapshot's (none when it carries no activity). Called
 * in the snapshot's transaction, so a failure leaves the previous schedule with the rest.
 */
export async function replaceMatchups(tx: Tx, leagueId: number, s: LeagueSnapshot): Promise<void> {
  await tx.deleteFrom('matchups').where('league_id', '=', leagueId).execute();
  const rows = (s.activity?.matchups ?? []).map((m) => ({ league_id: leagueId, ...matchupRow(m) }));
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
    await tx
      .insertInto('matchups')
      .values(rows.slice(start, start + INSERT_CHUNK))
      .execute();
  }
}

/** A matchup as its row stores it (but for the league): what a write inserts, and compares. */
export function matchupRow(m: MatchupRecord): Omit<MatchupsTable, 'league_id'> {
  return {
    week: m.period,
    matchup_id: m.matchupId,
    status: m.status ?? null,
    kind: m.kind ?? null,
    winner_roster_id: m.winnerRosterId ?? null,
    teams: JSON.stringify(m.sides.map(toStoredSide)),
  };
}

/** Only the record's own members, in a fixed order: nothing else a connector set is kept. */
function toStoredSide(side: MatchupSide): MatchupSide {
  return { rosterId: side.rosterId, ...(side.score !== undefined && { score: side.score }) };
}

/** The league's teams with their details, in roster id order. */
export async function listTeams(db: Tx, leagueId: number): Promise<FantasyTeamRecord[]> {
  const rows = await db
    .selectFrom('fantasy_teams')
    .selectAll()
    .where('league_id', '=', leagueId)
    .execute();
  return rows.map(toTeam).sort((a, b) => compareIds(a.rosterId, b.rosterId));
}

function toTeam(row: Selectable<FantasyTeamsTable>): FantasyTeamRecord {
  const wins = row.wins;
  const losses = row.losses;
  const ties = row.ties;
  return {
    rosterId: row.roster_id,
    ...(row.name !== null && { name: row.name }),
    ...(row.owner_platform_user_id !== null && { ownerPlatformUserId: row.owner_platform_user_id }),
    ...(row.abbreviation !== null && { abbreviation: row.abbreviation }),
    ...(row.logo_url !== null && { logoUrl: row.logo_url }),
    ...(row.managers !== null && { managers: parseManagers(row.managers) }),
    ...(wins !== null && losses !== null && ties !== null && { record: { wins, losses, ties } }),
    ...(row.points_for !== null && { pointsFor: Number(row.points_for) }),
    ...(row.points_against !== null && { pointsAgainst: Number(row.points_against) }),
    ...(row.standing !== null && { standing: row.standing }),
    ...(row.division_id !== null && { divisionId: row.division_id }),
    ...(row.division_name !== null && { divisionName: row.division_name }),
  };
}

function parseManagers(text: string): TeamManagerRecord[] {
  // Written by teamDetailColumns from checked records: the shape is ours.
  return (JSON.parse(text) as TeamManagerRecord[]).map((m) => ({
    platformUserId: m.platformUserId,
    ...(m.displayName !== undefined && { displayName: m.displayName }),
  }));
}

/** The league's matchups (of one week when `week` is given), by week, then matchup id order. */
export async function listMatchups(
  db: Tx,
  leagueId: number,
  week?: number,
): Promise<MatchupRecord[]> {
  let query = db.selectFrom('matchups').selectAll().where('league_id', '=', leagueId);
  if (week !== undefined) query = query.where('week', '=', week);
  const rows = await query.execute();
  return rows
    .map(toMatchup)
    .sort((a, b) => a.period - b.period || compareIds(a.matchupId, b.matchupId));
}

function toMatchup(row: Selectable<MatchupsTable>): MatchupRecord {
  return {
    period: row.week,
    matchupId: row.matchup_id,
    sides: JSON.parse(row.teams) as MatchupSide[],
    ...(row.status !== null && { status: row.status as MatchupStatus }),
    ...(row.kind !== null && { kind: row.kind as MatchupKind }),
    ...(row.winner_roster_id !== null && { winnerRosterId: row.winner_roster_id }),
  };
}

/** The week or scoring period the league is in, where its platform said. */
export async function findCurrentPeriod(db: Tx, leagueId: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('leagues')
    .select('current_period')
    .where('id', '=', leagueId)
    .executeTakeFirst();
  return row?.current_period ?? undefined;
}

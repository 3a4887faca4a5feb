// Which parts of a stored league a snapshot changes (the `changed` of its `league.updated` event),
// read from the store inside the write's transaction, before the write replaces them. Compared
// with the rows stored, not with the content hash of the last full sync: a live refresh writes
// the period it read between two syncs and leaves that hash alone, so a sync that brings the
// scores a live refresh already wrote (and reported) finds them unchanged.
import type { TeamLineupRecord } from '../../domain/game.ts';
import type { MatchupRecord } from '../../domain/league-data.ts';
import type { LeagueSnapshot } from '../../domain/records.ts';
import type { LeagueUpdatedPart } from '../../domain/webhooks.ts';
import type { Tx } from '../db.ts';
import {
  CURRENT_LINEUP_PERIOD,
  currentLineupEntries,
  lineupRow,
  storedLineupRows,
} from './game.ts';
import { matchupRow } from './teams.ts';
import { transactionRow } from './transactions.ts';

/**
 * The parts the snapshot would change, sorted: scores (a matchup's score, status or winner; a
 * team's or player's points), lineups (a player in another slot, another player, a team's lineup
 * added or gone; the current lineup included), rosters (who is on which team), transactions
 * (added, changed or gone). Other changes (names, standings, rules, drafts) are none of these.
 */
export async function changedParts(
  tx: Tx,
  leagueId: number,
  s: LeagueSnapshot,
): Promise<LeagueUpdatedPart[]> {
  const parts = new Set<LeagueUpdatedPart>();
  if (await matchupsChanged(tx, leagueId, s.activity?.matchups ?? [])) parts.add('scores');
  const lineups = await lineupsChanged(tx, leagueId, s.game?.lineups);
  if (lineups.points) parts.add('scores');
  if (lineups.places || (await currentLineupChanged(tx, leagueId, s))) parts.add('lineups');
  if (await rostersChanged(tx, leagueId, s)) parts.add('rosters');
  if (await transactionsChanged(tx, leagueId, s)) parts.add('transactions');
  return [...parts].sort();
}

export interface PeriodChanges {
  /** As changedParts labels them, so a live refresh and a full sync name a change alike. */
  parts: LeagueUpdatedPart[];
  /** The period's matchups differ from the stored ones: they are to be written. */
  matchups: boolean;
  /** Some team's lineup of the period differs (places or points): they are to be written. */
  lineups: boolean;
}

/** What writing one period's matchups and lineups (a live refresh) would change. */
export async function periodChanges(
  tx: Tx,
  leagueId: number,
  period: number,
  matchups: readonly MatchupRecord[],
  lineups: readonly TeamLineupRecord[],
): Promise<PeriodChanges> {
  const matchupsMoved = await matchupsChanged(tx, leagueId, matchups, period);
  const moved = await lineupsChanged(tx, leagueId, lineups);
  const parts = new Set<LeagueUpdatedPart>();
  if (matchupsMoved || moved.points) parts.add('scores');
  if (moved.places) parts.add('lineups');
  return {
    parts: [...parts].sort(),
    matchups: matchupsMoved,
    lineups: moved.places || moved.points,
  };
}

/** Whether two keyed lists of rows differ: a key on one side only, or another row under it. */
function differ(
  stored: Iterable<readonly [string, string]>,
  written: Iterable<readonly [string, string]>,
): boolean {
  const was = new Map(stored);
  const now = new Map(written);
  if (was.size !== now.size) return true;
  for (const [key, row] of now) if (was.get(key) !== row) return true;
  return false;
}

/** The league's matchups (with `period`: that period's only, each of them in it) against these. */
async function matchupsChanged(
  tx: Tx,
  leagueId: number,
  matchups: readonly MatchupRecord[],
  period?: number,
): Promise<boolean> {
  let query = tx
    .selectFrom('matchups')
    .select(['week', 'matchup_id', 'status', 'kind', 'winner_roster_id', 'teams'])
    .where('league_id', '=', leagueId);
  if (period !== undefined) query = query.where('week', '=', period);
  const stored = await query.execute();
  const keyed = (row: (typeof stored)[number]) =>
    [
      `${Number(row.week)}/${row.matchup_id}`,
      JSON.stringify([row.status, row.kind, row.winner_roster_id, row.teams]),
    ] as const;
  const written = matchups.map(matchupRow).map((row) => ({ ...row, week: period ?? row.week }));
  return differ(stored.map(keyed), written.map(keyed));
}

/** A lineup's players and slots, without points: what a lineup change is. */
function places(entries: readonly { playerId: string; slot: string; platformSlot: string }[]) {
  return JSON.stringify(entries.map((e) => [e.playerId, e.slot, e.platformSlot]));
}

/** A lineup's team and player points, players by id: what a score change is. */
function points(row: ReturnType<typeof lineupRow>): string {
  const entries = (JSON.parse(row.entries) as TeamLineupRecord['entries'])
    .map((e) => [e.playerId, e.points ?? null, e.projectedPoints ?? null] as const)
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return JSON.stringify([row.points, row.projected_points, entries]);
}

/**
 * The periods the snapshot lists, as lineupsDiffer compares them (a period it leaves out is
 * kept): `places` when a team's players or slots moved or a team's lineup came or went,
 * `points` when a team kept its lineup and its points moved.
 */
async function lineupsChanged(
  tx: Tx,
  leagueId: number,
  lineups: readonly TeamLineupRecord[] | undefined,
): Promise<{ places: boolean; points: boolean }> {
  if (lineups === undefined || lineups.length === 0) return { places: false, points: false };
  const stored = await storedLineupRows(tx, leagueId, lineups);
  const written = new Map(
    lineups.map((lineup) => [`${lineup.period}/${lineup.rosterId}`, lineupRow(lineup)] as const),
  );
  const placesOf = (row: ReturnType<typeof lineupRow>) =>
    places(JSON.parse(row.entries) as TeamLineupRecord['entries']);
  const placed = (rows: Map<string, ReturnType<typeof lineupRow>>) =>
    [...rows].map(([key, row]) => [key, placesOf(row)] as const);
  const pointsMoved = [...written].some(([key, row]) => {
    const was = stored.get(key);
    return was !== undefined && points(was) !== points(row);
  });
  return { places: differ(placed(stored), placed(written)), points: pointsMoved };
}

async function currentLineupChanged(tx: Tx, leagueId: number, s: LeagueSnapshot): Promise<boolean> {
  const slots = s.game?.currentLineup;
  if (slots === undefined) return false;
  const stored = await tx
    .selectFrom('lineups')
    .select(['roster_id', 'entries'])
    .where('league_id', '=', leagueId)
    .where('period', '=', CURRENT_LINEUP_PERIOD)
    .execute();
  return differ(
    stored.map((row) => [row.roster_id, row.entries] as const),
    currentLineupEntries(slots),
  );
}

async function rostersChanged(tx: Tx, leagueId: number, s: LeagueSnapshot): Promise<boolean> {
  const stored = await tx
    .selectFrom('roster_entries')
    .select(['player_id', 'roster_id'])
    .where('league_id', '=', leagueId)
    .execute();
  const keyed = (rosterId: string, playerId: string) =>
    [JSON.stringify([rosterId, playerId]), ''] as const;
  return differ(
    stored.map((row) => keyed(row.roster_id, row.player_id)),
    s.rosterEntries.map((e) => keyed(e.rosterId, e.playerId)),
  );
}

async function transactionsChanged(tx: Tx, leagueId: number, s: LeagueSnapshot): Promise<boolean> {
  const stored = await tx
    .selectFrom('league_transactions')
    .select(['transaction_id', 'type', 'status', 'occurred_at', 'week', 'body'])
    .where('league_id', '=', leagueId)
    .execute();
  const keyed = (row: (typeof stored)[number]) =>
    [
      row.transaction_id,
      JSON.stringify([
        row.type,
        row.status,
        row.occurred_at,
        row.week === null ? null : Number(row.week),
        row.body,
      ]),
    ] as const;
  const written = (s.activity?.transactions ?? []).map((t) => transactionRow(leagueId, t));
  return differ(stored.map(keyed), written.map(keyed));
}

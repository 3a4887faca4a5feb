// The game of a league (domain/game.ts, migration 019): written inside the league's one snapshot
// transaction by snapshots.ts. Each part the snapshot carries replaces what the store holds of
// it; a part it leaves out is kept, and of lineups only the periods it lists are replaced (a
// finished period is read from the platform once, then kept).
import type {
  CurrentSlotRecord,
  InjuryRecord,
  LeagueGame,
  LeagueSeasonRecord,
  LineupEntryRecord,
  TeamLineupRecord,
} from '../../domain/game.ts';
import type { Tx } from '../db.ts';

// Rows per multi-row insert: well under both backends' bound-parameter limits (6 columns at most).
const INSERT_CHUNK = 500;

/** lineups.period of the current lineup: real periods start at 1. */
export const CURRENT_LINEUP_PERIOD = 0;

/** An entry as stored in lineups.entries: only the record's own members, in a fixed order. */
export type StoredLineupEntry = LineupEntryRecord;

export async function writeLeagueGame(
  tx: Tx,
  leagueId: number,
  game: LeagueGame | undefined,
): Promise<void> {
  if (game === undefined) return;
  if (game.rules !== undefined) {
    await tx.deleteFrom('league_rules').where('league_id', '=', leagueId).execute();
    await tx
      .insertInto('league_rules')
      .values({ league_id: leagueId, rules: JSON.stringify(game.rules) })
      .execute();
  }
  if (game.lineups !== undefined) await replaceLineups(tx, leagueId, game.lineups);
  if (game.currentLineup !== undefined) {
    await replaceCurrentLineup(tx, leagueId, game.currentLineup);
  }
  if (game.injuries !== undefined) await replaceInjuries(tx, leagueId, game.injuries);
  if (game.history !== undefined) await replaceSeasons(tx, leagueId, game.history);
}

async function insertChunked<T>(rows: readonly T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
    await insert(rows.slice(start, start + INSERT_CHUNK));
  }
}

function toStoredEntry(entry: LineupEntryRecord): StoredLineupEntry {
  return {
    playerId: entry.playerId,
    slot: entry.slot,
    platformSlot: entry.platformSlot,
    ...(entry.points !== undefined && { points: entry.points }),
    ...(entry.projectedPoints !== undefined && { projectedPoints: entry.projectedPoints }),
  };
}

/** A lineup row as stored: what a write would insert, for comparing with what is there. */
export function lineupRow(lineup: TeamLineupRecord) {
  return {
    points: lineup.points ?? null,
    projected_points: lineup.projectedPoints ?? null,
    entries: JSON.stringify(lineup.entries.map(toStoredEntry)),
  };
}

/**
 * The stored lineup rows of the periods these lineups list, as lineupRow writes them, by
 * `period/rosterId`: what a write of them is compared with.
 */
export async function storedLineupRows(
  tx: Tx,
  leagueId: number,
  lineups: readonly TeamLineupRecord[],
): Promise<Map<string, ReturnType<typeof lineupRow>>> {
  const periods = [...new Set(lineups.map((lineup) => lineup.period))];
  const stored = new Map<string, ReturnType<typeof lineupRow>>();
  for (let start = 0; start < periods.length; start += INSERT_CHUNK) {
    const rows = await tx
      .selectFrom('lineups')
      .select(['period', 'roster_id', 'points', 'projected_points', 'entries'])
      .where('league_id', '=', leagueId)
      .where('period', 'in', periods.slice(start, start + INSERT_CHUNK))
      .execute();
    for (const row of rows) {
      stored.set(`${Number(row.period)}/${row.roster_id}`, {
        points: row.points === null ? null : Number(row.points),
        projected_points: row.projected_points === null ? null : Number(row.projected_points),
        entries: row.entries,
      });
    }
  }
  return stored;
}

/**
 * Whether writing these lineups would change what the store holds of their periods. The lineups
 * are compared apart from the league's content hash: a connector lists only the periods not final
 * yet, so the same league is listed with fewer periods sync after sync while nothing changes.
 */
export async function lineupsDiffer(
  tx: Tx,
  leagueId: number,
  lineups: readonly TeamLineupRecord[] | undefined,
): Promise<boolean> {
  if (lineups === undefined || lineups.length === 0) return false;
  const stored = await storedLineupRows(tx, leagueId, lineups);
  if (stored.size !== lineups.length) return true;
  return lineups.some((lineup) => {
    const was = stored.get(`${lineup.period}/${lineup.rosterId}`);
    const now = lineupRow(lineup);
    return (
      was === undefined ||
      was.points !== now.points ||
      was.projected_points !== now.projected_points ||
      was.entries !== now.entries
    );
  });
}

/** Replaces the periods the lineups list, every team of them; other periods stay as stored. */
async function replaceLineups(
  tx: Tx,
  leagueId: number,
  lineups: readonly TeamLineupRecord[],
): Promise<void> {
  const periods = [...new Set(lineups.map((lineup) => lineup.period))];
  await insertChunked(periods, (chunk) =>
    tx
      .deleteFrom('lineups')
      .where('league_id', '=', leagueId)
      .where('period', 'in', chunk)
      .execute(),
  );
  const rows = lineups.map((lineup) => ({
    league_id: leagueId,
    period: lineup.period,
    roster_id: lineup.rosterId,
    ...lineupRow(lineup),
  }));
  await insertChunked(rows, (chunk) => tx.insertInto('lineups').values(chunk).execute());
}

/** The current lineup's stored `entries` per team, its players in the snapshot's order. */
export function currentLineupEntries(slots: readonly CurrentSlotRecord[]): Map<string, string> {
  const byTeam = new Map<string, StoredLineupEntry[]>();
  for (const slot of slots) {
    const entries = byTeam.get(slot.rosterId) ?? [];
    entries.push({ playerId: slot.playerId, slot: slot.slot, platformSlot: slot.platformSlot });
    byTeam.set(slot.rosterId, entries);
  }
  return new Map([...byTeam].map(([rosterId, entries]) => [rosterId, JSON.stringify(entries)]));
}

/** The current lineup, one period-0 row per team, its players in the snapshot's order. */
async function replaceCurrentLineup(
  tx: Tx,
  leagueId: number,
  slots: readonly CurrentSlotRecord[],
): Promise<void> {
  await tx
    .deleteFrom('lineups')
    .where('league_id', '=', leagueId)
    .where('period', '=', CURRENT_LINEUP_PERIOD)
    .execute();
  const rows = [...currentLineupEntries(slots)].map(([rosterId, entries]) => ({
    league_id: leagueId,
    period: CURRENT_LINEUP_PERIOD,
    roster_id: rosterId,
    points: null,
    projected_points: null,
    entries,
  }));
  await insertChunked(rows, (chunk) => tx.insertInto('lineups').values(chunk).execute());
}

async function replaceInjuries(
  tx: Tx,
  leagueId: number,
  injuries: readonly InjuryRecord[],
): Promise<void> {
  await tx.deleteFrom('league_injuries').where('league_id', '=', leagueId).execute();
  const rows = injuries.map((injury) => ({
    league_id: leagueId,
    player_id: injury.playerId,
    status: injury.status,
    designation: injury.designation,
    note: injury.note || null,
  }));
  await insertChunked(rows, (chunk) => tx.insertInto('league_injuries').values(chunk).execute());
}

async function replaceSeasons(
  tx: Tx,
  leagueId: number,
  seasons: readonly LeagueSeasonRecord[],
): Promise<void> {
  await tx.deleteFrom('league_seasons').where('league_id', '=', leagueId).execute();
  const rows = seasons.map((season) => ({
    league_id: leagueId,
    season: season.season,
    platform_league_key: season.platformLeagueKey,
  }));
  await insertChunked(rows, (chunk) => tx.insertInto('league_seasons').values(chunk).execute());
}

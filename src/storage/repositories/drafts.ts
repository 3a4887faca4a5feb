// A league's drafts (their picks as JSON: see migration 014) and its future picks, replaced whole
// with each written snapshot and read whole: a league has a few drafts of a few hundred picks.
import type {
  DraftPickRecord,
  DraftRecord,
  DraftStatus,
  DraftType,
  FuturePickRecord,
} from '../../domain/league-data.ts';
import { comparePlayerIds } from '../../domain/names.ts';
import { compareText } from '../../domain/order.ts';
import type { LeagueSnapshot } from '../../domain/records.ts';
import type { Tx } from '../db.ts';
import type { LeagueDraftsTable } from '../schema.ts';
import { storedInstant } from './transactions.ts';

// Rows per multi-row insert, well under both backends' bound-parameter limits.
const INSERT_CHUNK = 500;

/** Replaces the league's drafts and future picks with the snapshot's, in the caller's transaction. */
export async function replaceDrafts(tx: Tx, leagueId: number, s: LeagueSnapshot): Promise<void> {
  await tx.deleteFrom('league_drafts').where('league_id', '=', leagueId).execute();
  await tx.deleteFrom('league_future_picks').where('league_id', '=', leagueId).execute();
  const drafts = (s.activity?.drafts ?? []).map((d): LeagueDraftsTable => ({
    league_id: leagueId,
    draft_id: d.draftId,
    type: d.type ?? null,
    status: d.status ?? null,
    started_at: d.startedAt === undefined ? null : storedInstant(d.startedAt),
    rounds: d.rounds ?? null,
    picks: JSON.stringify(d.picks),
  }));
  // One draft's picks make one large row: a few rows per insert are plenty.
  for (let start = 0; start < drafts.length; start += 10) {
    await tx
      .insertInto('league_drafts')
      .values(drafts.slice(start, start + 10))
      .execute();
  }
  const picks = (s.activity?.futurePicks ?? []).map((p) => ({
    league_id: leagueId,
    season: p.season,
    round: p.round,
    original_roster_id: p.originalRosterId,
    owner_roster_id: p.ownerRosterId,
  }));
  for (let start = 0; start < picks.length; start += INSERT_CHUNK) {
    await tx
      .insertInto('league_future_picks')
      .values(picks.slice(start, start + INSERT_CHUNK))
      .execute();
  }
}

function toDraft(row: Omit<LeagueDraftsTable, 'league_id'>): DraftRecord {
  return {
    draftId: row.draft_id,
    // type and status are checked against the domain's lists before any write.
    ...(row.type !== null && { type: row.type as DraftType }),
    ...(row.status !== null && { status: row.status as DraftStatus }),
    ...(row.started_at !== null && { startedAt: row.started_at }),
    ...(row.rounds !== null && { rounds: Number(row.rounds) }),
    picks: JSON.parse(row.picks) as DraftPickRecord[],
  };
}

/** The league's drafts, the earliest first (undated ones last), then by draft_id. */
export async function listDrafts(db: Tx, leagueId: number): Promise<DraftRecord[]> {
  const rows = await db
    .selectFrom('league_drafts')
    .select(['draft_id', 'type', 'status', 'started_at', 'rounds', 'picks'])
    .where('league_id', '=', leagueId)
    .execute();
  return rows.map(toDraft).sort(compareDrafts);
}

function compareDrafts(a: DraftRecord, b: DraftRecord): number {
  if (a.startedAt !== b.startedAt) {
    if (a.startedAt === undefined) return 1;
    if (b.startedAt === undefined) return -1;
    return compareText(a.startedAt, b.startedAt);
  }
  return comparePlayerIds(a.draftId, b.draftId);
}

/** The league's future picks by season, round, then the team that first owned each (id order). */
export async function listFuturePicks(db: Tx, leagueId: number): Promise<FuturePickRecord[]> {
  const rows = await db
    .selectFrom('league_future_picks')
    .select(['season', 'round', 'original_roster_id', 'owner_roster_id'])
    .where('league_id', '=', leagueId)
    .execute();
  return rows
    .map((row) => ({
      season: Number(row.season),
      round: Number(row.round),
      originalRosterId: row.original_roster_id,
      ownerRosterId: row.owner_roster_id,
    }))
    .sort(
      (a, b) =>
        a.season - b.season ||
        a.round - b.round ||
        comparePlayerIds(a.originalRosterId, b.originalRosterId),
    );
}

// Live refreshes (issue 42): the leagues a live scheduler may refresh, its shared bookkeeping
// (league_refreshes, migration 022), and the write of one period of one league. That write is one
// transaction, like a league's snapshot: the period's matchups and lineups are compared with what
// the store holds, and only a difference is written, with data_seq bumped and the league stamped
// (so cached answers go stale and ETags move) and its `league.updated` event in the outbox.
import type { Platform, Sport } from '../../domain/catalog.ts';
import type { TeamLineupRecord } from '../../domain/game.ts';
import type { MatchupRecord } from '../../domain/league-data.ts';
import type { LeagueUpdatedPart } from '../../domain/webhooks.ts';
import { nowIso, writeTransaction } from '../db.ts';
import type { Store, Tx } from '../db.ts';
import { bumpDataSeq } from './data-seq.ts';
import { writeLeagueGame } from './game.ts';
import { periodChanges } from './league-changes.ts';
import { matchupRow } from './teams.ts';

/** A league of a season not over, with the account a refresh reads it through. */
export interface LiveCandidate {
  leagueId: number;
  platform: Platform;
  sport: Sport;
  season: number;
  platformLeagueKey: string;
  name: string;
  currentPeriod: number | null;
  accountId: number;
  /** Every user the league is a member of, ascending. */
  userIds: number[];
  lastRefreshAt: string | null;
  claimedUntil: string | null;
}

/** The first season not over at `now` (domain/pools.ts: a season ends July 1 the year after). */
export function firstSeasonUnderWay(now: Date): number {
  const year = now.getUTCFullYear();
  return now.getTime() >= Date.UTC(year, 6, 1) ? year : year - 1;
}

/**
 * Leagues of seasons from `firstSeason` (firstSeasonUnderWay) that a linked account whose credentials work can read. A finished
 * season's league is never listed: it causes no request at all.
 */
export async function listLiveCandidates(db: Tx, firstSeason: number): Promise<LiveCandidate[]> {
  const rows = await db
    .selectFrom('leagues')
    .innerJoin('league_members', 'league_members.league_id', 'leagues.id')
    .innerJoin('platform_accounts', 'platform_accounts.id', 'league_members.account_id')
    .leftJoin('league_refreshes', 'league_refreshes.league_id', 'leagues.id')
    .select([
      'leagues.id as league_id',
      'leagues.platform',
      'leagues.sport',
      'leagues.season',
      'leagues.platform_league_key',
      'leagues.name',
      'leagues.current_period',
      'league_members.user_id',
      'platform_accounts.id as account_id',
      'league_refreshes.last_refresh_at',
      'league_refreshes.claimed_until',
    ])
    .where('leagues.season', '>=', firstSeason)
    .where('platform_accounts.link_problem', 'is', null)
    .orderBy('leagues.id')
    .orderBy('platform_accounts.id')
    .execute();
  const byLeague = new Map<number, LiveCandidate>();
  for (const row of rows) {
    const leagueId = Number(row.league_id);
    const known = byLeague.get(leagueId);
    if (known !== undefined) {
      if (!known.userIds.includes(row.user_id)) known.userIds.push(row.user_id);
      continue;
    }
    byLeague.set(leagueId, {
      leagueId,
      platform: row.platform as Platform,
      sport: row.sport as Sport,
      season: row.season,
      platformLeagueKey: row.platform_league_key,
      name: row.name,
      currentPeriod: row.current_period,
      accountId: Number(row.account_id),
      userIds: [row.user_id],
      lastRefreshAt: row.last_refresh_at ?? null,
      claimedUntil: row.claimed_until ?? null,
    });
  }
  for (const candidate of byLeague.values()) candidate.userIds.sort((a, b) => a - b);
  return [...byLeague.values()];
}

/**
 * Takes the league for one refresh until `until`, unless another process holds it (a refresh under
 * way, or one that held it until its next is due: finishLeagueRefresh's holdUntil) or, with
 * `dueBefore`, refreshed it after then (it was then not due any more). False: leave it.
 */
export async function claimLeagueRefresh(
  store: Store,
  leagueId: number,
  at: string,
  until: string,
  dueBefore?: string,
): Promise<boolean> {
  return writeTransaction(store, async (tx) => {
    await tx
      .insertInto('league_refreshes')
      .values({ league_id: leagueId })
      .onConflict((oc) => oc.column('league_id').doNothing())
      .execute();
    let claim = tx
      .updateTable('league_refreshes')
      .set({ claimed_until: until })
      .where('league_id', '=', leagueId)
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', at)]));
    if (dueBefore !== undefined)
      claim = claim.where((eb) =>
        eb.or([eb('last_refresh_at', 'is', null), eb('last_refresh_at', '<=', dueBefore)]),
      );
    const result = await claim.executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  });
}

/**
 * Inside a write transaction, holds the league's row until it ends, so that what the transaction
 * reads of the league is what it writes over. SQLite's write transactions hold the whole store
 * already (begin immediate); PostgreSQL's read committed needs the row lock.
 */
export async function lockLeagueForWrite(store: Store, leagueId: number): Promise<void> {
  if (store.dialect !== 'postgres') return;
  await store.db
    .selectFrom('leagues')
    .select('id')
    .where('id', '=', leagueId)
    .forUpdate()
    .execute();
}

export interface RefreshRecord {
  period: number | null;
  at: string;
  next: string | null;
  outcome: 'written' | 'unchanged' | 'failed';
  error?: string;
  /** Keeps the league from other processes' reads until then (its next read due); absent: free. */
  holdUntil?: string;
}

/** Records a refresh's end and the next one planned, and lets the league go. */
export async function finishLeagueRefresh(
  db: Tx,
  leagueId: number,
  record: RefreshRecord,
): Promise<void> {
  await db
    .updateTable('league_refreshes')
    .set({
      period: record.period,
      last_refresh_at: record.at,
      next_refresh_at: record.next,
      last_outcome: record.outcome,
      last_error: record.error ?? null,
      claimed_until: record.holdUntil ?? null,
    })
    .where('league_id', '=', leagueId)
    .execute();
}

/**
 * Records a refresh of these leagues that read nothing of their own (a shared read rescored them
 * from the store): their last and next refresh, without touching a claim, which belongs to the
 * leagues' own reads.
 */
export async function recordSharedRefreshes(
  store: Store,
  leagueIds: readonly number[],
  record: Omit<RefreshRecord, 'error' | 'holdUntil'>,
): Promise<void> {
  if (leagueIds.length === 0) return;
  await writeTransaction(store, async (tx) => {
    for (let from = 0; from < leagueIds.length; from += 500) {
      const ids = leagueIds.slice(from, from + 500);
      await tx
        .insertInto('league_refreshes')
        .values(ids.map((id) => ({ league_id: id })))
        .onConflict((oc) => oc.column('league_id').doNothing())
        .execute();
      await tx
        .updateTable('league_refreshes')
        .set({
          period: record.period,
          last_refresh_at: record.at,
          next_refresh_at: record.next,
          last_outcome: record.outcome,
          last_error: null,
        })
        .where('league_id', 'in', ids)
        .execute();
    }
  });
}

/** Sets when leagues are next refreshed (the plan moved: more leagues live, or fewer). */
export async function planLeagueRefreshes(
  store: Store,
  plans: readonly { leagueId: number; next: string | null }[],
): Promise<void> {
  if (plans.length === 0) return;
  await writeTransaction(store, async (tx) => {
    for (const plan of plans) {
      await tx
        .insertInto('league_refreshes')
        .values({ league_id: plan.leagueId, next_refresh_at: plan.next })
        .onConflict((oc) => oc.column('league_id').doUpdateSet({ next_refresh_at: plan.next }))
        .execute();
    }
  });
}

export interface LeagueRefreshState {
  lastRefreshAt?: string;
  nextRefreshAt?: string;
  period?: number;
  outcome?: string;
  error?: string;
}

/** The refresh bookkeeping of these leagues, by league id (a league never looked at is absent). */
export async function findLeagueRefreshes(
  db: Tx,
  leagueIds: readonly number[],
): Promise<Map<number, LeagueRefreshState>> {
  const states = new Map<number, LeagueRefreshState>();
  if (leagueIds.length === 0) return states;
  const rows = await db
    .selectFrom('league_refreshes')
    .selectAll()
    .where('league_id', 'in', [...leagueIds])
    .execute();
  for (const row of rows) {
    states.set(Number(row.league_id), {
      ...(row.last_refresh_at !== null && { lastRefreshAt: row.last_refresh_at }),
      ...(row.next_refresh_at !== null && { nextRefreshAt: row.next_refresh_at }),
      ...(row.period !== null && { period: row.period }),
      ...(row.last_outcome !== null && { outcome: row.last_outcome }),
      ...(row.last_error !== null && { error: row.last_error }),
    });
  }
  return states;
}

export interface LivePeriodWrite {
  leagueId: number;
  platform: Platform;
  sport: Sport;
  season: number;
  period: number;
  matchups: readonly MatchupRecord[];
  lineups: readonly TeamLineupRecord[];
  /** The league's members: its `league.updated` event names them. */
  userIds: readonly number[];
}

/**
 * Writes one period of one league when it differs from the store, inside the caller's transaction,
 * and answers which parts changed (empty: nothing was written, the league's ETags stay).
 */
export async function applyLivePeriod(
  tx: Tx,
  write: LivePeriodWrite,
): Promise<LeagueUpdatedPart[]> {
  const league = await tx
    .selectFrom('leagues')
    .select('id')
    .where('id', '=', write.leagueId)
    .executeTakeFirst();
  // Removed meanwhile (detached, deleted): nothing to refresh.
  if (league === undefined) return [];
  const lineups = write.lineups.filter((lineup) => lineup.period === write.period);
  const changes = await periodChanges(tx, write.leagueId, write.period, write.matchups, lineups);
  if (changes.parts.length === 0) return [];
  const seq = await bumpDataSeq(tx);
  if (changes.matchups) {
    await tx
      .deleteFrom('matchups')
      .where('league_id', '=', write.leagueId)
      .where('week', '=', write.period)
      .execute();
    const rows = write.matchups.map((m) => ({
      league_id: write.leagueId,
      ...matchupRow(m),
      week: write.period,
    }));
    if (rows.length > 0) await tx.insertInto('matchups').values(rows).execute();
  }
  if (changes.lineups) await writeLeagueGame(tx, write.leagueId, { lineups });
  // The content hash is left as the last full sync computed it: the next full sync then writes
  // the league once more, in full, which is also what brings its other parts up to date.
  await tx
    .updateTable('leagues')
    .set((eb) => ({ data_seq: seq, synced_at: nowIso(), version: eb('version', '+', 1) }))
    .where('id', '=', write.leagueId)
    .execute();
  return changes.parts;
}

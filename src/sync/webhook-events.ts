// The sync side's writes that applications hear of by webhook, each with its event recorded in
// the same transaction (storage/repositories/webhooks.ts): the event exists exactly when the
// write it reports was committed, and a crash between them is impossible.
import type { Platform } from '../domain/catalog.ts';
import type { LinkFailureReason } from '../domain/webhooks.ts';
import { PlatformError } from '../platforms/connector.ts';
import { writeTransaction } from '../storage/db.ts';
import type { Store } from '../storage/db.ts';
import { linkAccount, markLinkProblem } from '../storage/repositories/accounts.ts';
import type { AccountLink, LinkedAccount } from '../storage/repositories/accounts.ts';
import { finishSyncRun } from '../storage/repositories/syncs.ts';
import type { SyncRunResult } from '../storage/repositories/syncs.ts';
import { applyLivePeriod } from '../storage/repositories/live.ts';
import type { LivePeriodWrite } from '../storage/repositories/live.ts';
import { checkLeagueSnapshot } from '../storage/repositories/snapshot-checks.ts';
import { applyLeagueSnapshot, listLeagueMemberIds } from '../storage/repositories/snapshots.ts';
import type { LeagueMember, WriteOutcome } from '../storage/repositories/snapshots.ts';
import type { LeagueSnapshot } from '../domain/records.ts';
import { listWebhookEndpoints, recordWebhookEvent } from '../storage/repositories/webhooks.ts';
import type { LeagueUpdatedPart } from '../domain/webhooks.ts';
import type { AccountSyncSummary } from './types.ts';

/** Stores a link, and `link.completed`. */
export async function linkAccountAndReport(
  store: Store,
  link: AccountLink,
): Promise<LinkedAccount> {
  return writeTransaction(store, async (tx) => {
    const account = await linkAccount(tx, link);
    await recordWebhookEvent(tx, {
      type: 'link.completed',
      userId: account.userId,
      data: {
        user_id: account.userId,
        platform: account.platform,
        account_id: account.id,
        external_user_id: account.externalUserId,
        ...(account.username !== undefined && { username: account.username }),
      },
    });
    return account;
  });
}

/**
 * `link.failed` for a link the platform refused: nothing else is written. The event says which
 * platform, why as a code, and the connect session it came from; never what the person typed
 * (a username, a league id, an e-mail address), which the refusal's message may quote.
 */
export async function reportRefusedLink(
  store: Store,
  link: { userId: number; platform: Platform; connectSessionId?: number },
  error: unknown,
): Promise<void> {
  await writeTransaction(store, (tx) =>
    recordWebhookEvent(tx, {
      type: 'link.failed',
      userId: link.userId,
      data: {
        user_id: link.userId,
        platform: link.platform,
        reason: linkFailureReason(error),
        ...(link.connectSessionId !== undefined && {
          connect_session_id: link.connectSessionId,
        }),
      },
    }),
  );
}

function linkFailureReason(error: unknown): LinkFailureReason {
  if (error instanceof PlatformError) {
    if (error.kind === 'credentials_rejected') return 'credentials_rejected';
    if (error.kind === 'not_found') return 'not_found';
    if (error.kind === 'forbidden') return 'forbidden';
  }
  return 'invalid_input';
}

/** Marks an account "needs linking again" (refused credentials), and `link.needs_relink`. */
export async function markLinkProblemAndReport(
  store: Store,
  account: Pick<LinkedAccount, 'id' | 'userId' | 'platform'>,
  problem: string,
): Promise<void> {
  await writeTransaction(store, async (tx) => {
    await markLinkProblem(tx, account.id, problem);
    await recordWebhookEvent(tx, {
      type: 'link.needs_relink',
      userId: account.userId,
      data: {
        user_id: account.userId,
        platform: account.platform,
        account_id: account.id,
        problem,
      },
    });
  });
}

/** Records a run's end, and `sync.finished` with its counts and the leagues it wrote. */
export async function finishSyncRunAndReport(
  store: Store,
  summary: AccountSyncSummary,
  result: SyncRunResult,
): Promise<void> {
  const changed = summary.leagues.flatMap((l) =>
    l.outcome === 'written' && l.leagueId !== null ? [l.leagueId] : [],
  );
  await writeTransaction(store, async (tx) => {
    await finishSyncRun(tx, summary.runId, result);
    await recordWebhookEvent(tx, {
      type: 'sync.finished',
      userId: summary.userId,
      data: {
        user_id: summary.userId,
        platform: summary.platform,
        account_id: summary.accountId,
        run_id: summary.runId,
        outcome: summary.outcome,
        leagues_found: result.leaguesFound,
        leagues_written: result.leaguesWritten,
        leagues_unchanged: result.leaguesUnchanged,
        leagues_failed: result.leaguesFailed,
        leagues_detached: result.leaguesDetached,
        pools_refreshed: result.poolsRefreshed,
        changed_league_ids: [...new Set(changed)].sort((a, b) => a - b),
        needs_relink: summary.needsRelink === true,
        ...(result.error !== undefined && { error: result.error }),
      },
    });
  });
}

/**
 * One period of one league from a live refresh, and `league.updated` naming what changed: once
 * per league per refresh, and none when nothing did (nothing is written then either).
 */
export async function writeLivePeriodAndReport(
  store: Store,
  write: LivePeriodWrite,
): Promise<LeagueUpdatedPart[]> {
  return writeTransaction(store, async (tx) => {
    const changed = await applyLivePeriod(tx, write);
    const userId = write.userIds[0];
    if (changed.length > 0 && userId !== undefined) {
      await recordWebhookEvent(tx, {
        type: 'league.updated',
        userId,
        data: {
          league_id: write.leagueId,
          platform: write.platform,
          sport: write.sport,
          season: write.season,
          period: write.period,
          changed,
          user_ids: [...write.userIds],
          source: 'live',
        },
      });
    }
    return changed;
  });
}

/**
 * A league's snapshot from a full sync (one transaction), and `league.updated` (source `sync`)
 * naming the parts of the stored league it changed (storage/repositories/league-changes.ts):
 * none when it wrote nothing or changed none of those parts, and none on the league's first
 * write, which is a new league rather than an update (`sync.finished` lists it).
 */
export async function writeLeagueSnapshotAndReport(
  store: Store,
  snapshot: LeagueSnapshot,
  member?: LeagueMember,
): Promise<{ leagueId: number; outcome: WriteOutcome }> {
  checkLeagueSnapshot(snapshot);
  return writeTransaction(store, async (tx) => {
    // The comparison costs about a tenth of a league's rewrite: made only for an endpoint that
    // takes the event, which is recorded only then anyway.
    const endpoints = await listWebhookEndpoints(tx);
    const compareParts = endpoints.some((e) => e.events.includes('league.updated'));
    const { leagueId, outcome, changed } = await applyLeagueSnapshot(tx, snapshot, member, {
      compareParts,
    });
    const userIds = changed.length > 0 ? await listLeagueMemberIds(tx, leagueId) : [];
    const userId = userIds[0];
    if (userId !== undefined) {
      await recordWebhookEvent(tx, {
        type: 'league.updated',
        userId,
        data: {
          league_id: leagueId,
          platform: snapshot.platform,
          sport: snapshot.sport,
          season: snapshot.season,
          changed,
          user_ids: userIds,
          source: 'sync',
        },
      });
    }
    return { leagueId, outcome };
  });
}

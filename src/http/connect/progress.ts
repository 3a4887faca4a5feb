// Where a session stands, read from the store each time (a link may have run in another instance
// or tab): each platform the page offers with its account (named as its platform says), the
// first sync this session started and the last link that failed; and from that, how the session
// ends (domain/connect-outcome.ts).
import type { Platform } from '../../domain/catalog.ts';
import type { ConnectOutcomeStatus } from '../../domain/connect-outcome.ts';
import type { League } from '../../domain/records.ts';
import { accountNameOf, platformModule } from '../../platforms/registry.ts';
import { listAccounts } from '../../storage/repositories/accounts.ts';
import type { LinkedAccount } from '../../storage/repositories/accounts.ts';
import { findLeaguesForUser } from '../../storage/repositories/leagues.ts';
import type {
  ConnectLinkFailure,
  ConnectSession,
} from '../../storage/repositories/connect-sessions.ts';
import type { SyncRequest } from '../../storage/repositories/sync-requests.ts';
import type { ConnectContext } from './context.ts';
import { offeredPlatforms } from './offered.ts';

export interface PlatformProgress {
  platform: Platform;
  /** The user's account on the platform, linked now or before this session. */
  linked?: { name: string; problem?: string };
  /** The newest sync this session started: the platform was linked through this session. */
  sync?: SyncRequest;
  /** The session's last failed link of the platform, when no link of it succeeded since. */
  failure?: ConnectLinkFailure;
}

export interface SessionProgress {
  platforms: PlatformProgress[];
  /** Linked through this session, in the page's order. */
  linkedHere: Platform[];
  /** Tried and not linked, or linked with a first sync that could not read the leagues. */
  failed: Platform[];
  syncing: Platform[];
}

export async function sessionProgress(
  ctx: ConnectContext,
  session: ConnectSession,
): Promise<SessionProgress> {
  const { store, accounts } = ctx.services;
  const linked = await listAccounts(store.db, { userId: session.userId });
  const leagues = await leaguesToName(ctx, session.userId, linked);
  // Newest first: the first found per platform is its latest.
  const syncs = (await accounts.syncs.list({ connectSessionId: session.id })).sort(
    (a, b) => b.id - a.id,
  );
  const platforms = (await offeredPlatforms(ctx, session)).map((platform): PlatformProgress => {
    const account = linked.find((a) => a.platform === platform);
    const sync = syncs.find((s) => s.platform === platform);
    const failure = session.linkFailures.filter((f) => f.platform === platform).at(-1);
    const failedSince =
      failure !== undefined && (sync === undefined || sync.createdAt < failure.at);
    return {
      platform,
      ...(account !== undefined && {
        linked: {
          name: accountNameOf(
            platform,
            account,
            leagues.filter((league) => league.platform === platform),
          ),
          ...(account.linkProblem !== undefined && { problem: account.linkProblem }),
        },
      }),
      ...(sync !== undefined && { sync }),
      ...(failedSince && { failure }),
    };
  });
  return {
    platforms,
    linkedHere: platforms.filter((p) => p.sync !== undefined).map((p) => p.platform),
    failed: platforms
      .filter((p) => (p.sync === undefined ? p.failure !== undefined : syncFailed(p.sync)))
      .map((p) => p.platform),
    syncing: platforms.filter((p) => p.sync?.status === 'running').map((p) => p.platform),
  };
}

/**
 * The user's leagues, for the platforms that name an account by its leagues (ESPN, whose links
 * have no name); none read when no linked platform does.
 */
async function leaguesToName(
  ctx: ConnectContext,
  userId: number,
  linked: readonly LinkedAccount[],
): Promise<League[]> {
  if (!linked.some((account) => platformModule(account.platform).accountName !== undefined)) {
    return [];
  }
  return findLeaguesForUser(ctx.services.store.db, userId, { sports: [], seasons: [] });
}

function syncFailed(sync: SyncRequest): boolean {
  return !['running', 'ok', 'partial'].includes(sync.status);
}

/** How the session ends when the person presses Finish (Cancel is always `cancelled`). */
export function finishedStatus(progress: SessionProgress): ConnectOutcomeStatus {
  if (progress.linkedHere.length === 0) {
    return progress.failed.length > 0 ? 'failed' : 'cancelled';
  }
  return progress.failed.length > 0 ? 'partial' : 'linked';
}

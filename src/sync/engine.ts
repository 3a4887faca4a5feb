// The sync engine: runs a platform connector for linked accounts and writes what it returns,
// one league per transaction, through the same store code for every platform (demo included).
import { NotFoundError } from '../domain/errors.ts';
import { SPORTS } from '../domain/catalog.ts';
import type { Platform, Sport } from '../domain/catalog.ts';
import { poolKeyOf, poolKeyText } from '../domain/pools.ts';
import type { PoolKey } from '../domain/pools.ts';
import { PlatformError } from '../platforms/connector.ts';
import type { LeagueRef, PlatformAccount, PlatformConnector } from '../platforms/connector.ts';
import type { Store } from '../storage/db.ts';
import { findAccount, listAccounts, replaceCredentials } from '../storage/repositories/accounts.ts';
import type { LinkedAccount } from '../storage/repositories/accounts.ts';
import { markSeasonsComplete } from '../storage/repositories/account-seasons.ts';
import { nowIso } from '../storage/db.ts';
import { detachLeagues, getPlayerPoolState } from '../storage/repositories/snapshots.ts';
import { startSyncRun } from '../storage/repositories/syncs.ts';
import { withCredentialLease } from './credential-lease.ts';
import { SyncError, describeError } from './errors.ts';
import { findKnownLeagueIds, leagueKey } from '../storage/repositories/league-keys.ts';
import { syncLeagues } from './leagues.ts';
import { keepRunAlive, runOwner, sweepInterruptedRuns } from './run-lease.ts';
import { refreshPoolIfDue } from './pools.ts';
import { trackRequests } from './request-tracking.ts';
import {
  completedSeasons,
  keepFinalLeagues,
  keptLeagueResults,
  leaguesLeftAlone,
  planSeasons,
} from './seasons.ts';
import { accountOutcome, summarize } from './summary.ts';
import { finishSyncRunAndReport, markLinkProblemAndReport } from './webhook-events.ts';
import type {
  AccountSyncSummary,
  ConnectorRegistry,
  LeagueSyncResult,
  SyncOptions,
  SyncSummary,
} from './types.ts';

export type * from './types.ts';

/**
 * How many syncs in a row must find a league gone from the platform (no longer listed for the
 * account, or answered "no such league") before the user stops being served it. One answer is
 * not enough: a platform's hiccup, a league between seasons or a refused read would otherwise
 * take away what was served. Unlinking the account removes its leagues at once.
 */
export const GONE_SYNCS_TO_DETACH = 3;

/** Keeps the leagues inside the scope, once each, whatever the connector returned. */
function inScope(
  refs: readonly LeagueRef[],
  scope: { sports: readonly Sport[]; seasons: readonly number[] },
): LeagueRef[] {
  const seen = new Set<string>();
  return refs.filter((ref) => {
    if (!scope.sports.includes(ref.sport)) return false;
    if (!scope.seasons.includes(ref.season)) return false;
    const key = leagueKey(ref.platformLeagueKey, ref.season);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Syncs one linked account. Never throws for platform or data problems: they are recorded. */
export async function syncAccount(
  store: Store,
  connector: PlatformConnector | undefined,
  account: LinkedAccount,
  options: SyncOptions,
  /** Players described by leagues synced earlier in the same run (see pool-players.ts). */
  described: Set<string> = new Set(),
): Promise<AccountSyncSummary> {
  const { platform, userId } = account;
  const started = performance.now();
  const runId = await startSyncRun(store.db, {
    userId,
    platform,
    trigger: options.trigger,
    owner: runOwner(),
  });
  const stopHeartbeat = keepRunAlive(store.db, runId);
  // The sync requests waiting on this account hear of it too (request-tracking.ts).
  const requests = trackRequests(store.db, account.id, runId);
  const { onProgress } = options;
  options = {
    ...options,
    onProgress: (event) => {
      requests.onProgress(event);
      onProgress?.(event);
    },
  };
  const summary: AccountSyncSummary = {
    runId,
    userId,
    accountId: account.id,
    platform,
    ...(account.username === undefined ? {} : { username: account.username }),
    outcome: 'failed',
    leaguesFound: 0,
    leaguesDetached: 0,
    leagues: [],
    pools: [],
  };
  options.onProgress?.({
    type: 'account-started',
    platform,
    ...(account.username === undefined ? {} : { username: account.username }),
  });
  try {
    await options.onRunStarted?.(runId);
    if (!connector) throw new SyncError(`no connector for platform ${platform} yet`);
    // Refused credentials are not tried again: each attempt may count against the account.
    if (account.linkProblem !== undefined) {
      summary.needsRelink = true;
      throw new SyncError(`needs linking again: ${account.linkProblem}`);
    }
    await runAccount(store, connector, account, options, summary, described);
  } catch (error) {
    summary.outcome = 'failed';
    summary.error = describeError(error);
    if (isCredentialsRejected(error)) {
      summary.needsRelink = true;
      await markLinkProblemAndReport(store, account, summary.error);
    }
    options.onProgress?.({
      type: 'account-failed',
      platform,
      error: summary.error,
      ...(summary.needsRelink === true && { needsRelink: true }),
    });
  } finally {
    stopHeartbeat();
    const count = (outcome: LeagueSyncResult['outcome']): number =>
      summary.leagues.filter((l) => l.outcome === outcome).length;
    const poolErrors = summary.pools
      .filter((p) => p.outcome === 'failed')
      .map((p) => `player pool ${p.sport}: ${p.error ?? ''}`);
    const error = [summary.error, ...poolErrors].filter((e) => e !== undefined).join('; ');
    const counts = {
      leaguesFound: summary.leaguesFound,
      leaguesWritten: count('written'),
      leaguesUnchanged: count('unchanged'),
      leaguesFailed: count('failed'),
      poolsRefreshed: summary.pools.filter(
        (p) => p.outcome === 'written' || p.outcome === 'unchanged',
      ).length,
    };
    // With its sync.finished webhook, in one transaction (sync/webhook-events.ts).
    await finishSyncRunAndReport(store, summary, {
      outcome: summary.outcome === 'unchanged' ? 'ok' : summary.outcome,
      ...counts,
      leaguesDetached: summary.leaguesDetached,
      ...(error === '' ? {} : { error }),
    });
    const needsRelink = summary.needsRelink === true;
    // Stopped part-way (shutdown, Ctrl-C): the requests waiting on it say so, not 'failed'.
    const stopped = options.signal?.aborted === true;
    await requests.finish({
      outcome: stopped ? 'interrupted' : summary.outcome,
      progress: { ...counts, needsRelink },
      ...(stopped
        ? { error: 'the process running it stopped' }
        : summary.error !== undefined && { error: summary.error }),
      retried: summary.outcome === 'failed' && !needsRelink && options.retriedOnFailure === true,
    });
  }
  options.onAccountSynced?.(summary, performance.now() - started);
  return summary;
}

async function runAccount(
  store: Store,
  connector: PlatformConnector,
  account: LinkedAccount,
  options: SyncOptions,
  summary: AccountSyncSummary,
  described: Set<string>,
): Promise<void> {
  const { platform, userId } = account;
  const { signal, onProgress } = options;
  const platformAccount = toPlatformAccount(store, account, options);
  const now = (options.now ?? (() => new Date()))();
  const sports = options.sports.length > 0 ? options.sports : SPORTS;
  const plan = await planSeasons(store.db, account.id, sports, options, now);
  if (plan.skipped.length > 0) {
    onProgress?.({ type: 'seasons-skipped', platform, seasons: plan.skipped });
  }
  // The leagues of the seasons left alone are still the account's: found, and unchanged, so the
  // run's counts say the same on the admin API, the CLI and the webhook event.
  const left = await leaguesLeftAlone(store, account.id, plan.skipped, sports);
  if (plan.seasons.length === 0) {
    summary.outcome = 'unchanged';
    summary.leaguesFound = left.length;
    onProgress?.({ type: 'leagues-found', platform, count: left.length });
    summary.leagues = await keptLeagueResults(store, platform, left, onProgress);
    return;
  }
  const scope = {
    sports,
    seasons: plan.seasons,
    unsupportedLeagues: (count: number) => {
      summary.leaguesUnsupported = count;
      onProgress?.({ type: 'leagues-unsupported', platform, count });
    },
  };
  const listed = inScope(await connector.listLeagues(platformAccount, scope, signal), scope);
  summary.leaguesFound = listed.length + left.length;
  onProgress?.({ type: 'leagues-found', platform, count: summary.leaguesFound });
  const knownLeagueIds = await findKnownLeagueIds(store.db, platform, listed);
  // A finished season's league synced after the season ended is final: kept, not fetched.
  const { kept, refs } = await keepFinalLeagues(store, platform, listed, knownLeagueIds, now, {
    asked: plan.asked,
    member: { userId, accountId: account.id },
  });

  // Pools first, so every league of a pool is written against today's player list.
  const pools = new Map<string, PoolKey>();
  for (const ref of refs) {
    const pool = poolKeyOf({ ...ref, platform });
    pools.set(poolKeyText(pool), pool);
  }
  const completePools = new Set<string>();
  for (const [key, pool] of pools) {
    signal?.throwIfAborted();
    const result = await refreshPoolIfDue(store, connector, pool, platformAccount, now, signal);
    summary.pools.push(result);
    const { sport, season } = pool;
    if (result.outcome === 'failed') {
      if (isCredentialsRejected(result.failure)) throw result.failure;
      onProgress?.({ type: 'pool-failed', platform, sport, season, error: result.error ?? '' });
    } else if (result.outcome === 'written' || result.outcome === 'unchanged') {
      onProgress?.({
        type: 'pool-refreshed',
        platform,
        sport,
        season,
        players: result.players,
        changed: result.outcome === 'written',
      });
    }
    const state = await getPlayerPoolState(store.db, pool);
    if (state?.refreshedAt !== undefined) completePools.add(key);
  }
  summary.leagues = [
    ...(await keptLeagueResults(store, platform, [...left, ...kept], onProgress)),
    ...(await syncLeagues(store, connector, platformAccount, refs, options, {
      runId: summary.runId,
      userId,
      accountId: account.id,
      knownLeagueIds,
      completePools,
      described,
    })),
  ];
  // A cancelled run saw only part of the account: detaching on it would drop live leagues.
  signal?.throwIfAborted();
  const rejected = summary.leagues.find((l) => l.errorKind === 'credentials_rejected');
  if (rejected !== undefined) {
    summary.needsRelink = true;
    await markLinkProblemAndReport(store, account, rejected.error ?? 'credentials refused');
  }

  // A failed read never takes away what was served: every listed league stays attached, failed
  // ones included, and so does a stored league whose read failed under another season. A league
  // is detached only when GONE_SYNCS_TO_DETACH syncs in a row find it gone (not listed, or
  // answered "no such league"). Only the seasons looked at: leagues of seasons left alone or no
  // longer supported stay.
  const goneAnswer = (l: LeagueSyncResult): boolean =>
    l.outcome === 'failed' && l.errorKind === 'not_found';
  const keepLeagueIds = summary.leagues.flatMap((l) =>
    l.leagueId === null || goneAnswer(l) ? [] : [l.leagueId],
  );
  const unreadKeys = summary.leagues
    .filter((l) => l.outcome === 'failed' && !goneAnswer(l))
    .map((l) => l.platformLeagueKey);
  summary.leaguesDetached = await detachLeagues(store, {
    userId,
    platform,
    sports: scope.sports,
    seasons: scope.seasons,
    keepLeagueIds,
    unreadKeys,
    goneSyncs: GONE_SYNCS_TO_DETACH,
  });
  if (summary.leaguesDetached > 0) {
    onProgress?.({ type: 'leagues-detached', platform, count: summary.leaguesDetached });
  }
  summary.outcome = accountOutcome(summary.leagues, summary.pools, summary.leaguesDetached);
  if (summary.needsRelink !== true) {
    const complete = completedSeasons(platform, scope, summary.leagues, summary.pools, now);
    await markSeasonsComplete(store.db, account.id, complete, nowIso());
  }
}

function isCredentialsRejected(error: unknown): boolean {
  return error instanceof PlatformError && error.kind === 'credentials_rejected';
}

/** The account as a connector sees it: credentials decrypted, and a way to store rotated ones. */
export function toPlatformAccount(
  store: Store,
  account: LinkedAccount,
  options: Pick<SyncOptions, 'secrets'>,
): PlatformAccount {
  const result: PlatformAccount = {
    platform: account.platform,
    externalUserId: account.externalUserId,
    ...(account.username === undefined ? {} : { username: account.username }),
    ...(account.settings === undefined ? {} : { settings: account.settings }),
  };
  if (account.credentialsEncrypted !== undefined) {
    const secrets = options.secrets;
    if (!secrets) throw new SyncError('stored credentials need the secret key');
    result.credentials = secrets.decrypt(account.credentialsEncrypted);
    // The ciphertext last read, per clear text: encryption is randomized, so the swap compares
    // the stored ciphertext, never the clear text.
    const ciphertexts = new Map([[result.credentials, account.credentialsEncrypted]]);
    result.credentialStore = {
      async load() {
        const current = await findAccount(store.db, account.id);
        if (current?.credentialsEncrypted === undefined) return undefined;
        const text = secrets.decrypt(current.credentialsEncrypted);
        ciphertexts.set(text, current.credentialsEncrypted);
        return text;
      },
      async replace(previous, next) {
        const previousEncrypted = ciphertexts.get(previous);
        if (previousEncrypted === undefined) return false;
        const nextEncrypted = secrets.encrypt(next);
        const replaced = await replaceCredentials(
          store.db,
          account.id,
          previousEncrypted,
          nextEncrypted,
        );
        if (replaced) ciphertexts.set(next, nextEncrypted);
        return replaced;
      },
      exclusive: (work, signal) => withCredentialLease(store, account, work, signal),
    };
  }
  return result;
}

/** Syncs these accounts one after another in this process (`sync` without a queue). */
export async function syncAccounts(
  store: Store,
  connectors: ConnectorRegistry,
  accounts: readonly LinkedAccount[],
  options: SyncOptions,
): Promise<SyncSummary> {
  // Runs whose process died are marked before new ones start: never 'running' forever.
  await sweepInterruptedRuns(store.db);
  const results: AccountSyncSummary[] = [];
  const described = new Set<string>();
  // Accounts one after another: leagues within an account already run concurrently.
  for (const account of accounts) {
    if (options.signal?.aborted) break;
    results.push(
      await syncAccount(store, connectors[account.platform], account, options, described),
    );
  }
  return summarize(results);
}

/** Syncs every linked account of a user (of one platform when given). */
export async function syncUser(
  store: Store,
  connectors: ConnectorRegistry,
  options: SyncOptions & { userId: number; platform?: Platform },
): Promise<SyncSummary> {
  const accounts = await listAccounts(store.db, {
    userId: options.userId,
    ...(options.platform === undefined ? {} : { platform: options.platform }),
  });
  if (accounts.length === 0) {
    throw new NotFoundError(
      options.platform === undefined
        ? 'the user has no linked platform accounts'
        : `the user has no linked ${options.platform} account`,
    );
  }
  return syncAccounts(store, connectors, accounts, options);
}

/** Syncs every linked account of every user (the scheduler's job). */
export async function syncAll(
  store: Store,
  connectors: ConnectorRegistry,
  options: SyncOptions,
): Promise<SyncSummary> {
  return syncAccounts(store, connectors, await listAccounts(store.db), options);
}

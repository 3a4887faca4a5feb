// Linking a user's platform account, shared by `fantasy-data link`, the admin API and the hosted
// connect page: the connector checks what the user gave against the platform once, and the link
// is stored with its credentials encrypted and its settings as JSON. A link that brings no new
// credentials keeps a "needs linking again" mark (see keptLinkProblem). A link waits for its
// platform's request budget a few seconds at most (LINK_WAIT_LIMIT_MS) and is given up whole past
// LINK_DEADLINE_MS (retries, Retry-After and timeouts included); syncs wait their turn. Links
// over HTTP are also counted (link-attempts.ts): past their limits one is refused uncalled.
import type { Platform } from '../domain/catalog.ts';
import { whenAborted } from '../platforms/abort.ts';
import { PlatformError } from '../platforms/connector.ts';
import type {
  LinkContext,
  LinkOutcome,
  LinkRequest,
  PlatformAccount,
} from '../platforms/connector.ts';
import { httpLinkOf } from '../platforms/registry.ts';
import { BudgetBusyError, limitWaits } from '../platforms/request-budget.ts';
import type { SecretBox } from '../secrets.ts';
import type { Store } from '../storage/db.ts';
import { listAccounts } from '../storage/repositories/accounts.ts';
import type { LinkedAccount } from '../storage/repositories/accounts.ts';
import { LinkBusyError, SyncError } from './errors.ts';
import { isRefusedLink } from './link-attempts.ts';
import type { LinkAttempts, LinkCaller } from './link-attempts.ts';
import type { ConnectorRegistry } from './types.ts';
import { linkAccountAndReport, reportRefusedLink } from './webhook-events.ts';

export type LinkResult =
  | { status: 'linked'; account: LinkedAccount }
  | { status: 'action_required'; message: string; url?: string };

/**
 * How long a link may wait, in total, for its platform's request budget and a free slot of its
 * calls in flight. Background syncs share the budget first come first served and can hold it for
 * a minute (MFL allows 30 calls a minute), while a person at the connect page, an admin API client
 * or the CLI waits for this answer. 5 s lets a link take the next call a busy budget frees (MFL's
 * frees one every 2 s under steady syncs) and keeps the page's answer well inside what browsers,
 * proxies and the fuzzer (10 s, reliability/fuzz-surfaces.ts) wait; past it the link fails with
 * a LinkBusyError saying when to try again.
 */
export const LINK_WAIT_LIMIT_MS = 5_000;

/**
 * How long a link may take in all: budget waits, calls, retries with backoff, a platform's
 * Retry-After and per-attempt timeouts (15 s, 4 attempts) together, which could otherwise keep
 * it over a minute. A link makes one to four calls that answer in about a second each, so 20 s
 * leaves room for the 5 s budget wait and a retry or two, and still answers well before a person
 * at the connect page gives up and before common proxy limits (30 s and up) cut the request.
 * The fuzzer's 10 s "slow" mark (reliability/fuzz-surfaces.ts) is met by links that fail fast
 * (busy budget, refused platform); a platform that is up but this slow is what the deadline is
 * for. Past it the link fails as the platform's failure (platform_unavailable, CLI exit 1).
 */
export const LINK_DEADLINE_MS = 20_000;

/**
 * The platforms of `connectors` users link over HTTP: those whose module says how (the demo is
 * the operator's, linked from the CLI only).
 */
export function linkablePlatforms(connectors: ConnectorRegistry): Platform[] {
  return (Object.keys(connectors) as Platform[]).filter(
    (platform) => httpLinkOf(platform) !== undefined,
  );
}

/**
 * Links (or links again) the user's account on the platform. Bad input is an InvalidInputError,
 * a platform that fails (or does not finish within LINK_DEADLINE_MS) a PlatformError, a platform
 * without a connector a SyncError, a budget in use past LINK_WAIT_LIMIT_MS a LinkBusyError, an
 * attempt past the limits of `attempts` a LinkAttemptsError; in every failure nothing is stored.
 */
export async function linkPlatformAccount(
  store: Store,
  connectors: ConnectorRegistry,
  secrets: SecretBox,
  link: {
    userId: number;
    platform: Platform;
    request: LinkRequest;
    signal?: AbortSignal;
    /** LINK_DEADLINE_MS unless a test shortens it. */
    deadlineMs?: number;
    /** The limits of links over HTTP, and who asks; the CLI's links are not limited. */
    attempts?: { limits: LinkAttempts; caller: LinkCaller };
  },
): Promise<LinkResult> {
  const { userId, platform } = link;
  const connector = connectors[platform];
  if (!connector) {
    throw new SyncError(
      `${platform} has no connector yet; platforms that can be linked: ${linkablePlatforms(connectors).join(', ')}`,
    );
  }
  const attempts = callsThePlatform(platform, link.request) ? link.attempts : undefined;
  await attempts?.limits.begin(userId, platform, attempts.caller);
  const [current] = await listAccounts(store.db, { userId, platform });
  const existing: PlatformAccount | undefined = current && {
    platform,
    externalUserId: current.externalUserId,
    ...(current.username !== undefined && { username: current.username }),
    ...(current.settings !== undefined && { settings: current.settings }),
    ...(current.credentialsEncrypted !== undefined && {
      credentials: secrets.decrypt(current.credentialsEncrypted),
    }),
  };
  const deadlineMs = link.deadlineMs ?? LINK_DEADLINE_MS;
  let outcome: LinkOutcome;
  try {
    const context = linkContext(platform, secrets);
    outcome = await linkWithinLimits(platform, link.signal, deadlineMs, (signal) =>
      connector.link(link.request, existing, signal, context),
    );
  } catch (error) {
    if (isRefusedLink(error)) {
      await attempts?.limits.refused(userId, platform);
      const connectSessionId = link.attempts?.caller.connectSessionId;
      await reportRefusedLink(
        store,
        { userId, platform, ...(connectSessionId !== undefined && { connectSessionId }) },
        error,
      );
    }
    throw error;
  }
  if (outcome.status === 'action_required') return outcome;
  await attempts?.limits.linked(userId, platform);
  const { account } = outcome;
  const linkProblem = keptLinkProblem(current?.linkProblem, link.request, existing, account);
  // Stored with its link.completed webhook, in one transaction (sync/webhook-events.ts).
  const linked = await linkAccountAndReport(store, {
    userId,
    platform,
    externalUserId: account.externalUserId,
    ...(account.username !== undefined && { username: account.username }),
    ...(account.settings !== undefined && { settings: account.settings }),
    ...(account.credentials !== undefined && {
      credentialsEncrypted: secrets.encrypt(account.credentials),
    }),
    ...(linkProblem !== undefined && { linkProblem }),
  });
  return { status: 'linked', account: linked };
}

/** What a link of the platform is lent: account ids made of personal data, keyed per platform. */
export function linkContext(platform: Platform, secrets: SecretBox): LinkContext {
  return { pseudonym: (text) => secrets.pseudonym(`${platform} account`, text) };
}

/**
 * Whether a link asks the platform anything: an OAuth platform's (Yahoo's) without a code only
 * answers the address where the user approves access, so it is not counted against the limits.
 */
function callsThePlatform(platform: Platform, request: LinkRequest): boolean {
  return httpLinkOf(platform)?.oauth === undefined || request.code !== undefined;
}

/**
 * Runs the connector's link with a signal of its own that carries the wait limit, the deadline
 * and the caller's cancellation: its calls wait for budgets at most LINK_WAIT_LIMIT_MS in all,
 * and every call, retry and backoff sleep stops when `deadlineMs` has passed. The deadline
 * aborts this one signal (not a new one from AbortSignal.any) because the wait limit is kept
 * per signal.
 */
async function linkWithinLimits(
  platform: Platform,
  parent: AbortSignal | undefined,
  deadlineMs: number,
  link: (signal: AbortSignal) => Promise<LinkOutcome>,
): Promise<LinkOutcome> {
  const controller = new AbortController();
  limitWaits(controller.signal, LINK_WAIT_LIMIT_MS, deadlineMs);
  const stopForwarding = parent
    ? whenAborted(parent, () => controller.abort(parent.reason))
    : () => undefined;
  const late = new PlatformError(
    platform,
    `the link check did not finish within ${Math.ceil(deadlineMs / 1000)} s (slow, failing or ` +
      'throttling answers); nothing was changed, try again later',
    'timeout',
  );
  const deadline = setTimeout(() => controller.abort(late), deadlineMs);
  try {
    return await link(controller.signal);
  } catch (error) {
    // Whatever the connector made of the abort, the deadline is what ended the link.
    if (controller.signal.reason === late) throw late;
    if (error instanceof BudgetBusyError) throw new LinkBusyError(platform, error.retryAfterMs);
    throw error;
  } finally {
    clearTimeout(deadline);
    stopForwarding();
  }
}

/**
 * The "needs linking again" mark a new link keeps: that of a link bringing no new credentials (no
 * credentials file, no OAuth code) that carries the refused ones over unchanged, as a link that
 * only adds league ids does (MFL, ESPN). Only what the user gives is checked against the platform;
 * clearing the mark would send the refused credentials again at the next sync, to fail the same
 * way. Dropping them instead would stop the leagues they reach from being listed, and the next
 * sync would detach those from the user unasked: the user renews them, or unlinks.
 */
function keptLinkProblem(
  problem: string | undefined,
  request: LinkRequest,
  existing: PlatformAccount | undefined,
  linked: Omit<PlatformAccount, 'credentialStore'>,
): string | undefined {
  // An e-mail address is Fleaflicker's whole credential, checked against it by this link.
  const given =
    request.credentials !== undefined || request.code !== undefined || request.email !== undefined;
  if (problem === undefined || given) return undefined;
  const carriedOver =
    linked.credentials !== undefined && linked.credentials === existing?.credentials;
  return carriedOver ? problem : undefined;
}

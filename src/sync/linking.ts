// Linking a user's platform account, shared by `fantasy-data link`, the admin API and the hosted
// connect page: the connector checks what the user gave against the platform once, and the link
// is stored with its credentials encrypted and its settings as JSON. A link that brings no new
// credentials keeps a "needs linking again" mark (see keptLinkProblem).
import type { Platform } from '../domain/catalog.ts';
import type { LinkRequest, PlatformAccount } from '../platforms/connector.ts';
import type { SecretBox } from '../secrets.ts';
import type { Store } from '../storage/db.ts';
import { linkAccount, listAccounts } from '../storage/repositories/accounts.ts';
import type { LinkedAccount } from '../storage/repositories/accounts.ts';
import { SyncError } from './errors.ts';
import type { ConnectorRegistry } from './types.ts';

export type LinkResult =
  | { status: 'linked'; account: LinkedAccount }
  | { status: 'action_required'; message: string; url?: string };

/** The platforms users link over HTTP (the demo is the operator's, linked from the CLI only). */
export function linkablePlatforms(connectors: ConnectorRegistry): Platform[] {
  return (Object.keys(connectors) as Platform[]).filter((platform) => platform !== 'demo');
}

/**
 * Links (or links again) the user's account on the platform. Bad input is an InvalidInputError,
 * a platform that fails a PlatformError, a platform without a connector a SyncError.
 */
export async function linkPlatformAccount(
  store: Store,
  connectors: ConnectorRegistry,
  secrets: SecretBox,
  link: { userId: number; platform: Platform; request: LinkRequest; signal?: AbortSignal },
): Promise<LinkResult> {
  const { userId, platform } = link;
  const connector = connectors[platform];
  if (!connector) {
    throw new SyncError(
      `${platform} has no connector yet; platforms that can be linked: ${linkablePlatforms(connectors).join(', ')}`,
    );
  }
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
  const outcome = await connector.link(link.request, existing, link.signal);
  if (outcome.status === 'action_required') return outcome;
  const { account } = outcome;
  const linkProblem = keptLinkProblem(current?.linkProblem, link.request, existing, account);
  const linked = await linkAccount(store.db, {
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
  if (problem === undefined || request.credentials !== undefined || request.code !== undefined) {
    return undefined;
  }
  const carriedOver =
    linked.credentials !== undefined && linked.credentials === existing?.credentials;
  return carriedOver ? problem : undefined;
}

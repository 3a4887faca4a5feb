// Linking a user's platform account, shared by `fantasy-data link`, the admin API and the hosted
// connect page: the connector checks what the user gave against the platform once, and the link
// is stored with its credentials encrypted and its settings as JSON.
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
  const linked = await linkAccount(store.db, {
    userId,
    platform,
    externalUserId: account.externalUserId,
    ...(account.username !== undefined && { username: account.username }),
    ...(account.settings !== undefined && { settings: account.settings }),
    ...(account.credentials !== undefined && {
      credentialsEncrypted: secrets.encrypt(account.credentials),
    }),
  });
  return { status: 'linked', account: linked };
}

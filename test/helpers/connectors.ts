// Calling a PlatformConnector the way the engine and the link command do, in one line.
import { tmpdir } from 'node:os';
import type { Platform, Sport } from '../../src/domain/catalog.ts';
import { EVERY_SEASON, hasSeasonalPools } from '../../src/domain/pools.ts';
import type { PoolKey } from '../../src/domain/pools.ts';
import type {
  LeagueFetchContext,
  LinkRequest,
  PlatformAccount,
  PlatformConnector,
} from '../../src/platforms/connector.ts';
import { createSecretBox } from '../../src/secrets.ts';
import type { Tx } from '../../src/storage/db.ts';
import { linkAccount } from '../../src/storage/repositories/accounts.ts';
import { createUser } from '../../src/storage/repositories/users.ts';
import { linkContext } from '../../src/sync/linking.ts';

/** A secret box of the tests' own key: nothing is read from or written to a data folder. */
export const TEST_SECRETS = createSecretBox({ secretKey: 'b'.repeat(64), dataDir: tmpdir() });

/** Links and returns the account; fails the test when the connector asks for another step. */
export async function linkWith(
  connector: PlatformConnector,
  request: LinkRequest,
  signal?: AbortSignal,
): Promise<PlatformAccount> {
  const context = linkContext(connector.platform, TEST_SECRETS);
  const outcome = await connector.link(request, undefined, signal, context);
  if (outcome.status !== 'linked') throw new Error(`link needs a step: ${outcome.message}`);
  return outcome.account;
}

/**
 * A new user with the account the connector links, stored as the link command stores it (its
 * credentials under TEST_SECRETS: a sync of it is handed those).
 */
export async function userLinkedWith(
  db: Tx,
  name: string,
  connector: PlatformConnector,
  request: LinkRequest,
): Promise<{ userId: number; account: PlatformAccount }> {
  const userId = (await createUser(db, name)).id;
  const account = await linkWith(connector, request);
  await linkAccount(db, {
    userId,
    platform: account.platform,
    externalUserId: account.externalUserId,
    ...(account.username === undefined ? {} : { username: account.username }),
    ...(account.credentials !== undefined && {
      credentialsEncrypted: TEST_SECRETS.encrypt(account.credentials),
    }),
  });
  return { userId, account };
}

/** A fetch context whose store holds the given player ids (none by default). */
export function storeHolding(ids: Iterable<string> = []): LeagueFetchContext {
  const held = new Set(ids);
  return {
    async storedPlayerIds(asked) {
      return new Set(asked.filter((id) => held.has(id)));
    },
  };
}

export function poolOf(platform: Platform, sport: Sport, season?: number): PoolKey {
  return {
    platform,
    sport,
    season: hasSeasonalPools(platform) ? (season ?? 2020) : EVERY_SEASON,
  };
}

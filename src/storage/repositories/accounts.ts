// Platform accounts linked to users: whose leagues a sync fetches, and with what credentials.
import type { Selectable } from 'kysely';
import type { Platform } from '../../domain/catalog.ts';
import { nowIso } from '../db.ts';
import type { Tx } from '../db.ts';
import type { PlatformAccountsTable } from '../schema.ts';

export interface LinkedAccount {
  id: number;
  userId: number;
  platform: Platform;
  externalUserId: string;
  username?: string;
  credentialsEncrypted?: string;
  createdAt: string;
}

export interface AccountLink {
  userId: number;
  platform: Platform;
  externalUserId: string;
  username?: string;
  credentialsEncrypted?: string;
}

function toLinkedAccount(row: Selectable<PlatformAccountsTable>): LinkedAccount {
  return {
    id: row.id,
    userId: row.user_id,
    // Written only through linkAccount, whose argument is typed Platform.
    platform: row.platform as Platform,
    externalUserId: row.external_user_id,
    ...(row.username !== null && { username: row.username }),
    ...(row.credentials_encrypted !== null && { credentialsEncrypted: row.credentials_encrypted }),
    createdAt: row.created_at,
  };
}

/**
 * One account per user and platform: linking again replaces the link (a new username or fresh
 * credentials) but keeps its id, so league memberships made through it stay attached.
 */
export async function linkAccount(db: Tx, a: AccountLink): Promise<LinkedAccount> {
  const row = await db
    .insertInto('platform_accounts')
    .values({
      user_id: a.userId,
      platform: a.platform,
      external_user_id: a.externalUserId,
      username: a.username ?? null,
      credentials_encrypted: a.credentialsEncrypted ?? null,
      created_at: nowIso(),
    })
    .onConflict((oc) =>
      oc.columns(['user_id', 'platform']).doUpdateSet((eb) => ({
        external_user_id: eb.ref('excluded.external_user_id'),
        username: eb.ref('excluded.username'),
        credentials_encrypted: eb.ref('excluded.credentials_encrypted'),
      })),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
  return toLinkedAccount(row);
}

export async function listAccounts(
  db: Tx,
  filter: { userId?: number; platform?: Platform } = {},
): Promise<LinkedAccount[]> {
  let query = db.selectFrom('platform_accounts').selectAll();
  if (filter.userId !== undefined) query = query.where('user_id', '=', filter.userId);
  if (filter.platform !== undefined) query = query.where('platform', '=', filter.platform);
  const rows = await query.orderBy('user_id').orderBy('platform').execute();
  return rows.map(toLinkedAccount);
}

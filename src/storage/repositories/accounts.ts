// Platform accounts linked to users: whose leagues a sync fetches, with what credentials (kept
// encrypted: this module never sees them in clear) and settings, and whether the platform has
// refused those credentials since.
import type { Selectable } from 'kysely';
import type { Platform } from '../../domain/catalog.ts';
import { nowIso } from '../db.ts';
import type { Tx } from '../db.ts';
import type { PlatformAccountsTable } from '../schema.ts';
import { forgetCompleteSeasons } from './account-seasons.ts';

export interface LinkedAccount {
  id: number;
  userId: number;
  platform: Platform;
  externalUserId: string;
  username?: string;
  credentialsEncrypted?: string;
  /** The connector's non-secret settings (parsed JSON object). */
  settings?: Readonly<Record<string, unknown>>;
  /** Why the platform refused the stored credentials; the account must be linked again. */
  linkProblem?: string;
  createdAt: string;
}

export interface AccountLink {
  userId: number;
  platform: Platform;
  externalUserId: string;
  username?: string;
  credentialsEncrypted?: string;
  settings?: Readonly<Record<string, unknown>>;
  /** Kept by a link that carries over the credentials the platform refused (sync/linking.ts). */
  linkProblem?: string;
}

function parseSettings(text: string | null): Readonly<Record<string, unknown>> | undefined {
  if (text === null) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

function toLinkedAccount(row: Selectable<PlatformAccountsTable>): LinkedAccount {
  const settings = parseSettings(row.settings);
  return {
    id: row.id,
    userId: row.user_id,
    // Written only through linkAccount, whose argument is typed Platform.
    platform: row.platform as Platform,
    externalUserId: row.external_user_id,
    ...(row.username !== null && { username: row.username }),
    ...(row.credentials_encrypted !== null && { credentialsEncrypted: row.credentials_encrypted }),
    ...(settings !== undefined && { settings }),
    ...(row.link_problem !== null && { linkProblem: row.link_problem }),
    createdAt: row.created_at,
  };
}

/**
 * One account per user and platform: linking again replaces the link (a new username or fresh
 * credentials) but keeps its id, so league memberships made through it stay attached. A new link
 * replaces the link problem with its own (none, unless it kept refused credentials) and clears
 * the finished seasons synced in full through the old link: the new one may reach other leagues
 * (another user id, other followed leagues).
 */
export async function linkAccount(db: Tx, a: AccountLink): Promise<LinkedAccount> {
  await forgetCompleteSeasons(db, a.userId, a.platform);
  const row = await db
    .insertInto('platform_accounts')
    .values({
      user_id: a.userId,
      platform: a.platform,
      external_user_id: a.externalUserId,
      username: a.username ?? null,
      credentials_encrypted: a.credentialsEncrypted ?? null,
      settings: a.settings === undefined ? null : JSON.stringify(a.settings),
      link_problem: a.linkProblem ?? null,
      created_at: nowIso(),
    })
    .onConflict((oc) =>
      oc.columns(['user_id', 'platform']).doUpdateSet((eb) => ({
        external_user_id: eb.ref('excluded.external_user_id'),
        username: eb.ref('excluded.username'),
        credentials_encrypted: eb.ref('excluded.credentials_encrypted'),
        settings: eb.ref('excluded.settings'),
        link_problem: eb.ref('excluded.link_problem'),
      })),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
  return toLinkedAccount(row);
}

export async function listAccounts(
  db: Tx,
  filter: {
    userId?: number;
    userIds?: readonly number[];
    platform?: Platform;
    /** Only accounts the platform refused (a link problem): they wait to be linked again. */
    refused?: true;
  } = {},
): Promise<LinkedAccount[]> {
  let query = db.selectFrom('platform_accounts').selectAll();
  if (filter.refused) query = query.where('link_problem', 'is not', null);
  if (filter.userId !== undefined) query = query.where('user_id', '=', filter.userId);
  if (filter.userIds !== undefined) query = query.where('user_id', 'in', [...filter.userIds]);
  if (filter.platform !== undefined) query = query.where('platform', '=', filter.platform);
  const rows = await query.orderBy('user_id').orderBy('platform').execute();
  return rows.map(toLinkedAccount);
}

/**
 * Up to `limit` account ids above `after`, ascending: a walk over every account in pages (the
 * schedule's fan-out), holding one page at a time rather than every account with its credentials.
 */
export async function listAccountIds(db: Tx, after: number, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('platform_accounts')
    .select('id')
    .where('id', '>', after)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => Number(row.id));
}

export async function findAccount(db: Tx, accountId: number): Promise<LinkedAccount | undefined> {
  const row = await db
    .selectFrom('platform_accounts')
    .selectAll()
    .where('id', '=', accountId)
    .executeTakeFirst();
  return row && toLinkedAccount(row);
}

/** Records that the platform refused the account's credentials (shown until it is linked again). */
export async function markLinkProblem(db: Tx, accountId: number, problem: string): Promise<void> {
  await db
    .updateTable('platform_accounts')
    .set({ link_problem: problem })
    .where('id', '=', accountId)
    .execute();
}

/**
 * Replaces the stored (encrypted) credentials only if they are still `previous`: a
 * compare-and-swap, so two processes refreshing the same OAuth token cannot both win and lose the
 * newer refresh token. Returns whether this call replaced them.
 */
export async function replaceCredentials(
  db: Tx,
  accountId: number,
  previousEncrypted: string,
  nextEncrypted: string,
): Promise<boolean> {
  const result = await db
    .updateTable('platform_accounts')
    .set({ credentials_encrypted: nextEncrypted })
    .where('id', '=', accountId)
    .where('credentials_encrypted', '=', previousEncrypted)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

// Connect sessions: one-time links to the hosted page where a user links their platforms, and
// the single-use OAuth states of the page's redirects. Only hashes of the session token and of
// a state's random part are stored.
import type { Selectable } from 'kysely';
import type { Platform } from '../../domain/catalog.ts';
import { isPlatform } from '../../domain/catalog.ts';
import { nowIso } from '../db.ts';
import type { Tx } from '../db.ts';
import type { ConnectSessionsTable } from '../schema.ts';

export interface ConnectSession {
  id: number;
  userId: number;
  tokenPrefix: string;
  platforms: Platform[];
  returnUrl?: string;
  csrfToken: string;
  createdAt: string;
  expiresAt: string;
  usedAt?: string;
}

function toSession(row: Selectable<ConnectSessionsTable>): ConnectSession {
  return {
    id: row.id,
    userId: row.user_id,
    tokenPrefix: row.token_prefix,
    platforms: row.platforms.split(' ').filter(isPlatform),
    ...(row.return_url !== null && { returnUrl: row.return_url }),
    csrfToken: row.csrf_token,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    ...(row.used_at !== null && { usedAt: row.used_at }),
  };
}

export async function insertConnectSession(
  db: Tx,
  s: {
    userId: number;
    tokenHash: string;
    tokenPrefix: string;
    platforms: readonly Platform[];
    returnUrl?: string;
    csrfToken: string;
    expiresAt: string;
  },
): Promise<ConnectSession> {
  const row = await db
    .insertInto('connect_sessions')
    .values({
      user_id: s.userId,
      token_hash: s.tokenHash,
      token_prefix: s.tokenPrefix,
      platforms: s.platforms.join(' '),
      return_url: s.returnUrl ?? null,
      csrf_token: s.csrfToken,
      created_at: nowIso(),
      expires_at: s.expiresAt,
      used_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toSession(row);
}

export async function findConnectSessionByHash(
  db: Tx,
  tokenHash: string,
): Promise<ConnectSession | undefined> {
  const row = await db
    .selectFrom('connect_sessions')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  return row && toSession(row);
}

export async function findConnectSession(db: Tx, id: number): Promise<ConnectSession | undefined> {
  const row = await db
    .selectFrom('connect_sessions')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  return row && toSession(row);
}

export async function listConnectSessions(db: Tx, userId: number): Promise<ConnectSession[]> {
  const rows = await db
    .selectFrom('connect_sessions')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  return rows.map(toSession);
}

/** Marks the session used; false when it already was (two tabs finishing at once: one wins). */
export async function useConnectSession(
  db: Tx,
  id: number,
  at: string = nowIso(),
): Promise<boolean> {
  const result = await db
    .updateTable('connect_sessions')
    .set({ used_at: at })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function insertOauthState(
  db: Tx,
  s: {
    nonceHash: string;
    sessionId: number;
    platform: Platform;
    sessionTokenEncrypted: string;
    expiresAt: string;
  },
): Promise<void> {
  await db
    .insertInto('connect_oauth_states')
    .values({
      nonce_hash: s.nonceHash,
      session_id: s.sessionId,
      platform: s.platform,
      session_token_encrypted: s.sessionTokenEncrypted,
      created_at: nowIso(),
      expires_at: s.expiresAt,
      used_at: null,
    })
    .execute();
}

export interface OauthState {
  sessionId: number;
  platform: Platform;
  sessionTokenEncrypted: string;
  expiresAt: string;
}

/**
 * Takes the state: marks it used and returns it, or undefined when it is unknown or was already
 * taken. The update is the check, so two callbacks with one state cannot both pass.
 */
export async function takeOauthState(
  db: Tx,
  nonceHash: string,
  at: string = nowIso(),
): Promise<OauthState | undefined> {
  const row = await db
    .updateTable('connect_oauth_states')
    .set({ used_at: at })
    .where('nonce_hash', '=', nonceHash)
    .where('used_at', 'is', null)
    .returning(['session_id', 'platform', 'session_token_encrypted', 'expires_at'])
    .executeTakeFirst();
  if (row === undefined || !isPlatform(row.platform)) return undefined;
  return {
    sessionId: row.session_id,
    platform: row.platform,
    sessionTokenEncrypted: row.session_token_encrypted,
    expiresAt: row.expires_at,
  };
}

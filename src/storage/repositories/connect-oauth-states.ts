// The single-use OAuth states of the connect page's redirects (Yahoo's sign-in): only a hash of
// a state's random part is stored, with the browser binding's hash and the session's token
// encrypted, so the callback can find its session.
import type { Platform } from '../../domain/catalog.ts';
import { isPlatform } from '../../domain/catalog.ts';
import { nowIso } from '../db.ts';
import type { Tx } from '../db.ts';

export async function insertOauthState(
  db: Tx,
  s: {
    nonceHash: string;
    sessionId: number;
    platform: Platform;
    sessionTokenEncrypted: string;
    /** SHA-256 of the value in the cookie of the browser that started the sign-in. */
    browserHash: string;
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
      browser_hash: s.browserHash,
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
  /** Undefined on states from before migration 011: those are refused. */
  browserHash?: string;
  expiresAt: string;
}

/** The state not yet taken, to check before taking it; undefined when unknown or used. */
export async function findOauthState(db: Tx, nonceHash: string): Promise<OauthState | undefined> {
  const row = await db
    .selectFrom('connect_oauth_states')
    .select(['session_id', 'platform', 'session_token_encrypted', 'browser_hash', 'expires_at'])
    .where('nonce_hash', '=', nonceHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (row === undefined || !isPlatform(row.platform)) return undefined;
  return {
    sessionId: row.session_id,
    platform: row.platform,
    sessionTokenEncrypted: row.session_token_encrypted,
    ...(row.browser_hash !== null && { browserHash: row.browser_hash }),
    expiresAt: row.expires_at,
  };
}

/**
 * Takes the state: marks it used; false when it is unknown or was already taken. The update is
 * the check, so two callbacks with one state cannot both pass.
 */
export async function takeOauthState(
  db: Tx,
  nonceHash: string,
  at: string = nowIso(),
): Promise<boolean> {
  const result = await db
    .updateTable('connect_oauth_states')
    .set({ used_at: at })
    .where('nonce_hash', '=', nonceHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

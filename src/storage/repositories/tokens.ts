// Issued API tokens. Only the hash of a token is stored; the token itself is shown once.
import type { Selectable } from 'kysely';
import { isProduct } from '../../domain/catalog.ts';
import { generateToken, hashToken, tokenDisplayPrefix } from '../../domain/tokens.ts';
import type { Product } from '../../domain/catalog.ts';
import { nowIso } from '../db.ts';
import type { Tx } from '../db.ts';
import type { TokensTable } from '../schema.ts';

export interface StoredToken {
  id: number;
  userId: number;
  tokenPrefix: string;
  products: Product[];
  createdAt: string;
  expiresAt?: string;
  revokedAt?: string;
}

export interface NewToken {
  userId: number;
  tokenHash: string;
  tokenPrefix: string;
  products: Product[];
  expiresAt?: string;
}

// token_hash is deliberately not selected: nothing above the store needs it back.
const COLUMNS = [
  'id',
  'user_id',
  'token_prefix',
  'products',
  'created_at',
  'expires_at',
  'revoked_at',
] as const;

type TokenRow = Pick<Selectable<TokensTable>, (typeof COLUMNS)[number]>;

function toStoredToken(row: TokenRow): StoredToken {
  return {
    id: row.id,
    userId: row.user_id,
    tokenPrefix: row.token_prefix,
    // A product name dropped from the catalogue since issue simply stops granting anything.
    products: row.products.split(' ').filter(isProduct),
    createdAt: row.created_at,
    ...(row.expires_at !== null && { expiresAt: row.expires_at }),
    ...(row.revoked_at !== null && { revokedAt: row.revoked_at }),
  };
}

export async function insertToken(db: Tx, t: NewToken): Promise<StoredToken> {
  const row = await db
    .insertInto('tokens')
    .values({
      user_id: t.userId,
      token_hash: t.tokenHash,
      token_prefix: t.tokenPrefix,
      products: t.products.join(' '),
      created_at: nowIso(),
      expires_at: t.expiresAt ?? null,
      revoked_at: null,
    })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
  return toStoredToken(row);
}

/**
 * Issues a new random token for a user and stores only its hash and display prefix. The token
 * itself is returned once, for the caller to hand over; it cannot be read back.
 */
export async function issueToken(
  db: Tx,
  t: { userId: number; products: Product[]; expiresAt?: string },
): Promise<{ token: string; stored: StoredToken }> {
  const token = generateToken();
  const stored = await insertToken(db, {
    userId: t.userId,
    tokenHash: hashToken(token),
    tokenPrefix: tokenDisplayPrefix(token),
    products: t.products,
    ...(t.expiresAt !== undefined && { expiresAt: t.expiresAt }),
  });
  return { token, stored };
}

/** Includes revoked and expired tokens: the caller decides, and can say why a token is refused. */
export async function findTokenByHash(db: Tx, tokenHash: string): Promise<StoredToken | undefined> {
  const row = await db
    .selectFrom('tokens')
    .select(COLUMNS)
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  return row && toStoredToken(row);
}

export async function listTokensForUser(db: Tx, userId: number): Promise<StoredToken[]> {
  const rows = await db
    .selectFrom('tokens')
    .select(COLUMNS)
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  return rows.map(toStoredToken);
}

/** False when the token is unknown or already revoked (the first revocation time is kept). */
export async function revokeTokenByHash(db: Tx, tokenHash: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('tokens')
    .set({ revoked_at: at })
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function revokeTokenById(db: Tx, id: number, at: string): Promise<boolean> {
  const result = await db
    .updateTable('tokens')
    .set({ revoked_at: at })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

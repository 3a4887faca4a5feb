// Keys of the /admin/ API. Like tokens, only the hash is stored and the key is shown once.
import type { Selectable } from 'kysely';
import { isAdminScope } from '../../domain/admin-scopes.ts';
import type { AdminScope } from '../../domain/admin-scopes.ts';
import { generateAdminKey, hashToken, tokenDisplayPrefix } from '../../domain/tokens.ts';
import { InvalidInputError } from '../../domain/errors.ts';
import { nowIso } from '../db.ts';
import type { Tx } from '../db.ts';
import type { AdminKeysTable } from '../schema.ts';

export interface AdminKey {
  id: number;
  name: string;
  keyPrefix: string;
  createdAt: string;
  revokedAt?: string;
  /** What the key may do (domain/admin-scopes.ts). */
  scopes: AdminScope[];
  /** Refused from then on, like a revoked key. */
  expiresAt?: string;
}

export interface NewAdminKey {
  name: string;
  /** Default: full. */
  scopes?: readonly AdminScope[];
  expiresAt?: string;
}

const COLUMNS = [
  'id',
  'name',
  'key_prefix',
  'created_at',
  'revoked_at',
  'scopes',
  'expires_at',
] as const;
type AdminKeyRow = Pick<Selectable<AdminKeysTable>, (typeof COLUMNS)[number]>;

const KEY_NAME = /^[\p{L}\p{N} _.:-]{1,64}$/u;

function toAdminKey(row: AdminKeyRow): AdminKey {
  return {
    id: row.id,
    name: row.name,
    keyPrefix: row.key_prefix,
    createdAt: row.created_at,
    ...(row.revoked_at !== null && { revokedAt: row.revoked_at }),
    scopes: row.scopes.split(' ').filter(isAdminScope),
    ...(row.expires_at !== null && { expiresAt: row.expires_at }),
  };
}

/** A new key: returned once with its record; the store keeps its hash. */
export async function createAdminKey(
  db: Tx,
  request: string | NewAdminKey,
): Promise<{ key: string; stored: AdminKey }> {
  const {
    name,
    scopes = ['full'],
    expiresAt,
  } = typeof request === 'string' ? { name: request } : request;
  if (scopes.length === 0) throw new InvalidInputError('an admin key needs at least one scope');
  if (!KEY_NAME.test(name)) {
    throw new InvalidInputError(
      'an admin key name is 1 to 64 letters, digits, spaces, "_", ".", ":" or "-"',
    );
  }
  const key = generateAdminKey();
  const row = await db
    .insertInto('admin_keys')
    .values({
      name,
      key_hash: hashToken(key),
      key_prefix: tokenDisplayPrefix(key),
      created_at: nowIso(),
      revoked_at: null,
      scopes: [...new Set(scopes)].join(' '),
      expires_at: expiresAt ?? null,
    })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
  return { key, stored: toAdminKey(row) };
}

/** Revoked and expired keys included: the caller says why a key is refused. */
export async function findAdminKeyByHash(db: Tx, keyHash: string): Promise<AdminKey | undefined> {
  const row = await db
    .selectFrom('admin_keys')
    .select(COLUMNS)
    .where('key_hash', '=', keyHash)
    .executeTakeFirst();
  return row && toAdminKey(row);
}

export async function listAdminKeys(db: Tx): Promise<AdminKey[]> {
  const rows = await db.selectFrom('admin_keys').select(COLUMNS).orderBy('id').execute();
  return rows.map(toAdminKey);
}

/** False when no active key has this id (unknown or already revoked). */
export async function revokeAdminKey(db: Tx, id: number, at: string = nowIso()): Promise<boolean> {
  const result = await db
    .updateTable('admin_keys')
    .set({ revoked_at: at })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

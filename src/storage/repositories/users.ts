// Users of the service: the people tokens are issued to and leagues are synced for.
import type { Selectable } from 'kysely';
import { ConflictError, InvalidInputError } from '../../domain/errors.ts';
import { nowIso } from '../db.ts';
import type { Tx } from '../db.ts';
import type { UsersTable } from '../schema.ts';

export interface User {
  id: number;
  name: string;
  createdAt: string;
}

const USER_NAME = /^[A-Za-z0-9_.-]{1,64}$/;

function toUser(row: Pick<Selectable<UsersTable>, 'id' | 'name' | 'created_at'>): User {
  return { id: row.id, name: row.name, createdAt: row.created_at };
}

export async function createUser(db: Tx, name: string): Promise<User> {
  if (!USER_NAME.test(name)) {
    throw new InvalidInputError(
      'a user name is 1 to 64 characters of letters, digits, "_", "." and "-"',
    );
  }
  // ON CONFLICT DO NOTHING instead of catching the driver's unique violation: the two drivers
  // report it with different codes, and two concurrent creators must both get a clean answer.
  const row = await db
    .insertInto('users')
    .values({ name, created_at: nowIso(), data_seq: 0 })
    .onConflict((oc) => oc.column('name').doNothing())
    .returning(['id', 'name', 'created_at'])
    .executeTakeFirst();
  if (!row) throw new ConflictError(`a user named "${name}" already exists`);
  return toUser(row);
}

export async function findUserByName(db: Tx, name: string): Promise<User | undefined> {
  const row = await db
    .selectFrom('users')
    .select(['id', 'name', 'created_at'])
    .where('name', '=', name)
    .executeTakeFirst();
  return row && toUser(row);
}

export async function findUserById(db: Tx, id: number): Promise<User | undefined> {
  const row = await db
    .selectFrom('users')
    .select(['id', 'name', 'created_at'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row && toUser(row);
}

/** Whether the store has any user: one row read, however many there are. */
export async function hasUsers(db: Tx): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  return row !== undefined;
}

/** The users of these ids, by id (an id no user has is left out). */
export async function listUsersById(db: Tx, ids: readonly number[]): Promise<User[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('users')
    .select(['id', 'name', 'created_at'])
    .where('id', 'in', [...new Set(ids)])
    .orderBy('id')
    .execute();
  return rows.map(toUser);
}

/**
 * One page of users by id: those after `afterId`, at most `limit`, and whether more follow (one
 * row more is read to tell).
 */
export async function listUsersPage(
  db: Tx,
  page: { afterId?: number; limit: number },
): Promise<{ users: User[]; more: boolean }> {
  let query = db.selectFrom('users').select(['id', 'name', 'created_at']);
  if (page.afterId !== undefined) query = query.where('id', '>', page.afterId);
  const rows = await query
    .orderBy('id')
    .limit(page.limit + 1)
    .execute();
  return { users: rows.slice(0, page.limit).map(toUser), more: rows.length > page.limit };
}

/**
 * Whether `error` (or what it wraps) is the store refusing a row whose parent row is gone: a
 * write for a user deleted while the write was on its way. SQLite and PostgreSQL say so with
 * different codes.
 */
export function isForeignKeyViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    const { code } = current as { code?: unknown };
    if (code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || code === '23503') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

// What a refused admin or connect request must leave as it was: everything those surfaces write
// (users, tokens, admin keys, links, connect sessions and their OAuth states, the syncs they
// start, webhook endpoints). What background syncs write at their own pace is left out (their progress and runs,
// leagues and memberships, a link's problem, users' change counters): a sync started by an
// earlier, accepted request may still be writing it, and a platform's request budget can hold a
// sync for minutes (MFL allows 30 calls a minute).
import type { Tx } from '../src/storage/db.ts';
import type { Schema } from '../src/storage/schema.ts';

/** Table -> its rows, as one sorted text (the order rows come back in is not part of it). */
export type StoreSnapshot = ReadonlyMap<string, string>;

type Columns = { [T in keyof Schema]?: ReadonlyArray<keyof Schema[T] & string> };

const WRITTEN_BY_REQUESTS: Columns = {
  users: ['id', 'name', 'created_at'],
  tokens: ['id', 'user_id', 'token_hash', 'products', 'expires_at', 'revoked_at'],
  admin_keys: ['id', 'key_hash', 'revoked_at'],
  platform_accounts: [
    'id',
    'user_id',
    'platform',
    'external_user_id',
    'username',
    'credentials_encrypted',
    'settings',
  ],
  connect_sessions: ['id', 'user_id', 'token_hash', 'platforms', 'csrf_token', 'used_at'],
  connect_oauth_states: ['nonce_hash', 'session_id', 'expires_at', 'used_at'],
  sync_requests: ['id', 'user_id', 'platform', 'connect_session_id', 'created_at'],
  // Not disabled_at: what stops deliveries to a failing endpoint may set it in the background.
  webhook_endpoints: ['id', 'url', 'events', 'description', 'created_at'],
};

export async function snapshotStore(db: Tx): Promise<StoreSnapshot> {
  const snapshot = new Map<string, string>();
  for (const [table, columns] of Object.entries(WRITTEN_BY_REQUESTS)) {
    const rows = (await db
      .selectFrom(table as keyof Schema)
      .selectAll()
      .execute()) as Array<Record<string, unknown>>;
    const texts = rows.map((row) => JSON.stringify(columns.map((column) => row[column])));
    snapshot.set(table, texts.sort().join('\n'));
  }
  return snapshot;
}

/** The tables that differ between two snapshots (none: the store is as it was). */
export function changedTables(before: StoreSnapshot, after: StoreSnapshot): string[] {
  return [...before.keys()].filter((table) => before.get(table) !== after.get(table));
}

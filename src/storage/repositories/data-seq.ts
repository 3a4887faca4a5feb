// store_state.data_seq: bumped by every write that changes what the API shows, and stamped on the
// changed league, user or pool, so that any process can tell which of its cached reads are stale.
import type { Tx } from '../db.ts';

/** The store-wide change counter: other processes compare it to know their caches are stale. */
export async function getDataSeq(db: Tx): Promise<number> {
  const row = await db
    .selectFrom('store_state')
    .select('value')
    .where('key', '=', 'data_seq')
    .executeTakeFirstOrThrow();
  return Number(row.value);
}

/**
 * Increments data_seq and returns the new value. Every transaction that changes anything calls
 * this before its first other write: on PostgreSQL the row lock it takes queues concurrent
 * writers in one order, so they cannot deadlock (SQLite's `begin immediate` serialises anyway).
 */
export async function bumpDataSeq(tx: Tx): Promise<number> {
  const row = await tx
    .updateTable('store_state')
    .set((eb) => ({ value: eb('value', '+', 1) }))
    .where('key', '=', 'data_seq')
    .returning('value')
    .executeTakeFirstOrThrow();
  return Number(row.value);
}

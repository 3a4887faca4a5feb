// Taking things away: a user (with their links, tokens, sessions and memberships) and one
// platform link (with the memberships made through it). Leagues other users still belong to
// stay; a league nobody belongs to any more goes with its teams and rosters.
import type { Platform } from '../../domain/catalog.ts';
import { writeTransaction } from '../db.ts';
import type { Store, Tx } from '../db.ts';
import { bumpDataSeq } from './data-seq.ts';

/** Deletes the user and everything of theirs; false when there was no such user. */
export async function deleteUser(store: Store, userId: number): Promise<boolean> {
  return writeTransaction(store, async (tx) => {
    const exists = await tx
      .selectFrom('users')
      .select('id')
      .where('id', '=', userId)
      .executeTakeFirst();
    if (exists === undefined) return false;
    await bumpDataSeq(tx);
    const leagueIds = await memberLeagues(tx, { userId });
    // Tokens, links, memberships, sessions and sync requests go by cascade; sync_runs keep their
    // history with no user.
    await tx.deleteFrom('users').where('id', '=', userId).execute();
    await dropOrphanLeagues(tx, leagueIds);
    return true;
  });
}

/** Removes the user's link to the platform; false when there was none. */
export async function unlinkAccount(
  store: Store,
  userId: number,
  platform: Platform,
): Promise<boolean> {
  return writeTransaction(store, async (tx) => {
    const account = await tx
      .selectFrom('platform_accounts')
      .select('id')
      .where('user_id', '=', userId)
      .where('platform', '=', platform)
      .executeTakeFirst();
    if (account === undefined) return false;
    const seq = await bumpDataSeq(tx);
    const leagueIds = await memberLeagues(tx, { userId, accountId: account.id });
    // Memberships made through the account go by cascade.
    await tx.deleteFrom('platform_accounts').where('id', '=', account.id).execute();
    await tx.updateTable('users').set({ data_seq: seq }).where('id', '=', userId).execute();
    await dropOrphanLeagues(tx, leagueIds);
    return true;
  });
}

async function memberLeagues(
  tx: Tx,
  of: { userId: number; accountId?: number },
): Promise<number[]> {
  let query = tx.selectFrom('league_members').select('league_id').where('user_id', '=', of.userId);
  if (of.accountId !== undefined) query = query.where('account_id', '=', of.accountId);
  return (await query.execute()).map((row) => row.league_id);
}

async function dropOrphanLeagues(tx: Tx, leagueIds: readonly number[]): Promise<void> {
  for (const leagueId of leagueIds) {
    const member = await tx
      .selectFrom('league_members')
      .select('user_id')
      .where('league_id', '=', leagueId)
      .executeTakeFirst();
    if (member === undefined) await tx.deleteFrom('leagues').where('id', '=', leagueId).execute();
  }
}

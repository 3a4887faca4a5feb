// The lease on renewing an account's credentials (an OAuth token): claimed and released by single
// UPDATEs, atomic on both stores, so no transaction or lock is held while the holder calls the
// platform (sync/credential-lease.ts).
import type { Tx } from '../db.ts';

/**
 * Claims the account's lease for `holder` until `untilIso`, if it is free or has lapsed by
 * `nowIso`. 'held': someone else holds it; 'gone': the account no longer exists.
 */
export async function claimCredentialLease(
  db: Tx,
  accountId: number,
  holder: string,
  lease: { nowIso: string; untilIso: string },
): Promise<'claimed' | 'held' | 'gone'> {
  const result = await db
    .updateTable('platform_accounts')
    .set({ credentials_lease: holder, credentials_lease_until: lease.untilIso })
    .where('id', '=', accountId)
    .where((eb) =>
      eb.or([
        eb('credentials_lease', 'is', null),
        eb('credentials_lease_until', 'is', null),
        eb('credentials_lease_until', '<', lease.nowIso),
      ]),
    )
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 1) return 'claimed';
  const row = await db
    .selectFrom('platform_accounts')
    .select('id')
    .where('id', '=', accountId)
    .executeTakeFirst();
  return row === undefined ? 'gone' : 'held';
}

/** Frees the lease if `holder` still holds it (a lapsed one may have been claimed since). */
export async function releaseCredentialLease(
  db: Tx,
  accountId: number,
  holder: string,
): Promise<void> {
  await db
    .updateTable('platform_accounts')
    .set({ credentials_lease: null, credentials_lease_until: null })
    .where('id', '=', accountId)
    .where('credentials_lease', '=', holder)
    .execute();
}

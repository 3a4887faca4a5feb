// Links stored before a platform's personal handle moved out of the account id: a Fleaflicker
// link's id was the person's e-mail address. Rewritten as a link made today is stored (the id a
// keyed digest, the address in the encrypted credentials; the module's upgradeStoredId says
// how), so relinking the same person finds the same account and id. It needs the secret key,
// which migrations do not have: `serve` and `worker` run it at start, once the key is checked;
// until then the connector still reads the address from such an id.
import { MODULES } from '../platforms/registry.ts';
import type { SecretBox } from '../secrets.ts';
import type { Store } from '../storage/db.ts';
import { linkContext } from './linking.ts';

/** Rewrites the links whose id is in an earlier form; returns how many. */
export async function pseudonymizeStoredEmails(store: Store, secrets: SecretBox): Promise<number> {
  let rewritten = 0;
  for (const module of MODULES) {
    if (module.upgradeStoredId === undefined) continue;
    const context = linkContext(module.id, secrets);
    const rows = await store.db
      .selectFrom('platform_accounts')
      .select(['id', 'external_user_id', 'credentials_encrypted'])
      .where('platform', '=', module.id)
      .execute();
    for (const row of rows) {
      const upgraded = module.upgradeStoredId(row.external_user_id, context);
      if (upgraded === undefined) continue;
      // Only the row as read: a link made meanwhile is already in today's form.
      const result = await store.db
        .updateTable('platform_accounts')
        .set({
          external_user_id: upgraded.externalUserId,
          credentials_encrypted: row.credentials_encrypted ?? secrets.encrypt(upgraded.credentials),
        })
        .where('id', '=', row.id)
        .where('external_user_id', '=', row.external_user_id)
        .executeTakeFirst();
      if (result.numUpdatedRows > 0n) rewritten++;
    }
  }
  return rewritten;
}

// Links stored before a platform's personal handle moved out of the account id: a Fleaflicker
// link's id was the person's e-mail address. Rewritten as a link made today is stored (the id a
// keyed digest, the address in the encrypted credentials), so relinking the same person finds
// the same account and id. It needs the secret key, which migrations do not have: `serve` and
// `worker` run it at start, once the key is checked; until then the connector still reads the
// address from such an id.
import { accountIdOf, credentialsText, normalizeEmail } from '../platforms/fleaflicker/account.ts';
import type { SecretBox } from '../secrets.ts';
import type { Store } from '../storage/db.ts';
import { linkContext } from './linking.ts';

/** Rewrites the Fleaflicker links whose id is an e-mail address; returns how many. */
export async function pseudonymizeStoredEmails(store: Store, secrets: SecretBox): Promise<number> {
  const rows = await store.db
    .selectFrom('platform_accounts')
    .select(['id', 'external_user_id', 'credentials_encrypted'])
    .where('platform', '=', 'fleaflicker')
    .where('external_user_id', 'like', '%@%')
    .execute();
  const context = linkContext('fleaflicker', secrets);
  let rewritten = 0;
  for (const row of rows) {
    let email: string;
    try {
      email = normalizeEmail(row.external_user_id);
    } catch {
      continue;
    }
    // Only the row as read: a link made meanwhile is already in today's form.
    const result = await store.db
      .updateTable('platform_accounts')
      .set({
        external_user_id: accountIdOf(email, context),
        credentials_encrypted: row.credentials_encrypted ?? secrets.encrypt(credentialsText(email)),
      })
      .where('id', '=', row.id)
      .where('external_user_id', '=', row.external_user_id)
      .executeTakeFirst();
    if (result.numUpdatedRows > 0n) rewritten++;
  }
  return rewritten;
}

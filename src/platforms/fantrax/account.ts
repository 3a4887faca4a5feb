// What a Fantrax link holds and how it is made: the credentials file with the user's secret id,
// the league ids followed, and the account's id. Pure: no I/O.
import { createHash } from 'node:crypto';
import { InvalidInputError } from '../../domain/errors.ts';
import type { PlatformAccount } from '../connector.ts';
import { storedCredential } from '../stored-account.ts';

/** externalUserId of a link made of league ids alone (no secret id, so no user to name). */
export const PUBLIC_ACCOUNT_ID = 'public-leagues';

const SECRET_FILE_SHAPE =
  'the Fantrax credentials must be {"secret_id": "<the Secret ID of your Fantrax profile>"}';

/** Fantrax's secret ids and league ids are short lower-case base-36 texts ("24pscnquxwekzngy"). */
const FANTRAX_ID = /^[a-z0-9]{6,40}$/;

/** The parsed credentials file: `{"secret_id": "..."}`. */
export function parseSecretFile(value: unknown): string {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new InvalidInputError(SECRET_FILE_SHAPE);
  }
  const secret = (value as Record<string, unknown>)['secret_id'];
  if (typeof secret !== 'string' || secret.trim() === '') {
    throw new InvalidInputError(`${SECRET_FILE_SHAPE}: "secret_id" is missing or empty`);
  }
  const id = secret.trim().toLowerCase();
  if (!FANTRAX_ID.test(id)) {
    // The value itself is not repeated: it may be a secret pasted into the wrong field.
    throw new InvalidInputError(
      'this is not a Fantrax secret id: it is a text of letters and digits such as ' +
        '24pscnquxwekzngy, shown on your Fantrax profile page',
    );
  }
  return id;
}

/** League ids as typed: the 16-character id in a league's address (.../league/<id>/home). */
export function parseLeagueIds(ids: readonly string[]): string[] {
  return ids.map((raw) => {
    const typed = raw.trim();
    const fromUrl = /\/league\/([a-z0-9]+)/i.exec(typed)?.[1] ?? typed;
    const id = fromUrl.toLowerCase();
    if (!FANTRAX_ID.test(id)) {
      throw new InvalidInputError(
        `a Fantrax league id is letters and digits (as in fantrax.com/fantasy/league/` +
          `eju35f9ok7xr9cvt/home), got "${raw}"`,
      );
    }
    return id;
  });
}

/**
 * The account's id: Fantrax's answers carry no user id, and the secret id must never be shown,
 * so a digest of it names the account (the same secret id, the same account).
 */
export function accountIdOf(secretId: string): string {
  return `secret-${createHash('sha256').update(secretId).digest('hex').slice(0, 16)}`;
}

/** What is stored as the link's (encrypted) credentials. */
export function credentialsText(secretId: string): string {
  return JSON.stringify({ secretId });
}

/** The stored secret id, or undefined for a link of league ids only. */
export function storedSecretId(account: PlatformAccount): string | undefined {
  return storedCredential(
    'fantrax',
    account,
    'secretId',
    'the stored Fantrax secret id is unreadable; link again with --credentials-file',
  );
}

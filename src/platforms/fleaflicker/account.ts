// What a Fleaflicker link holds: the e-mail address of the account, which is all FetchUserLeagues
// takes, stored encrypted as the link's credentials; the account's id is a keyed digest of it,
// so the address is never an id (shown on the admin API, /user, webhook events). Pure: no I/O.
import { InvalidInputError } from '../../domain/errors.ts';
import { PlatformError } from '../connector.ts';
import type { LinkContext, PlatformAccount } from '../connector.ts';
import { storedCredential } from '../stored-account.ts';

/** Deliberately loose: Fleaflicker is the judge of the address; this catches typos and swaps. */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@.]+$/;

/** The address as Fleaflicker is asked for it: trimmed, lower case (its look-up ignores case). */
export function normalizeEmail(typed: string | undefined): string {
  const email = typed?.trim().toLowerCase();
  if (!email) {
    throw new InvalidInputError(
      'linking Fleaflicker needs --email (the e-mail address of the Fleaflicker account)',
    );
  }
  if (!EMAIL_SHAPE.test(email)) throw new InvalidInputError(`"${email}" is not an e-mail address`);
  return email;
}

/**
 * The account's id: FetchUserLeagues carries no user id, so a keyed digest of the normalized
 * address stands for the account (the same address, the same id; not reversible).
 */
export function accountIdOf(email: string, context: LinkContext | undefined): string {
  if (context === undefined) {
    throw new Error("a Fleaflicker link needs the service's pseudonym (LinkContext)");
  }
  return `email-${context.pseudonym(email)}`;
}

/** What is stored as the link's (encrypted) credentials. */
export function credentialsText(email: string): string {
  return JSON.stringify({ email });
}

/**
 * The address to ask Fleaflicker about: the stored credentials, or, for a link stored before the
 * address moved there, the id, which was the address itself.
 */
export function accountEmail(account: PlatformAccount): string {
  const stored = storedCredential(
    'fleaflicker',
    account,
    'email',
    'the stored Fleaflicker e-mail address is unreadable; link the account again',
  );
  if (stored !== undefined) return stored;
  if (account.externalUserId.includes('@')) return account.externalUserId;
  throw new PlatformError(
    'fleaflicker',
    'the link holds no e-mail address; link the account again',
    'credentials_rejected',
  );
}

/**
 * A link stored when its id was the address itself, in today's form; undefined for an id that is
 * already a digest.
 */
export function upgradeStoredId(
  externalUserId: string,
  context: LinkContext,
): { externalUserId: string; credentials: string } | undefined {
  if (!externalUserId.includes('@')) return undefined;
  let email: string;
  try {
    email = normalizeEmail(externalUserId);
  } catch {
    return undefined;
  }
  return { externalUserId: accountIdOf(email, context), credentials: credentialsText(email) };
}

// What an MFL link holds and how it is made: the credentials file, MFL's login answer, the stored
// cookie and the followed league ids. Pure: no I/O.
import { InvalidInputError } from '../../domain/errors.ts';
import { redactSecrets } from '../../domain/redact.ts';
import { PlatformError } from '../connector.ts';
import type { PlatformAccount } from '../connector.ts';
import { storedCredential } from '../stored-account.ts';

/** externalUserId of a link made of public league ids alone (MFL has no user to name). */
export const PUBLIC_ACCOUNT_ID = 'public-leagues';

const LOGIN_FILE_SHAPE =
  'the MFL credentials must be {"username": "<MFL login>", "password": "<password>"}';

/** The parsed credentials file: `{"username", "password"}`, both non-empty strings. */
export function parseLoginFile(value: unknown): { username: string; password: string } {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new InvalidInputError(LOGIN_FILE_SHAPE);
  }
  const { username, password } = value as Record<string, unknown>;
  if (typeof username !== 'string' || username.trim() === '') {
    throw new InvalidInputError(`${LOGIN_FILE_SHAPE}: "username" is missing or empty`);
  }
  if (typeof password !== 'string' || password === '') {
    throw new InvalidInputError(`${LOGIN_FILE_SHAPE}: "password" is missing or empty`);
  }
  return { username: username.trim(), password };
}

/** MFL league ids are numbers ("54040"); anything else is a typing mistake. */
export function parseLeagueIds(ids: readonly string[]): string[] {
  return ids.map((raw) => {
    const id = raw.trim();
    if (!/^\d{1,10}$/.test(id)) {
      throw new InvalidInputError(
        `an MFL league id is a number (as in .../home/54040), got "${raw}"`,
      );
    }
    return id;
  });
}

/**
 * The cookie out of MFL's login answer, `<status MFL_USER_ID="...">OK</status>`; a refusal,
 * `<error>Invalid Password</error>`, is bad input: nothing is stored. MFL's words are shown
 * without the password in any form, should they ever echo it.
 */
export function parseLoginAnswer(
  answer: string,
  login: { username: string; password: string },
): string {
  const ok = /<status\b[^>]*\bMFL_USER_ID="([^"]+)"[^>]*>\s*OK\s*<\/status>/i.exec(answer);
  if (ok) return ok[1] as string;
  const error = /<error\b[^>]*>([\s\S]*?)<\/error>/i.exec(answer);
  if (error) {
    const reason = redactSecrets((error[1] as string).replace(/<[^>]*>/g, ' '), [login.password])
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 200);
    throw new InvalidInputError(
      `MFL did not accept the login of "${login.username}": ${reason || 'no reason given'}`,
    );
  }
  throw new PlatformError(
    'mfl',
    'the login answered neither a status nor an error',
    'invalid_response',
  );
}

/** What is stored as the link's (encrypted) credentials: the cookie, never the password. */
export function credentialsText(cookie: string): string {
  return JSON.stringify({ cookie });
}

/** The stored cookie, or undefined for a link of public leagues only. */
export function loginCookie(account: PlatformAccount): string | undefined {
  return storedCredential(
    'mfl',
    account,
    'cookie',
    'the stored MFL login is unreadable; link again with --credentials-file',
  );
}

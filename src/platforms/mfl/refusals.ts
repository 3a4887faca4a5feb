// What MFL's refusals mean: a login needed, refused credentials, a league refused or gone.
import { PlatformError } from '../connector.ts';
import type { PlatformAccount } from '../connector.ts';

/** MFL's words for "this needs a logged-in user" (a private league, an expired cookie). */
export function needsLogin(text: string): boolean {
  return /logged in|log in|login|MFL_USER_ID|APIKEY/i.test(text);
}

export function rejected(account: PlatformAccount, reason: string): PlatformError {
  const who =
    account.username === undefined ? 'the stored login' : `the login of "${account.username}"`;
  return new PlatformError(
    'mfl',
    `MFL no longer accepts ${who} (${reason}); link again with --credentials-file`,
    'credentials_rejected',
  );
}

export function leagueRefused(
  key: string,
  season: number,
  refused: string,
  cookie: string | undefined,
): PlatformError {
  const league = `league ${key} (${season})`;
  if (needsLogin(refused)) {
    const message =
      cookie === undefined
        ? `${league} is private: this league needs a login (link MFL with --credentials-file of one of its members)`
        : `${league} refused the linked MFL login (${refused})`;
    return new PlatformError('mfl', message, 'forbidden');
  }
  const gone = /invalid|not found|no such|does not exist/i.test(refused);
  return new PlatformError('mfl', `${league}: ${refused}`, gone ? 'not_found' : 'unavailable');
}

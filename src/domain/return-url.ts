// Where the hosted connect page sends the user when they finish: an absolute http(s) address,
// normalised once when the session is created so that what is stored is always a valid
// `Location` header (ASCII only, no control characters), and optionally limited to the
// operator's origins (CONNECT_RETURN_ORIGINS), as OAuth providers allow only registered
// redirect URIs.
import { InvalidInputError } from './errors.ts';

/** Longest stored return URL: a non-ASCII path grows up to nine times when percent-encoded. */
export const MAX_RETURN_URL_LENGTH = 2048;

/**
 * The address as the WHATWG URL parser normalises it (`new URL(raw).href`: an IDN host in
 * punycode, non-ASCII and spaces percent-encoded), or an InvalidInputError saying why it is
 * refused. Refused before parsing: control characters (the parser silently drops tabs and line
 * breaks, so `java\nscript:` would pass as `javascript:`) and backslashes (read as `/` in http
 * URLs, the usual way to smuggle `\\evil.example`). Refused after: anything but http(s), relative
 * addresses, credentials (`https://app.example.com@evil.example` shows one host and opens
 * another), and an origin outside `allowedOrigins` when the operator set some.
 */
export function normaliseReturnUrl(raw: string, allowedOrigins?: readonly string[]): string {
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  if (/[\u0000-\u001f\u007f-\u009f]/.test(raw)) {
    throw new InvalidInputError('must not contain control characters (line breaks, tabs...)');
  }
  if (raw.includes('\\')) throw new InvalidInputError('must not contain backslashes');
  if (raw.trim() !== raw) throw new InvalidInputError('must not start or end with spaces');
  if (!URL.canParse(raw)) throw new InvalidInputError('must be an absolute http or https address');
  const url = new URL(raw);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new InvalidInputError('must be an absolute http or https address');
  }
  if (!/^https?:\/\/[^/]/i.test(raw)) {
    throw new InvalidInputError('must be an absolute http or https address (scheme://host/...)');
  }
  if (url.username !== '' || url.password !== '') {
    throw new InvalidInputError('must not carry a user name or password');
  }
  const href = url.href;
  if (href.length > MAX_RETURN_URL_LENGTH) {
    throw new InvalidInputError(`must be at most ${MAX_RETURN_URL_LENGTH} characters once encoded`);
  }
  // What the parser answers is printable ASCII; this keeps the promise should it ever not be.
  if (!/^[\x21-\x7e]+$/.test(href)) {
    throw new InvalidInputError('must be an address of printable ASCII characters once encoded');
  }
  if (allowedOrigins !== undefined && !allowedOrigins.includes(url.origin)) {
    throw new InvalidInputError(
      `must be on one of the origins this service allows (${allowedOrigins.join(', ')})`,
    );
  }
  return href;
}

/**
 * CONNECT_RETURN_ORIGINS as a list of origins ("https://app.example.com,http://localhost:3000"):
 * each a bare http(s) origin, no path, query or credentials. Throws an Error saying which entry
 * is wrong; config.ts names the variable.
 */
export function parseReturnOrigins(raw: string): readonly string[] {
  const origins = raw
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  if (origins.length === 0) throw new Error('must list at least one origin');
  return Object.freeze(
    origins.map((entry) => {
      const url = URL.canParse(entry) ? new URL(entry) : undefined;
      if (
        url === undefined ||
        (url.protocol !== 'https:' && url.protocol !== 'http:') ||
        url.username !== '' ||
        url.password !== '' ||
        url.href !== `${url.origin}/`
      ) {
        throw new Error(
          `must be comma-separated origins such as https://app.example.com (scheme, host and ` +
            `port only), got "${entry}"`,
        );
      }
      return url.origin;
    }),
  );
}

// Binds a Yahoo sign-in to the browser that started it. The OAuth `state` alone names the
// connect session, so anyone holding a connect link could start a sign-in and send Yahoo's
// address to someone else, whose Yahoo account would then land on the link's user (RFC 6749
// section 10.12). Starting a sign-in puts a random value in a cookie of that browser, and the
// state keeps its hash; the callback is taken only with the same cookie.
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { hashToken, sameHash } from '../../domain/tokens.ts';

/**
 * Served over HTTPS (PUBLIC_BASE_URL https://...), the cookie is `__Host-` prefixed: browsers
 * then take it only with Secure, Path=/ and no Domain, so neither a sibling subdomain nor a
 * plain-http page of the host can set or replace it.
 */
const SECURE_NAME = '__Host-fd-connect-oauth';
/**
 * Over plain http (local development, tests) browsers refuse a `__Host-` or Secure cookie, so it
 * goes without the prefix and without Secure; still HttpOnly and SameSite=Lax.
 */
const PLAIN_NAME = 'fd-connect-oauth';

const VALUE = /^[A-Za-z0-9_-]{43}$/;

export interface BrowserBinding {
  /** The cookie's name: whether the page is served over HTTPS decides it. */
  readonly cookieName: string;
  /**
   * The browser's value (the one it sent, or a new one) with its hash to store with the state,
   * and the Set-Cookie header that keeps it `maxAgeSeconds`.
   */
  start(req: IncomingMessage, maxAgeSeconds: number): { hash: string; setCookie: string };
  /** Whether the request comes from the browser whose value hashes to `storedHash`. */
  matches(req: IncomingMessage, storedHash: string | undefined): boolean;
}

export function browserBinding(publicBaseUrl: string | undefined): BrowserBinding {
  const secure = publicBaseUrl?.startsWith('https:') === true;
  const cookieName = secure ? SECURE_NAME : PLAIN_NAME;

  function sent(req: IncomingMessage): string | undefined {
    for (const pair of (req.headers.cookie ?? '').split(';')) {
      const equals = pair.indexOf('=');
      if (equals === -1 || pair.slice(0, equals).trim() !== cookieName) continue;
      const value = pair.slice(equals + 1).trim();
      if (VALUE.test(value)) return value;
    }
    return undefined;
  }

  return {
    cookieName,
    start(req, maxAgeSeconds) {
      // A browser already holding a value keeps it, so sign-ins started in two of its tabs both
      // come back.
      const value = sent(req) ?? randomBytes(32).toString('base64url');
      const attributes = ['Path=/', `Max-Age=${maxAgeSeconds}`, 'HttpOnly', 'SameSite=Lax'];
      if (secure) attributes.push('Secure');
      return {
        hash: hashToken(value),
        setCookie: [`${cookieName}=${value}`, ...attributes].join('; '),
      };
    },
    matches(req, storedHash) {
      const value = sent(req);
      if (value === undefined || storedHash === undefined) return false;
      return sameHash(hashToken(value), storedHash);
    },
  };
}

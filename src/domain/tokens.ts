// API tokens: how they look, how they are hashed, and the rules for products and lifetimes.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { PRODUCTS, isProduct } from './catalog.ts';
import type { Product } from './catalog.ts';
import { InvalidInputError } from './errors.ts';

/** Tokens read "fld_" + 43 base64url characters (256 random bits). */
export const TOKEN_PREFIX = 'fld_';
const TOKEN_PATTERN = /^fld_[A-Za-z0-9_-]{43}$/;

export function generateToken(): string {
  return TOKEN_PREFIX + randomBytes(32).toString('base64url');
}

/** Whether a string has the shape of a token; anything else is rejected before any lookup. */
export function looksLikeToken(value: string): boolean {
  return TOKEN_PATTERN.test(value);
}

/** SHA-256, hex: tokens carry 256 random bits, so a fast unsalted hash is safe to store. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Constant-time comparison of two hex hashes of equal length. */
export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The part of a token that is safe to show in listings. */
export function tokenDisplayPrefix(token: string): string {
  return token.slice(0, TOKEN_PREFIX.length + 6);
}

/** Parses the API's space-separated product list (docs/api.md); unknown names are refused. */
export function parseProducts(list: string): Product[] {
  const names = list
    .split(/[\s,]+/)
    .map((name) => name.trim().toLowerCase())
    .filter((name) => name !== '');
  if (names.length === 0) {
    throw new InvalidInputError(`products must name at least one of: ${PRODUCTS.join(', ')}`);
  }
  const unknown = names.filter((name) => !isProduct(name));
  if (unknown.length > 0) {
    throw new InvalidInputError(
      `unknown product ${unknown.map((n) => `"${n}"`).join(', ')}; valid products are: ${PRODUCTS.join(', ')}`,
    );
  }
  return [...new Set(names as Product[])].sort((a, b) => PRODUCTS.indexOf(a) - PRODUCTS.indexOf(b));
}

const DURATION_UNITS: Record<string, number> = {
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
  w: 604_800_000,
};

/** Parses lifetimes such as "30d", "12h", "90m", "2w" into milliseconds. */
export function parseDuration(text: string): number {
  const match = /^(\d{1,6})([mhdw])$/.exec(text.trim());
  if (!match) {
    throw new InvalidInputError(
      `"${text}" is not a duration: use a whole number and a unit, e.g. 30d, 12h, 90m, 2w`,
    );
  }
  const amount = Number(match[1]);
  if (amount === 0) throw new InvalidInputError('a duration must be longer than zero');
  return amount * (DURATION_UNITS[match[2] as string] as number);
}

/**
 * The other secrets the service hands out, each with its own prefix so one is never mistaken for
 * another: admin keys (the /admin/ API) and connect-session tokens (one hosted page).
 */
export const ADMIN_KEY_PREFIX = 'fla_';
export const CONNECT_TOKEN_PREFIX = 'fcs_';
const ADMIN_KEY_PATTERN = /^fla_[A-Za-z0-9_-]{43}$/;
const CONNECT_TOKEN_PATTERN = /^fcs_[A-Za-z0-9_-]{43}$/;

export function generateAdminKey(): string {
  return ADMIN_KEY_PREFIX + randomBytes(32).toString('base64url');
}

export function looksLikeAdminKey(value: string): boolean {
  return ADMIN_KEY_PATTERN.test(value);
}

export function generateConnectToken(): string {
  return CONNECT_TOKEN_PREFIX + randomBytes(32).toString('base64url');
}

export function looksLikeConnectToken(value: string): boolean {
  return CONNECT_TOKEN_PATTERN.test(value);
}

// What the hosted connect page tells the application when it sends the person back: the session,
// how it ended and the platforms linked, signed so that the application can trust the address it
// is handed (anyone can type `?fd_status=linked` into a browser). The signing key is the first of
// CONNECT_OUTCOME_KEYS, else derived from the deployment's secret key, and shown to the operator
// by `fantasy-data connect-key`; the verification is written out in docs/api.md and mirrored by
// the typed client package.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { isPlatform } from './catalog.ts';
import type { Platform } from './catalog.ts';

/**
 * `linked`: every platform the person tried is linked; `partial`: some are, some failed (a link
 * refused, or a first sync that could not read the leagues); `failed`: the person tried and
 * nothing was linked; `cancelled`: the person pressed Cancel, or finished without trying any.
 */
export const CONNECT_OUTCOME_STATUSES = ['linked', 'partial', 'failed', 'cancelled'] as const;
export type ConnectOutcomeStatus = (typeof CONNECT_OUTCOME_STATUSES)[number];

export interface ConnectOutcome {
  sessionId: number;
  status: ConnectOutcomeStatus;
  /** The platforms whose account is linked through this session, in the registry's order. */
  platforms: readonly Platform[];
  /** When the person left the page, in seconds since the epoch. */
  at: number;
}

/** The query parameters the return URL gets, in their canonical order (fd_sig last). */
export const OUTCOME_PARAMS = ['fd_session', 'fd_status', 'fd_platforms', 'fd_ts'] as const;

/** A label binding the derived key to this one use. */
const KEY_LABEL = 'fantasy-data connect return url v1';

/**
 * The key applications verify outcomes with: HMAC-SHA256 of the label under the deployment's
 * secret key, as 64 hex digits. It can sign outcomes, so it is handed to applications only, but
 * it opens nothing else (the secret key cannot be recovered from it).
 */
export function connectSigningKey(secretKey: Buffer): string {
  return createHmac('sha256', secretKey).update(KEY_LABEL).digest('hex');
}

/**
 * The keys outcomes are checked with, the signing one first: CONNECT_OUTCOME_KEYS when set, else
 * the one derived from the secret key (read only then: a deployment with its own keys needs none).
 */
export function outcomeKeys(
  configured: readonly string[] | undefined,
  secretKey: () => Buffer,
): readonly string[] {
  return configured ?? [connectSigningKey(secretKey())];
}

/**
 * The text signed: `fd_session=1&fd_status=partial&fd_platforms=sleeper,espn&fd_ts=1700000000`,
 * built from the decoded values in this order (none of them needs escaping).
 */
export function canonicalOutcome(outcome: ConnectOutcome): string {
  return (
    `fd_session=${outcome.sessionId}&fd_status=${outcome.status}` +
    `&fd_platforms=${outcome.platforms.join(',')}&fd_ts=${outcome.at}`
  );
}

/** HMAC-SHA256 of the canonical text, keyed by the hex-decoded signing key, in lower-case hex. */
export function signOutcome(outcome: ConnectOutcome, signingKeyHex: string): string {
  return createHmac('sha256', Buffer.from(signingKeyHex, 'hex'))
    .update(canonicalOutcome(outcome))
    .digest('hex');
}

/**
 * The return URL with the outcome and its signature appended to its query, before any fragment.
 * The application's own parameters are kept byte for byte; any of the same names as ours are
 * dropped, so the application never reads two.
 */
export function returnUrlWithOutcome(
  returnUrl: string,
  outcome: ConnectOutcome,
  signingKeyHex: string,
): string {
  const url = new URL(returnUrl);
  const ours = new Set<string>([...OUTCOME_PARAMS, 'fd_sig']);
  const kept = url.search
    .slice(1)
    .split('&')
    .filter((pair) => pair !== '' && !ours.has(paramName(pair)));
  const added =
    `fd_session=${outcome.sessionId}&fd_status=${outcome.status}` +
    `&fd_platforms=${outcome.platforms.join(',')}&fd_ts=${outcome.at}` +
    `&fd_sig=${signOutcome(outcome, signingKeyHex)}`;
  url.search = [...kept, added].join('&');
  return url.href;
}

/** A query pair's name as URLSearchParams reads it ("fd%5Fsig=..." is fd_sig too). */
function paramName(pair: string): string {
  const name = pair.split('=')[0] ?? '';
  try {
    return decodeURIComponent(name.replaceAll('+', ' '));
  } catch {
    return name;
  }
}

/** How long after the person left the page an outcome is accepted: they are sent back at once. */
export const OUTCOME_MAX_AGE_SECONDS = 300;

export interface VerifyOptions {
  /**
   * The session the application created for this person: an outcome of any other session is
   * refused (one handed over from someone else's session, or a made-up id).
   */
  sessionId?: number;
  /** Default OUTCOME_MAX_AGE_SECONDS. */
  maxAgeSeconds?: number;
  now?: number;
}

/**
 * The outcome in a return URL's query when it is signed under one of `keys` (hex; more than one
 * while they rotate), of `options.sessionId` when given, and at most `maxAgeSeconds` old;
 * undefined for a forged, altered, foreign, stale or malformed one, or one with a parameter
 * repeated (never the first of two read).
 */
export function verifyConnectOutcome(
  query: URLSearchParams,
  keys: string | readonly string[],
  options: VerifyOptions = {},
): ConnectOutcome | undefined {
  const [session, status, platforms, ts, sig] = [...OUTCOME_PARAMS, 'fd_sig'].map((name) =>
    query.getAll(name).length === 1 ? (query.get(name) ?? undefined) : undefined,
  );
  if (session === undefined || status === undefined || platforms === undefined) return undefined;
  if (ts === undefined || sig === undefined || !/^[1-9][0-9]{0,15}$/.test(session))
    return undefined;
  if (options.sessionId !== undefined && session !== String(options.sessionId)) return undefined;
  if (!(CONNECT_OUTCOME_STATUSES as readonly string[]).includes(status)) return undefined;
  if (!/^[0-9]{1,12}$/.test(ts)) return undefined;
  const list = platforms === '' ? [] : platforms.split(',');
  if (!list.every(isPlatform)) return undefined;
  const outcome: ConnectOutcome = {
    sessionId: Number(session),
    status: status as ConnectOutcomeStatus,
    platforms: list,
    at: Number(ts),
  };
  const given = Buffer.from(sig.toLowerCase());
  const signed = (typeof keys === 'string' ? [keys] : keys).some((key) => {
    const expected = Buffer.from(signOutcome(outcome, key));
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
  if (!signed) return undefined;
  const now = options.now ?? Math.floor(Date.now() / 1000);
  const maxAge = options.maxAgeSeconds ?? OUTCOME_MAX_AGE_SECONDS;
  return Math.abs(now - outcome.at) <= maxAge ? outcome : undefined;
}

/**
 * CONNECT_OUTCOME_KEYS: comma-separated keys of 64 hex digits, lower-cased, each once; the first
 * signs. Throws an Error saying which entry is wrong; config.ts names the variable.
 */
export function parseOutcomeKeys(raw: string): readonly string[] {
  const keys = raw
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter((entry) => entry !== '');
  if (keys.length === 0) throw new Error('must list at least one key');
  keys.forEach((key, index) => {
    if (!/^[0-9a-f]{64}$/.test(key)) {
      throw new Error(
        `must be comma-separated keys of 64 hex digits (32 bytes, e.g. openssl rand -hex 32); ` +
          `entry ${index + 1} is not`,
      );
    }
  });
  return Object.freeze([...new Set(keys)]);
}

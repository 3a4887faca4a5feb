// What the hosted connect page tells the application when it sends the person back: the session,
// how it ended and the platforms linked, signed so that the application can trust the address it
// is handed (anyone can type `?fd_status=linked` into a browser). The signing key is derived from
// the deployment's secret key and shown to the operator by `fantasy-data connect-key`; the
// verification is written out in docs/api.md and mirrored by the typed client package.
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

/**
 * The outcome in a return URL's query when its signature checks out and it is at most
 * `maxAgeSeconds` old (default 10 minutes: the person is sent back at once); undefined for a
 * forged, altered, stale or malformed one.
 */
export function verifyConnectOutcome(
  query: URLSearchParams,
  signingKeyHex: string,
  options: { maxAgeSeconds?: number; now?: number } = {},
): ConnectOutcome | undefined {
  const [session, status, platforms, ts, sig] = [...OUTCOME_PARAMS, 'fd_sig'].map((name) =>
    query.getAll(name).length === 1 ? (query.get(name) ?? undefined) : undefined,
  );
  if (session === undefined || status === undefined || platforms === undefined) return undefined;
  if (ts === undefined || sig === undefined || !/^[1-9][0-9]{0,15}$/.test(session))
    return undefined;
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
  const expected = Buffer.from(signOutcome(outcome, signingKeyHex));
  const given = Buffer.from(sig.toLowerCase());
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  const now = options.now ?? Math.floor(Date.now() / 1000);
  const maxAge = options.maxAgeSeconds ?? 600;
  return Math.abs(now - outcome.at) <= maxAge ? outcome : undefined;
}

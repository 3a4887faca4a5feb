// Checking the outcome the hosted connect page appends to a session's return URL: the same rule
// as the service's src/domain/connect-outcome.ts, kept here so an application needs nothing but
// this package and the keys `fantasy-data connect-key` prints (Node's crypto; Node 20 and up).
import { createHmac, timingSafeEqual } from 'node:crypto';

export type ConnectOutcomeStatus = 'linked' | 'partial' | 'failed' | 'cancelled';

export interface ConnectOutcome {
  /** The connect session's id, as the admin API lists it. */
  sessionId: number;
  status: ConnectOutcomeStatus;
  /** The platforms linked through the session (none for nothing linked). */
  platforms: string[];
  /** When the person left the page, in seconds since the epoch. */
  at: number;
}

export interface VerifyConnectOutcomeOptions {
  /**
   * The `session_id` of the session your application created for the person now coming back
   * (kept on your side when you created it): an outcome of any other session is refused, so one
   * taken from someone else's session cannot stand in for theirs. Accept each session's outcome
   * once (forget the session when this answers it), so the same address sent again is refused.
   */
  sessionId: number;
  /** How old an outcome may be (default 300 s: the person is sent back at once). */
  maxAgeSeconds?: number;
  now?: number;
}

const STATUSES: readonly string[] = ['linked', 'partial', 'failed', 'cancelled'];
const NAMES = ['fd_session', 'fd_status', 'fd_platforms', 'fd_ts', 'fd_sig'] as const;

/**
 * The outcome in the return URL's query (a URL, its query string or URLSearchParams) when it is
 * the outcome of `options.sessionId`, at most `maxAgeSeconds` old, and `fd_sig` is the
 * HMAC-SHA256 of it under one of `connectKeys` (hex: one key, or several while a new one replaces
 * an old); undefined for anything forged, altered, repeated, of another session, stale or missing.
 */
export function verifyConnectOutcome(
  query: URL | URLSearchParams | string,
  connectKeys: string | readonly string[],
  options: VerifyConnectOutcomeOptions,
): ConnectOutcome | undefined {
  const params =
    query instanceof URL
      ? query.searchParams
      : typeof query === 'string'
        ? new URLSearchParams(query.startsWith('?') ? query.slice(1) : query)
        : query;
  // A parameter sent twice is refused, never read as its first (or last) value.
  const values = NAMES.map((name) => (params.getAll(name).length === 1 ? params.get(name) : null));
  const [session, status, platforms, ts, sig] = values;
  if (values.some((value) => value === null)) return undefined;
  if (!Number.isSafeInteger(options.sessionId) || session !== String(options.sessionId)) {
    return undefined;
  }
  if (!/^[0-9]{1,12}$/.test(ts ?? '')) return undefined;
  if (!STATUSES.includes(status ?? '') || !/^[0-9a-f]{64}$/i.test(sig ?? '')) return undefined;
  const at = Number(ts);
  const now = options.now ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - at) > (options.maxAgeSeconds ?? 300)) return undefined;
  const text = `fd_session=${session}&fd_status=${status}&fd_platforms=${platforms}&fd_ts=${ts}`;
  const given = Buffer.from((sig ?? '').toLowerCase());
  const keys = typeof connectKeys === 'string' ? [connectKeys] : connectKeys;
  const signed = keys.some((key) => {
    const expected = createHmac('sha256', Buffer.from(key, 'hex')).update(text).digest('hex');
    return timingSafeEqual(Buffer.from(expected), given);
  });
  if (!signed) return undefined;
  return {
    sessionId: Number(session),
    status: status as ConnectOutcomeStatus,
    platforms: platforms === '' || platforms == null ? [] : platforms.split(','),
    at,
  };
}

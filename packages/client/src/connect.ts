// Checking the outcome the hosted connect page appends to a session's return URL: the same rule
// as the service's src/domain/connect-outcome.ts, kept here so an application needs nothing but
// this package and the key `fantasy-data connect-key` prints (Node's crypto; Node 20 and up).
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

const STATUSES: readonly string[] = ['linked', 'partial', 'failed', 'cancelled'];
const NAMES = ['fd_session', 'fd_status', 'fd_platforms', 'fd_ts', 'fd_sig'] as const;

/**
 * The outcome in the return URL's query (a URL, its query string or URLSearchParams) when
 * `fd_sig` is the HMAC-SHA256 of it under `connectKey` (hex) and it is at most `maxAgeSeconds`
 * old (default 600); undefined for anything forged, altered, repeated, stale or missing.
 */
export function verifyConnectOutcome(
  query: URL | URLSearchParams | string,
  connectKey: string,
  options: { maxAgeSeconds?: number; now?: number } = {},
): ConnectOutcome | undefined {
  const params =
    query instanceof URL
      ? query.searchParams
      : typeof query === 'string'
        ? new URLSearchParams(query.startsWith('?') ? query.slice(1) : query)
        : query;
  const values = NAMES.map((name) => (params.getAll(name).length === 1 ? params.get(name) : null));
  const [session, status, platforms, ts, sig] = values;
  if (values.some((value) => value === null)) return undefined;
  if (!/^[1-9][0-9]{0,15}$/.test(session ?? '') || !/^[0-9]{1,12}$/.test(ts ?? '')) {
    return undefined;
  }
  if (!STATUSES.includes(status ?? '') || !/^[0-9a-f]{64}$/i.test(sig ?? '')) return undefined;
  const text = `fd_session=${session}&fd_status=${status}&fd_platforms=${platforms}&fd_ts=${ts}`;
  const expected = createHmac('sha256', Buffer.from(connectKey, 'hex')).update(text).digest('hex');
  if (!timingSafeEqual(Buffer.from(expected), Buffer.from((sig ?? '').toLowerCase()))) {
    return undefined;
  }
  const at = Number(ts);
  const now = options.now ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - at) > (options.maxAgeSeconds ?? 600)) return undefined;
  return {
    sessionId: Number(session),
    status: status as ConnectOutcomeStatus,
    platforms: platforms === '' || platforms == null ? [] : platforms.split(','),
    at,
  };
}

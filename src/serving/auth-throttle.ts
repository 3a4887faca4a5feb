// Failed authentications per client address: unknown, revoked or expired admin keys, connect
// links and API tokens, and forged form tokens. Past AUTH_FAILURES_PER_MINUTE on one surface in a
// minute (counted in the process's AttemptStore: Redis across instances), the address gets 429
// with Retry-After there until the minute ends, before any lookup, so guessing costs the store
// nothing and learns nothing.
//
// A credential that authenticated in this process in the last 10 minutes is never held back: a
// valid client behind the same address as a guesser (a NAT, a proxy: the address is the socket's,
// X-Forwarded-For is not trusted) keeps working, and valid requests do no work here at all.
// Whether an address is over is known locally (the counts' answers set it), so the check is a
// map lookup; with several instances each learns it at its first failure past the limit.
import type { AttemptStore } from '../sync/attempts.ts';
import { HttpProblem } from './problems.ts';

export const AUTH_SURFACES = ['api', 'admin', 'connect', 'connect_form'] as const;
export type AuthSurface = (typeof AUTH_SURFACES)[number];

/** What the throttle reads of a request: the address of its connection. */
export interface AuthClient {
  readonly socket: { readonly remoteAddress?: string | undefined };
}

const WINDOW_MS = 60_000;
const KNOWN_MS = 10 * 60_000;
const MAX_KNOWN = 10_000;
const MAX_HELD = 100_000;

export class AuthThrottle {
  /** Failures and refusals (429) by surface, for the metrics. */
  readonly failures = counts();
  readonly throttled = counts();
  /** Addresses over the limit on a surface ("surface address"), until when. */
  private readonly held = new Map<string, number>();
  /** Credentials (by hash) that authenticated lately ("surface hash"), until when. */
  private readonly known = new Map<string, number>();

  constructor(
    private readonly store: AttemptStore,
    private readonly limitPerMinute: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** The 429 to answer when the client's address is over the limit on `surface`. */
  refusal(surface: AuthSurface, client: AuthClient): HttpProblem | undefined {
    if (this.held.size === 0) return undefined;
    const key = `${surface} ${addressOf(client)}`;
    const until = this.held.get(key);
    if (until === undefined) return undefined;
    const left = until - this.now();
    if (left <= 0) {
      this.held.delete(key);
      return undefined;
    }
    this.throttled[surface]++;
    return throttled(left);
  }

  /**
   * Counts a failed authentication; answers the 429 to give instead of the failure's own answer
   * when the address is now past the limit.
   */
  async failed(surface: AuthSurface, client: AuthClient): Promise<HttpProblem | undefined> {
    this.failures[surface]++;
    if (this.limitPerMinute <= 0) return undefined;
    const address = addressOf(client);
    const { count, resetMs } = await this.store.add(`auth:${surface}:${address}`, WINDOW_MS);
    if (count < this.limitPerMinute) return undefined;
    if (this.held.size >= MAX_HELD) this.sweep();
    this.held.set(`${surface} ${address}`, this.now() + resetMs);
    if (count === this.limitPerMinute) return undefined;
    this.failures[surface]--;
    this.throttled[surface]++;
    return throttled(resetMs);
  }

  /** Whether the credential authenticated in this process lately (see the file's comment). */
  isKnown(surface: AuthSurface, credentialHash: string): boolean {
    const key = `${surface} ${credentialHash}`;
    const until = this.known.get(key);
    if (until === undefined) return false;
    if (until > this.now()) return true;
    this.known.delete(key);
    return false;
  }

  remember(surface: AuthSurface, credentialHash: string): void {
    const key = `${surface} ${credentialHash}`;
    this.known.delete(key);
    if (this.known.size >= MAX_KNOWN) {
      const oldest = this.known.keys().next();
      if (oldest.done !== true) this.known.delete(oldest.value);
    }
    this.known.set(key, this.now() + KNOWN_MS);
  }

  forget(surface: AuthSurface, credentialHash: string): void {
    this.known.delete(`${surface} ${credentialHash}`);
  }

  private sweep(): void {
    const now = this.now();
    for (const [key, until] of this.held) if (until <= now) this.held.delete(key);
    if (this.held.size >= MAX_HELD) this.held.clear();
  }
}

function counts(): Record<AuthSurface, number> {
  return { api: 0, admin: 0, connect: 0, connect_form: 0 };
}

function throttled(ms: number): HttpProblem {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  return new HttpProblem(
    'auth_throttled',
    `too many failed authentications from this address; try again in ${seconds} s`,
    {},
    { 'Retry-After': String(seconds) },
  );
}

/**
 * The address a client is counted under: IPv4 as it is (an IPv4-mapped IPv6 address as IPv4),
 * IPv6 by its /64, which one host or one customer usually holds whole.
 */
export function addressOf(client: AuthClient): string {
  const address = client.socket.remoteAddress ?? 'unknown';
  if (!address.includes(':')) return address;
  const lower = address.toLowerCase().replace(/%.*$/, '');
  if (lower.startsWith('::ffff:') && lower.includes('.')) return lower.slice(7);
  const [head = '', tail] = lower.split('::') as [string, string | undefined];
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const groups =
    tail === undefined
      ? left
      : [
          ...left,
          ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'),
          ...right,
        ];
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

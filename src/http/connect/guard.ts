// What protects the connect page: its Content-Security-Policy and companion headers, the
// cross-site request forgery check on every form, the signed, single-use OAuth `state`, and the
// limit on unknown links and forged forms per client address (serving/auth-throttle.ts).
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { AuthClient, AuthThrottle } from '../../serving/auth-throttle.ts';
import type { HttpProblem } from '../../serving/problems.ts';
import { STYLE_HASH, page } from './html.ts';

/**
 * The page's Content-Security-Policy for an answer. `formTargets` are the other origins a form may
 * end up at (Chrome applies form-action to the redirect after a POST): Yahoo's sign-in, the return
 * URL. `logo`: the page shows the application's logo, served from the page's own origin. Its
 * companions (X-Frame-Options, nosniff, Referrer-Policy) and this policy without targets, on every
 * answer under /connect, are set in one place: http/security-headers.ts.
 */
export function pageHeaders(
  formTargets: readonly string[] = [],
  logo = false,
): Record<string, string> {
  const targets = [...new Set(formTargets)].join(' ');
  return {
    'Content-Security-Policy':
      `default-src 'none'; style-src '${STYLE_HASH}'; img-src ${logo ? "'self'" : "'none'"}; ` +
      `form-action 'self'${targets === '' ? '' : ` ${targets}`}; frame-ancestors 'none'; base-uri 'none'`,
  };
}

/** The origin of an address, for form-action; undefined for anything but http(s). */
export function originOf(address: string | undefined): string | undefined {
  if (address === undefined || !URL.canParse(address)) return undefined;
  const url = new URL(address);
  return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined;
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Whether a form POST came from the page itself: the session's form token, and, when the browser
 * says (Sec-Fetch-Site, Origin), a same-origin request.
 */
export function isSameSiteForm(
  req: IncomingMessage,
  form: URLSearchParams,
  csrfToken: string,
  publicBaseUrl: string | undefined,
): boolean {
  const site = req.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return false;
  const origin = req.headers.origin;
  if (origin !== undefined && origin !== 'null') {
    const host = req.headers.host;
    const allowed = new Set(
      [host && `http://${host}`, host && `https://${host}`, originOf(publicBaseUrl)].filter(
        (value): value is string => typeof value === 'string',
      ),
    );
    if (!allowed.has(origin)) return false;
  }
  const sent = form.get('csrf');
  return sent !== null && sameText(sent, csrfToken);
}

const STATE = /^([1-9][0-9]{0,15})\.([A-Za-z0-9_-]{32})\.([A-Za-z0-9_-]{43})$/;

export interface OauthStateParts {
  sessionId: number;
  nonce: string;
}

/** A new state for the session: "<session id>.<random>.<signature of both>". */
export function newOauthState(
  sessionId: number,
  sign: (purpose: string, text: string) => string,
): { state: string; nonce: string } {
  const nonce = randomBytes(24).toString('base64url');
  const signed = `${sessionId}.${nonce}`;
  return { state: `${signed}.${sign('oauth-state', signed)}`, nonce };
}

/** The state's parts when its signature checks out; undefined for anything forged or malformed. */
export function verifyOauthState(
  state: string,
  sign: (purpose: string, text: string) => string,
): OauthStateParts | undefined {
  const match = STATE.exec(state);
  if (match === null) return undefined;
  const [, id, nonce, signature] = match as unknown as [string, string, string, string];
  if (!sameText(sign('oauth-state', `${id}.${nonce}`), signature)) return undefined;
  return { sessionId: Number(id), nonce };
}

/**
 * Counts a form that failed its check against the client's address, and throws the throttle's
 * 429 past the limit. A form with the right token always goes through: it is checked in memory,
 * and whoever holds the link can read it from the page anyway.
 */
export async function countForgedForm(throttle: AuthThrottle, client: AuthClient): Promise<void> {
  const refusal = await throttle.failed('connect_form', client);
  if (refusal !== undefined) throw refusal;
}

/** The page of a 429 from the throttle, in plain words. */
export function throttledPage(problem: HttpProblem): string {
  const seconds = problem.headers['Retry-After'] ?? '60';
  return page(
    'Too many tries',
    `<h1>Too many tries</h1><p class="lead">Wait ${seconds} seconds and try again.</p>`,
  );
}

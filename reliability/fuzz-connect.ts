// Hostile requests to the hosted connect page, every operation of its routes (the page, a
// platform's page, the logo, the link forms, Finish, Cancel, the OAuth callback): live,
// finishable, used, expired, unknown and wrong-kind session tokens, every method, path junk, forms with missing, wrong, another
// session's or repeated form tokens, cross-site or repeated Origin and Sec-Fetch-Site headers,
// wrong content types, oversized forms, cookies and passwords in fields, forged Yahoo callbacks,
// and genuine Yahoo states sent back from another browser (no cookie, or not the one of the
// browser that started the sign-in). A form the generator knows to be forged must be refused,
// and so must such a callback, linking nothing.
import type { Rng } from '../src/platforms/demo/random.ts';
import { METHODS, junkPath, junkQuery, rawRequest, repeatedHeader } from './fuzz-request.ts';
import type { SurfaceRequest } from './fuzz-request.ts';
import type { SessionKeys, SurfacesTarget } from './surfaces-target.ts';

type Liveness = 'live' | 'finishable' | 'dead' | 'junk';

function session(rng: Rng, t: SurfacesTarget): { keys: SessionKeys; liveness: Liveness } {
  const roll = rng.next();
  if (roll < 0.5) return { keys: rng.pick(t.liveSessions), liveness: 'live' };
  if (roll < 0.65) return { keys: rng.pick(t.finishableSessions), liveness: 'finishable' };
  if (roll < 0.82) return { keys: rng.pick(t.deadSessions), liveness: 'dead' };
  const live = rng.pick(t.liveSessions);
  const token = rng.pick([
    '',
    'fcs_short',
    t.adminKey,
    t.userToken,
    live.token.toUpperCase(),
    `${live.token}x`,
    live.token.slice(0, -1),
    `%66${live.token.slice(1)}`,
    'x'.repeat(5000),
  ]);
  return { keys: { token, csrf: live.csrf }, liveness: 'junk' };
}

/** The form token a POST carries, and whether it is the session's own, alone or first. */
function csrfField(
  rng: Rng,
  t: SurfacesTarget,
  keys: SessionKeys,
): { field: string; own: boolean } {
  const other = rng.pick([...t.liveSessions, ...t.finishableSessions]).csrf;
  const enc = encodeURIComponent;
  switch (rng.int(0, 9)) {
    case 0:
      return { field: '', own: false };
    case 1:
      return { field: 'csrf=', own: false };
    case 2:
      return { field: `csrf=${enc(other)}`, own: other === keys.csrf };
    case 3:
      return { field: `csrf=${enc(keys.csrf.slice(0, -1))}`, own: false };
    case 4:
      // URLSearchParams.get answers the first of repeated fields.
      return { field: `csrf=${enc(other)}&csrf=${enc(keys.csrf)}`, own: other === keys.csrf };
    case 5:
      return { field: `csrf=${enc(keys.csrf)}&csrf=x`, own: true };
    default:
      return { field: `csrf=${enc(keys.csrf)}`, own: true };
  }
}

function platformFields(rng: Rng, t: SurfacesTarget): string {
  const enc = encodeURIComponent;
  return rng.pick([
    `username=${rng.pick(['fuzzann', 'fuzzben', 'fuzz7', 'nobody', '', '%3Cscript%3E', 'x'.repeat(400)])}`,
    `espn_s2=${enc(t.cookieSecret)}&swid=${enc('{00000000-0000-0000-0000-000000000000}')}`,
    `espn_s2=${enc(t.cookieSecret)}`,
    `league_ids=${enc(rng.pick(['123 456', '', ',,,', 'x'.repeat(300)]))}`,
    `username=fuzzann&password=${enc(t.passwordSecret)}`,
    `email=${rng.pick(['fuzz@example.com', 'x', ''])}`,
    '',
    '%zz=%zz&&&=',
  ]);
}

/** Origin and Sec-Fetch-Site as a browser on the page sends them, or as another site does. */
function siteHeaders(rng: Rng, t: SurfacesTarget): { headers: string[]; crossSite: boolean } {
  switch (rng.int(0, 9)) {
    case 0:
      return {
        headers: ['Origin: https://evil.example', 'Sec-Fetch-Site: cross-site'],
        crossSite: true,
      };
    case 1:
      return { headers: ['Origin: https://evil.example'], crossSite: true };
    case 2:
      return { headers: ['Sec-Fetch-Site: same-site'], crossSite: true };
    case 3:
      return { headers: [`Origin: ${t.origin}`, 'Origin: https://evil.example'], crossSite: true };
    case 4:
      return { headers: ['Origin: null'], crossSite: false };
    case 5:
      return { headers: [], crossSite: false };
    default:
      return { headers: [`Origin: ${t.origin}`, 'Sec-Fetch-Site: same-origin'], crossSite: false };
  }
}

/**
 * A genuine state with the cookie of any browser but the one that started its sign-in: none,
 * another sign-in's, a guess, a malformed one, the right value under the HTTPS-only name.
 */
function otherBrowserCallback(rng: Rng, t: SurfacesTarget): { query: string; cookie?: string } {
  const own = rng.pick(t.yahooStates);
  const [name, value] = own.cookie.split('=') as [string, string];
  const others = t.yahooStates.filter((s) => s.cookie !== own.cookie).map((s) => s.cookie);
  const cookie = rng.pick([
    undefined,
    ...others,
    `${name}=${'A'.repeat(43)}`,
    `${name}=${value.slice(0, -1)}`,
    `${name}=`,
    `${name}=${value}x`,
    `__Host-${name}=${value}`,
    `${name.toUpperCase()}=${value}`,
    `other=${value}`,
  ]);
  const state = encodeURIComponent(own.state);
  const query = rng.pick([
    `?state=${state}&code=fuzz-code`,
    `?code=fuzz-code&state=${state}`,
    `?state=${state}&error=access_denied`,
    `?state=${state}`,
  ]);
  return { query, ...(cookie !== undefined && { cookie }) };
}

function callback(rng: Rng, t: SurfacesTarget): SurfaceRequest {
  if (rng.chance(0.5)) {
    const { query, cookie } = otherBrowserCallback(rng, t);
    return {
      surface: 'connect',
      bytes: rawRequest(`${t.host}:${t.port}`, {
        method: 'GET',
        target: `/connect/oauth/yahoo/callback${query}`,
        headers: cookie === undefined ? [] : [`Cookie: ${cookie}`],
      }),
      mutating: false,
      unauthorized: true,
      mayShow: [],
      operation: 'connectOauthCallback',
    };
  }
  const state = rng.pick([
    '',
    'x',
    `1.${'a'.repeat(32)}.${'b'.repeat(43)}`,
    `99999999999999999.${'a'.repeat(32)}.${'b'.repeat(43)}`,
    `1.${'a'.repeat(32)}.${'b'.repeat(43)}&state=x`,
    '%zz',
  ]);
  const query = rng.pick([
    `?state=${state}&code=fuzz`,
    `?state=${state}&error=access_denied`,
    `?state=${state}`,
    '',
    '?code=x&code=y',
  ]);
  const method = rng.chance(0.8) ? 'GET' : rng.pick([...METHODS, 'POST']);
  return {
    surface: 'connect',
    bytes: rawRequest(`${t.host}:${t.port}`, {
      method,
      target: `/connect/oauth/yahoo/callback${query}`,
      headers: [],
    }),
    mutating: false,
    unauthorized: true,
    mayShow: [],
    ...((method === 'GET' || method === 'HEAD') && { operation: 'connectOauthCallback' }),
  };
}

/** The connect page's operation of each kind of request (routes.ts). */
const OPERATION_OF = {
  page: 'connectPage',
  platform: 'connectPlatformPage',
  logo: 'connectLogo',
  finish: 'connectFinish',
  cancel: 'connectCancel',
  link: 'connectLink',
} as const;

export function connectRequest(rng: Rng, t: SurfacesTarget): SurfaceRequest {
  if (rng.chance(0.1)) return callback(rng, t);
  const { keys, liveness } = session(rng, t);
  const kind = rng.pick([
    'page',
    'page',
    'platform',
    'logo',
    'finish',
    'cancel',
    'link',
    'link',
    'link',
  ] as const);
  const platform = rng.pick([
    'sleeper',
    'sleeper',
    'espn',
    'mfl',
    'fleaflicker',
    'fantrax',
    'yahoo',
    'demo',
    'SLEEPER',
    '',
  ]);
  const tail = {
    page: '',
    platform: `/platform/${platform}`,
    logo: '/logo',
    finish: '/finish',
    cancel: '/cancel',
    link: `/link/${platform}`,
  }[kind];
  let path = `/connect/${keys.token}${tail}`;
  const junk = rng.chance(0.08);
  if (junk) path = junkPath(rng, path);
  const read = kind === 'page' || kind === 'platform' || kind === 'logo';
  const method = rng.chance(0.8)
    ? read
      ? rng.pick(['GET', 'GET', 'HEAD'])
      : 'POST'
    : rng.pick([...METHODS, 'GET', 'POST', 'DELETE']);
  const headers: string[] = [];
  let body: string | undefined;
  let forged = false;
  let own = false;
  if (method === 'POST' || rng.chance(0.05)) {
    const csrf = csrfField(rng, t, keys);
    const site = siteHeaders(rng, t);
    // A live session is never finished (or cancelled) here: the rest of the run needs it.
    own = csrf.own && !(liveness === 'live' && (kind === 'finish' || kind === 'cancel'));
    const fields = [
      own ? csrf.field : csrf.own ? 'csrf=wrong' : csrf.field,
      platformFields(rng, t),
    ];
    if (rng.chance(0.03)) fields.push(`pad=${'p'.repeat(20_000)}`);
    body = fields.filter((f) => f !== '').join('&');
    const type = rng.chance(0.85)
      ? rng.pick([
          'application/x-www-form-urlencoded',
          'application/x-www-form-urlencoded; charset=utf-8',
          'APPLICATION/X-WWW-FORM-URLENCODED',
        ])
      : rng.pick(['application/json', 'text/plain', 'multipart/form-data; boundary=x', '']);
    if (type !== '') headers.push(`Content-Type: ${type}`);
    headers.push(...site.headers);
    forged =
      !own || site.crossSite || !type.toLowerCase().startsWith('application/x-www-form-urlencoded');
  }
  if (rng.chance(0.05)) headers.push(`Cookie: espn_s2=${t.cookieSecret}`);
  if (rng.chance(0.04)) headers.push(repeatedHeader(rng, body !== undefined));
  if (rng.chance(0.03)) headers.push(`Authorization: Bearer ${t.adminKey}`);
  const target = path + junkQuery(rng);
  const live = liveness === 'live' || liveness === 'finishable';
  return {
    surface: 'connect',
    bytes: rawRequest(`${t.host}:${t.port}`, {
      method,
      target,
      headers,
      ...(body !== undefined && { body }),
    }),
    mutating: live && !junk && method === 'POST' && own && !forged,
    unauthorized: !live || (method === 'POST' && forged),
    mayShow: [keys.token, keys.csrf],
    ...(!junk &&
      (read ? method === 'GET' || method === 'HEAD' : method === 'POST') && {
        operation: OPERATION_OF[kind],
      }),
  };
}

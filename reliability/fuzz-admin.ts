// Hostile requests to the admin API: every operation of ADMIN_ROUTES (so a new one is fuzzed
// too; ids of every kind filled, webhook addresses only on this machine) under every method, with missing, malformed, revoked, expired, unknown, repeated and
// wrong-kind keys, keys whose scopes do not cover the operation (sent among the requests that
// may change nothing: one let through would change the store), ids out of range, path junk,
// malformed, oversized, mistyped or over-filled JSON bodies, hostile return URLs.
import { scopesAllow } from '../src/domain/admin-scopes.ts';
import { WEBHOOK_EVENT_TYPES } from '../src/domain/webhooks.ts';
import type { AdminScope } from '../src/domain/admin-scopes.ts';
import type { Rng } from '../src/platforms/demo/random.ts';
import { ADMIN_ROUTES } from '../src/http/admin/routes/index.ts';
type AdminRouteDoc = (typeof ADMIN_ROUTES)[number]['doc'];
import {
  METHODS,
  chunked,
  junkPath,
  junkQuery,
  rawRequest,
  repeatedHeader,
} from './fuzz-request.ts';
import type { SurfaceRequest } from './fuzz-request.ts';
import { PNG_LOGO } from './surfaces-target.ts';
import type { SurfacesTarget } from './surfaces-target.ts';

const JUNK_IDS = [
  '0',
  '-1',
  '999999',
  '9007199254740991',
  '9007199254740993',
  '1'.repeat(40),
  '1e3',
  '0x1',
  '1.0',
  '01',
  '+1',
  ' 1',
  '%31',
  '%zz',
  '%00',
  '\uff11',
  'abc',
  '',
  'null',
  '__proto__',
];
const PLATFORMS = [
  'sleeper',
  'sleeper',
  'espn',
  'yahoo',
  'mfl',
  'fleaflicker',
  'fantrax',
  'demo',
  'SLEEPER',
  'x',
  '%73leeper',
  '',
];
const CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'APPLICATION/JSON',
  'application/json; charset=latin1',
  'application/json, text/plain',
  'application/jsonx',
  '',
];
const MALFORMED = [
  '{',
  '{"name":',
  '{"name": "a",}',
  "{'name': 'a'}",
  'null',
  '[]',
  '"text"',
  '0',
  'true',
  '\ufeff{}',
  '{"name": "\u0000"}',
  '{"a":1}{"b":2}',
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  `{"name": ${'['.repeat(3000)}${']'.repeat(3000)}}`,
];

/**
 * The key a request sends, whether the service must take it as a valid admin key, and the
 * scopes of a valid key that has not all of them.
 */
function credential(
  rng: Rng,
  t: SurfacesTarget,
): { headers: string[]; valid: boolean; scopes?: AdminScope[] } {
  const bearer = (key: string) => `Authorization: Bearer ${key}`;
  switch (rng.int(0, 27)) {
    case 0:
      return { headers: [], valid: false };
    case 1:
      return { headers: [bearer(t.revokedAdminKey)], valid: false };
    case 2:
      return { headers: [bearer(t.unknownAdminKey)], valid: false };
    case 3:
      return { headers: [bearer(t.userToken)], valid: false };
    case 4:
      return { headers: [`X-Auth-Token: ${t.adminKey}`], valid: false };
    case 5:
      return {
        headers: [`X-Auth-Token: ${t.userToken}`, `auth_token: ${t.userToken}`],
        valid: false,
      };
    case 6:
      return { headers: [bearer(t.liveSessions[0]?.token ?? '')], valid: false };
    case 7:
      return {
        headers: [
          rng.pick([
            `Authorization: Basic ${t.adminKey}`,
            `Authorization: ${t.adminKey}`,
            `Authorization: Bearer ${t.adminKey} x`,
            `Authorization: Bearer ${t.adminKey.slice(0, -1)}`,
            'Authorization: Bearer',
            `Authorization: Bearer ${t.adminKey}%00`,
            `Cookie: admin_key=${t.adminKey}`,
          ]),
        ],
        valid: false,
      };
    case 8:
      // node:http keeps the first of repeated Authorization headers and drops the others.
      return { headers: [bearer(t.unknownAdminKey), bearer(t.adminKey)], valid: false };
    case 9:
      return { headers: [bearer(t.adminKey), bearer(t.revokedAdminKey)], valid: true };
    case 10:
      return { headers: [`authorization: bearer   ${t.otherAdminKey}`], valid: true };
    case 11:
      return { headers: [bearer(t.otherAdminKey)], valid: true };
    case 12:
      return { headers: [bearer(t.expiredAdminKey)], valid: false };
    case 13:
    case 14:
      return { headers: [bearer(t.readOnlyAdminKey)], valid: true, scopes: ['read'] };
    case 15:
      return { headers: [bearer(t.tokensAdminKey)], valid: true, scopes: ['tokens'] };
    default:
      return { headers: [bearer(t.adminKey)], valid: true };
  }
}

function userId(rng: Rng, t: SurfacesTarget, operationId: string, valid: boolean): string {
  if (rng.chance(0.12)) return rng.pick(JUNK_IDS);
  // Users the other requests rely on are deleted only by requests that must be refused; their
  // tokens and links may go (a revoked user token is refused as a key all the same; the link is
  // made again by the link requests).
  const deleting = operationId === 'adminDeleteUser' && valid;
  return String(rng.pick(deleting ? t.deletableUserIds : [...t.userIds, ...t.deletableUserIds]));
}

/** The kept endpoint (never deleted with a valid key), or one the fuzz may have created. */
function webhookId(rng: Rng, t: SurfacesTarget, operationId: string, valid: boolean): string {
  if (rng.chance(0.3)) return rng.pick(JUNK_IDS);
  const deleting = operationId === 'adminDeleteWebhook' && valid;
  if (!deleting && rng.chance(0.5)) return String(t.keptWebhookId);
  return String(t.keptWebhookId + rng.int(1, 8));
}

function pathOf(
  route: { path: string; operationId: string },
  rng: Rng,
  t: SurfacesTarget,
  valid: boolean,
): string {
  return route.path
    .replace('{user_id}', () => userId(rng, t, route.operationId, valid))
    .replace('{platform}', () => rng.pick(PLATFORMS))
    .replace('{token_id}', () =>
      rng.chance(0.7) ? String(rng.pick(t.tokenIds)) : rng.pick(JUNK_IDS),
    )
    .replace('{sync_id}', () => (rng.chance(0.7) ? String(rng.int(1, 8)) : rng.pick(JUNK_IDS)))
    .replace('{webhook_id}', () => webhookId(rng, t, route.operationId, valid))
    .replace('{delivery_id}', () =>
      rng.chance(0.7)
        ? String(rng.chance(0.5) ? rng.pick(t.deliveryIds) : rng.int(1, 40))
        : rng.pick(JUNK_IDS),
    );
}

/** A body the operation could take, before it is spoiled. */
function bodyFor(operationId: string, rng: Rng, t: SurfacesTarget): Record<string, unknown> {
  switch (operationId) {
    case 'adminCreateUser':
      return {
        name: rng.pick([
          'fuzz-new',
          `fuzz-${rng.int(1, 50)}`,
          'fuzz-ann',
          'no spaces',
          'x'.repeat(65),
          '\u540d',
          '',
        ]),
      };
    case 'adminIssueToken':
      return {
        products: rng.pick([
          ['league'],
          ['league', 'player', 'roster'],
          [],
          ['bogus'],
          'league',
          ['league', 'league'],
        ]),
        ...(rng.chance(0.5) && {
          expires_in: rng.pick(['30d', '1m', '0m', '999999w', '1x', '', '9'.repeat(20) + 'd']),
        }),
      };
    case 'adminLink':
      return rng.pick([
        {
          username: rng.pick([
            'fuzzann',
            'fuzzben',
            `fuzz${rng.int(1, 9)}`,
            'nobody',
            '../..',
            ' ',
            'x'.repeat(201),
          ]),
        },
        { email: rng.pick(['fuzz@example.com', 'not-an-email', '']) },
        {
          credentials: { espn_s2: t.cookieSecret, swid: '{00000000-0000-0000-0000-000000000000}' },
        },
        { credentials: { username: 'fuzzann', password: t.passwordSecret } },
        { credentials: { espn_s2: t.cookieSecret } },
        {
          league_ids: rng.pick([
            ['123'],
            [],
            ['x'.repeat(65)],
            Array.from({ length: 101 }, () => '1'),
          ]),
        },
        { code: rng.pick(['fuzz-code', '', 'x'.repeat(513)]) },
        {},
      ]);
    case 'adminStartSync':
      return rng.pick([{}, { platform: rng.pick(PLATFORMS) }]);
    case 'adminCreateConnectSession':
      return {
        ...(rng.chance(0.5) && { expires_in: rng.pick(['30m', '7d', '8d', '0m', 'forever']) }),
        ...(rng.chance(0.5) && {
          platforms: rng.pick([['sleeper'], ['yahoo'], ['demo'], [], ['sleeper', 'sleeper']]),
        }),
        ...(rng.chance(0.3) && {
          return_url: rng.pick([
            'https://app.example.com/done',
            'javascript:alert(1)',
            '/relative',
            'http://[::1',
            `https://x/${'a'.repeat(2100)}`,
            'https://app.example.com/done\r\nSet-Cookie: fuzz=1',
            'https://app.example.com/\nx',
            'https://app.example.com/caf\u00e9?q=\u00fc',
            'https://\u00e9xample.com/done',
            'https://app.example.com/\u0000',
            'https://app.example.com/%0d%0aSet-Cookie:%20x=1',
            'JavaScript:alert(1)',
            ' javascript:alert(1)',
            'java\tscript:alert(1)',
            'data:text/html,<script>alert(1)</script>',
            'https://app.example.com/\u202e',
          ]),
        }),
        ...(rng.chance(0.2) && {
          app_name: rng.pick(['Fuzz App', '', ' ', '\u202eevil', 'a\u0000b', 'x'.repeat(81)]),
        }),
        ...(rng.chance(0.2) && {
          app_logo: rng.pick([
            PNG_LOGO,
            PNG_LOGO.replace('image/png', 'image/jpeg'),
            'data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9ImFsZXJ0KDEpIi8+',
            'data:image/png;base64,',
            'data:image/png;base64,%%%',
            'https://evil.example/logo.png',
            `data:image/png;base64,${'A'.repeat(47_000)}`,
          ]),
        }),
        ...(rng.chance(0.2) && {
          products: rng.pick([['league'], ['league', 'team', 'user'], [], ['bogus']]),
        }),
      };
    case 'adminCreateWebhook':
      // Only addresses on this machine: deliveries to them must never leave it.
      return {
        url: rng.pick([
          'http://127.0.0.1:9/hooks/fuzz',
          'http://127.0.0.1:9/hooks/fuzz',
          'http://[::1]:9/hooks',
          'http://localhost:9/hooks',
          'https://fuzz:secret@127.0.0.1:9/hooks',
          'http://127.0.0.1:9/hooks\r\nX-Injected: 1',
          'ftp://127.0.0.1/hooks',
          'javascript:alert(1)',
          '/relative',
          '',
          `http://127.0.0.1:9/${'h'.repeat(2100)}`,
        ]),
        events: rng.pick([
          [rng.pick(WEBHOOK_EVENT_TYPES)],
          [...WEBHOOK_EVENT_TYPES],
          ['*'],
          [],
          ['bogus'],
          'sync.finished',
        ]),
        ...(rng.chance(0.3) && {
          description: rng.pick(['fuzz', 'x'.repeat(501), '\u202eevil', '']),
        }),
      };
    case 'adminTestWebhook':
      return { type: rng.pick(['webhook.test', 'webhook.test', 'sync.finished', '', 7]) };
    default:
      return {};
  }
}

/** The body's text: as built, spoiled (unknown fields, wrong types), malformed, or huge. */
function bodyText(value: Record<string, unknown>, rng: Rng, t: SurfacesTarget): string {
  switch (rng.int(0, 11)) {
    case 0:
      return JSON.stringify({
        ...value,
        [rng.pick(['extra', '__proto__', 'constructor', 'user_id'])]: rng.pick([
          1,
          null,
          { admin: true },
          t.cookieSecret,
        ]),
      });
    case 1: {
      const [name] = Object.keys(value);
      return JSON.stringify(
        name === undefined
          ? [value]
          : { ...value, [name]: rng.pick([null, 7, [], {}, true, 'x'.repeat(70_000)]) },
      );
    }
    case 2:
      return rng.pick(MALFORMED);
    case 3:
      return rng.chance(0.5) ? '' : '   ';
    case 4:
      return JSON.stringify({
        ...value,
        padding: 'p'.repeat(rng.pick([1000, 60_000, 70_000, 200_000])),
      });
    default:
      return JSON.stringify(value);
  }
}

/**
 * A request as a client of the API sends it: the full key, the operation's method, its body as
 * built, on Sleeper (the platform the fake knows users of); ids and values drawn as for any other.
 * A tenth of the requests, so every operation is carried out, not only refused.
 */
function wellFormed(rng: Rng, t: SurfacesTarget, route: AdminRouteDoc): SurfaceRequest {
  const writes = route.method === 'POST' || route.method === 'DELETE';
  const value =
    route.operationId === 'adminLink'
      ? { username: rng.pick(['fuzzann', 'fuzzben', 'fuzzcy']) }
      : bodyFor(route.operationId, rng, t);
  const body = route.method === 'POST' ? JSON.stringify(value) : '';
  const bytes = rawRequest(`${t.host}:${t.port}`, {
    method: route.method,
    target: pathOf(route, rng, t, true).replace(/\/links\/[^/]*$/, '/links/sleeper'),
    headers: [`Authorization: Bearer ${t.adminKey}`, 'Content-Type: application/json'],
    ...(body !== '' && { body }),
  });
  return {
    surface: 'admin',
    bytes,
    mutating: writes,
    unauthorized: false,
    mayShow: [],
    operation: route.operationId,
  };
}

export function adminRequest(rng: Rng, t: SurfacesTarget): SurfaceRequest {
  const route = rng.pick(ADMIN_ROUTES).doc;
  if (rng.chance(0.1)) return wellFormed(rng, t, route);
  let junk = false;
  const { headers, valid, scopes } = credential(rng, t);
  const method = rng.chance(0.75) ? route.method : rng.pick([...METHODS, 'GET', 'POST', 'DELETE']);
  // Every operation on one path is of one resource: the scope the path's route names.
  const readsOnly = method === 'GET' || method === 'HEAD';
  const covered = scopes === undefined || scopesAllow(scopes, route.scope, readsOnly);
  let target = pathOf(route, rng, t, valid && covered);
  if (rng.chance(0.1)) {
    target = junkPath(rng, target);
    junk = true;
  }
  target += junkQuery(rng);
  let body: string | Buffer | undefined;
  let noLength = false;
  if (method === 'POST' || method === 'PUT' || method === 'PATCH' || rng.chance(0.05)) {
    const text = bodyText(bodyFor(route.operationId, rng, t), rng, t);
    if (rng.chance(0.95))
      headers.push(
        `Content-Type: ${rng.chance(0.8) ? 'application/json' : rng.pick(CONTENT_TYPES)}`,
      );
    if (rng.chance(0.05)) headers.push('Content-Type: text/plain');
    if (rng.chance(0.08)) {
      headers.push('Transfer-Encoding: chunked');
      body = chunked(text, rng.pick([1, 7, 1024]));
      noLength = true;
    } else if (rng.chance(0.04)) {
      // A length far over the limit, and only the start of the body.
      headers.push('Content-Length: 10485760');
      body = text.slice(0, 1000);
      noLength = true;
    } else {
      body = text;
    }
  }
  if (rng.chance(0.05)) headers.push(`Cookie: espn_s2=${t.cookieSecret}; SWID={x}`);
  if (rng.chance(0.04)) headers.push(repeatedHeader(rng, body !== undefined && !noLength));
  if (rng.chance(0.03)) headers.push(`X-Big: ${'b'.repeat(rng.int(8_000, 40_000))}`);
  if (rng.chance(0.03)) headers.push('Accept: application/xml');
  const bytes = rawRequest(`${t.host}:${t.port}`, {
    method,
    target,
    headers,
    ...(body !== undefined && { body }),
    noLength,
  });
  return {
    surface: 'admin',
    bytes,
    // A key without the scope must be refused and change nothing.
    mutating: valid && covered && (method === 'POST' || method === 'DELETE'),
    unauthorized: !valid,
    mayShow: [],
    ...(!junk && method === route.method && { operation: route.operationId }),
  };
}

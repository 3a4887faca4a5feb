// What the admin and connect fuzz works with, set up on a running service: admin keys (valid,
// a second valid one, read-only, tokens-only, expired, revoked, never issued), users the fuzz may not delete and users it may, a
// user token, connect sessions (live, finishable, expired, used) with their form tokens, and one
// Sleeper link. Every secret of it is listed: no answer and no log line may show one.
import { randomBytes } from 'node:crypto';
import {
  generateAdminKey,
  generateConnectToken,
  generateToken,
  hashToken,
  tokenDisplayPrefix,
} from '../src/domain/tokens.ts';
import { WEBHOOK_EVENT_TYPES } from '../src/domain/webhooks.ts';
import type { Store } from '../src/storage/db.ts';
import { createAdminKey, revokeAdminKey } from '../src/storage/repositories/admin-keys.ts';
import { insertConnectSession } from '../src/storage/repositories/connect-sessions.ts';
import { issueToken } from '../src/storage/repositories/tokens.ts';
import { createUser } from '../src/storage/repositories/users.ts';

/**
 * What the service under the surfaces fuzz needs beside its platforms: webhooks may reach this
 * machine (and only it: the fuzz's addresses are all loopback), so endpoints are created and
 * every webhook operation runs through, not only its refusals; and no bound on replays and test
 * events, whose 10 a minute per endpoint the fuzz's replays of the kept delivery spent in its
 * first seconds, leaving every test event of the run refused (the bound has its own tests).
 */
export const SURFACES_ENV = {
  WEBHOOK_ALLOW_PRIVATE: '127.0.0.0/8,::1/128',
  WEBHOOK_REPLAYS_PER_MINUTE: '0',
} as const;

/** A 1x1 PNG as a data: URI, a logo the service accepts. */
export const PNG_LOGO =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

export interface SessionKeys {
  token: string;
  /** The form token its page carries. */
  csrf: string;
}

export interface SurfacesTarget {
  host: string;
  port: number;
  /** http://127.0.0.1:<port>: the page's own origin. */
  origin: string;
  adminKey: string;
  otherAdminKey: string;
  revokedAdminKey: string;
  /** Keys with too few scopes for most operations: `read` only, and `tokens` only. */
  readOnlyAdminKey: string;
  tokensAdminKey: string;
  /** A full key whose lifetime has passed: refused like a revoked one. */
  expiredAdminKey: string;
  /** Shaped like a key, never issued. */
  unknownAdminKey: string;
  /** A user's API token, and one never issued: both refused by /admin/. */
  userToken: string;
  unknownUserToken: string;
  /** Users the fuzz never deletes with a valid key (their sessions stay), and users it may. */
  userIds: number[];
  deletableUserIds: number[];
  tokenIds: number[];
  /**
   * A webhook endpoint the fuzz never deletes with a valid key and a delivery of it, so sending
   * a test event and replaying a delivery can be carried out; the endpoints it creates it may.
   */
  keptWebhookId: number;
  deliveryIds: number[];
  /** Sessions the fuzz never finishes, sessions it may, and sessions no form may use. */
  liveSessions: SessionKeys[];
  finishableSessions: SessionKeys[];
  deadSessions: SessionKeys[];
  /**
   * Yahoo sign-ins started on a live session's page: each valid state with the cookie of the
   * browser that started it, which the fuzz never sends with it (a callback from any other
   * browser must link nothing).
   */
  yahooStates: Array<{ state: string; cookie: string }>;
  /** Cookie and password values the fuzz sends in forms and bodies. */
  cookieSecret: string;
  passwordSecret: string;
  /** Every secret above and the service's own (Yahoo's client secret). */
  secrets: string[];
}

async function ok(response: Response, what: string): Promise<string> {
  const text = await response.text();
  if (response.status >= 400) throw new Error(`${what}: ${response.status} ${text}`);
  return text;
}

export async function prepareSurfaces(
  store: Store,
  service: { host: string; port: number },
  serviceSecrets: readonly string[],
): Promise<SurfacesTarget> {
  const origin = `http://${service.host}:${service.port}`;
  const { key: adminKey } = await createAdminKey(store.db, 'fuzz');
  const { key: otherAdminKey } = await createAdminKey(store.db, 'fuzz other');
  const revoked = await createAdminKey(store.db, 'fuzz revoked');
  await revokeAdminKey(store.db, revoked.stored.id);
  const readOnly = await createAdminKey(store.db, { name: 'fuzz read', scopes: ['read'] });
  const tokensOnly = await createAdminKey(store.db, { name: 'fuzz tokens', scopes: ['tokens'] });
  const expired = await createAdminKey(store.db, {
    name: 'fuzz expired',
    expiresAt: new Date(Date.now() - 60_000).toISOString(),
  });
  const users = [];
  for (const name of ['fuzz-ann', 'fuzz-ben', 'fuzz-cy', 'fuzz-del1', 'fuzz-del2', 'fuzz-del3']) {
    users.push(await createUser(store.db, name));
  }
  const ids = users.map((u) => u.id);
  const tokenIds: number[] = [];
  let userToken = '';
  for (const userId of ids.slice(0, 3)) {
    const issued = await issueToken(store.db, { userId, products: ['league', 'player'] });
    tokenIds.push(issued.stored.id);
    userToken ||= issued.token;
  }
  const admin = (method: string, path: string, body: unknown) =>
    fetch(origin + path, {
      method,
      headers: { authorization: `Bearer ${adminKey}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  await ok(
    await admin('POST', `/admin/users/${ids[0]}/links/sleeper`, { username: 'fuzzann' }),
    'link',
  );
  // Once the fuzz's bad keys pass the limit of failures from 127.0.0.1, only keys seen to work
  // there are still looked up (http/auth-throttle.ts): the second key is used once beforehand.
  await ok(
    await fetch(`${origin}/admin/users`, { headers: { authorization: `Bearer ${otherAdminKey}` } }),
    'second key',
  );

  const session = async (userId: number, body: object): Promise<SessionKeys> => {
    const created = JSON.parse(
      await ok(await admin('POST', `/admin/users/${userId}/connect-sessions`, body), 'session'),
    ) as { url: string };
    const token = new URL(created.url).pathname.split('/')[2] as string;
    const page = await ok(await fetch(`${origin}/connect/${token}`), 'page');
    const csrf = /name="csrf" value="([^"]+)"/.exec(page)?.[1];
    if (csrf === undefined) throw new Error('the connect page has no form token');
    return { token, csrf };
  };
  const hook = JSON.parse(
    await ok(
      await admin('POST', '/admin/webhooks', {
        url: 'http://127.0.0.1:9/hooks/kept',
        events: [...WEBHOOK_EVENT_TYPES],
      }),
      'webhook',
    ),
  ) as { webhook_id: number; secret: string };
  const delivery = JSON.parse(
    await ok(
      await admin('POST', `/admin/webhooks/${hook.webhook_id}/deliveries`, {
        type: 'webhook.test',
      }),
      'test event',
    ),
  ) as { delivery_id: number };
  const liveSessions = [
    await session(ids[0] as number, {}),
    await session(ids[1] as number, { platforms: ['sleeper'], expires_in: '7d' }),
    await session(ids[2] as number, {
      return_url: 'https://app.example.com/done',
      app_name: 'Fuzz App',
      app_logo: PNG_LOGO,
      products: ['league', 'team'],
    }),
  ];
  const finishableSessions = [
    await session(ids[0] as number, { platforms: ['sleeper', 'yahoo'] }),
    await session(ids[1] as number, { return_url: 'https://app.example.com/back' }),
    await session(ids[2] as number, {}),
    await session(ids[0] as number, { app_name: 'Fuzz App', app_logo: PNG_LOGO }),
  ];
  const used = await session(ids[2] as number, {});
  const form = `csrf=${encodeURIComponent(used.csrf)}`;
  await ok(
    await fetch(`${origin}/connect/${used.token}/finish`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
      body: form,
    }),
    'finish',
  );
  const expiredToken = generateConnectToken();
  const expiredSession = await insertConnectSession(store.db, {
    userId: ids[0] as number,
    tokenHash: hashToken(expiredToken),
    tokenPrefix: tokenDisplayPrefix(expiredToken),
    platforms: ['sleeper'],
    csrfToken: randomBytes(24).toString('base64url'),
    expiresAt: new Date(Date.now() - 60_000).toISOString(),
  });
  const deadSessions = [
    used,
    { token: expiredToken, csrf: expiredSession.csrfToken },
    // Shaped like a session, never issued.
    { token: generateConnectToken(), csrf: randomBytes(24).toString('base64url') },
  ];

  const yahooStates: SurfacesTarget['yahooStates'] = [];
  const yahooPage = liveSessions[0] as SessionKeys;
  for (let i = 0; i < 3; i++) {
    const started = await fetch(`${origin}/connect/${yahooPage.token}/link/yahoo`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
      body: `csrf=${encodeURIComponent(yahooPage.csrf)}`,
    });
    const state = new URL(started.headers.get('location') ?? 'x:').searchParams.get('state');
    const cookie = (started.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    if (started.status !== 303 || state === null || cookie === '') {
      throw new Error(`starting Yahoo's sign-in: ${started.status} ${await started.text()}`);
    }
    yahooStates.push({ state, cookie });
  }

  const target: Omit<SurfacesTarget, 'secrets'> = {
    host: service.host,
    port: service.port,
    origin,
    adminKey,
    otherAdminKey,
    revokedAdminKey: revoked.key,
    readOnlyAdminKey: readOnly.key,
    tokensAdminKey: tokensOnly.key,
    expiredAdminKey: expired.key,
    unknownAdminKey: generateAdminKey(),
    userToken,
    unknownUserToken: generateToken(),
    userIds: ids.slice(0, 3),
    deletableUserIds: ids.slice(3),
    tokenIds,
    keptWebhookId: hook.webhook_id,
    deliveryIds: [delivery.delivery_id],
    liveSessions,
    finishableSessions,
    deadSessions,
    yahooStates,
    cookieSecret: `AEfuzzCookie${randomBytes(12).toString('hex')}`,
    passwordSecret: `fuzz-password-${randomBytes(12).toString('hex')}`,
  };
  const sessions = [...liveSessions, ...finishableSessions, ...deadSessions];
  return {
    ...target,
    secrets: [
      adminKey,
      otherAdminKey,
      target.revokedAdminKey,
      target.readOnlyAdminKey,
      target.tokensAdminKey,
      target.expiredAdminKey,
      target.unknownAdminKey,
      userToken,
      target.unknownUserToken,
      ...sessions.flatMap((s) => [s.token, s.csrf]),
      ...yahooStates.map((s) => s.cookie.slice(s.cookie.indexOf('=') + 1)),
      target.cookieSecret,
      target.passwordSecret,
      hook.secret,
      ...serviceSecrets,
    ],
  };
}

// /admin/users/{user_id}/connect-sessions: one-time links to the hosted page (/connect/...) where
// the user links their platforms themselves.
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { Type } from '@sinclair/typebox';
import type { Config } from '../../../config.ts';
import { parseLogo } from '../../../domain/app-logo.ts';
import { InvalidInputError } from '../../../domain/errors.ts';
import { normaliseReturnUrl } from '../../../domain/return-url.ts';
import { assertShownText } from '../../../domain/shown-text.ts';
import {
  generateConnectToken,
  hashToken,
  parseDuration,
  tokenDisplayPrefix,
} from '../../../domain/tokens.ts';
import {
  insertConnectSession,
  listConnectSessions,
} from '../../../storage/repositories/connect-sessions.ts';
import { HttpProblem } from '../../../serving/problems.ts';
import { defineAdminRoute } from '../route.ts';
import {
  ConnectSessionListSchema,
  ConnectSessionSchema,
  DURATION,
  PlatformSchema,
  ProductSchema,
  toSessionBody,
} from '../schemas.ts';
import { NoQuery, UserParams, userOrNotFound } from './common.ts';

const DEFAULT_LIFETIME = '1h';
const MAX_LIFETIME_MS = 7 * 86_400_000;

function bodyProblem(member: string, reason: string): HttpProblem {
  return new HttpProblem('invalid_body', `${member}: ${reason}`, {
    invalid_params: [{ name: member, in: 'body', reason }],
  });
}

/**
 * Where the user opens the page: PUBLIC_BASE_URL; outside production without it, the address
 * this server accepted the admin call on (its own socket, so `npm start` works with no setting).
 * Never the request's Host header: the caller chooses it, and a forged one would make the link
 * point at another site.
 */
function pageBase(config: Config, req: IncomingMessage): string {
  if (config.publicBaseUrl !== undefined) return config.publicBaseUrl;
  if (config.production) {
    throw new HttpProblem(
      'setting_missing',
      'Connect sessions need PUBLIC_BASE_URL in production (NODE_ENV=production): set it to the ' +
        'address users reach this service at, e.g. https://data.example.com, and restart.',
    );
  }
  const { localAddress, localPort } = req.socket;
  const address = (localAddress ?? '127.0.0.1').replace(/^::ffff:(?=\d+\.)/, '');
  return `http://${address.includes(':') ? `[${address}]` : address}:${localPort ?? 80}`;
}

export const createSessionRoute = defineAdminRoute({
  operationId: 'adminCreateConnectSession',
  method: 'POST',
  path: '/admin/users/{user_id}/connect-sessions',
  tag: 'admin-connect',
  summary: 'Create a connect session',
  description:
    'A one-time link to the hosted page where the user links their accounts on the `platforms` ' +
    'allowed (default: every platform the page offers; Yahoo only when PUBLIC_BASE_URL and ' +
    "Yahoo's application keys are set), sees each link's first sync, and is sent to " +
    '`return_url` when done, with the outcome signed on it (`fd_session`, `fd_status`, ' +
    '`fd_platforms`, `fd_ts`, `fd_sig`: see "The hosted connect page" in docs/api.md). The ' +
    'page names `app_name` as asking and says what it will read (`products`). It lasts `expires_in` (default 1h, at most 7d) and is refused ' +
    'once the user has finished. The link grants nothing but that page for that user; hand it ' +
    'to the user only (it is in this answer once). `return_url` is stored normalised (an ' +
    'international host in punycode, other characters percent-encoded) and must be an absolute ' +
    'http(s) address without credentials, control characters or backslashes; with ' +
    'CONNECT_RETURN_ORIGINS set, on one of those origins.',
  params: UserParams,
  query: NoQuery,
  body: Type.Object(
    {
      expires_in: Type.Optional(Type.String({ pattern: DURATION })),
      platforms: Type.Optional(Type.Array(PlatformSchema, { minItems: 1 })),
      return_url: Type.Optional(Type.String({ minLength: 1, maxLength: 2000 })),
      app_name: Type.Optional(
        Type.String({
          minLength: 1,
          maxLength: 80,
          pattern: '\\S',
          description:
            'The application the page says is asking (default: CONNECT_APP_NAME); without ' +
            'control or text-direction characters (U+202A-202E, U+2066-2069, U+200E/F...).',
        }),
      ),
      app_logo: Type.Optional(
        Type.String({
          maxLength: 48_000,
          description:
            "The application's logo on the page (default: CONNECT_APP_LOGO): a data: URI of a " +
            'PNG, JPEG or WebP image of at most 32 KB, e.g. `data:image/png;base64,iVBOR...`. ' +
            'The page serves it from its own origin.',
        }),
      ),
      products: Type.Optional(
        Type.Array(ProductSchema, {
          minItems: 1,
          description:
            'What the page tells the user the application will read, in plain words ' +
            '(usually the products of the token the application holds).',
        }),
      ),
    },
    { additionalProperties: false },
  ),
  response: ConnectSessionSchema,
  status: 201,
  responseDescription: 'The session, with its one-time `url`.',
  errors: ['invalid_parameter', 'invalid_body', 'user_not_found', 'setting_missing'],
  example: {
    path: '/admin/users/1/connect-sessions',
    body: {
      expires_in: '30m',
      platforms: ['sleeper', 'espn'],
      return_url: 'https://app.example.com/done',
      app_name: 'Waiver Wizard',
      products: ['league', 'roster', 'team'],
    },
  },
  async handler({ params, body, services, req, header }) {
    const { store, accounts, config } = services;
    const base = pageBase(config, req);
    await userOrNotFound(store, params.user_id);
    let lifetime: number;
    try {
      lifetime = parseDuration(body.expires_in ?? DEFAULT_LIFETIME);
    } catch (error) {
      throw bodyProblem('expires_in', (error as InvalidInputError).message);
    }
    if (lifetime > MAX_LIFETIME_MS) throw bodyProblem('expires_in', 'must be at most 7d');
    const platforms = [...new Set(body.platforms ?? accounts.pagePlatforms)];
    const unavailable = platforms.filter((p) => !accounts.pagePlatforms.includes(p));
    if (unavailable.length > 0) {
      throw bodyProblem(
        'platforms',
        `the page cannot link ${unavailable.join(', ')} here (it offers ${accounts.pagePlatforms.join(', ')}; ` +
          "Yahoo needs PUBLIC_BASE_URL and the Yahoo application's keys)",
      );
    }
    let returnUrl: string | undefined;
    if (body.return_url !== undefined) {
      try {
        returnUrl = normaliseReturnUrl(body.return_url, config.connectReturnOrigins);
      } catch (error) {
        if (!(error instanceof InvalidInputError)) throw error;
        throw bodyProblem('return_url', error.message);
      }
    }
    if (body.app_name !== undefined) {
      try {
        assertShownText(body.app_name);
      } catch (error) {
        if (!(error instanceof InvalidInputError)) throw error;
        throw bodyProblem('app_name', error.message);
      }
    }
    if (body.app_logo !== undefined) {
      try {
        parseLogo(body.app_logo);
      } catch (error) {
        if (!(error instanceof InvalidInputError)) throw error;
        throw bodyProblem('app_logo', error.message);
      }
    }
    const token = generateConnectToken();
    const session = await insertConnectSession(store.db, {
      userId: params.user_id,
      tokenHash: hashToken(token),
      tokenPrefix: tokenDisplayPrefix(token),
      platforms,
      ...(returnUrl !== undefined && { returnUrl }),
      ...(body.app_name !== undefined && { appName: body.app_name.trim() }),
      ...(body.app_logo !== undefined && { appLogo: body.app_logo.trim() }),
      ...(body.products !== undefined && { products: [...new Set(body.products)] }),
      csrfToken: randomBytes(24).toString('base64url'),
      expiresAt: new Date(Date.now() + lifetime).toISOString(),
    });
    const url = `${base}/connect/${token}`;
    header('Location', url);
    return toSessionBody(session, url);
  },
});

export const listSessionsRoute = defineAdminRoute({
  operationId: 'adminListConnectSessions',
  method: 'GET',
  path: '/admin/users/{user_id}/connect-sessions',
  tag: 'admin-connect',
  summary: "List a user's connect sessions",
  description: 'Their platforms, expiry and use; never their links.',
  params: UserParams,
  query: NoQuery,
  response: ConnectSessionListSchema,
  status: 200,
  responseDescription: 'The sessions.',
  errors: ['invalid_parameter', 'user_not_found'],
  example: { path: '/admin/users/1/connect-sessions' },
  async handler({ params, services }) {
    await userOrNotFound(services.store, params.user_id);
    return (await listConnectSessions(services.store.db, params.user_id)).map((s) =>
      toSessionBody(s),
    );
  },
});

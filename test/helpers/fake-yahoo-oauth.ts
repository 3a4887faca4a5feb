// The fake Yahoo's OAuth 2.0 side (https://developer.yahoo.com/oauth2/guide/flows_authcode/): the
// page where the user approves the application, the token endpoint that trades a code or a
// refresh token for tokens (rotating the refresh token, as Yahoo does), and the check of the
// access token each Fantasy API call carries. Tests steer it: expire tokens, refuse renewals.
import { reply } from './fake-platform.ts';
import type { FakeReply, FakeRequest } from './fake-platform.ts';
import { RECORDED_YAHOO_USER } from './fake-yahoo-recordings.ts';

export const FAKE_CLIENT = { id: 'fake-client-id', secret: 'fake-client-secret' };

export interface FakeYahooOAuthOptions {
  now: () => number;
  tokenLifetimeS: number;
  /** The application's registered redirect URI: Yahoo refuses any other. */
  redirectUri: string;
}

export interface FakeYahooOAuth {
  /** POST /oauth2/get_token. */
  token(request: FakeRequest): FakeReply;
  /** GET /oauth2/request_auth. */
  requestAuth(request: FakeRequest): FakeReply;
  /** The code Yahoo would show the user after they approve (valid once). */
  issueCode(): string;
  /** Whether the request carries an access token that has not expired. */
  authorized(request: FakeRequest): boolean;
  /** Every access token issued so far stops working. */
  expireAccessTokens(): void;
  /** The one refresh token Yahoo still takes, if any. */
  validRefreshToken(): string | undefined;
  refreshes(): number;
  /** Refuse every refresh with this OAuth error (e.g. invalid_grant); undefined to stop. */
  refuseRefresh(code: string | undefined): void;
}

export function fakeYahooOAuth(options: FakeYahooOAuthOptions): FakeYahooOAuth {
  const { now, tokenLifetimeS: lifetime, redirectUri } = options;
  const codes = new Set<string>();
  const accessTokens = new Map<string, number>();
  let refreshToken: string | undefined;
  let serial = 0;
  let refreshCount = 0;
  let refusal: string | undefined;

  function issueCode(): string {
    const code = `code-${codes.size + serial + 1}-${Math.random().toString(36).slice(2, 8)}`;
    codes.add(code);
    return code;
  }

  function issueTokens(): FakeReply {
    serial++;
    const access = `access-${serial}`;
    accessTokens.set(access, now() + lifetime * 1000);
    refreshToken = `refresh-${serial}`;
    return reply.json({
      access_token: access,
      refresh_token: refreshToken,
      expires_in: lifetime,
      token_type: 'bearer',
      xoauth_yahoo_guid: RECORDED_YAHOO_USER.guid,
    });
  }

  function token(request: FakeRequest): FakeReply {
    const basic = `Basic ${Buffer.from(`${FAKE_CLIENT.id}:${FAKE_CLIENT.secret}`).toString('base64')}`;
    if (request.method !== 'POST' || request.headers.authorization !== basic) {
      return reply.json(
        { error: 'invalid_client', error_description: 'client authentication failed' },
        401,
      );
    }
    const form = new URLSearchParams(request.body);
    const refused = (description: string): FakeReply =>
      reply.json({ error: 'invalid_grant', error_description: description }, 400);
    if (form.get('redirect_uri') !== redirectUri) return refused('redirect_uri mismatch');
    if (form.get('grant_type') === 'authorization_code') {
      const code = form.get('code') ?? '';
      if (!codes.delete(code)) return refused('INVALID_AUTHORIZATION_CODE');
      return issueTokens();
    }
    if (form.get('grant_type') === 'refresh_token') {
      if (refusal !== undefined) return reply.json({ error: refusal }, 400);
      if (refreshToken === undefined || form.get('refresh_token') !== refreshToken) {
        return refused('INVALID_REFRESH_TOKEN');
      }
      refreshCount++;
      // Yahoo rotates: the refresh token just used no longer works.
      return issueTokens();
    }
    return reply.json({ error: 'unsupported_grant_type' }, 400);
  }

  /**
   * A browser arriving here is taken as the user approving at once: Yahoo then sends it to the
   * redirect URI with a code and the state
   * (https://developer.yahoo.com/oauth2/guide/flows_authcode/#step-2-get-an-authorization-url-and-authorize-access).
   */
  function requestAuth(request: FakeRequest): FakeReply {
    const { query } = request;
    const text = { 'content-type': 'text/plain' };
    if (query.get('client_id') !== FAKE_CLIENT.id || query.get('response_type') !== 'code') {
      return reply.raw('unknown client', 400, text);
    }
    if (query.get('redirect_uri') !== redirectUri || redirectUri === 'oob') {
      return reply.raw('redirect_uri mismatch', 400, text);
    }
    const target = new URL(redirectUri);
    target.searchParams.set('code', issueCode());
    const state = query.get('state');
    if (state !== null) target.searchParams.set('state', state);
    return { status: 302, headers: { location: target.toString() }, body: '' };
  }

  return {
    token,
    requestAuth,
    issueCode,
    authorized(request) {
      const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
      const expiry = bearer === undefined ? undefined : accessTokens.get(bearer);
      return expiry !== undefined && expiry > now();
    },
    expireAccessTokens: () => accessTokens.clear(),
    validRefreshToken: () => refreshToken,
    refreshes: () => refreshCount,
    refuseRefresh: (code) => (refusal = code),
  };
}

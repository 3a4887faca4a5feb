// Yahoo's OAuth 2.0 (https://developer.yahoo.com/oauth2/guide/flows_authcode/): the user approves
// the operator's application at request_auth and gets a code; get_token trades it for an access
// token (one hour) and a refresh token, and later trades the refresh token for new ones. Yahoo may
// rotate the refresh token on every refresh, so the newest one must never be lost: a rotated pair
// is stored by compare-and-swap, and a process that loses the swap uses the winner's tokens.
import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import { InvalidInputError } from '../../domain/errors.ts';
import { PlatformError } from '../connector.ts';
import type { HttpClient } from '../http-client.ts';
import { oauthErrorCode, yahooErrorDescription } from './errors.ts';

/** What `link yahoo` stores (encrypted): the token pair and when the access token expires. */
export interface YahooTokens {
  access_token: string;
  refresh_token: string;
  /** Seconds since the epoch. */
  expires_at: number;
}

export interface YahooOAuthOptions {
  client: HttpClient;
  /** https://api.login.yahoo.com/oauth2 */
  authBaseUrl: string;
  clientId: string;
  clientSecret: string;
  /** `oob` shows the code to the user instead of redirecting. */
  redirectUri: string;
  now: () => number;
}

const TokenAnswerSchema = Type.Object({
  access_token: Type.String({ minLength: 1 }),
  refresh_token: Type.Optional(Type.String({ minLength: 1 })),
  expires_in: Type.Union([Type.Integer({ minimum: 1 }), Type.String({ pattern: '^[0-9]+$' })]),
});
const TokenAnswer = TypeCompiler.Compile(TokenAnswerSchema);

/** Codes Yahoo's token endpoint gives when the grant itself is dead: the user must link again. */
const REFUSED_GRANTS = new Set(['invalid_grant', 'token_rejected']);

export function createYahooOAuth(options: YahooOAuthOptions) {
  const root = options.authBaseUrl.replace(/\/+$/, '');
  const basic = Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64');

  /** The page where the user approves the application (Yahoo then shows or sends the code). */
  function authorizationUrl(): string {
    const query = new URLSearchParams({
      client_id: options.clientId,
      redirect_uri: options.redirectUri,
      response_type: 'code',
    });
    return `${root}/request_auth?${query.toString()}`;
  }

  async function tokenRequest(
    form: Record<string, string>,
    signal: AbortSignal | undefined,
  ): Promise<YahooTokens & { rotated: boolean }> {
    // https://developer.yahoo.com/oauth2/guide/flows_authcode/#step-4-exchange-authorization-code-for-access-token
    const body = await options.client.getJson(`${root}/get_token`, {
      endpoint: 'POST /oauth2/get_token',
      method: 'POST',
      headers: {
        authorization: `Basic ${basic}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ ...form, redirect_uri: options.redirectUri }).toString(),
      ...(signal ? { signal } : {}),
    });
    if (!TokenAnswer.Check(body)) {
      throw new PlatformError(
        'yahoo',
        'POST /oauth2/get_token answered without an access token and its lifetime',
        'invalid_response',
      );
    }
    const answer: Static<typeof TokenAnswerSchema> = body;
    return {
      access_token: answer.access_token,
      refresh_token: answer.refresh_token ?? form.refresh_token ?? '',
      expires_at: Math.floor(options.now() / 1000) + Number(answer.expires_in),
      rotated: answer.refresh_token !== undefined,
    };
  }

  /** Trades the code the user pasted for tokens; a refused code is bad input (exit 2). */
  async function exchangeCode(code: string, signal?: AbortSignal): Promise<YahooTokens> {
    try {
      const tokens = await tokenRequest({ grant_type: 'authorization_code', code }, signal);
      if (tokens.refresh_token === '') {
        throw new PlatformError(
          'yahoo',
          'Yahoo gave no refresh token for the code',
          'invalid_response',
        );
      }
      return withoutFlag(tokens);
    } catch (error) {
      const refusal = tokenRefusal(error);
      if (refusal === undefined) throw error;
      if (refusal.code === 'invalid_client' || refusal.code === 'unauthorized_client') {
        throw clientRefused(refusal.description);
      }
      throw new InvalidInputError(
        `Yahoo refused the code${refusal.description ? ` (${refusal.description})` : ''}: codes ` +
          'last a few minutes and work once; run `link yahoo` without --code for a new address',
      );
    }
  }

  /** New tokens for a refresh token; a dead grant is 'credentials_rejected' (link again). */
  async function refresh(refreshToken: string, signal?: AbortSignal): Promise<YahooTokens> {
    try {
      return withoutFlag(
        await tokenRequest({ grant_type: 'refresh_token', refresh_token: refreshToken }, signal),
      );
    } catch (error) {
      const refusal = tokenRefusal(error);
      if (refusal === undefined) throw error;
      if (refusal.code === 'invalid_client' || refusal.code === 'unauthorized_client') {
        throw clientRefused(refusal.description);
      }
      const why = refusal.code ?? refusal.description ?? `HTTP ${refusal.status}`;
      if (refusal.code !== undefined && !REFUSED_GRANTS.has(refusal.code)) {
        // A malformed request (ours) is no verdict on the user's grant: keep the link.
        throw new PlatformError(
          'yahoo',
          `Yahoo's token endpoint refused the renewal (${why})`,
          'unavailable',
        );
      }
      throw new PlatformError(
        'yahoo',
        `Yahoo refused to renew this account's access (${why}): the user must link yahoo again`,
        'credentials_rejected',
      );
    }
  }

  return { authorizationUrl, exchangeCode, refresh };
}

export type YahooOAuth = ReturnType<typeof createYahooOAuth>;

function withoutFlag(tokens: YahooTokens & { rotated: boolean }): YahooTokens {
  return {
    access_token: tokens.access_token,
    refresh_token: tokens.refresh_token,
    expires_at: tokens.expires_at,
  };
}

/** A 400/401 of the token endpoint: its OAuth code and description (never a token). */
function tokenRefusal(
  error: unknown,
): { status: number; code?: string; description?: string } | undefined {
  if (!(error instanceof PlatformError) || error.response === undefined) return undefined;
  const { status, body } = error.response;
  if (status !== 400 && status !== 401) return undefined;
  const code = oauthErrorCode(body);
  const description = yahooErrorDescription(body);
  return {
    status,
    ...(code === undefined ? {} : { code }),
    ...(description === undefined || description === code ? {} : { description }),
  };
}

function clientRefused(description: string | undefined): PlatformError {
  return new PlatformError(
    'yahoo',
    "Yahoo does not accept this application's keys (YAHOO_CLIENT_ID / YAHOO_CLIENT_SECRET)" +
      (description ? `: ${description}` : ''),
    'unavailable',
  );
}

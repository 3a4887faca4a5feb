// Yahoo's OAuth 2.0 (https://developer.yahoo.com/oauth2/guide/flows_authcode/): the user approves
// the operator's application at request_auth and gets a code; get_token trades it for an access
// token (one hour) and a refresh token, and later trades the refresh token for new ones. Yahoo may
// rotate the refresh token on every refresh, so the newest one must never be lost: a rotated pair
// is stored by compare-and-swap, and a process that loses the swap uses the winner's tokens.
import { setTimeout as delay } from 'node:timers/promises';
import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import { InvalidInputError } from '../../domain/errors.ts';
import { PlatformError } from '../connector.ts';
import type { CredentialStore, PlatformAccount } from '../connector.ts';
import type { HttpClient, Sleep } from '../http-client.ts';
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
const StoredTokens = TypeCompiler.Compile(
  Type.Object({
    access_token: Type.String({ minLength: 1 }),
    refresh_token: Type.String({ minLength: 1 }),
    expires_at: Type.Number(),
  }),
);

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

export function serializeTokens(tokens: YahooTokens): string {
  return JSON.stringify({
    access_token: tokens.access_token,
    refresh_token: tokens.refresh_token,
    expires_at: tokens.expires_at,
  });
}

/** The stored credentials; anything unreadable means the link is broken (link again). */
export function parseTokens(text: string | undefined): YahooTokens {
  let value: unknown;
  try {
    value = text === undefined ? undefined : (JSON.parse(text) as unknown);
  } catch {
    value = undefined;
  }
  if (!StoredTokens.Check(value)) {
    throw new PlatformError(
      'yahoo',
      'the stored Yahoo credentials are missing or unreadable: the user must link yahoo again',
      'credentials_rejected',
    );
  }
  return value;
}

interface TokenState {
  /** The credentials text these tokens came from, as the store holds it (the swap compares it). */
  text: string;
  tokens: YahooTokens;
  renewing?: Promise<void>;
}

/**
 * An account's access token, renewed ahead of expiry. State lives per PlatformAccount object (the
 * engine makes one per sync run), so a run never reuses another run's tokens; runs and processes
 * share only the store, through `credentialStore`.
 */
export function createTokenKeeper(
  oauth: YahooOAuth,
  now: () => number,
  renewAheadMs: number,
  sleep: Sleep = (ms, signal) => delay(ms, undefined, { signal }),
) {
  const states = new WeakMap<PlatformAccount, TokenState>();

  function stateOf(account: PlatformAccount): TokenState {
    let state = states.get(account);
    if (state === undefined) {
      const text = account.credentials ?? '';
      state = { text, tokens: parseTokens(account.credentials) };
      states.set(account, state);
    }
    return state;
  }

  const fresh = (tokens: YahooTokens): boolean => tokens.expires_at * 1000 - now() > renewAheadMs;

  function adopt(state: TokenState, text: string): void {
    state.text = text;
    state.tokens = parseTokens(text);
  }

  async function renew(
    state: TokenState,
    store: CredentialStore | undefined,
    stale: string | undefined,
    signal: AbortSignal | undefined,
  ): Promise<void> {
    // Another run or process may have renewed already: its tokens are the newest.
    const stored = await store?.load();
    if (stored !== undefined && stored !== state.text) {
      adopt(state, stored);
      if (fresh(state.tokens) && state.tokens.access_token !== stale) return;
    }
    let next: YahooTokens;
    try {
      next = await oauth.refresh(state.tokens.refresh_token, signal);
    } catch (error) {
      // Refused because another process's refresh rotated the token meanwhile? Then use theirs,
      // once it has stored them (its answer may arrive a moment after our refusal).
      if (!(error instanceof PlatformError) || error.kind !== 'credentials_rejected') throw error;
      for (const waitMs of store === undefined ? [] : [0, 500, 2_000]) {
        if (waitMs > 0) await sleep(waitMs, signal);
        const latest = await store?.load();
        if (latest !== undefined && latest !== state.text) return adopt(state, latest);
      }
      throw error;
    }
    const nextText = serializeTokens(next);
    if (store === undefined || (await store.replace(state.text, nextText))) {
      state.text = nextText;
      state.tokens = next;
      return;
    }
    // Lost the swap: another process stored newer tokens first; theirs are the ones to keep.
    const latest = await store.load();
    if (latest === undefined) {
      throw new PlatformError(
        'yahoo',
        'the Yahoo link was removed during the sync',
        'credentials_rejected',
      );
    }
    adopt(state, latest);
  }

  function renewOnce(
    state: TokenState,
    account: PlatformAccount,
    stale: string | undefined,
    signal?: AbortSignal,
  ): Promise<void> {
    // One renewal at a time per account: concurrent league fetches wait for the same one.
    state.renewing ??= renew(state, account.credentialStore, stale, signal).finally(() => {
      state.renewing = undefined;
    });
    return state.renewing;
  }

  return {
    /** A token good for a few more minutes at least. */
    async accessToken(account: PlatformAccount, signal?: AbortSignal): Promise<string> {
      const state = stateOf(account);
      if (!fresh(state.tokens)) await renewOnce(state, account, undefined, signal);
      return state.tokens.access_token;
    },
    /** After Yahoo answered 401 to `used`: a renewed token (once per stale token). */
    async renewAfterRefusal(
      account: PlatformAccount,
      used: string,
      signal?: AbortSignal,
    ): Promise<string> {
      const state = stateOf(account);
      if (state.tokens.access_token === used) await renewOnce(state, account, used, signal);
      return state.tokens.access_token;
    },
  };
}

export type TokenKeeper = ReturnType<typeof createTokenKeeper>;

// An account's Yahoo tokens during syncs: the access token renewed ahead of expiry (and after a
// 401) by one run at a time across processes (the credential store's lease), the rotated pair
// stored by compare-and-swap, and a process that loses the swap anyway (or whose renewal Yahoo
// refuses because another process already used the refresh token) adopting the tokens the other
// process stored.
import { setTimeout as delay } from 'node:timers/promises';
import { Type } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import { PlatformError } from '../connector.ts';
import type { CredentialStore, PlatformAccount } from '../connector.ts';
import type { Sleep } from '../http-client.ts';
import type { YahooOAuth, YahooTokens } from './oauth.ts';

const StoredTokens = TypeCompiler.Compile(
  Type.Object({
    access_token: Type.String({ minLength: 1 }),
    refresh_token: Type.String({ minLength: 1 }),
    expires_at: Type.Number(),
  }),
);

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

  /** Takes the stored tokens when another run or process renewed them; true if they serve. */
  async function adoptStored(
    state: TokenState,
    store: CredentialStore | undefined,
    stale: string | undefined,
  ): Promise<boolean> {
    const stored = await store?.load();
    if (stored === undefined || stored === state.text) return false;
    adopt(state, stored);
    return fresh(state.tokens) && state.tokens.access_token !== stale;
  }

  async function renew(
    state: TokenState,
    store: CredentialStore | undefined,
    stale: string | undefined,
    signal: AbortSignal | undefined,
  ): Promise<void> {
    // Another run or process may have renewed already: its tokens are the newest.
    if (await adoptStored(state, store, stale)) return;
    if (store?.exclusive === undefined) return refresh(state, store, signal);
    // One renewal per account across processes: whoever held the lease before us may have
    // renewed, so look again once we hold it. Its signal bounds the call, so that a slow Yahoo
    // cannot keep the others waiting past the lease.
    await store.exclusive(async (bounded) => {
      if (await adoptStored(state, store, stale)) return;
      await refresh(state, store, bounded);
    }, signal);
  }

  async function refresh(
    state: TokenState,
    store: CredentialStore | undefined,
    signal: AbortSignal | undefined,
  ): Promise<void> {
    let next: YahooTokens;
    try {
      next = await oauth.refresh(state.tokens.refresh_token, signal);
    } catch (error) {
      // Refused because a process that did not wait for the lease (or whose lease lapsed)
      // rotated the token meanwhile? Then use theirs, once it has stored them.
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

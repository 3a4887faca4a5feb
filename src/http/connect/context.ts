// What every step of the connect page is handed, built once per app, and the three ways the page
// answers: a page, a redirect, or a PageAnswer thrown by a step to be shown instead.
import type { Logger } from 'pino';
import type { Platform } from '../../domain/catalog.ts';
import { outcomeKeys } from '../../domain/connect-outcome.ts';
import { httpLinkOf } from '../../platforms/registry.ts';
import type { ConnectSession } from '../../storage/repositories/connect-sessions.ts';
import type { RateLimiter } from '../../serving/rate-limit.ts';
import { loadSecretKey } from '../../secrets.ts';
import type { AdminServices } from '../admin/services.ts';
import type { Exchange, Responder } from '../wire/exchange.ts';
import { browserBinding } from './browser-binding.ts';
import type { BrowserBinding } from './browser-binding.ts';
import { originOf, pageHeaders } from './guard.ts';

export const HTML = 'text/html; charset=utf-8';

export interface ConnectContext {
  readonly services: AdminServices;
  readonly limiter: RateLimiter;
  readonly responder: Responder;
  readonly logger: Logger;
  /** Ties an OAuth sign-in to the browser that started it. */
  readonly binding: BrowserBinding;
  /** The key the return URL's outcome is signed with (hex), found once, on first use. */
  signingKey(): string;
}

export function connectContext(
  deps: Omit<ConnectContext, 'binding' | 'signingKey'>,
): ConnectContext {
  let key: string | undefined;
  return {
    ...deps,
    binding: browserBinding(deps.services.config.publicBaseUrl),
    signingKey: () => {
      const { config } = deps.services;
      key ??= outcomeKeys(config.connectOutcomeKeys, () => loadSecretKey(config))[0] as string;
      return key;
    },
  };
}

/** A page answered instead of the usual one (refused link, forged form...). */
export class PageAnswer extends Error {
  constructor(
    readonly status: number,
    readonly html: string,
  ) {
    super('page answer');
  }
}

/**
 * The page's headers for a session: its form may end up at an OAuth platform's sign-in or at the
 * session's return URL, so both are allowed as form targets.
 */
export function headersFor(
  ctx: ConnectContext,
  session: ConnectSession | undefined,
): Record<string, string> {
  const targets: string[] = [];
  for (const platform of session?.platforms ?? []) {
    const origin = signInOrigin(ctx, platform);
    if (origin !== undefined) targets.push(origin);
  }
  const back = originOf(session?.returnUrl);
  if (back !== undefined) targets.push(back);
  return pageHeaders(targets, session !== undefined && logoOf(ctx, session) !== undefined);
}

/** The application's logo (a data: URI): the session's, else CONNECT_APP_LOGO. */
export function logoOf(ctx: ConnectContext, session: ConnectSession): string | undefined {
  return session.appLogo ?? ctx.services.config.connectAppLogo;
}

/** Where the page may send the browser to sign in, for a platform linked by OAuth. */
function signInOrigin(ctx: ConnectContext, platform: Platform): string | undefined {
  const oauth = httpLinkOf(platform)?.oauth;
  return oauth && originOf(oauth.authorizationBase(ctx.services.config.platforms));
}

export function sendPage(
  ctx: ConnectContext,
  ex: Exchange,
  status: number,
  html: string,
  session?: ConnectSession,
  extraHeaders: Readonly<Record<string, string>> = {},
): void {
  ctx.responder.send(ex, status, HTML, html, { ...headersFor(ctx, session), ...extraHeaders });
}

export function redirect(
  ctx: ConnectContext,
  ex: Exchange,
  location: string,
  session?: ConnectSession,
): void {
  ctx.responder.send(ex, 303, HTML, '', { ...headersFor(ctx, session), Location: location });
}

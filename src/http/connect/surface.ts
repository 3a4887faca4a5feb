// The hosted connect page, as named steps: find the session from the token in the address (a
// clear page when it is unknown, expired or used), count it against the session's rate limit,
// then show the page, link a platform from its form (or start an OAuth platform's redirect), take
// its callback, or finish and send the user to the return URL.
import type { IncomingMessage } from 'node:http';
import type { Logger } from 'pino';
import type { Platform } from '../../domain/catalog.ts';
import { isPlatform } from '../../domain/catalog.ts';
import { hashToken, looksLikeConnectToken, tokenDisplayPrefix } from '../../domain/tokens.ts';
import { listAccounts } from '../../storage/repositories/accounts.ts';
import {
  beginConnectLink,
  endConnectLink,
  findConnectSession,
  findConnectSessionByHash,
  findOauthState,
  insertOauthState,
  takeOauthState,
} from '../../storage/repositories/connect-sessions.ts';
import type { ConnectSession } from '../../storage/repositories/connect-sessions.ts';
import { httpLinkOf } from '../../platforms/registry.ts';
import type { LinkRequest } from '../../sync/account-services.ts';
import { linkProblem, linkSecrets } from '../admin/routes/common.ts';
import type { AdminServices } from '../admin/services.ts';
import type { Exchange, Responder } from '../wire/exchange.ts';
import {
  STORE_RETRY_AFTER_SECONDS,
  describeStoreError,
  isStoreUnavailable,
} from '../../storage/unavailable.ts';
import { HttpProblem } from '../../serving/problems.ts';
import type { RateLimiter } from '../../serving/rate-limit.ts';
import { browserBinding } from './browser-binding.ts';
import { finishWhenLinksDone, returnLocation } from './finish.ts';
import { formValues, isOauthPlatform, linkRequestFrom } from './forms.ts';
import { isSameSiteForm, newOauthState, originOf, pageHeaders, verifyOauthState } from './guard.ts';
import { countForgedForm, guardedSession, throttledPage } from './guard.ts';
import { noticePage, page, refusedPage } from './html.ts';
import { renderSessionPage } from './view.ts';
import type { PlatformView } from './view.ts';

/** The page's operations: the route labels of its requests in the metrics and the log. */
export const CONNECT_OPERATIONS = [
  'connectPage',
  'connectLink',
  'connectFinish',
  'connectOauthCallback',
] as const;

export interface ConnectSurface {
  serve(ex: Exchange, rawQuery: string | undefined): Promise<void>;
}

const HTML = 'text/html; charset=utf-8';
const MAX_FORM_BYTES = 16 * 1024;
const STATE_LIFETIME_MS = 15 * 60_000;
/**
 * How long a link of the page counts as in flight should its process die mid-link (finishing
 * waits for links in flight): well past a link's 20 s deadline (LINK_DEADLINE_MS,
 * src/sync/linking.ts), budget waits included.
 */
const LINK_LEASE_MS = 60_000;

/** A page answered instead of the usual one (refused link, forged form...). */
class PageAnswer extends Error {
  constructor(
    readonly status: number,
    readonly html: string,
  ) {
    super('page answer');
  }
}

export function createConnectSurface(deps: {
  services: AdminServices;
  limiter: RateLimiter;
  responder: Responder;
  logger: Logger;
}): ConnectSurface {
  const { services, limiter, responder, logger } = deps;
  const { store, accounts, config } = services;
  const binding = browserBinding(config.publicBaseUrl);

  /** Where the page may send the browser to sign in, for a platform linked by OAuth. */
  function signInOrigin(platform: Platform): string | undefined {
    const oauth = httpLinkOf(platform)?.oauth;
    return oauth && originOf(oauth.authorizationBase(config.platforms));
  }

  function headersFor(session: ConnectSession | undefined): Record<string, string> {
    const targets: string[] = [];
    for (const platform of session?.platforms ?? []) {
      const origin = signInOrigin(platform);
      if (origin !== undefined) targets.push(origin);
    }
    const back = originOf(session?.returnUrl);
    if (back !== undefined) targets.push(back);
    return pageHeaders(targets);
  }

  function sendPage(
    ex: Exchange,
    status: number,
    html: string,
    session?: ConnectSession,
    extraHeaders: Readonly<Record<string, string>> = {},
  ): void {
    responder.send(ex, status, HTML, html, { ...headersFor(session), ...extraHeaders });
  }

  function redirect(ex: Exchange, location: string, session?: ConnectSession): void {
    responder.send(ex, 303, HTML, '', { ...headersFor(session), Location: location });
  }

  /** The live session of a token, or a PageAnswer saying why there is none. */
  async function sessionOf(token: string): Promise<ConnectSession> {
    const session = looksLikeConnectToken(token)
      ? await findConnectSessionByHash(store.db, hashToken(token))
      : undefined;
    if (session === undefined) {
      throw new PageAnswer(
        404,
        refusedPage('This link is not valid', 'The address is incomplete or was never issued.'),
      );
    }
    return live(session);
  }

  function live(session: ConnectSession): ConnectSession {
    if (session.usedAt !== undefined) {
      throw new PageAnswer(
        410,
        refusedPage(
          'This link was already used',
          'Each link works until you finish on its page, once. Your linked accounts are kept.',
        ),
      );
    }
    if (Date.parse(session.expiresAt) <= Date.now()) {
      throw new PageAnswer(
        410,
        refusedPage('This link has expired', 'Links last a short while for your safety.'),
      );
    }
    return session;
  }

  async function limit(ex: Exchange, session: ConnectSession): Promise<void> {
    if (!limiter.enabled) return;
    const decision = await limiter.hit(`connect:${session.id}`);
    ex.rate = decision;
    if (!decision.allowed) {
      throw new PageAnswer(
        429,
        page(
          'Too many requests',
          `<h1>Too many requests</h1><p class="lead">Wait ${decision.resetSeconds} seconds, then reload this page.</p>`,
        ),
      );
    }
  }

  async function views(
    session: ConnectSession,
    extra?: { platform: Platform; error: string; values: Record<string, string> },
  ): Promise<PlatformView[]> {
    const linked = await listAccounts(store.db, { userId: session.userId });
    const syncs = await accounts.syncs.list({ connectSessionId: session.id });
    return session.platforms.map((platform) => {
      const account = linked.find((a) => a.platform === platform);
      const sync = syncs.find((s) => s.platform === platform);
      return {
        platform,
        ...(account !== undefined && {
          linked: {
            name: account.username ?? account.externalUserId,
            ...(account.linkProblem !== undefined && { problem: account.linkProblem }),
          },
        }),
        ...(sync !== undefined && { sync }),
        ...(extra?.platform === platform && { error: extra.error, values: extra.values }),
      };
    });
  }

  async function showPage(
    ex: Exchange,
    token: string,
    session: ConnectSession,
    status = 200,
    extra?: { platform: Platform; error: string; values: Record<string, string> },
    extraHeaders?: Readonly<Record<string, string>>,
  ): Promise<void> {
    const html = renderSessionPage({
      appName: config.connectAppName,
      token,
      csrf: session.csrfToken,
      platforms: await views(session, extra),
      ...(session.returnUrl !== undefined && { returnUrl: session.returnUrl }),
    });
    sendPage(ex, status, html, session, extraHeaders);
  }

  /**
   * The page again with why a link failed beside its form: 422, or 503 with Retry-After while
   * the platform's call budget is in use by syncs or the sync queue does not answer, or 429 with
   * Retry-After after too many tries.
   * Other errors are not the page's to show.
   */
  function showLinkFailure(
    ex: Exchange,
    token: string,
    session: ConnectSession,
    failure: {
      platform: Platform;
      error: unknown;
      values: Record<string, string>;
      secrets: readonly string[];
    },
  ): Promise<void> {
    const problem = linkProblem(failure.error, failure.secrets);
    if (!(problem instanceof HttpProblem)) throw failure.error;
    const { platform, values } = failure;
    const waits = ['platform_busy', 'link_attempts_exceeded', 'queue_unavailable'];
    const status = waits.includes(problem.code) ? problem.status : 422;
    // The link itself is stored by then; only its first sync was not taken: say that in the
    // person's words (the queue's own are for the admin API and the log).
    const error =
      problem.code === 'queue_unavailable'
        ? 'Your account is linked, but reading its leagues could not start just now. ' +
          `Wait ${problem.headers?.['Retry-After'] ?? 10} seconds and press the button again.`
        : problem.detail;
    const shown = { platform, error, values };
    return showPage(ex, token, session, status, shown, problem.headers);
  }

  async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
    const type = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
    if (type !== 'application/x-www-form-urlencoded') {
      throw new PageAnswer(415, refusedPage('This form cannot be read', 'Send it from the page.'));
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > MAX_FORM_BYTES) {
        throw new PageAnswer(413, refusedPage('This form is too large', 'Send it from the page.'));
      }
      chunks.push(chunk);
    }
    return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
  }

  async function checkedForm(ex: Exchange, session: ConnectSession): Promise<URLSearchParams> {
    const form = await readForm(ex.req);
    if (!isSameSiteForm(ex.req, form, session.csrfToken, config.publicBaseUrl)) {
      await countForgedForm(services.authThrottle, ex.req);
      throw new PageAnswer(
        403,
        refusedPage(
          'This form was not sent from its page',
          'For your safety it was ignored. Open your link again and use the form there.',
        ),
      );
    }
    return form;
  }

  async function link(
    ex: Exchange,
    token: string,
    session: ConnectSession,
    platform: Platform,
  ): Promise<void> {
    const form = await checkedForm(ex, session);
    if (isOauthPlatform(platform)) return startOauth(ex, token, session, platform);
    const values = formValues(platform, form);
    let request: LinkRequest | undefined;
    try {
      request = linkRequestFrom(platform, form);
      await linkAndSync(session, platform, request);
    } catch (error) {
      const secrets = request === undefined ? [] : linkSecrets(request);
      return showLinkFailure(ex, token, session, { platform, error, values, secrets });
    }
    redirect(ex, `/connect/${token}`, session);
  }

  /**
   * Links the account and starts its first sync, counted as in flight meanwhile so that the
   * session is not finished under it (finish waits for it, or refuses); a session finished
   * before the link began gets the "already used" page and nothing is linked.
   */
  async function linkAndSync(
    session: ConnectSession,
    platform: Platform,
    request: LinkRequest,
  ): Promise<void> {
    const until = new Date(Date.now() + LINK_LEASE_MS).toISOString();
    if (!(await beginConnectLink(store.db, session.id, until))) live({ ...session, usedAt: 'now' });
    try {
      const via = isOauthPlatform(platform) ? 'callback' : 'configured';
      const outcome = await accounts.link(session.userId, platform, request, via, {
        connectSessionId: session.id,
      });
      if (outcome.status === 'action_required')
        throw new HttpProblem('link_refused', outcome.message);
      await accounts.syncs.start({
        userId: session.userId,
        platform,
        connectSessionId: session.id,
      });
    } finally {
      await endConnectLink(store.db, session.id);
    }
  }

  async function startOauth(
    ex: Exchange,
    token: string,
    session: ConnectSession,
    platform: Platform,
  ): Promise<void> {
    const outcome = await accounts.link(session.userId, platform, {}, 'callback');
    if (outcome.status !== 'action_required' || outcome.url === undefined) {
      throw new Error(`${platform} answered a link without a code with no address to approve at`);
    }
    const { state, nonce } = newOauthState(session.id, accounts.sign);
    const browser = binding.start(ex.req, STATE_LIFETIME_MS / 1000);
    await insertOauthState(store.db, {
      nonceHash: hashToken(nonce),
      sessionId: session.id,
      platform,
      sessionTokenEncrypted: accounts.secrets.encrypt(token),
      browserHash: browser.hash,
      expiresAt: new Date(Date.now() + STATE_LIFETIME_MS).toISOString(),
    });
    const url = new URL(outcome.url);
    url.searchParams.set('state', state);
    responder.send(ex, 303, HTML, '', {
      ...headersFor(session),
      Location: url.toString(),
      'Set-Cookie': browser.setCookie,
    });
  }

  async function callback(
    ex: Exchange,
    rawQuery: string | undefined,
    platform: Platform,
    provider: string,
  ): Promise<void> {
    ex.operationId = 'connectOauthCallback';
    const query = new URLSearchParams(rawQuery ?? '');
    const refused = new PageAnswer(
      400,
      refusedPage(
        `This ${provider} sign-in cannot be used`,
        'It was already used, has expired, or did not come from this service. Open your link again and start over.',
      ),
    );
    const parts = verifyOauthState(query.get('state') ?? '', accounts.sign);
    if (parts === undefined) throw refused;
    const nonceHash = hashToken(parts.nonce);
    const taken = await findOauthState(store.db, nonceHash);
    if (
      taken === undefined ||
      taken.sessionId !== parts.sessionId ||
      taken.platform !== platform ||
      Date.parse(taken.expiresAt) <= Date.now()
    ) {
      throw refused;
    }
    if (!binding.matches(ex.req, taken.browserHash)) {
      // Left untaken: the browser that started the sign-in may still come back with it.
      logger.warn(
        { connect_session: taken.sessionId, request_id: ex.requestId },
        `${provider} callback from another browser than the one that started the sign-in refused`,
      );
      throw new PageAnswer(
        403,
        noticePage(
          `This ${provider} sign-in was started in another browser`,
          'For your safety nothing was linked. Open the link you were given, in this browser, ' +
            'and start again from its page.',
        ),
      );
    }
    if (!(await takeOauthState(store.db, nonceHash))) throw refused;
    const found = await findConnectSession(store.db, taken.sessionId);
    if (found === undefined) throw refused;
    const session = live(found);
    await limit(ex, session);
    const token = accounts.secrets.decrypt(taken.sessionTokenEncrypted);
    const code = query.get('code');
    if (code === null || code === '') {
      const why =
        query.get('error') === 'access_denied' ? 'access was not allowed' : 'no code came back';
      return showPage(ex, token, session, 200, {
        platform,
        error: `${provider} did not link: ${why}. Try again.`,
        values: {},
      });
    }
    try {
      await linkAndSync(session, platform, { code });
    } catch (error) {
      const failure = { platform, error, values: {}, secrets: [code] };
      return showLinkFailure(ex, token, session, failure);
    }
    redirect(ex, `/connect/${token}`, session);
  }

  async function finish(ex: Exchange, token: string, session: ConnectSession): Promise<void> {
    await checkedForm(ex, session);
    // Checked before the session is used up: a stored address that is no valid Location (one
    // stored before return URLs were normalised) ends on the page below instead of a 500.
    const location = returnLocation(session, ex, logger);
    const outcome = await finishWhenLinksDone(store.db, session.id);
    if (outcome === 'used') live({ ...session, usedAt: 'now' });
    if (outcome === 'linking') {
      throw new PageAnswer(
        409,
        noticePage(
          'An account is still being linked',
          'Nothing was finished yet. Wait a few seconds, then go back to your page and press ' +
            'the button again.',
          `/connect/${token}`,
        ),
      );
    }
    logger.info(
      { connect_session: session.id, user_id: session.userId },
      'connect session finished',
    );
    if (location !== undefined) return redirect(ex, location, session);
    sendPage(
      ex,
      200,
      page(
        'All set',
        '<h1>All set</h1><p class="lead">Your accounts are linked. You can close this page.</p>',
      ),
    );
  }

  async function serveSession(ex: Exchange, token: string, rest: readonly string[]): Promise<void> {
    const method = ex.req.method;
    const isRead = method === 'GET' || method === 'HEAD';
    const known =
      rest.length === 0 ||
      (rest.length === 1 && rest[0] === 'finish') ||
      (rest.length === 2 && rest[0] === 'link');
    if (!known) throw new PageAnswer(404, refusedPage('Page not found', 'Open your link again.'));
    ex.operationId =
      rest.length === 0 ? 'connectPage' : rest[0] === 'finish' ? 'connectFinish' : 'connectLink';
    if (rest.length === 0 ? !isRead : method !== 'POST') {
      throw new HttpProblem(
        'method_not_allowed',
        `${String(method)} is not allowed here`,
        {},
        { Allow: rest.length === 0 ? 'GET, HEAD' : 'POST' },
      );
    }
    const session = await guardedSession(
      services.authThrottle,
      ex.req,
      token,
      () => sessionOf(token),
      (error) => error instanceof PageAnswer,
    );
    ex.userId = session.userId;
    await limit(ex, session);
    if (rest.length === 0) return showPage(ex, token, session);
    if (rest[0] === 'finish') return finish(ex, token, session);
    const platform = rest[1] as string;
    if (!isPlatform(platform) || !session.platforms.includes(platform)) {
      throw new PageAnswer(
        404,
        refusedPage('Page not found', 'This link does not offer that platform.'),
      );
    }
    return link(ex, token, session, platform);
  }

  return {
    async serve(ex, rawQuery) {
      const [, , first = '', ...rest] = ex.path.split('/');
      try {
        const oauth = first === 'oauth' ? oauthCallbackOf(rest) : undefined;
        if (oauth !== undefined) {
          if (ex.req.method !== 'GET' && ex.req.method !== 'HEAD') {
            throw new HttpProblem('method_not_allowed', 'only GET', {}, { Allow: 'GET, HEAD' });
          }
          return await callback(ex, rawQuery, oauth.platform, oauth.provider);
        }
        // The token is a secret: the log keeps only its prefix.
        ex.path = ['', 'connect', `${tokenDisplayPrefix(first)}…`, ...rest].join('/');
        return await serveSession(ex, first, rest);
      } catch (error) {
        if (error instanceof PageAnswer) return sendPage(ex, error.status, error.html);
        if (error instanceof HttpProblem && error.code === 'auth_throttled') {
          return sendPage(ex, 429, throttledPage(error), undefined, error.headers);
        }
        if (isStoreUnavailable(error)) {
          // The person gets a page, not JSON; the driver's words go to the log only.
          const { reason, code } = describeStoreError(error);
          logger.warn(
            { request_id: ex.requestId, route: ex.operationId, reason, ...(code && { code }) },
            'connect page: the store does not answer',
          );
          const retryAfter = { 'Retry-After': String(STORE_RETRY_AFTER_SECONDS) };
          const html = noticePage(
            'We cannot reach your details right now',
            `Nothing was changed. Wait ${STORE_RETRY_AFTER_SECONDS} seconds and reload this page.`,
          );
          return sendPage(ex, 503, html, undefined, retryAfter);
        }
        throw error;
      }
    },
  };
}

/** The OAuth platform of a callback address /connect/oauth/<platform>/callback, if it is one. */
function oauthCallbackOf(
  rest: readonly string[],
): { platform: Platform; provider: string } | undefined {
  const [platform = '', last, ...more] = rest;
  if (last !== 'callback' || more.length > 0 || !isPlatform(platform)) return undefined;
  const oauth = httpLinkOf(platform)?.oauth;
  return oauth && { platform, provider: oauth.provider };
}

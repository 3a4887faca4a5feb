// Linking an OAuth platform from the page: the redirect to its sign-in with a signed, single-use
// state bound to this browser, and its callback, which checks all three before linking.
import type { Platform } from '../../domain/catalog.ts';
import { isPlatform } from '../../domain/catalog.ts';
import { hashToken } from '../../domain/tokens.ts';
import { httpLinkOf } from '../../platforms/registry.ts';
import {
  findOauthState,
  insertOauthState,
  takeOauthState,
} from '../../storage/repositories/connect-oauth-states.ts';
import { findConnectSession } from '../../storage/repositories/connect-sessions.ts';
import type { ConnectSession } from '../../storage/repositories/connect-sessions.ts';
import { HttpProblem } from '../../serving/problems.ts';
import type { Exchange } from '../wire/exchange.ts';
import { HTML, PageAnswer, headersFor, redirect } from './context.ts';
import type { ConnectContext } from './context.ts';
import { newOauthState, verifyOauthState } from './guard.ts';
import { noticePage, refusedPage } from './html.ts';
import { linkAndSync } from './linking.ts';
import { limitSession, live } from './session.ts';
import { showLinkFailure } from './session-page.ts';

const STATE_LIFETIME_MS = 15 * 60_000;

/** The OAuth platform of a callback address's platform segment, if it is one. */
export function oauthPlatformOf(
  segment: string,
): { platform: Platform; provider: string } | undefined {
  if (!isPlatform(segment)) return undefined;
  const oauth = httpLinkOf(segment)?.oauth;
  return oauth && { platform: segment, provider: oauth.provider };
}

/** Sends the browser to the platform's sign-in, with a state it must bring back. */
export async function startOauth(
  ctx: ConnectContext,
  ex: Exchange,
  token: string,
  session: ConnectSession,
  platform: Platform,
): Promise<void> {
  const { store, accounts } = ctx.services;
  const outcome = await accounts.link(session.userId, platform, {}, 'callback');
  if (outcome.status !== 'action_required' || outcome.url === undefined) {
    throw new Error(`${platform} answered a link without a code with no address to approve at`);
  }
  const { state, nonce } = newOauthState(session.id, accounts.sign);
  const browser = ctx.binding.start(ex.req, STATE_LIFETIME_MS / 1000);
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
  ctx.responder.send(ex, 303, HTML, '', {
    ...headersFor(ctx, session),
    Location: url.toString(),
    'Set-Cookie': browser.setCookie,
  });
}

/** The platform's redirect back: its session is the state's, not an address's. */
export async function oauthCallback(
  ctx: ConnectContext,
  ex: Exchange,
  rawQuery: string | undefined,
  platformSegment: string,
): Promise<void> {
  const oauth = oauthPlatformOf(platformSegment);
  // The route matches OAuth platforms only (routes.ts).
  if (oauth === undefined) throw new Error(`${platformSegment} is not linked by OAuth`);
  const { platform, provider } = oauth;
  const query = new URLSearchParams(rawQuery ?? '');
  const { session, token } = await stateSession(ctx, ex, query.get('state') ?? '', oauth);
  await limitSession(ctx, ex, session);
  const code = query.get('code');
  if (code === null || code === '') {
    const why =
      query.get('error') === 'access_denied' ? 'access was not allowed' : 'no code came back';
    const error = new HttpProblem('link_refused', `${provider} did not link: ${why}. Try again.`);
    return showLinkFailure(ctx, ex, token, session, { platform, error, values: {}, secrets: [] });
  }
  try {
    await linkAndSync(ctx, session, platform, { code });
  } catch (error) {
    const failure = { platform, error, values: {}, secrets: [code] };
    return showLinkFailure(ctx, ex, token, session, failure);
  }
  redirect(ctx, ex, `/connect/${token}`, session);
}

/**
 * The live session a state was issued for, and its token, taking the state (single use); a
 * PageAnswer for a state forged, used, expired, for another platform, or from another browser.
 */
async function stateSession(
  ctx: ConnectContext,
  ex: Exchange,
  state: string,
  { platform, provider }: { platform: Platform; provider: string },
): Promise<{ session: ConnectSession; token: string }> {
  const { store, accounts } = ctx.services;
  const refused = new PageAnswer(
    400,
    refusedPage(
      `This ${provider} sign-in cannot be used`,
      'It was already used, has expired, or did not come from this service. Open your link again and start over.',
    ),
  );
  const parts = verifyOauthState(state, accounts.sign);
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
  if (!ctx.binding.matches(ex.req, taken.browserHash)) {
    // Left untaken: the browser that started the sign-in may still come back with it.
    ctx.logger.warn(
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
  return { session, token: accounts.secrets.decrypt(taken.sessionTokenEncrypted) };
}

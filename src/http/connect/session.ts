// The session of a link's token: found only while it is live (a clear page when it is unknown,
// expired or used), each unknown token counted against the client's address.
import { hashToken, looksLikeConnectToken } from '../../domain/tokens.ts';
import { findConnectSessionByHash } from '../../storage/repositories/connect-sessions.ts';
import type { ConnectSession } from '../../storage/repositories/connect-sessions.ts';
import type { Exchange } from '../wire/exchange.ts';
import { PageAnswer } from './context.ts';
import type { ConnectContext } from './context.ts';
import { limit } from '../pipeline/limit.ts';
import { throttled } from '../pipeline/throttle.ts';
import { refusedPage } from './html.ts';

/** The live session of the token in the address, behind the auth throttle. */
export function findSession(
  ctx: ConnectContext,
  ex: Exchange,
  token: string,
): Promise<ConnectSession> {
  return throttled(
    ctx.services.authThrottle,
    'connect',
    ex.req,
    hashToken(token),
    () => sessionOf(ctx, token),
    (error) => error instanceof PageAnswer,
  );
}

/** The live session of a token, or a PageAnswer saying why there is none. */
async function sessionOf(ctx: ConnectContext, token: string): Promise<ConnectSession> {
  const session = looksLikeConnectToken(token)
    ? await findConnectSessionByHash(ctx.services.store.db, hashToken(token))
    : undefined;
  if (session === undefined) {
    throw new PageAnswer(
      404,
      refusedPage('This link is not valid', 'The address is incomplete or was never issued.'),
    );
  }
  return live(session);
}

/** The session, or a PageAnswer when it was used or has expired. */
export function live(session: ConnectSession): ConnectSession {
  if (session.usedAt !== undefined) alreadyUsed();
  if (Date.parse(session.expiresAt) <= Date.now()) {
    throw new PageAnswer(
      410,
      refusedPage('This link has expired', 'Links last a short while for your safety.'),
    );
  }
  return session;
}

/** The "already used" page, also for a session finished under a request that needed it live. */
export function alreadyUsed(): never {
  throw new PageAnswer(
    410,
    refusedPage(
      'This link was already used',
      'Each link works until you finish on its page, once. Your linked accounts are kept.',
    ),
  );
}

/** Counts the request against the session's rate limit; past it, the 429 page (surface.ts). */
export function limitSession(
  ctx: ConnectContext,
  ex: Exchange,
  session: ConnectSession,
): Promise<void> {
  return limit(ctx.limiter, ex, `connect:${session.id}`, 'this link');
}

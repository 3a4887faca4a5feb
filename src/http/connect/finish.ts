// Finishing a connect session: the return address checked before the session is used up, and
// the wait for links of the page still in flight, so that a link is never stored after the
// session was finished (it is stored first, or the finish is refused).
import type { Logger } from 'pino';
import { InvalidInputError } from '../../domain/errors.ts';
import { normaliseReturnUrl } from '../../domain/return-url.ts';
import type { Tx } from '../../storage/db.ts';
import { finishConnectSession } from '../../storage/repositories/connect-sessions.ts';
import type { ConnectSession } from '../../storage/repositories/connect-sessions.ts';
import type { Exchange } from '../wire/exchange.ts';
import { PageAnswer, redirect, sendPage } from './context.ts';
import type { ConnectContext } from './context.ts';
import { checkedForm } from './form.ts';
import { noticePage, page } from './html.ts';
import { alreadyUsed } from './session.ts';

/**
 * How long a finish waits for a link in flight: most links answer within a second or two; one
 * still running past this gets the 409 page, and the user presses the button again.
 */
export const FINISH_WAIT_MS = 5_000;
const POLL_MS = 100;

/** The finish button: the session used up once its links are done, then the return address. */
export async function finish(
  ctx: ConnectContext,
  ex: Exchange,
  token: string,
  session: ConnectSession,
): Promise<void> {
  await checkedForm(ctx, ex, session);
  const { store } = ctx.services;
  // Checked before the session is used up: a stored address that is no valid Location (one
  // stored before return URLs were normalised) ends on the page below instead of a 500.
  const location = returnLocation(session, ex, ctx.logger);
  const outcome = await finishWhenLinksDone(store.db, session.id);
  if (outcome === 'used') alreadyUsed();
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
  ctx.logger.info(
    { connect_session: session.id, user_id: session.userId },
    'connect session finished',
  );
  if (location !== undefined) return redirect(ctx, ex, location, session);
  sendPage(
    ctx,
    ex,
    200,
    page(
      'All set',
      '<h1>All set</h1><p class="lead">Your accounts are linked. You can close this page.</p>',
    ),
  );
}

/**
 * Marks the session used once no link of it is in flight, waiting FINISH_WAIT_MS at most; the
 * store is asked each time, as the link may run in another instance.
 */
export async function finishWhenLinksDone(
  db: Tx,
  sessionId: number,
  waitMs: number = FINISH_WAIT_MS,
): Promise<'finished' | 'used' | 'linking'> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const outcome = await finishConnectSession(db, sessionId);
    if (outcome !== 'linking' || Date.now() >= deadline) return outcome;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/**
 * The session's return address as a Location header, or undefined (then the page says "All set")
 * when there is none or the stored one is not a valid absolute http(s) address.
 */
export function returnLocation(
  session: ConnectSession,
  ex: Exchange,
  logger: Logger,
): string | undefined {
  if (session.returnUrl === undefined) return undefined;
  try {
    return normaliseReturnUrl(session.returnUrl);
  } catch (error) {
    if (!(error instanceof InvalidInputError)) throw error;
    logger.warn(
      { connect_session: session.id, request_id: ex.requestId, reason: error.message },
      'connect session return_url is not a valid address; finishing without redirect',
    );
    return undefined;
  }
}

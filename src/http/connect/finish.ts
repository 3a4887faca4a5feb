// Finishing a connect session (Finish or Cancel): the return address checked before the session
// is used up, the wait for links of the page still in flight, so that a link is never stored
// after the session was finished (it is stored first, or the finish is refused), and the
// outcome, kept on the session and sent signed on the return address.
import type { Logger } from 'pino';
import { InvalidInputError } from '../../domain/errors.ts';
import { normaliseReturnUrl } from '../../domain/return-url.ts';
import type { Tx } from '../../storage/db.ts';
import { returnUrlWithOutcome } from '../../domain/connect-outcome.ts';
import type { ConnectOutcome } from '../../domain/connect-outcome.ts';
import {
  findConnectSession,
  finishConnectSession,
  setConnectOutcome,
} from '../../storage/repositories/connect-sessions.ts';
import type { ConnectSession } from '../../storage/repositories/connect-sessions.ts';
import type { Exchange } from '../wire/exchange.ts';
import { PageAnswer, redirect, sendPage } from './context.ts';
import type { ConnectContext } from './context.ts';
import { checkedForm } from './form.ts';
import { renderEndPage } from './end-view.ts';
import { noticePage } from './html.ts';
import { finishedStatus, sessionProgress } from './progress.ts';
import { alreadyUsed } from './session.ts';
import { appNameOf } from './session-page.ts';

/**
 * How long a finish waits for a link in flight: most links answer within a second or two; one
 * still running past this gets the 409 page, and the user presses the button again.
 */
export const FINISH_WAIT_MS = 5_000;
const POLL_MS = 100;

/**
 * Finish and Cancel: the session used up once its links are done, its outcome kept, then the
 * return address with the outcome signed (or, without one, the end page saying the same).
 */
export async function finish(
  ctx: ConnectContext,
  ex: Exchange,
  token: string,
  session: ConnectSession,
  how: 'finish' | 'cancel' = 'finish',
): Promise<void> {
  await checkedForm(ctx, ex, session);
  const { store } = ctx.services;
  // Checked before the session is used up: a stored address that is no valid Location (one
  // stored before return URLs were normalised) ends on the page below instead of a 500.
  const location = returnLocation(session, ex, ctx.logger);
  const finished = await finishWhenLinksDone(store.db, session.id);
  if (finished === 'used') alreadyUsed();
  if (finished === 'linking') {
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
  // Read once the session is used: no link can start or still be in flight, so this is final.
  const used = (await findConnectSession(store.db, session.id)) ?? session;
  const progress = await sessionProgress(ctx, used);
  const status = how === 'cancel' ? 'cancelled' : finishedStatus(progress);
  await setConnectOutcome(store.db, session.id, status);
  const outcome: ConnectOutcome = {
    sessionId: session.id,
    status,
    platforms: progress.linkedHere,
    at: Math.floor(Date.now() / 1000),
  };
  ctx.logger.info(
    {
      connect_session: session.id,
      user_id: session.userId,
      outcome: status,
      platforms: progress.linkedHere,
    },
    'connect session finished',
  );
  if (location !== undefined) {
    return redirect(ctx, ex, returnUrlWithOutcome(location, outcome, ctx.signingKey()), session);
  }
  sendPage(ctx, ex, 200, renderEndPage(appNameOf(ctx, session), status, progress, how));
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

// The session's pages as answered: the picker with where the person stands, one platform's page
// with its form, and that page again after a failed link, with why in people's words. The
// failure's technical text goes to the log and the session's list (admin API) under the
// request id the page shows as its reference.
import type { Platform } from '../../domain/catalog.ts';
import { InvalidInputError } from '../../domain/errors.ts';
import { PlatformError } from '../../platforms/connector.ts';
import { recordConnectLinkFailure } from '../../storage/repositories/connect-sessions.ts';
import type { ConnectSession } from '../../storage/repositories/connect-sessions.ts';
import { HttpProblem } from '../../serving/problems.ts';
import { linkProblem } from '../admin/routes/common.ts';
import type { Exchange } from '../wire/exchange.ts';
import { PageAnswer, logoOf, sendPage } from './context.ts';
import type { ConnectContext } from './context.ts';
import { refusedPage } from './html.ts';
import { isOffered } from './offered.ts';
import { renderPlatformPage } from './platform-view.ts';
import { sessionProgress } from './progress.ts';
import { renderSessionPage } from './view.ts';
import { peopleMessage, productWords } from './words.ts';

/** The application asking: the session's name for it, else the deployment's. */
export function appNameOf(ctx: ConnectContext, session: ConnectSession): string {
  return session.appName ?? ctx.services.config.connectAppName;
}

/** The picker. */
export async function showPage(
  ctx: ConnectContext,
  ex: Exchange,
  token: string,
  session: ConnectSession,
): Promise<void> {
  const reads = productWords(session.products);
  const html = renderSessionPage({
    appName: appNameOf(ctx, session),
    ...(logoOf(ctx, session) !== undefined && { logo: `/connect/${token}/logo` }),
    ...(reads !== undefined && { reads }),
    token,
    csrf: session.csrfToken,
    progress: await sessionProgress(ctx, session),
    ...(session.returnUrl !== undefined && { returnUrl: session.returnUrl }),
  });
  sendPage(ctx, ex, 200, html, session);
}

/** A failed link as its platform's page shows it. */
export interface FormError {
  platform: Platform;
  /** In people's words. */
  message: string;
  values: Record<string, string>;
}

/** One platform's page, with a failed link's words when there is one. */
export async function showPlatformPage(
  ctx: ConnectContext,
  ex: Exchange,
  token: string,
  session: ConnectSession,
  platform: Platform,
  failure?: { status: number; error: FormError; headers?: Readonly<Record<string, string>> },
): Promise<void> {
  const progress = (await sessionProgress(ctx, session)).platforms.find(
    (p) => p.platform === platform,
  );
  if (progress === undefined) notOffered();
  const html = renderPlatformPage({
    appName: appNameOf(ctx, session),
    token,
    csrf: session.csrfToken,
    progress,
    ...(failure !== undefined && {
      error: { message: failure.error.message, reference: ex.requestId },
      values: failure.error.values,
    }),
  });
  sendPage(ctx, ex, failure?.status ?? 200, html, session, failure?.headers);
}

/** The platform a session's address names, when its page offers it. */
export async function offeredPlatform(
  ctx: ConnectContext,
  session: ConnectSession,
  segment: string,
): Promise<Platform> {
  const platform = segment as Platform;
  if (!session.platforms.includes(platform) || !(await isOffered(ctx, session, platform))) {
    notOffered();
  }
  return platform;
}

/**
 * What refused the link, for the words: the platform's error kind; 'invalid' for input the
 * connector refused (a login MFL turned down, a malformed SWID); none for the form's own check.
 */
function failureKind(error: unknown, byForm: boolean): string | undefined {
  if (error instanceof PlatformError) return error.kind;
  return byForm || !(error instanceof InvalidInputError) ? undefined : 'invalid';
}

function notOffered(): never {
  throw new PageAnswer(
    404,
    refusedPage('Page not found', 'This link does not offer that platform.'),
  );
}

/**
 * The platform's page again with why a link failed: 422, or 503 with Retry-After while the
 * platform's call budget is in use by syncs or the sync queue does not answer, or 429 with
 * Retry-After after too many tries. The technical text is logged and kept on the session with
 * the request id. Other errors are not the page's to show.
 */
export async function showLinkFailure(
  ctx: ConnectContext,
  ex: Exchange,
  token: string,
  session: ConnectSession,
  failure: {
    platform: Platform;
    error: unknown;
    values: Record<string, string>;
    secrets: readonly string[];
    /** The form's own check refused it: the platform was not asked. */
    byForm?: boolean;
  },
): Promise<void> {
  const problem = linkProblem(failure.error, failure.secrets);
  if (!(problem instanceof HttpProblem)) throw failure.error;
  const { platform, values } = failure;
  const kind = failureKind(failure.error, failure.byForm === true);
  ctx.logger.info(
    {
      connect_session: session.id,
      request_id: ex.requestId,
      platform,
      code: problem.code,
      ...(kind !== undefined && { platform_error: kind }),
      detail: problem.detail,
    },
    'connect page link failed',
  );
  // The queue's failure comes after the link was stored: not a failed link.
  if (problem.code !== 'queue_unavailable') {
    await recordConnectLinkFailure(ctx.services.store.db, session.id, {
      platform,
      code: problem.code,
      detail: problem.detail,
      requestId: ex.requestId,
      at: new Date().toISOString(),
    });
  }
  const waits = ['platform_busy', 'link_attempts_exceeded', 'queue_unavailable'];
  const status = waits.includes(problem.code) ? problem.status : 422;
  const message = peopleMessage(platform, problem, kind, values);
  return showPlatformPage(ctx, ex, token, session, platform, {
    status,
    error: { platform, message, values },
    headers: problem.headers,
  });
}

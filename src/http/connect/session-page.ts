// The session's page as answered: each platform the session offers with its linked account, its
// first sync, and, after a failed link, why it failed beside its form.
import type { Platform } from '../../domain/catalog.ts';
import { listAccounts } from '../../storage/repositories/accounts.ts';
import type { ConnectSession } from '../../storage/repositories/connect-sessions.ts';
import { HttpProblem } from '../../serving/problems.ts';
import { linkProblem } from '../admin/routes/common.ts';
import type { Exchange } from '../wire/exchange.ts';
import { sendPage } from './context.ts';
import type { ConnectContext } from './context.ts';
import { renderSessionPage } from './view.ts';
import type { PlatformView } from './view.ts';

/** A failed link shown beside its platform's form, with the values it had (secrets left out). */
export interface FormError {
  platform: Platform;
  error: string;
  values: Record<string, string>;
}

export async function showPage(
  ctx: ConnectContext,
  ex: Exchange,
  token: string,
  session: ConnectSession,
  status = 200,
  shown?: FormError,
  extraHeaders?: Readonly<Record<string, string>>,
): Promise<void> {
  const html = renderSessionPage({
    appName: ctx.services.config.connectAppName,
    token,
    csrf: session.csrfToken,
    platforms: await views(ctx, session, shown),
    ...(session.returnUrl !== undefined && { returnUrl: session.returnUrl }),
  });
  sendPage(ctx, ex, status, html, session, extraHeaders);
}

async function views(
  ctx: ConnectContext,
  session: ConnectSession,
  shown: FormError | undefined,
): Promise<PlatformView[]> {
  const { store, accounts } = ctx.services;
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
      ...(shown?.platform === platform && { error: shown.error, values: shown.values }),
    };
  });
}

/**
 * The page again with why a link failed beside its form: 422, or 503 with Retry-After while
 * the platform's call budget is in use by syncs or the sync queue does not answer, or 429 with
 * Retry-After after too many tries.
 * Other errors are not the page's to show.
 */
export function showLinkFailure(
  ctx: ConnectContext,
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
  return showPage(ctx, ex, token, session, status, { platform, error, values }, problem.headers);
}

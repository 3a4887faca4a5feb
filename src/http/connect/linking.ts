// Linking a platform from the page: the account linked and its first sync started, counted as a
// link in flight meanwhile (so the session is not finished under it), and a failure shown beside
// the platform's form.
import type { Platform } from '../../domain/catalog.ts';
import { beginConnectLink, endConnectLink } from '../../storage/repositories/connect-sessions.ts';
import type { ConnectSession } from '../../storage/repositories/connect-sessions.ts';
import type { LinkRequest } from '../../sync/account-services.ts';
import { HttpProblem } from '../../serving/problems.ts';
import { linkSecrets } from '../admin/routes/common.ts';
import type { Exchange } from '../wire/exchange.ts';
import { redirect } from './context.ts';
import type { ConnectContext } from './context.ts';
import { formValues, isOauthPlatform, linkRequestFrom } from './forms.ts';
import { alreadyUsed } from './session.ts';
import { showLinkFailure } from './session-page.ts';

/**
 * How long a link of the page counts as in flight should its process die mid-link (finishing
 * waits for links in flight): well past a link's 20 s deadline (LINK_DEADLINE_MS,
 * src/sync/linking.ts), budget waits included.
 */
const LINK_LEASE_MS = 60_000;

/** Links `platform` from its form's fields, then back to the page (or the page with why not). */
export async function linkFromForm(
  ctx: ConnectContext,
  ex: Exchange,
  token: string,
  session: ConnectSession,
  platform: Platform,
  form: URLSearchParams,
): Promise<void> {
  const values = formValues(platform, form);
  let request: LinkRequest | undefined;
  try {
    request = linkRequestFrom(platform, form);
    await linkAndSync(ctx, session, platform, request);
  } catch (error) {
    const secrets = request === undefined ? [] : linkSecrets(request);
    const failure = { platform, error, values, secrets, byForm: request === undefined };
    return showLinkFailure(ctx, ex, token, session, failure);
  }
  redirect(ctx, ex, `/connect/${token}`, session);
}

/**
 * Links the account and starts its first sync, counted as in flight meanwhile so that the
 * session is not finished under it (finish waits for it, or refuses); a session finished
 * before the link began gets the "already used" page and nothing is linked.
 */
export async function linkAndSync(
  ctx: ConnectContext,
  session: ConnectSession,
  platform: Platform,
  request: LinkRequest,
): Promise<void> {
  const { store, accounts } = ctx.services;
  const until = new Date(Date.now() + LINK_LEASE_MS).toISOString();
  if (!(await beginConnectLink(store.db, session.id, until))) alreadyUsed();
  try {
    const via = isOauthPlatform(platform) ? 'callback' : 'configured';
    const outcome = await accounts.link(session.userId, platform, request, via, {
      connectSessionId: session.id,
    });
    if (outcome.status === 'action_required') {
      throw new HttpProblem('link_refused', outcome.message);
    }
    await accounts.syncs.start({ userId: session.userId, platform, connectSessionId: session.id });
  } finally {
    await endConnectLink(store.db, session.id);
  }
}

// Pieces the admin operations share: path parameters, the lookups that answer 404 (each worded
// once), and the mapping of the sync side's errors to problems.
import { Type } from '@sinclair/typebox';
import type { Platform } from '../../../domain/catalog.ts';
import { DomainError, InvalidInputError } from '../../../domain/errors.ts';
import { redactSecrets, stringsIn } from '../../../domain/redact.ts';
import { PlatformError } from '../../../platforms/connector.ts';
import type { LinkRequest } from '../../../platforms/connector.ts';
import type { Store } from '../../../storage/db.ts';
import { listAccounts } from '../../../storage/repositories/accounts.ts';
import type { LinkedAccount } from '../../../storage/repositories/accounts.ts';
import type { SyncRequest } from '../../../storage/repositories/sync-requests.ts';
import { listTokensForUser } from '../../../storage/repositories/tokens.ts';
import type { StoredToken } from '../../../storage/repositories/tokens.ts';
import { findUserById } from '../../../storage/repositories/users.ts';
import type { User } from '../../../storage/repositories/users.ts';
import { LinkBusyError } from '../../../sync/errors.ts';
import { LinkAttemptsError } from '../../../sync/link-attempts.ts';
import { QueueUnavailableError } from '../../../sync/requests.ts';
import type { SyncRequests } from '../../../sync/requests.ts';
import { HttpProblem } from '../../../serving/problems.ts';
import { PlatformSchema } from '../schemas.ts';

const IdParam = (description: string) =>
  Type.Integer({ format: 'int64', minimum: 1, maximum: Number.MAX_SAFE_INTEGER, description });

export const UserParams = Type.Object({ user_id: IdParam("The user's id.") });
export const NoQuery = Type.Object({}, { additionalProperties: false });
export const UserPlatformParams = Type.Object({
  user_id: IdParam("The user's id."),
  platform: PlatformSchema,
});

export { IdParam };

/** The admin API's 404 answers. */
export const notFound = {
  user: (userId: number) => new HttpProblem('user_not_found', `no user ${userId}`),
  /** No account of the user on `platform` (on any platform when it is not given). */
  link: (userId: number, platform?: Platform) =>
    new HttpProblem(
      'link_not_found',
      platform === undefined
        ? `user ${userId} has no linked account`
        : `user ${userId} has no ${platform} account linked`,
    ),
  token: (userId: number, tokenId: number) =>
    new HttpProblem('token_not_found', `no token ${tokenId} among the tokens of user ${userId}`),
  sync: (syncId: number) => new HttpProblem('sync_not_found', `no sync ${syncId}`),
};

/** What was looked up, or the 404 `missing` answers. */
function found<T>(value: T | undefined, missing: () => HttpProblem): T {
  if (value === undefined) throw missing();
  return value;
}

export async function userOrNotFound(store: Store, userId: number): Promise<User> {
  return found(await findUserById(store.db, userId), () => notFound.user(userId));
}

/** The user's linked accounts (on `platform` only, when given): 404 for the user, then for none. */
export async function linksOrNotFound(
  store: Store,
  userId: number,
  platform?: Platform,
): Promise<[LinkedAccount, ...LinkedAccount[]]> {
  await userOrNotFound(store, userId);
  const accounts = await listAccounts(store.db, {
    userId,
    ...(platform !== undefined && { platform }),
  });
  const [first, ...rest] = accounts;
  return [found(first, () => notFound.link(userId, platform)), ...rest];
}

/** One of the user's tokens: 404 for the user, then for a token not theirs. */
export async function tokenOrNotFound(
  store: Store,
  userId: number,
  tokenId: number,
): Promise<StoredToken> {
  await userOrNotFound(store, userId);
  const tokens = await listTokensForUser(store.db, userId);
  return found(
    tokens.find((t) => t.id === tokenId),
    () => notFound.token(userId, tokenId),
  );
}

/** The sync as it stands (one whose queued job was lost ends on this read), or 404. */
export async function syncOrNotFound(syncs: SyncRequests, syncId: number): Promise<SyncRequest> {
  return found(await syncs.find(syncId), () => notFound.sync(syncId));
}

/** What a user gave in a link request that no answer may show: credentials and OAuth code. */
export function linkSecrets(request: LinkRequest): string[] {
  return [...stringsIn(request.credentials), ...(request.code === undefined ? [] : [request.code])];
}

/** A sync the queue did not take (503 with Retry-After); other errors as they are. */
export function syncStartProblem(error: unknown): unknown {
  if (!(error instanceof QueueUnavailableError)) return error;
  const retryAfter = { 'Retry-After': String(error.retryAfterSeconds) };
  return new HttpProblem('queue_unavailable', error.message, {}, retryAfter);
}

/**
 * A link attempt's failure as a problem: what the user gave was refused (422), the platform
 * failed (502), its call budget is in use by syncs (503 with Retry-After), the user made too
 * many attempts (429 with Retry-After), or the sync started after a link (the connect page) was
 * not taken by the queue (503 with Retry-After). Messages are written to be shown; `secrets` (linkSecrets
 * of the request) are taken out of them in every form a platform may echo them in
 * (src/domain/redact.ts), should one ever do so.
 */
export function linkProblem(error: unknown, secrets: readonly string[] = []): unknown {
  const shown = (message: string): string => redactSecrets(message, secrets);
  if (error instanceof QueueUnavailableError) return syncStartProblem(error);
  if (error instanceof LinkAttemptsError) {
    const retryAfter = { 'Retry-After': String(error.retryAfterSeconds) };
    return new HttpProblem('link_attempts_exceeded', error.message, {}, retryAfter);
  }
  if (error instanceof LinkBusyError) {
    const retryAfter = { 'Retry-After': String(error.retryAfterSeconds) };
    return new HttpProblem('platform_busy', shown(error.message), {}, retryAfter);
  }
  if (error instanceof InvalidInputError) {
    return new HttpProblem('link_refused', shown(error.message));
  }
  if (error instanceof PlatformError) {
    return error.kind === 'not_found' ||
      error.kind === 'credentials_rejected' ||
      error.kind === 'forbidden'
      ? new HttpProblem('link_refused', shown(error.message))
      : new HttpProblem('platform_unavailable', shown(error.message));
  }
  if (error instanceof DomainError) return new HttpProblem('link_refused', shown(error.message));
  return error;
}

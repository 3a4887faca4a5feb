// Pieces the admin operations share: path parameters, lookups answering 404, and the mapping of
// the sync side's errors to problems.
import { Type } from '@sinclair/typebox';
import { DomainError, InvalidInputError } from '../../../domain/errors.ts';
import { PlatformError } from '../../../platforms/connector.ts';
import type { Store } from '../../../storage/db.ts';
import { findUserById } from '../../../storage/repositories/users.ts';
import type { User } from '../../../storage/repositories/users.ts';
import { HttpProblem } from '../../problems.ts';
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

export async function userOrNotFound(store: Store, userId: number): Promise<User> {
  const user = await findUserById(store.db, userId);
  if (user === undefined) throw new HttpProblem('user_not_found', `no user ${userId}`);
  return user;
}

/**
 * A link attempt's failure as a problem: what the user gave was refused (422), or the platform
 * failed (502). Messages of both are written to be shown, never holding a secret.
 */
export function linkProblem(error: unknown): unknown {
  if (error instanceof InvalidInputError) return new HttpProblem('link_refused', error.message);
  if (error instanceof PlatformError) {
    return error.kind === 'not_found' ||
      error.kind === 'credentials_rejected' ||
      error.kind === 'forbidden'
      ? new HttpProblem('link_refused', error.message)
      : new HttpProblem('platform_unavailable', error.message);
  }
  if (error instanceof DomainError) return new HttpProblem('link_refused', error.message);
  return error;
}

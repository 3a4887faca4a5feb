// /admin/users: create, list, get and delete the service's users.
import { Type } from '@sinclair/typebox';
import { ConflictError, InvalidInputError } from '../../../domain/errors.ts';
import { deleteUser } from '../../../storage/repositories/removals.ts';
import { createUser, listUsersPage } from '../../../storage/repositories/users.ts';
import { HttpProblem, invalidParameter } from '../../../serving/problems.ts';
import { defineAdminRoute } from '../route.ts';
import { UserPageSchema, UserSchema, toUserBody } from '../schemas.ts';
import { NoQuery, UserParams, notFound, userOrNotFound } from './common.ts';

export const createUserRoute = defineAdminRoute({
  operationId: 'adminCreateUser',
  method: 'POST',
  path: '/admin/users',
  tag: 'admin-users',
  summary: 'Create a user',
  description:
    'A user of the service: the person tokens are issued to and platforms are linked for. ' +
    'Names are 1 to 64 letters, digits, `_`, `.` or `-`, unique.',
  params: Type.Object({}),
  query: NoQuery,
  body: Type.Object(
    { name: Type.String({ minLength: 1, maxLength: 64 }) },
    { additionalProperties: false },
  ),
  response: UserSchema,
  status: 201,
  responseDescription: 'The user.',
  errors: ['invalid_body', 'user_exists'],
  example: { path: '/admin/users', body: { name: 'alice' } },
  async handler({ body, services, header }) {
    try {
      const user = await createUser(services.store.db, body.name);
      header('Location', `/admin/users/${user.id}`);
      return toUserBody(user);
    } catch (error) {
      if (error instanceof ConflictError) throw new HttpProblem('user_exists', error.message);
      if (error instanceof InvalidInputError) {
        throw new HttpProblem('invalid_body', `name: ${error.message}`, {
          invalid_params: [{ name: 'name', in: 'body', reason: error.message }],
        });
      }
      throw error;
    }
  },
});

export const DEFAULT_USER_LIMIT = 100;
export const MAX_USER_LIMIT = 500;

export const listUsersRoute = defineAdminRoute({
  operationId: 'adminListUsers',
  method: 'GET',
  path: '/admin/users',
  tag: 'admin-users',
  summary: 'List users',
  description:
    'One page of users by `user_id`, as `{"users": [...], "next_cursor": "..."}`: `limit` per ' +
    `page (1 to ${MAX_USER_LIMIT}, ${DEFAULT_USER_LIMIT} unless given), and the next page with ` +
    '`cursor` set to the `next_cursor` of the page before, which is present only when more ' +
    'users follow. A cursor this service did not give for this list is a 400 naming `cursor`.',
  params: Type.Object({}),
  query: Type.Object(
    {
      limit: Type.Optional(
        Type.Integer({
          minimum: 1,
          maximum: MAX_USER_LIMIT,
          default: DEFAULT_USER_LIMIT,
          description: 'Users per page.',
        }),
      ),
      cursor: Type.Optional(
        Type.String({
          minLength: 1,
          maxLength: 200,
          description: 'The next_cursor of the page before, as given.',
        }),
      ),
    },
    { additionalProperties: false },
  ),
  response: UserPageSchema,
  status: 200,
  responseDescription: 'A page of users.',
  errors: ['invalid_parameter'],
  example: { path: '/admin/users?limit=1' },
  async handler({ query, services }) {
    const afterId = query.cursor === undefined ? undefined : decodeUserCursor(query.cursor);
    const page = await listUsersPage(services.store.db, {
      limit: query.limit ?? DEFAULT_USER_LIMIT,
      ...(afterId !== undefined && { afterId }),
    });
    const last = page.users.at(-1);
    return {
      users: page.users.map(toUserBody),
      ...(page.more && last !== undefined && { next_cursor: encodeUserCursor(last.id) }),
    };
  },
});

/** What a users cursor names: this list, so another list's cursor is refused, not misread. */
const USER_CURSOR_LIST = 'admin-users';

/** The last user id of a page, as opaque base64url JSON. */
export function encodeUserCursor(lastId: number): string {
  return Buffer.from(JSON.stringify([USER_CURSOR_LIST, lastId])).toString('base64url');
}

/** Only the text this service gave is taken back: decoding and encoding again must give it. */
function decodeUserCursor(cursor: string): number {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    decoded = undefined;
  }
  if (Array.isArray(decoded) && decoded.length === 2 && decoded[0] === USER_CURSOR_LIST) {
    const lastId = decoded[1];
    if (Number.isSafeInteger(lastId) && (lastId as number) > 0) {
      if (encodeUserCursor(lastId as number) === cursor) return lastId as number;
    }
  }
  throw invalidParameter(
    'cursor',
    'query',
    'is not a next_cursor this service gave for the users list; send it exactly as given, ' +
      'or leave it out for the first page',
  );
}

export const getUserRoute = defineAdminRoute({
  operationId: 'adminGetUser',
  method: 'GET',
  path: '/admin/users/{user_id}',
  tag: 'admin-users',
  summary: 'Get a user',
  description: 'One user.',
  params: UserParams,
  query: NoQuery,
  response: UserSchema,
  status: 200,
  responseDescription: 'The user.',
  errors: ['invalid_parameter', 'user_not_found'],
  example: { path: '/admin/users/1' },
  async handler({ params, services }) {
    return toUserBody(await userOrNotFound(services.store, params.user_id));
  },
});

export const deleteUserRoute = defineAdminRoute({
  operationId: 'adminDeleteUser',
  method: 'DELETE',
  path: '/admin/users/{user_id}',
  tag: 'admin-users',
  summary: 'Delete a user',
  description:
    'Deletes the user with their platform links, tokens (which stop working within a second), ' +
    'connect sessions and league memberships. Leagues other users belong to stay; a league ' +
    'no one belongs to any more is deleted.',
  params: UserParams,
  query: NoQuery,
  status: 204,
  responseDescription: 'Deleted.',
  errors: ['invalid_parameter', 'user_not_found'],
  example: { path: '/admin/users/1' },
  async handler({ params, services }) {
    if (!(await deleteUser(services.store, params.user_id))) throw notFound.user(params.user_id);
    return undefined;
  },
});

// /admin/users: create, list, get and delete the service's users.
import { Type } from '@sinclair/typebox';
import { ConflictError, InvalidInputError } from '../../../domain/errors.ts';
import { deleteUser } from '../../../storage/repositories/removals.ts';
import { createUser, listUsers } from '../../../storage/repositories/users.ts';
import { HttpProblem } from '../../../serving/problems.ts';
import { defineAdminRoute } from '../route.ts';
import { UserListSchema, UserSchema, toUserBody } from '../schemas.ts';
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

export const listUsersRoute = defineAdminRoute({
  operationId: 'adminListUsers',
  method: 'GET',
  path: '/admin/users',
  tag: 'admin-users',
  summary: 'List users',
  description: 'Every user, by id.',
  params: Type.Object({}),
  query: NoQuery,
  response: UserListSchema,
  status: 200,
  responseDescription: 'The users.',
  errors: [],
  example: { path: '/admin/users' },
  async handler({ services }) {
    return (await listUsers(services.store.db)).map(toUserBody);
  },
});

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

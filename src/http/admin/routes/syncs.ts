// Syncs over HTTP: start one for a user (202 at once; it goes to the sync jobs, a worker's with
// REDIS_URL) and read its progress and outcome.
import { Type } from '@sinclair/typebox';
import { defineAdminRoute } from '../route.ts';
import { PlatformSchema, SyncListSchema, SyncSchema, toSyncBody } from '../schemas.ts';
import {
  IdParam,
  NoQuery,
  UserParams,
  linksOrNotFound,
  syncOrNotFound,
  syncStartProblem,
  userOrNotFound,
} from './common.ts';

export const startSyncRoute = defineAdminRoute({
  operationId: 'adminStartSync',
  method: 'POST',
  path: '/admin/users/{user_id}/syncs',
  tag: 'admin-syncs',
  summary: "Start a sync of a user's accounts",
  description:
    'Answers 202 at once with the sync (its `Location` is where to follow it): every linked ' +
    "account of the user, or one `platform`'s, as `fantasy-data sync --user` does. It runs " +
    'where every sync runs: with REDIS_URL as one queued job per account, taken by a sync ' +
    'worker (`running` while it waits), otherwise in the background of the serving process. ' +
    'An account already queued or being synced is not synced twice: its sync under way ' +
    'answers. Its leagues are served as soon as each is written. When the queue (Redis) does ' +
    'not take the sync it answers 503 `queue_unavailable` with Retry-After, nothing recorded.',
  params: UserParams,
  query: NoQuery,
  body: Type.Object({ platform: Type.Optional(PlatformSchema) }, { additionalProperties: false }),
  response: SyncSchema,
  status: 202,
  responseDescription: 'The sync, started.',
  errors: [
    'invalid_parameter',
    'invalid_body',
    'user_not_found',
    'link_not_found',
    'queue_unavailable',
  ],
  example: { path: '/admin/users/1/syncs', body: {} },
  async handler({ params, body, services, header }) {
    const { store, accounts } = services;
    await linksOrNotFound(store, params.user_id, body.platform);
    const request = await accounts.syncs
      .start({
        userId: params.user_id,
        ...(body.platform !== undefined && { platform: body.platform }),
      })
      .catch((error: unknown) => {
        throw syncStartProblem(error);
      });
    header('Location', `/admin/syncs/${request.id}`);
    return toSyncBody(request);
  },
});

export const listSyncsRoute = defineAdminRoute({
  operationId: 'adminListSyncs',
  method: 'GET',
  path: '/admin/users/{user_id}/syncs',
  tag: 'admin-syncs',
  summary: "List a user's syncs",
  description: 'The 50 newest syncs started over HTTP for the user, newest first.',
  params: UserParams,
  query: NoQuery,
  response: SyncListSchema,
  status: 200,
  responseDescription: 'The syncs.',
  errors: ['invalid_parameter', 'user_not_found'],
  example: { path: '/admin/users/1/syncs' },
  async handler({ params, services }) {
    await userOrNotFound(services.store, params.user_id);
    const syncs = await services.accounts.syncs.list({ userId: params.user_id });
    return syncs.map(toSyncBody);
  },
});

export const getSyncRoute = defineAdminRoute({
  operationId: 'adminGetSync',
  method: 'GET',
  path: '/admin/syncs/{sync_id}',
  tag: 'admin-syncs',
  summary: 'Follow a sync',
  description:
    '`status` is `running` (queued or syncing) until it ends `ok`, `partial` (some leagues ' +
    'failed; they keep their previous snapshot), `failed` or `interrupted` (the process ' +
    'syncing an account stopped and no worker took the sync over, or the queue lost its job ' +
    'before a worker took it: read here, it ends so). `progress` counts leagues ' +
    'as they are written, whichever process writes them.',
  params: Type.Object({ sync_id: IdParam('The sync.') }),
  query: NoQuery,
  response: SyncSchema,
  status: 200,
  responseDescription: 'The sync.',
  errors: ['invalid_parameter', 'sync_not_found'],
  example: { path: '/admin/syncs/1' },
  async handler({ params, services }) {
    return toSyncBody(await syncOrNotFound(services.accounts.syncs, params.sync_id));
  },
});

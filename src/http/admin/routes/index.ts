// The admin API's route table: each operation with the admin key scope it needs, in the order
// the documentation lists them. A GET also runs with `read`, and `full` runs everything
// (src/domain/admin-scopes.ts).
import { needs } from '../route.ts';
import type { AdminRoute } from '../route.ts';
import { createSessionRoute, listSessionsRoute } from './connect-sessions.ts';
import { getLinkRoute, linkRoute, listLinksRoute, unlinkRoute } from './links.ts';
import { getSyncRoute, listSyncsRoute, startSyncRoute } from './syncs.ts';
import { getTokenRoute, issueTokenRoute, listTokensRoute, revokeTokenRoute } from './tokens.ts';
import { createUserRoute, deleteUserRoute, getUserRoute, listUsersRoute } from './users.ts';
import {
  createWebhookRoute,
  deleteWebhookRoute,
  getDeliveryRoute,
  getWebhookRoute,
  listDeliveriesRoute,
  listReplaysRoute,
  listWebhooksRoute,
  testWebhookRoute,
  replayDeliveryRoute,
} from './webhooks.ts';

export const ADMIN_ROUTES: readonly AdminRoute[] = [
  needs('users', listUsersRoute),
  needs('users', createUserRoute),
  needs('users', getUserRoute),
  needs('users', deleteUserRoute),
  needs('tokens', listTokensRoute),
  needs('tokens', issueTokenRoute),
  needs('tokens', getTokenRoute),
  needs('tokens', revokeTokenRoute),
  needs('links', listLinksRoute),
  needs('links', getLinkRoute),
  needs('links', linkRoute),
  needs('links', unlinkRoute),
  needs('syncs', listSyncsRoute),
  needs('syncs', startSyncRoute),
  needs('syncs', getSyncRoute),
  needs('connect', listSessionsRoute),
  needs('connect', createSessionRoute),
  needs('webhooks', listWebhooksRoute),
  needs('webhooks', createWebhookRoute),
  needs('webhooks', getWebhookRoute),
  needs('webhooks', deleteWebhookRoute),
  needs('webhooks', listDeliveriesRoute),
  needs('webhooks', getDeliveryRoute),
  needs('webhooks', listReplaysRoute),
  needs('webhooks', replayDeliveryRoute),
  needs('webhooks', testWebhookRoute),
];

// The admin API's operations, in the order the documentation lists them.
import type { AdminRoute } from '../route.ts';
import { createSessionRoute, listSessionsRoute } from './connect-sessions.ts';
import { getLinkRoute, linkRoute, listLinksRoute, unlinkRoute } from './links.ts';
import { getSyncRoute, listSyncsRoute, startSyncRoute } from './syncs.ts';
import { getTokenRoute, issueTokenRoute, listTokensRoute, revokeTokenRoute } from './tokens.ts';
import { createUserRoute, deleteUserRoute, getUserRoute, listUsersRoute } from './users.ts';

export const ADMIN_ROUTES: readonly AdminRoute[] = [
  listUsersRoute,
  createUserRoute,
  getUserRoute,
  deleteUserRoute,
  listTokensRoute,
  issueTokenRoute,
  getTokenRoute,
  revokeTokenRoute,
  listLinksRoute,
  getLinkRoute,
  linkRoute,
  unlinkRoute,
  listSyncsRoute,
  startSyncRoute,
  getSyncRoute,
  listSessionsRoute,
  createSessionRoute,
];

// /admin/users/{user_id}/links: a user's linked platform accounts, with their sync state; link
// one (the same check against the platform as `fantasy-data link`) or unlink it.
import { Type } from '@sinclair/typebox';
import type { Platform } from '../../../domain/catalog.ts';
import { MODULES, httpLinkOf, isLinkedOverHttp } from '../../../platforms/registry.ts';
import type { Store } from '../../../storage/db.ts';
import { listAccounts } from '../../../storage/repositories/accounts.ts';
import { findUserLeagueRefreshes } from '../../../storage/repositories/league-refreshes.ts';
import { linkSyncStates } from '../../../storage/repositories/link-status.ts';
import { hasLeaguesOf } from '../../../storage/repositories/leagues.ts';
import { unlinkAccount } from '../../../storage/repositories/removals.ts';
import { HttpProblem, invalidParameter } from '../../../serving/problems.ts';
import { defineAdminRoute } from '../route.ts';
import { LinkListSchema, LinkOutcomeSchema, LinkSchema, toLinkBody } from '../schemas.ts';
import {
  NoQuery,
  UserParams,
  UserPlatformParams,
  linkProblem,
  linkSecrets,
  linksOrNotFound,
  notFound,
  userOrNotFound,
} from './common.ts';

/** What each platform's body holds, as its module says; OAuth platforms (two steps) last. */
function bodiesByPlatform(): string {
  const links = MODULES.flatMap((module) =>
    module.link.http === undefined ? [] : [module.link.http],
  );
  const oauthLast = [
    ...links.filter((link) => link.oauth === undefined),
    ...links.filter((link) => link.oauth !== undefined),
  ];
  return oauthLast.map((link) => link.api).join('; ');
}

async function linkBody(store: Store, userId: number, platform: Platform) {
  const [account] = await linksOrNotFound(store, userId, platform);
  const [states, refreshes] = await Promise.all([
    linkSyncStates(store.db, userId),
    findUserLeagueRefreshes(store.db, userId),
  ]);
  return toLinkBody(account, states.get(platform), refreshes);
}

export const listLinksRoute = defineAdminRoute({
  operationId: 'adminListLinks',
  method: 'GET',
  path: '/admin/users/{user_id}/links',
  tag: 'admin-links',
  summary: "List a user's linked accounts",
  description:
    'Each linked platform account with its leagues (each with its last live refresh and the ' +
    'next one planned), its last sync and whether it needs linking ' +
    'again (the platform refused its credentials; it is not synced until linked again). ' +
    'Credentials are never shown.',
  params: UserParams,
  query: NoQuery,
  response: LinkListSchema,
  status: 200,
  responseDescription: 'The links.',
  errors: ['invalid_parameter', 'user_not_found'],
  example: { path: '/admin/users/1/links' },
  async handler({ params, services }) {
    const { store } = services;
    await userOrNotFound(store, params.user_id);
    const [states, refreshes] = await Promise.all([
      linkSyncStates(store.db, params.user_id),
      findUserLeagueRefreshes(store.db, params.user_id),
    ]);
    return (await listAccounts(store.db, { userId: params.user_id }))
      .filter((account) => isLinkedOverHttp(account.platform))
      .map((account) => toLinkBody(account, states.get(account.platform), refreshes));
  },
});

export const getLinkRoute = defineAdminRoute({
  operationId: 'adminGetLink',
  method: 'GET',
  path: '/admin/users/{user_id}/links/{platform}',
  tag: 'admin-links',
  summary: 'Get one link',
  description: "The user's account on one platform, as in the list.",
  params: UserPlatformParams,
  query: NoQuery,
  response: LinkSchema,
  status: 200,
  responseDescription: 'The link.',
  errors: ['invalid_parameter', 'user_not_found', 'link_not_found'],
  example: { path: '/admin/users/1/links/sleeper' },
  async handler({ params, services }) {
    return linkBody(services.store, params.user_id, params.platform);
  },
});

export const linkRoute = defineAdminRoute({
  operationId: 'adminLink',
  method: 'POST',
  path: '/admin/users/{user_id}/links/{platform}',
  tag: 'admin-links',
  summary: 'Link an account',
  description:
    'Checks what is given against the platform once and stores the link (credentials ' +
    'encrypted; linking again replaces the link and clears "needs linking again"). By platform: ' +
    `${bodiesByPlatform()}. The hosted page (connect sessions) does all of this for the user. ` +
    'The link is not synced until a sync is started.',
  params: UserPlatformParams,
  query: NoQuery,
  body: Type.Object(
    {
      username: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
      email: Type.Optional(Type.String({ minLength: 1, maxLength: 320 })),
      league_ids: Type.Optional(
        Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { maxItems: 100 }),
      ),
      credentials: Type.Optional(Type.Object({}, { additionalProperties: true })),
      code: Type.Optional(Type.String({ minLength: 1, maxLength: 512 })),
    },
    { additionalProperties: false },
  ),
  response: LinkOutcomeSchema,
  status: 200,
  responseDescription: 'Linked (with the link), or a step the user must take first.',
  errors: [
    'invalid_parameter',
    'invalid_body',
    'user_not_found',
    'link_refused',
    'platform_unavailable',
    'platform_busy',
    'link_attempts_exceeded',
  ],
  example: { path: '/admin/users/1/links/sleeper', body: { username: 'solarpool' } },
  async handler({ params, body, services }) {
    const { store, accounts } = services;
    if (!accounts.platforms.includes(params.platform)) {
      throw invalidParameter(
        'platform',
        'path',
        `cannot be linked by this service; platforms: ${accounts.platforms.join(', ')}`,
      );
    }
    await userOrNotFound(store, params.user_id);
    const needsLeagues = httpLinkOf(params.platform)?.needsLoadedLeagues;
    if (needsLeagues !== undefined && !(await hasLeaguesOf(store.db, params.platform))) {
      throw new HttpProblem('link_refused', needsLeagues.notLoaded);
    }
    const request = {
      ...(body.username !== undefined && { username: body.username }),
      ...(body.email !== undefined && { email: body.email }),
      ...(body.league_ids !== undefined && { leagueIds: body.league_ids }),
      ...(body.credentials !== undefined && { credentials: body.credentials }),
      ...(body.code !== undefined && { code: body.code }),
    };
    let outcome;
    try {
      outcome = await accounts.link(params.user_id, params.platform, request);
    } catch (error) {
      throw linkProblem(error, linkSecrets(request));
    }
    if (outcome.status === 'action_required') {
      return {
        status: 'action_required' as const,
        message: outcome.message,
        ...(outcome.url !== undefined && { url: outcome.url }),
      };
    }
    return {
      status: 'linked' as const,
      link: await linkBody(store, params.user_id, params.platform),
    };
  },
});

export const unlinkRoute = defineAdminRoute({
  operationId: 'adminUnlink',
  method: 'DELETE',
  path: '/admin/users/{user_id}/links/{platform}',
  tag: 'admin-links',
  summary: 'Unlink an account',
  description:
    'Removes the link, its stored credentials and the league memberships it brought; leagues ' +
    'other users belong to stay.',
  params: UserPlatformParams,
  query: NoQuery,
  status: 204,
  responseDescription: 'Unlinked.',
  errors: ['invalid_parameter', 'user_not_found', 'link_not_found'],
  example: { path: '/admin/users/1/links/sleeper' },
  async handler({ params, services }) {
    await userOrNotFound(services.store, params.user_id);
    if (!(await unlinkAccount(services.store, params.user_id, params.platform))) {
      throw notFound.link(params.user_id, params.platform);
    }
    return undefined;
  },
});

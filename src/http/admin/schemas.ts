// The admin API's records as TypeBox schemas: they type the handlers, check the tests and feed
// the OpenAPI document. Secrets never appear in them: a token only once, when issued.
import { FormatRegistry, Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { literals } from '../../serving/schemas.ts';
import { PLATFORMS, PRODUCTS } from '../../domain/catalog.ts';
import { CONNECT_OUTCOME_STATUSES } from '../../domain/connect-outcome.ts';
import { isLinkedOverHttp } from '../../platforms/registry.ts';
import type { AdminKey } from '../../storage/repositories/admin-keys.ts';
import type { ConnectSession } from '../../storage/repositories/connect-sessions.ts';
import type { LinkedAccount } from '../../storage/repositories/accounts.ts';
import type { LinkSyncState } from '../../storage/repositories/link-status.ts';
import type { UserLeagueRefresh } from '../../storage/repositories/league-refreshes.ts';
import type { SyncRequest } from '../../storage/repositories/sync-requests.ts';
import type { StoredToken } from '../../storage/repositories/tokens.ts';
import type { User } from '../../storage/repositories/users.ts';
import { WEBHOOK_NAMED_SCHEMAS } from './webhook-schemas.ts';

// TypeBox checks string formats only once they are registered.
if (!FormatRegistry.Has('date-time')) {
  FormatRegistry.Set(
    'date-time',
    (value) => !Number.isNaN(Date.parse(value)) && value.includes('T'),
  );
}

const Id = (description: string) =>
  Type.Integer({ format: 'int64', minimum: 1, maximum: Number.MAX_SAFE_INTEGER, description });
const Time = (description: string) => Type.String({ format: 'date-time', description });
const TimeOrNull = (description: string) =>
  Type.Union([Type.String({ format: 'date-time' }), Type.Null()], { description });
/** Linkable over HTTP: every platform whose module says how (not the demo). */
export const LINK_PLATFORMS = PLATFORMS.filter(isLinkedOverHttp);
export const PlatformSchema = literals(LINK_PLATFORMS, { description: 'A fantasy platform.' });
export const ProductSchema = literals(PRODUCTS);
export const DURATION = '^[0-9]{1,6}[mhdw]$';

export const UserSchema = Type.Object(
  {
    user_id: Id("The user's id."),
    name: Type.String(),
    created_at: Time('When the user was created.'),
  },
  { additionalProperties: false },
);
export const UserPageSchema = Type.Object(
  {
    users: Type.Array(UserSchema, { description: 'This page of users, by user_id.' }),
    next_cursor: Type.Optional(
      Type.String({
        description:
          'Present only when more users follow: send it as `cursor` for the next page. Opaque.',
      }),
    ),
  },
  { additionalProperties: false },
);

export const TokenSchema = Type.Object(
  {
    token_id: Id("The token's id (the token itself is never shown again)."),
    prefix: Type.String({ description: 'The first characters of the token, to recognise it.' }),
    products: Type.Array(ProductSchema),
    created_at: Time('When it was issued.'),
    expires_at: Type.Optional(Time('When it stops working; absent: never.')),
    revoked_at: Type.Optional(Time('When it was revoked.')),
  },
  { additionalProperties: false },
);
export const TokenListSchema = Type.Array(TokenSchema);
export const IssuedTokenSchema = Type.Object(
  {
    token: Type.String({ description: 'The token: shown in this answer only; store it now.' }),
    ...TokenSchema.properties,
  },
  { additionalProperties: false },
);

const LeagueRefreshSchema = Type.Object(
  {
    league_id: Id("The league's id, as the read API names it."),
    season: Type.Integer(),
    name: Type.String(),
    last_refreshed_at: TimeOrNull('When its live refresh last ended; null: never live-refreshed.'),
    next_refresh_at: TimeOrNull(
      'When its next live refresh is planned; null: none (no period in progress).',
    ),
  },
  { additionalProperties: false },
);

export const LinkSchema = Type.Object(
  {
    platform: PlatformSchema,
    external_user_id: Type.String({ description: "The platform's id of the account." }),
    username: Type.Optional(Type.String()),
    linked_at: Time('When the account was first linked.'),
    needs_linking_again: Type.Boolean({
      description:
        'The platform refused the stored credentials: link again; it is not synced meanwhile.',
    }),
    link_problem: Type.Optional(Type.String({ description: 'Why it needs linking again.' })),
    leagues: Type.Integer({ minimum: 0, description: "The user's leagues on this platform." }),
    league_refreshes: Type.Array(LeagueRefreshSchema, {
      description:
        "Each of the user's leagues on this platform (by league_id) with its live refreshes " +
        '(game day: a period in progress is refreshed between syncs), as `/meta` shows them.',
    }),
    last_sync: Type.Optional(
      Type.Object(
        {
          run_id: Id('The sync run (as in `fantasy-data sync status`).'),
          started_at: Time('When it started.'),
          finished_at: Type.Optional(Time('When it finished.')),
          outcome: Type.String({ description: 'running, ok, partial, failed or interrupted.' }),
          error: Type.Optional(Type.String()),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);
export const LinkListSchema = Type.Array(LinkSchema);
export const LinkOutcomeSchema = Type.Object(
  {
    status: literals(['linked', 'action_required']),
    link: Type.Optional(LinkSchema),
    message: Type.Optional(Type.String({ description: 'What the user must do first (OAuth).' })),
    url: Type.Optional(Type.String({ description: 'Where the user does it.' })),
  },
  { additionalProperties: false },
);

export const SyncSchema = Type.Object(
  {
    sync_id: Id('The sync.'),
    user_id: Id('Whose accounts it syncs.'),
    platform: Type.Optional(PlatformSchema),
    status: literals(['running', 'ok', 'partial', 'failed', 'interrupted']),
    created_at: Time('When it was started.'),
    finished_at: Type.Optional(Time('When it finished.')),
    progress: Type.Object(
      {
        accounts_total: Type.Integer({ minimum: 0 }),
        accounts_done: Type.Integer({ minimum: 0 }),
        current_platform: Type.Optional(PlatformSchema),
        leagues_found: Type.Integer({ minimum: 0 }),
        leagues_written: Type.Integer({ minimum: 0 }),
        leagues_unchanged: Type.Integer({ minimum: 0 }),
        leagues_failed: Type.Integer({ minimum: 0 }),
        player_pools_refreshed: Type.Integer({ minimum: 0 }),
        needs_linking_again: Type.Array(PlatformSchema),
      },
      { additionalProperties: false },
    ),
    error: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
);
export const SyncListSchema = Type.Array(SyncSchema);

const ConnectLinkFailureSchema = Type.Object(
  {
    platform: PlatformSchema,
    code: Type.String({ description: 'The problem code the admin API would answer.' }),
    detail: Type.String({ description: 'The technical text, secrets redacted.' }),
    request_id: Type.String({ description: 'The reference the page showed.' }),
    at: Time('When the link failed.'),
  },
  { additionalProperties: false },
);

export const ConnectSessionSchema = Type.Object(
  {
    session_id: Id('The session.'),
    url: Type.Optional(
      Type.String({
        description: 'The one-time link to hand the user: in the create answer only.',
      }),
    ),
    platforms: Type.Array(PlatformSchema),
    return_url: Type.Optional(Type.String()),
    created_at: Time('When it was created.'),
    expires_at: Time('When the link stops working.'),
    used_at: Type.Optional(Time('When the user finished on the page; the link is then refused.')),
    app_name: Type.Optional(Type.String({ description: 'The application the page names.' })),
    has_app_logo: Type.Optional(
      Type.Boolean({ description: 'Whether the session gives the page a logo of its own.' }),
    ),
    products: Type.Optional(
      Type.Array(ProductSchema, { description: 'What the page says the application will read.' }),
    ),
    outcome: Type.Optional(
      literals(CONNECT_OUTCOME_STATUSES, {
        description: 'How the user left the page (also on the return URL, signed).',
      }),
    ),
    link_failures: Type.Array(ConnectLinkFailureSchema, {
      description:
        'Links the page could not make, oldest first (the newest 20): the technical detail ' +
        'behind the words the page showed, under the request id the page gave as reference.',
    }),
  },
  { additionalProperties: false },
);
export const ConnectSessionListSchema = Type.Array(ConnectSessionSchema);

export function toUserBody(user: User): Static<typeof UserSchema> {
  return { user_id: user.id, name: user.name, created_at: user.createdAt };
}

export function toTokenBody(token: StoredToken): Static<typeof TokenSchema> {
  return {
    token_id: token.id,
    prefix: token.tokenPrefix,
    products: token.products,
    created_at: token.createdAt,
    ...(token.expiresAt !== undefined && { expires_at: token.expiresAt }),
    ...(token.revokedAt !== undefined && { revoked_at: token.revokedAt }),
  };
}

export function toLinkBody(
  account: LinkedAccount,
  state: LinkSyncState | undefined,
  refreshes: readonly UserLeagueRefresh[],
): Static<typeof LinkSchema> {
  const run = state?.lastRun;
  return {
    platform: account.platform as Static<typeof PlatformSchema>,
    external_user_id: account.externalUserId,
    ...(account.username !== undefined && { username: account.username }),
    linked_at: account.createdAt,
    needs_linking_again: account.linkProblem !== undefined,
    ...(account.linkProblem !== undefined && { link_problem: account.linkProblem }),
    leagues: state?.leagues ?? 0,
    league_refreshes: refreshes
      .filter((league) => league.platform === account.platform)
      .map((league) => ({
        league_id: league.leagueId,
        season: league.season,
        name: league.name,
        last_refreshed_at: league.lastRefreshAt,
        next_refresh_at: league.nextRefreshAt,
      })),
    ...(run !== undefined && {
      last_sync: {
        run_id: run.runId,
        started_at: run.startedAt,
        ...(run.finishedAt !== undefined && { finished_at: run.finishedAt }),
        outcome: run.outcome,
        ...(run.error !== undefined && { error: run.error }),
      },
    }),
  };
}

export function toSyncBody(request: SyncRequest): Static<typeof SyncSchema> {
  const p = request.progress;
  return {
    sync_id: request.id,
    user_id: request.userId,
    ...(request.platform !== undefined && {
      platform: request.platform as Static<typeof PlatformSchema>,
    }),
    status: request.status,
    created_at: request.createdAt,
    ...(request.finishedAt !== undefined && { finished_at: request.finishedAt }),
    progress: {
      accounts_total: p.accountsTotal,
      accounts_done: p.accountsDone,
      ...(p.currentPlatform !== undefined &&
        isLinkedOverHttp(p.currentPlatform) && { current_platform: p.currentPlatform }),
      leagues_found: p.leaguesFound,
      leagues_written: p.leaguesWritten,
      leagues_unchanged: p.leaguesUnchanged,
      leagues_failed: p.leaguesFailed,
      player_pools_refreshed: p.poolsRefreshed,
      needs_linking_again: p.needsRelink.filter(isLinkedOverHttp) as Array<
        Static<typeof PlatformSchema>
      >,
    },
    ...(request.error !== undefined && { error: request.error }),
  };
}

export function toSessionBody(
  session: ConnectSession,
  url?: string,
): Static<typeof ConnectSessionSchema> {
  return {
    session_id: session.id,
    ...(url !== undefined && { url }),
    platforms: session.platforms.filter(isLinkedOverHttp) as Array<Static<typeof PlatformSchema>>,
    ...(session.returnUrl !== undefined && { return_url: session.returnUrl }),
    created_at: session.createdAt,
    expires_at: session.expiresAt,
    ...(session.usedAt !== undefined && { used_at: session.usedAt }),
    ...(session.appName !== undefined && { app_name: session.appName }),
    ...(session.appLogo !== undefined && { has_app_logo: true }),
    ...(session.products !== undefined && { products: session.products }),
    ...(session.outcome !== undefined && { outcome: session.outcome }),
    link_failures: session.linkFailures.map((f) => ({
      platform: f.platform,
      code: f.code,
      detail: f.detail,
      request_id: f.requestId,
      at: f.at,
    })),
  };
}

export const ADMIN_NAMED_SCHEMAS = [
  ['AdminUser', UserSchema],
  ['AdminToken', TokenSchema],
  ['AdminIssuedToken', IssuedTokenSchema],
  ['AdminLink', LinkSchema],
  ['AdminLinkOutcome', LinkOutcomeSchema],
  ['AdminSync', SyncSchema],
  ['AdminConnectSession', ConnectSessionSchema],
  ...WEBHOOK_NAMED_SCHEMAS,
] as const;

export type { AdminKey };

// /admin/users/{user_id}/tokens: issue, list, get and revoke a user's API tokens.
import { Type } from '@sinclair/typebox';
import { parseDuration } from '../../../domain/tokens.ts';
import { nowIso } from '../../../storage/db.ts';
import {
  issueToken,
  listTokensForUser,
  revokeTokenById,
} from '../../../storage/repositories/tokens.ts';
import { HttpProblem } from '../../../serving/problems.ts';
import { defineAdminRoute } from '../route.ts';
import {
  DURATION,
  IssuedTokenSchema,
  ProductSchema,
  TokenListSchema,
  TokenSchema,
  toTokenBody,
} from '../schemas.ts';
import { IdParam, NoQuery, UserParams, tokenOrNotFound, userOrNotFound } from './common.ts';

const TokenParams = Type.Object({
  user_id: IdParam("The user's id."),
  token_id: IdParam("The token's id."),
});

export const issueTokenRoute = defineAdminRoute({
  operationId: 'adminIssueToken',
  method: 'POST',
  path: '/admin/users/{user_id}/tokens',
  tag: 'admin-tokens',
  summary: 'Issue a token',
  description:
    'A token for the five read endpoints, with the products it grants and an optional lifetime ' +
    '(`expires_in`: a number and a unit m, h, d or w). The answer holds the token, shown this ' +
    'once; the service keeps only its hash.',
  params: UserParams,
  query: NoQuery,
  body: Type.Object(
    {
      products: Type.Array(ProductSchema, { minItems: 1 }),
      expires_in: Type.Optional(Type.String({ pattern: DURATION })),
    },
    { additionalProperties: false },
  ),
  response: IssuedTokenSchema,
  status: 201,
  responseDescription: 'The token and its record.',
  errors: ['invalid_parameter', 'invalid_body', 'user_not_found'],
  example: {
    path: '/admin/users/1/tokens',
    body: { products: ['league', 'player', 'roster'], expires_in: '30d' },
  },
  async handler({ params, body, services }) {
    const user = await userOrNotFound(services.store, params.user_id);
    let lifetime: number | undefined;
    try {
      lifetime = body.expires_in === undefined ? undefined : parseDuration(body.expires_in);
    } catch (error) {
      throw new HttpProblem('invalid_body', `expires_in: ${(error as Error).message}`, {
        invalid_params: [{ name: 'expires_in', in: 'body', reason: (error as Error).message }],
      });
    }
    const { token, stored } = await issueToken(services.store.db, {
      userId: user.id,
      products: [...new Set(body.products)],
      ...(lifetime !== undefined && { expiresAt: new Date(Date.now() + lifetime).toISOString() }),
    });
    return { token, ...toTokenBody(stored) };
  },
});

export const listTokensRoute = defineAdminRoute({
  operationId: 'adminListTokens',
  method: 'GET',
  path: '/admin/users/{user_id}/tokens',
  tag: 'admin-tokens',
  summary: "List a user's tokens",
  description: 'Prefixes, products, expiry and revocation; never the tokens.',
  params: UserParams,
  query: NoQuery,
  response: TokenListSchema,
  status: 200,
  responseDescription: 'The tokens.',
  errors: ['invalid_parameter', 'user_not_found'],
  example: { path: '/admin/users/1/tokens' },
  async handler({ params, services }) {
    await userOrNotFound(services.store, params.user_id);
    return (await listTokensForUser(services.store.db, params.user_id)).map(toTokenBody);
  },
});

export const getTokenRoute = defineAdminRoute({
  operationId: 'adminGetToken',
  method: 'GET',
  path: '/admin/users/{user_id}/tokens/{token_id}',
  tag: 'admin-tokens',
  summary: 'Get one token',
  description: "One of the user's tokens; another user's token id answers 404.",
  params: TokenParams,
  query: NoQuery,
  response: TokenSchema,
  status: 200,
  responseDescription: 'The token record.',
  errors: ['invalid_parameter', 'user_not_found', 'token_not_found'],
  example: { path: '/admin/users/1/tokens/1' },
  async handler({ params, services }) {
    return toTokenBody(await tokenOrNotFound(services.store, params.user_id, params.token_id));
  },
});

export const revokeTokenRoute = defineAdminRoute({
  operationId: 'adminRevokeToken',
  method: 'DELETE',
  path: '/admin/users/{user_id}/tokens/{token_id}',
  tag: 'admin-tokens',
  summary: 'Revoke a token',
  description:
    'The token stops working within about a second. Revoking a revoked token changes nothing.',
  params: TokenParams,
  query: NoQuery,
  status: 204,
  responseDescription: 'Revoked.',
  errors: ['invalid_parameter', 'user_not_found', 'token_not_found'],
  example: { path: '/admin/users/1/tokens/1' },
  async handler({ params, services }) {
    await tokenOrNotFound(services.store, params.user_id, params.token_id);
    await revokeTokenById(services.store.db, params.token_id, nowIso());
    return undefined;
  },
});

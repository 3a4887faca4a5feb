// The token's user: who they are here and which platform accounts they linked. Never a
// credential, and never why a platform refused one (platform wording is the admin API's).
import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { PLATFORMS } from '../../domain/catalog.ts';
import type { AccountOverview } from '../../storage/repositories/user-overview.ts';
import { defineOperation } from '../operation.ts';
import { HttpProblem, TOKEN_SOURCE } from '../problems.ts';
import { literals } from '../schemas.ts';
import { NoQuery } from './common.ts';

const Time = (description: string) => Type.String({ format: 'date-time', description });

export const LinkedAccountSchema = Type.Object(
  {
    platform: literals(PLATFORMS, { description: 'The platform of the account.' }),
    platform_user_id: Type.String({ description: "The platform's id of the user." }),
    display_name: Type.Optional(
      Type.String({ description: 'The name the user linked with, where the platform has one.' }),
    ),
    linked_at: Time('When the account was first linked.'),
    needs_linking_again: Type.Boolean({
      description:
        'The platform refused the stored credentials: the account is not synced until the user ' +
        'links it again.',
    }),
    leagues: Type.Integer({ minimum: 0, description: "The user's leagues on this platform." }),
    last_sync: Type.Optional(
      Type.Object(
        {
          started_at: Time('When the last sync of the account started.'),
          finished_at: Type.Optional(Time('When it finished.')),
          outcome: Type.String({ description: 'running, ok, partial, failed or interrupted.' }),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);

export const UserSchema = Type.Object(
  {
    user_id: Type.Integer({ minimum: 1, description: "The service's id of the user." }),
    name: Type.String({ description: 'The user name the operator gave the user.' }),
    accounts: Type.Array(LinkedAccountSchema, {
      description: 'Linked platform accounts, ordered by platform.',
    }),
  },
  { additionalProperties: false },
);
export type UserBody = Static<typeof UserSchema>;

function toAccountBody(account: AccountOverview): Static<typeof LinkedAccountSchema> {
  const run = account.lastSync;
  return {
    platform: account.platform,
    platform_user_id: account.externalUserId,
    ...(account.username !== undefined && { display_name: account.username }),
    linked_at: account.linkedAt,
    needs_linking_again: account.needsLinkingAgain,
    leagues: account.leagues,
    ...(run !== undefined && {
      last_sync: {
        started_at: run.startedAt,
        ...(run.finishedAt !== undefined && { finished_at: run.finishedAt }),
        outcome: run.outcome,
      },
    }),
  };
}

export const getUser = defineOperation({
  id: 'getUser',
  path: '/user',
  product: 'user',
  params: Type.Object({}),
  query: NoQuery,
  response: UserSchema,
  async handle(context) {
    const user = await context.read.findUserOverview(context.principal.userId);
    // The token outlived its user only between a deletion and the token cache's expiry.
    if (user === undefined)
      throw new HttpProblem('token_invalid', `the token is not valid; ${TOKEN_SOURCE}`);
    return {
      user_id: user.userId,
      name: user.name,
      accounts: user.accounts.map(toAccountBody),
    };
  },
});

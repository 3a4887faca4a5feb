// A league's drafts with their picks, and the picks of drafts not held yet (who owns them now).
import { Type } from '@sinclair/typebox';
import { defineOperation } from '../operation.ts';
import { DraftsSchema, toDraftsBody } from '../transaction-schemas.ts';
import { LeagueIdParam, NoQuery, leagueOrNotFound } from './common.ts';

export const getDraft = defineOperation({
  id: 'getDraft',
  path: '/league/draft/{league_id}',
  product: 'transaction',
  params: Type.Object({ league_id: LeagueIdParam }),
  query: NoQuery,
  response: DraftsSchema,
  async handle(context, { league_id }) {
    const league = await leagueOrNotFound(context, league_id);
    const { drafts, futurePicks, names } = await context.read.listDrafts(league);
    return toDraftsBody(drafts, futurePicks, names);
  },
});

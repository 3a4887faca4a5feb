// The league's teams with their details (the `team` product), by roster_id.
import { Type } from '@sinclair/typebox';
import { defineOperation } from '../operation.ts';
import { TeamListSchema, toTeamBody } from '../team-schemas.ts';
import { LeagueIdParam, NoQuery, leagueOrNotFound } from './common.ts';

export const listTeams = defineOperation({
  id: 'listTeams',
  path: '/league/teams/{league_id}',
  product: 'team',
  params: Type.Object({ league_id: LeagueIdParam }),
  query: NoQuery,
  response: TeamListSchema,
  async handle(context, { league_id }) {
    const league = await leagueOrNotFound(context, league_id);
    return (await context.read.listTeams(league)).map(toTeamBody);
  },
});

// The league's schedule and results (the `team` product), of one week or every week.
import { Type } from '@sinclair/typebox';
import { defineOperation } from '../operation.ts';
import { MatchupListSchema, toMatchupBody } from '../team-schemas.ts';
import { LeagueIdParam, leagueOrNotFound } from './common.ts';

/** Above any platform's schedule (ESPN counts matchup periods, not days, for baseball). */
export const MAX_WEEK = 100;

export const listMatchups = defineOperation({
  id: 'listMatchups',
  path: '/league/matchups/{league_id}',
  product: 'team',
  params: Type.Object({ league_id: LeagueIdParam }),
  query: Type.Object(
    {
      week: Type.Optional(
        Type.Integer({
          minimum: 1,
          maximum: MAX_WEEK,
          description:
            "Only this week (or matchup period, as the league's platform numbers them); omit for every week.",
        }),
      ),
    },
    { additionalProperties: false },
  ),
  response: MatchupListSchema,
  async handle(context, { league_id }, { week }) {
    const league = await leagueOrNotFound(context, league_id);
    return (await context.read.listMatchups(league, week)).map(toMatchupBody);
  },
});

// A week's box score (every team's lineup with points), or the current lineup, of the league or
// one team of it (the `team` product).
import { Type } from '@sinclair/typebox';
import { defineOperation } from '../operation.ts';
import { invalidParameter } from '../problems.ts';
import { LineupsSchema, toLineupsBody } from '../game-schemas.ts';
import { LeagueIdParam, leagueOrNotFound } from './common.ts';
import { MAX_WEEK } from './matchups.ts';
import { MAX_ROSTER_ID_LENGTH } from './team.ts';

export const listLineups = defineOperation({
  id: 'listLineups',
  path: '/league/lineups/{league_id}',
  product: 'team',
  params: Type.Object({ league_id: LeagueIdParam }),
  query: Type.Object(
    {
      week: Type.Optional(
        Type.Integer({
          minimum: 1,
          maximum: MAX_WEEK,
          description:
            "That week's lineups with points (as /league/matchups numbers weeks); omit for the " +
            'current lineup.',
        }),
      ),
      roster_id: Type.Optional(
        Type.String({
          minLength: 1,
          maxLength: MAX_ROSTER_ID_LENGTH,
          description: "Only this team (a Player's fantasy_team_roster_id).",
        }),
      ),
    },
    { additionalProperties: false },
  ),
  response: LineupsSchema,
  async handle(context, { league_id }, { week, roster_id }) {
    const league = await leagueOrNotFound(context, league_id);
    const answer = await context.read.listLineups(league, {
      ...(week !== undefined && { week }),
      ...(roster_id !== undefined && { rosterId: roster_id }),
    });
    if (answer === undefined) {
      throw invalidParameter('roster_id', 'query', `names no team of league ${league_id}`);
    }
    return toLineupsBody(league_id, week, answer.lineups, answer.players, answer.injuries);
  },
});

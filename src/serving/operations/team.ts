// One team of the league with its details and its players (the `team` product).
import { Type } from '@sinclair/typebox';
import { comparePlayerIds } from '../../domain/names.ts';
import { compareText } from '../../domain/order.ts';
import type { Player } from '../../domain/records.ts';
import { defineOperation } from '../operation.ts';
import { HttpProblem, quoteValue } from '../problems.ts';
import { TeamWithPlayersSchema, toTeamWithPlayersBody } from '../team-schemas.ts';
import { LeagueIdParam, NoQuery, leagueOrNotFound } from './common.ts';

export const MAX_ROSTER_ID_LENGTH = 64;

export const getTeam = defineOperation({
  id: 'getTeam',
  path: '/league/teams/{league_id}/{roster_id}',
  product: 'team',
  params: Type.Object({
    league_id: LeagueIdParam,
    roster_id: Type.String({
      minLength: 1,
      maxLength: MAX_ROSTER_ID_LENGTH,
      description:
        "The team's roster_id from the team list (a Player's fantasy_team_roster_id), " +
        'percent-encoded in the path.',
    }),
  }),
  query: NoQuery,
  response: TeamWithPlayersSchema,
  async handle(context, { league_id, roster_id }) {
    const league = await leagueOrNotFound(context, league_id);
    const teams = await context.read.listTeams(league);
    const team = teams.find((candidate) => candidate.rosterId === roster_id);
    if (team === undefined) {
      throw new HttpProblem(
        'team_not_found',
        `no team with roster_id ${quoteValue(roster_id)} in league ${league_id}`,
      );
    }
    // The same Player records the rostered list gives, this team's only.
    const players = (await context.read.listRostered(league))
      .filter((player) => player.fantasyTeamRosterId === roster_id)
      .sort(byNameThenId);
    const injuries = await context.read.findInjuries(
      league,
      players.map((player) => player.playerId),
    );
    return toTeamWithPlayersBody(team, players, injuries);
  },
});

function byNameThenId(a: Player, b: Player): number {
  return compareText(a.fullName, b.fullName) || comparePlayerIds(a.playerId, b.playerId);
}

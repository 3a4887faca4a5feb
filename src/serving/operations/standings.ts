// The league's standings (the `team` product): every team, by the platform's rank.
import { Type } from '@sinclair/typebox';
import { comparePlayerIds as compareIds } from '../../domain/names.ts';
import type { FantasyTeamRecord } from '../../domain/records.ts';
import { defineOperation } from '../operation.ts';
import { StandingsSchema, toStandingBody } from '../team-schemas.ts';
import { LeagueIdParam, NoQuery, leagueOrNotFound } from './common.ts';

export const getStandings = defineOperation({
  id: 'getStandings',
  path: '/league/standings/{league_id}',
  product: 'team',
  params: Type.Object({ league_id: LeagueIdParam }),
  query: NoQuery,
  response: StandingsSchema,
  async handle(context, { league_id }) {
    const league = await leagueOrNotFound(context, league_id);
    return (await context.read.listTeams(league)).sort(byStanding).map(toStandingBody);
  },
});

/** By standing, teams the platform does not rank last; then by roster_id. */
function byStanding(a: FantasyTeamRecord, b: FantasyTeamRecord): number {
  const rankA = a.standing ?? Number.POSITIVE_INFINITY;
  const rankB = b.standing ?? Number.POSITIVE_INFINITY;
  if (rankA !== rankB) return rankA < rankB ? -1 : 1;
  return compareIds(a.rosterId, b.rosterId);
}

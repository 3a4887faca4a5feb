// The MCP tools of the `team` product (issue 29): teams, one team with its players, standings and
// matchups, each from its operation (serving/operations) by toolOf. Answers wrap the API's lists
// in an object (MCP structured content is an object) with the league_id and a count.
import { Type } from '@sinclair/typebox';
import { listMatchups } from '../serving/operations/matchups.ts';
import { getStandings } from '../serving/operations/standings.ts';
import { getTeam } from '../serving/operations/team.ts';
import { listTeams } from '../serving/operations/teams.ts';
import {
  MatchupSchema,
  StandingSchema,
  TeamSchema,
  TeamWithPlayersSchema,
} from '../serving/team-schemas.ts';
import type { MatchupBody, StandingBody, TeamBody } from '../serving/team-schemas.ts';
import { describePlayer, listed } from './summaries.ts';
import { toolOf } from './tool.ts';
import type { ToolDefinition } from './tool.ts';

const leagueId = {
  description: 'The league_id from list_leagues (the service own id, not the platform one).',
};

const rosterIdWords =
  'A team is named by roster_id, the same value as a player fantasy_team_roster_id.';

function recordText(team: Pick<TeamBody, 'record'>): string {
  const { record } = team;
  if (record === undefined) return '';
  return `, ${record.wins}-${record.losses}${record.ties > 0 ? `-${record.ties}` : ''}`;
}

function pointsText(team: Pick<TeamBody, 'points_for' | 'points_against'>): string {
  if (team.points_for === undefined) return '';
  const against = team.points_against === undefined ? '' : `, ${team.points_against} against`;
  return `, ${team.points_for} points for${against}`;
}

export function describeTeam(team: TeamBody | StandingBody): string {
  const name = team.name ?? '(no name)';
  return `${name} (roster_id ${team.roster_id})${recordText(team)}${pointsText(team)}`;
}

function describeMatchup(matchup: MatchupBody): string {
  const sides = matchup.teams
    .map((side) => `${side.roster_id}${side.score === undefined ? '' : ` ${side.score}`}`)
    .join(' vs ');
  const facts = [matchup.status, matchup.kind].filter((fact) => fact !== undefined).join(', ');
  const winner =
    matchup.winner_roster_id === undefined ? '' : `; winner ${matchup.winner_roster_id}`;
  return `week ${matchup.week} #${matchup.matchup_id}: ${sides}${facts === '' ? '' : ` (${facts})`}${winner}`;
}

export function teamTools(): readonly ToolDefinition[] {
  const teams = toolOf(listTeams, {
    name: 'list_teams',
    title: "A league's teams",
    description:
      'Lists the fantasy teams of a league with their managers, win-loss record, points for and ' +
      `against, standing and division, by roster_id. ${rosterIdWords}`,
    fields: { league_id: leagueId },
    output: Type.Object({
      league_id: Type.Integer(),
      count: Type.Integer({ minimum: 0 }),
      teams: Type.Array(TeamSchema),
    }),
    answer(body, { league_id }) {
      const summary =
        body.length === 0
          ? `No teams in league ${league_id}.`
          : `${body.length} teams in league ${league_id}:\n${listed(body.map(describeTeam), 50)}`;
      return { structured: { league_id, count: body.length, teams: body }, summary };
    },
  });

  const team = toolOf(getTeam, {
    name: 'get_team',
    title: 'One team with its players',
    description:
      'Returns one fantasy team of a league by roster_id (from list_teams, or a player ' +
      'fantasy_team_roster_id), with its details and the players on its roster.',
    fields: {
      league_id: leagueId,
      roster_id: { description: 'The team roster_id, e.g. "1".' },
    },
    output: TeamWithPlayersSchema,
    answer(body) {
      const players =
        body.players.length === 0
          ? 'No players on its roster.'
          : `${body.players.length} players:\n${listed(body.players.map(describePlayer), 60)}`;
      return { structured: body, summary: `${describeTeam(body)}\n${players}` };
    },
  });

  const standings = toolOf(getStandings, {
    name: 'get_standings',
    title: "A league's standings",
    description:
      "Every team of a league in the platform's order of its standings (1 first), with records " +
      `and points. ${rosterIdWords}`,
    fields: { league_id: leagueId },
    output: Type.Object({
      league_id: Type.Integer(),
      count: Type.Integer({ minimum: 0 }),
      standings: Type.Array(StandingSchema),
    }),
    answer(body, { league_id }) {
      const lines = body.map(
        (row) => `${row.standing === undefined ? '-' : `${row.standing}.`} ${describeTeam(row)}`,
      );
      const summary =
        body.length === 0
          ? `No teams in league ${league_id}.`
          : `Standings of league ${league_id}:\n${listed(lines, 50)}`;
      return { structured: { league_id, count: body.length, standings: body }, summary };
    },
  });

  const matchups = toolOf(listMatchups, {
    name: 'list_matchups',
    title: "A league's matchups",
    description:
      'Lists the matchups of a league, of one week or of every week: the teams meeting, their ' +
      `scores, the status and the winner, by week. ${rosterIdWords}`,
    fields: { league_id: leagueId },
    output: Type.Object({
      league_id: Type.Integer(),
      count: Type.Integer({ minimum: 0 }),
      matchups: Type.Array(MatchupSchema),
    }),
    answer(body, { league_id }, { week }) {
      const which = week === undefined ? '' : ` in week ${week}`;
      const summary =
        body.length === 0
          ? `No matchups${which} in league ${league_id}.`
          : `${body.length} matchups${which} in league ${league_id}:\n` +
            listed(body.map(describeMatchup), 60);
      return { structured: { league_id, count: body.length, matchups: body }, summary };
    },
  });

  return [teams, team, standings, matchups];
}

// GET /league/teams/{league_id}, /league/teams/{league_id}/{roster_id},
// /league/standings/{league_id} and /league/matchups/{league_id}: the `team` product
// (serving/operations), JSON or XML.
import { listMatchups as listMatchupsOperation } from '../../serving/operations/matchups.ts';
import { getStandings as getStandingsOperation } from '../../serving/operations/standings.ts';
import { getTeam as getTeamOperation } from '../../serving/operations/team.ts';
import { listTeams as listTeamsOperation } from '../../serving/operations/teams.ts';
import { bodyXml } from '../../serving/xml.ts';
import { XML_TYPES } from '../negotiate.ts';
import { defineRoute } from '../route.ts';

const ROSTER_ID_WORDS =
  "A team is named by `roster_id`, the same value as a Player record's `fantasy_team_roster_id`.";

export const listTeams = defineRoute(listTeamsOperation, {
  tag: 'team',
  summary: "List the league's teams",
  description:
    'Every fantasy team of the league with what its platform says of it: name, abbreviation, ' +
    'logo, managers, win-loss record, points for and against, standing and division. Ordered ' +
    `by roster_id (integers by value, then text). ${ROSTER_ID_WORDS}`,
  contractHeader: 'auth_token',
  responseDescription: 'The teams.',
  produces: ['application/json', ...XML_TYPES],
  xml: (body) => bodyXml('Teams', body, 'Team'),
  errors: ['invalid_parameter', 'league_not_found', 'not_acceptable'],
  example: '/league/teams/11',
});

export const getTeam = defineRoute(getTeamOperation, {
  tag: 'team',
  summary: 'Get one team with its players',
  description:
    'The Team record of one team of the league, with `players`: the Player records of its ' +
    'roster (the records the rostered list gives), ordered by full_name, then player_id. ' +
    `An unknown roster_id is \`404 team_not_found\`. ${ROSTER_ID_WORDS}`,
  contractHeader: 'auth_token',
  responseDescription: 'The team and its players.',
  produces: ['application/json', ...XML_TYPES],
  xml: (body) => bodyXml('Team', body),
  errors: ['invalid_parameter', 'league_not_found', 'team_not_found', 'not_acceptable'],
  example: '/league/teams/11/1',
});

export const getStandings = defineRoute(getStandingsOperation, {
  tag: 'team',
  summary: "Get the league's standings",
  description:
    "Every team of the league in the platform's order of its standings (`standing` 1 first; " +
    'teams the platform does not rank last), then by roster_id, with their records and points. ' +
    ROSTER_ID_WORDS,
  contractHeader: 'auth_token',
  responseDescription: 'The standings.',
  produces: ['application/json', ...XML_TYPES],
  xml: (body) => bodyXml('Standings', body, 'Standing'),
  errors: ['invalid_parameter', 'league_not_found', 'not_acceptable'],
  example: '/league/standings/11',
});

export const listMatchups = defineRoute(listMatchupsOperation, {
  tag: 'team',
  summary: "List the league's matchups",
  description:
    'The matchups of the league (of one week with `week`), ordered by week, then matchup_id: ' +
    'the teams meeting with their scores, the status and kind where the platform says, and the ' +
    `winner. A week with no matchup gives \`[]\`. ${ROSTER_ID_WORDS}`,
  contractHeader: 'auth_token',
  responseDescription: 'The matchups.',
  produces: ['application/json', ...XML_TYPES],
  xml: (body) => bodyXml('Matchups', body, 'Matchup'),
  errors: ['invalid_parameter', 'league_not_found', 'not_acceptable'],
  example: '/league/matchups/11?week=1',
});

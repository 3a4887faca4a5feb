// GET /league/rules/{league_id}, /league/lineups/{league_id}, /league/history/{league_id} and
// /players/{league_id}/injury/{player_id}: the game of a league (issue 38, serving/operations),
// as JSON or XML.
import { getHistory as getHistoryOperation } from '../../serving/operations/history.ts';
import { listLineups as listLineupsOperation } from '../../serving/operations/lineups.ts';
import { getPlayerInjury as getPlayerInjuryOperation } from '../../serving/operations/player-injury.ts';
import { getRules as getRulesOperation } from '../../serving/operations/rules.ts';
import { bodyXml } from '../../serving/xml.ts';
import { XML_TYPES } from '../negotiate.ts';
import { defineRoute } from '../route.ts';

export const getRules = defineRoute(getRulesOperation, {
  tag: 'league',
  summary: "Get the league's scoring rules and roster slots",
  description:
    "How the league scores (`scoring_type`; every scoring rule with the platform's stat id and " +
    "name, the service's `stat_key` where one exists, points per unit, thresholds, bonuses and " +
    'positions; the categories of a category league), its lineup slots with their counts (the ' +
    "service's slot name and the platform's beside it), playoffs, waivers, the trade deadline " +
    'and the first and last week, as far as the platform gives them: what it does not give is ' +
    'absent. A league whose rules are not synced yet answers empty lists.',
  contractHeader: 'auth_token',
  responseDescription: 'The rules.',
  produces: ['application/json', ...XML_TYPES],
  xml: (body) => bodyXml('Rules', body),
  errors: ['invalid_parameter', 'league_not_found', 'not_acceptable'],
  example: '/league/rules/11',
});

export const listLineups = defineRoute(listLineupsOperation, {
  tag: 'team',
  summary: "Get a week's lineups with points, or the current lineup",
  description:
    "With `week`: that week's box score, every team's players in their slots (starters first, " +
    'then bench, reserve and taxi) with their points and projections where the platform gives ' +
    "them; a team's `points` is the score /league/matchups gives that team that week. Without " +
    '`week`: the current lineup, the slot of every rostered player as the last full sync read ' +
    'it, without points; on game day live refreshes rewrite only the week in play, so read that ' +
    'week to follow its slots. ' +
    '`roster_id` narrows it to one team (400 for one that is no team of the league). Players ' +
    "carry full_name, position and irl_team from the league's pool and their injury where the " +
    'platform lists one. A week not synced gives no teams.',
  contractHeader: 'auth_token',
  responseDescription: 'The lineups.',
  produces: ['application/json', ...XML_TYPES],
  xml: (body) => bodyXml('Lineups', body),
  errors: ['invalid_parameter', 'league_not_found', 'not_acceptable'],
  example: '/league/lineups/11?week=1',
});

export const getHistory = defineRoute(getHistoryOperation, {
  tag: 'league',
  summary: "List the league's seasons",
  description:
    'The same league in every season its platform links, oldest first: the season, the ' +
    "platform's id of the league that season, and this service's league_id for it when the " +
    "token's user has that season synced (and it is a served season), else null. A league " +
    'whose platform links no other season gives its own season alone.',
  contractHeader: 'auth_token',
  responseDescription: 'The seasons.',
  produces: ['application/json', ...XML_TYPES],
  xml: (body) => bodyXml('Seasons', body, 'Season'),
  // league_id depends on the user's own leagues: never shared between users through the cache.
  fresh: true,
  errors: ['invalid_parameter', 'league_not_found', 'not_acceptable'],
  example: '/league/history/11',
});

export const getPlayerInjury = defineRoute(getPlayerInjuryOperation, {
  tag: 'player',
  summary: "Get a player's injury",
  description:
    "The injury of any player of the league's pool: the status (normalized: questionable, " +
    "doubtful, out, injured_reserve, suspended...) and the platform's designation and note, as " +
    "the league's platform lists it; `injury` is null for a player it does not list as hurt " +
    'or unavailable.',
  contractHeader: 'auth_token',
  responseDescription: "The player's injury.",
  produces: ['application/json', ...XML_TYPES],
  xml: (body) => bodyXml('PlayerInjury', body),
  errors: ['invalid_parameter', 'league_not_found', 'player_not_found', 'not_acceptable'],
  example: '/players/11/injury/4046',
});

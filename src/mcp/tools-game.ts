// The MCP tools of the game (issue 38): a league's rules, a week's lineups or the current one,
// the league's seasons and a player's injury, each from its operation (serving/operations) by
// toolOf. Lists are wrapped in an object (MCP structured content is an object).
import { Type } from '@sinclair/typebox';
import { getHistory } from '../serving/operations/history.ts';
import { listLineups } from '../serving/operations/lineups.ts';
import { getPlayerInjury } from '../serving/operations/player-injury.ts';
import { getRules } from '../serving/operations/rules.ts';
import { LineupsSchema, PlayerInjurySchema, SeasonSchema } from '../serving/game-schemas.ts';
import type { InjuryBody, LineupsBody } from '../serving/game-schemas.ts';
import { RulesSchema } from '../serving/rules-schemas.ts';
import type { RulesBody } from '../serving/rules-schemas.ts';
import { listed } from './summaries.ts';
import { toolOf } from './tool.ts';
import type { ToolDefinition } from './tool.ts';

const leagueId = {
  description: 'The league_id from list_leagues (the service own id, not the platform one).',
};

function injuryText(injury: InjuryBody | null | undefined): string {
  if (injury === undefined || injury === null) return '';
  return ` [${injury.status}${injury.note === undefined ? '' : `: ${injury.note}`}]`;
}

type ScoringRuleBody = RulesBody['scoring_rules'][number];

/** Where a rule applies: without its range, "field_goals_made: 4" reads as every field goal. */
function ruleRange({ min, max, bonus }: ScoringRuleBody): string {
  const range =
    min !== undefined && max !== undefined
      ? min === max
        ? `${min}`
        : `${min} to ${max}`
      : min !== undefined
        ? `${min} or more`
        : max !== undefined
          ? `up to ${max}`
          : undefined;
  if (bonus === true) return range === undefined ? ' bonus' : ` bonus at ${range}`;
  return range === undefined ? '' : ` for ${range}`;
}

function describeRules(body: RulesBody): string {
  const lines = [
    `Scoring: ${body.scoring_type ?? 'not said'}.`,
    ...body.scoring_rules.map(
      (rule) =>
        `${rule.stat_key ?? rule.stat_name ?? rule.stat_id}: ${rule.points}` +
        `${rule.per === undefined ? '' : ` per ${rule.per}`}${ruleRange(rule)}` +
        `${rule.positions === undefined ? '' : ` (${rule.positions.join(', ')})`}`,
    ),
    ...body.categories.map(
      (c) =>
        `category ${c.stat_key ?? c.stat_name ?? c.stat_id}` +
        `${c.lower_is_better === true ? ' (lower is better)' : ''}`,
    ),
  ];
  const slots = body.roster_slots.map((slot) => `${slot.count} ${slot.slot}`).join(', ');
  if (slots !== '') lines.push(`Lineup: ${slots}.`);
  if (body.playoffs?.teams !== undefined) lines.push(`Playoffs: ${body.playoffs.teams} teams.`);
  if (body.waivers?.type !== undefined) lines.push(`Waivers: ${body.waivers.type}.`);
  return listed(lines, 80);
}

function describeLineups(body: LineupsBody): string {
  const lines = body.teams.flatMap((team) => [
    `Team ${team.fantasy_team_roster_id}${team.points === undefined ? '' : `: ${team.points} points`}`,
    ...team.players.map(
      (p) =>
        `  ${p.slot} ${p.full_name ?? p.player_id}${p.points === undefined ? '' : ` ${p.points}`}` +
        injuryText(p.injury),
    ),
  ]);
  return listed(lines, 300);
}

export function gameTools(): readonly ToolDefinition[] {
  const rules = toolOf(getRules, {
    name: 'get_rules',
    title: "A league's scoring rules and lineup slots",
    description:
      'Returns how a league scores (the scoring type, every scoring rule with points per unit, ' +
      'bonuses and positions, the categories of a category league), its lineup slots with counts, ' +
      'playoffs, waivers and the trade deadline, as far as its platform gives them.',
    fields: { league_id: leagueId },
    output: RulesSchema,
    answer(body) {
      const none =
        body.roster_slots.length === 0 &&
        body.scoring_rules.length === 0 &&
        body.categories.length === 0;
      const summary = none
        ? `No rules synced for league ${body.league_id}.`
        : `Rules of league ${body.league_id}:\n${describeRules(body)}`;
      return { structured: body, summary };
    },
  });

  const lineups = toolOf(listLineups, {
    name: 'get_lineups',
    title: "A week's lineups with points, or the current lineup",
    description:
      "With week: that week's box score, every team's players in their slots with their points " +
      "(a team's points equal its matchup score that week). Without week: the current lineup, " +
      'as the last full sync read it (on game day, ask for the week in play to follow it). ' +
      'roster_id keeps one team (a player fantasy_team_roster_id).',
    fields: { league_id: leagueId },
    output: LineupsSchema,
    answer(body) {
      const which = body.week === undefined ? 'Current lineups' : `Week ${body.week} lineups`;
      const summary =
        body.teams.length === 0
          ? `${which}: none synced for league ${body.league_id}.`
          : `${which} of league ${body.league_id}:\n${describeLineups(body)}`;
      return { structured: body, summary };
    },
  });

  const history = toolOf(getHistory, {
    name: 'get_league_history',
    title: "A league's seasons",
    description:
      'Lists the seasons of the same league, oldest first, with the platform league id of each ' +
      'and the league_id to use with the other tools where that season is synced (else null).',
    fields: { league_id: leagueId },
    output: Type.Object({
      league_id: Type.Integer(),
      count: Type.Integer({ minimum: 0 }),
      seasons: Type.Array(SeasonSchema),
    }),
    answer(body, { league_id }) {
      const lines = body.map(
        (s) =>
          `${s.season}: ${s.league_id === null ? 'not synced' : `league_id ${s.league_id}`}` +
          ` (platform id ${s.platform_league_id})`,
      );
      return {
        structured: { league_id, count: body.length, seasons: body },
        summary: `Seasons of league ${league_id}:\n${listed(lines, 50)}`,
      };
    },
  });

  const injury = toolOf(getPlayerInjury, {
    name: 'get_player_injury',
    title: "A player's injury",
    description:
      "Returns a player's injury as the league's platform lists it: a status (questionable, " +
      "out, injured_reserve, suspended...), the platform's designation and a note; null for a " +
      'player not listed as hurt or unavailable.',
    fields: { league_id: leagueId, player_id: { description: "The platform's player id." } },
    output: PlayerInjurySchema,
    answer(body) {
      const summary =
        body.injury === null
          ? `${body.full_name} (${body.player_id}) is not listed as injured.`
          : `${body.full_name} (${body.player_id}): ${body.injury.status}, ` +
            `"${body.injury.designation}"${body.injury.note === undefined ? '' : `, ${body.injury.note}`}.`;
      return { structured: body, summary };
    },
  });

  return [rules, lineups, history, injury];
}

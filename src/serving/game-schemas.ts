// The game's resources (issue 38): a league's rules, a week's lineups (its box score) or the
// current lineup, a player's injury and the league's seasons, as TypeBox schemas, and the only
// mappers from the domain's records to them. Teams are named by fantasy_team_roster_id, the value
// a Player's field of that name carries. Optional members are absent when the platform does not
// give them, never null (but the two nulls the resources name: a season not synced, no injury).
import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import {
  INJURY_STATUSES,
  LINEUP_SLOTS,
  SCORING_TYPES,
  STAT_KEYS,
  WAIVER_TYPES,
  slotGroup,
} from '../domain/game.ts';
import type {
  CategoryRecord,
  InjuryRecord,
  LeagueRules,
  RosterSlotRecord,
  ScoringRuleRecord,
  TeamLineupRecord,
} from '../domain/game.ts';
import { literals } from './schemas.ts';

const Week = (description: string) => Type.Integer({ minimum: 1, description });
const StatId = Type.String({
  description: "The platform's id of the stat (Sleeper's `pass_yd`, ESPN's `3`, MFL's `#P`).",
});
const StatName = Type.Optional(Type.String({ description: "The platform's name of the stat." }));
const StatKey = Type.Optional(
  literals(STAT_KEYS, { description: "The service's name of the stat, where it maps to one." }),
);

const ScoringRuleSchema = Type.Object(
  {
    stat_id: StatId,
    stat_name: StatName,
    stat_key: StatKey,
    points: Type.Number({
      description: 'Points for every `per` units of the stat (each unit without `per`); a bonus.',
    }),
    per: Type.Optional(Type.Number()),
    min: Type.Optional(
      Type.Number({ description: 'The rule applies from this value of the stat.' }),
    ),
    max: Type.Optional(Type.Number({ description: 'The rule applies up to this value.' })),
    bonus: Type.Optional(
      Type.Boolean({ description: 'true: `points` once when the stat reaches `min`.' }),
    ),
    positions: Type.Optional(
      Type.Array(Type.String(), {
        description: 'Only players at these positions (a tight-end premium); absent: every one.',
      }),
    ),
  },
  { additionalProperties: false },
);

const CategorySchema = Type.Object(
  {
    stat_id: StatId,
    stat_name: StatName,
    stat_key: StatKey,
    lower_is_better: Type.Optional(Type.Boolean({ description: 'ERA, WHIP, turnovers.' })),
  },
  { additionalProperties: false },
);

const SlotSchema = literals(LINEUP_SLOTS, {
  description:
    "The service's name of the slot: QB RB WR TE K DEF DL LB DB IDP_FLEX FLEX SUPER_FLEX, the " +
    "baseball and basketball positions, UTIL, BN (bench), IR, TAXI, NA; OTHER for a platform's " +
    'slot the list lacks (`platform_slot` names it).',
});
const PlatformSlot = Type.String({ description: "The platform's name or id of the slot." });

const RosterSlotSchema = Type.Object(
  {
    slot: SlotSchema,
    platform_slot: PlatformSlot,
    count: Type.Integer({ minimum: 0 }),
    eligible_positions: Type.Optional(
      Type.Array(Type.String(), { description: 'Where the platform lists them (a flex slot).' }),
    ),
  },
  { additionalProperties: false },
);

export const RulesSchema = Type.Object(
  {
    league_id: Type.Integer({ format: 'int64' }),
    scoring_type: Type.Optional(literals(SCORING_TYPES)),
    scoring_rules: Type.Array(ScoringRuleSchema, {
      description: 'Empty for a category or rotisserie league, and before rules are synced.',
    }),
    categories: Type.Array(CategorySchema, {
      description: "A category or rotisserie league's categories; empty otherwise.",
    }),
    roster_slots: Type.Array(RosterSlotSchema, {
      description: 'The lineup slots with their counts; empty before rules are synced.',
    }),
    playoffs: Type.Optional(
      Type.Object(
        {
          teams: Type.Optional(Type.Integer({ minimum: 0 })),
          first_week: Type.Optional(Week('The first week or scoring period of the playoffs.')),
        },
        { additionalProperties: false },
      ),
    ),
    waivers: Type.Optional(
      Type.Object(
        {
          type: Type.Optional(
            literals(WAIVER_TYPES, {
              description:
                'faab: blind bids from a budget; rolling: the claimant moves to last; ' +
                'reverse_standings: worst team first; none: free agents only.',
            }),
          ),
          platform_type: Type.Optional(Type.String({ description: "The platform's word for it." })),
          faab_budget: Type.Optional(Type.Number({ description: "Each team's season budget." })),
        },
        { additionalProperties: false },
      ),
    ),
    trade_deadline_week: Type.Optional(Week('The last week trades are allowed in.')),
    trade_deadline_at: Type.Optional(
      Type.String({ format: 'date-time', description: 'When trades end (UTC).' }),
    ),
    first_week: Type.Optional(Week('The first scoring period of the season.')),
    last_week: Type.Optional(Week('The last scoring period, the playoffs included.')),
  },
  { additionalProperties: false, xml: { name: 'Rules' } },
);
export type RulesBody = Static<typeof RulesSchema>;

export const InjurySchema = Type.Object(
  {
    status: literals(INJURY_STATUSES, {
      description:
        "The service's status: physically_unable is a PUP list, not_active a player listed " +
        'inactive or in the minors, other a designation the list lacks (see `designation`).',
    }),
    designation: Type.String({ description: "The platform's designation (`Q`, `IR`, `Sus`)." }),
    note: Type.Optional(Type.String({ description: 'What and where, where said (`Hamstring`).' })),
  },
  { additionalProperties: false },
);
export type InjuryBody = Static<typeof InjurySchema>;

const LineupPlayerSchema = Type.Object(
  {
    player_id: Type.String({ description: "The platform's own player id." }),
    full_name: Type.Optional(
      Type.String({ description: "From the league's player pool; absent if the pool lacks it." }),
    ),
    position: Type.Optional(Type.String({ description: "From the league's player pool." })),
    irl_team: Type.Optional(Type.String({ description: "From the league's player pool." })),
    slot: SlotSchema,
    platform_slot: PlatformSlot,
    slot_group: literals(['starter', 'bench', 'reserve', 'taxi'] as const, {
      description: 'What the slot makes of the player: reserve is IR and NA.',
    }),
    points: Type.Optional(Type.Number({ description: 'Points scored in the week, as given.' })),
    projected_points: Type.Optional(Type.Number()),
    injury: Type.Optional(InjurySchema),
  },
  { additionalProperties: false },
);

const TeamLineupSchema = Type.Object(
  {
    fantasy_team_roster_id: Type.String({
      description: "The team's roster_id (a Player's fantasy_team_roster_id).",
    }),
    points: Type.Optional(
      Type.Number({
        description: "The team's total: the score /league/matchups gives the team that week.",
      }),
    ),
    projected_points: Type.Optional(Type.Number()),
    players: Type.Array(LineupPlayerSchema, {
      description: 'Starters first in the platform order, then bench, reserve and taxi.',
    }),
  },
  { additionalProperties: false },
);

export const LineupsSchema = Type.Object(
  {
    league_id: Type.Integer({ format: 'int64' }),
    week: Type.Optional(Week('The week asked for; absent for the current lineup.')),
    teams: Type.Array(TeamLineupSchema, {
      description: 'Ordered by roster id (integers by value, then text).',
    }),
  },
  { additionalProperties: false, xml: { name: 'Lineups' } },
);
export type LineupsBody = Static<typeof LineupsSchema>;

export const SeasonSchema = Type.Object(
  {
    season: Type.Integer({ description: 'The year the season starts.' }),
    platform_league_id: Type.String({
      description: "The platform's id of the league that season.",
    }),
    league_id: Type.Union([Type.Integer({ format: 'int64' }), Type.Null()], {
      description:
        "This service's league_id of that season's league when the token's user has it synced " +
        'and its season is served; null otherwise.',
    }),
  },
  { additionalProperties: false, xml: { name: 'Season' } },
);

export const HistorySchema = Type.Array(SeasonSchema, {
  description: "The league's seasons, oldest first.",
  xml: { name: 'Seasons', wrapped: true },
});
export type HistoryBody = Static<typeof HistorySchema>;

export const PlayerInjurySchema = Type.Object(
  {
    player_id: Type.String({ description: "The platform's own player id." }),
    full_name: Type.String(),
    injury: Type.Union([InjurySchema, Type.Null()], {
      description: 'null: the platform lists the player as neither hurt nor unavailable.',
    }),
  },
  { additionalProperties: false, xml: { name: 'PlayerInjury' } },
);
export type PlayerInjuryBody = Static<typeof PlayerInjurySchema>;

/** Named in the OpenAPI document's components. */
export const GAME_NAMED_SCHEMAS = [
  ['Rules', RulesSchema],
  ['Lineups', LineupsSchema],
  ['Season', SeasonSchema],
  ['Injury', InjurySchema],
  ['PlayerInjury', PlayerInjurySchema],
] as const;

export function toInjuryBody(injury: InjuryRecord): InjuryBody {
  return { status: injury.status, designation: injury.designation, note: injury.note };
}

function toScoringRuleBody(rule: ScoringRuleRecord) {
  return {
    stat_id: rule.statId,
    stat_name: rule.statName,
    stat_key: rule.statKey,
    points: rule.points,
    per: rule.per,
    min: rule.min,
    max: rule.max,
    bonus: rule.bonus,
    positions: rule.positions && [...rule.positions],
  };
}

function toCategoryBody(category: CategoryRecord) {
  return {
    stat_id: category.statId,
    stat_name: category.statName,
    stat_key: category.statKey,
    lower_is_better: category.lowerIsBetter,
  };
}

function toRosterSlotBody(slot: RosterSlotRecord) {
  return {
    slot: slot.slot,
    platform_slot: slot.platformSlot,
    count: slot.count,
    eligible_positions: slot.eligiblePositions && [...slot.eligiblePositions],
  };
}

/** `rules` undefined: none synced, empty lists. */
export function toRulesBody(leagueId: number, rules: LeagueRules | undefined): RulesBody {
  const playoffs = rules?.playoffs;
  const waivers = rules?.waivers;
  return {
    league_id: leagueId,
    scoring_type: rules?.scoringType,
    scoring_rules: (rules?.scoring ?? []).map(toScoringRuleBody),
    categories: (rules?.categories ?? []).map(toCategoryBody),
    roster_slots: (rules?.rosterSlots ?? []).map(toRosterSlotBody),
    playoffs: playoffs && { teams: playoffs.teams, first_week: playoffs.firstPeriod },
    waivers: waivers && {
      type: waivers.type,
      platform_type: waivers.platformType,
      faab_budget: waivers.faabBudget,
    },
    trade_deadline_week: rules?.tradeDeadlinePeriod,
    trade_deadline_at: rules?.tradeDeadlineAt,
    first_week: rules?.firstPeriod,
    last_week: rules?.lastPeriod,
  };
}

/** The pool's facts of a lineup's player, where the pool holds him. */
export interface LineupPlayerFacts {
  fullName: string;
  position?: string;
  irlTeam?: string;
}

export function toLineupsBody(
  leagueId: number,
  week: number | undefined,
  lineups: readonly TeamLineupRecord[],
  players: ReadonlyMap<string, LineupPlayerFacts>,
  injuries: ReadonlyMap<string, InjuryRecord>,
): LineupsBody {
  return {
    league_id: leagueId,
    week,
    teams: lineups.map((lineup) => ({
      fantasy_team_roster_id: lineup.rosterId,
      points: lineup.points,
      projected_points: lineup.projectedPoints,
      players: lineup.entries.map((entry) => {
        const player = players.get(entry.playerId);
        const injury = injuries.get(entry.playerId);
        return {
          player_id: entry.playerId,
          full_name: player?.fullName,
          position: player?.position,
          irl_team: player?.irlTeam,
          slot: entry.slot,
          platform_slot: entry.platformSlot,
          slot_group: slotGroup(entry.slot),
          points: entry.points,
          projected_points: entry.projectedPoints,
          injury: injury && toInjuryBody(injury),
        };
      }),
    })),
  };
}

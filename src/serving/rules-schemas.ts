// A league's rules (issue 38) as the API serves them: the Rules record with its scoring rules,
// categories and roster slots as TypeBox schemas, and the only mapper from the domain's
// LeagueRules to it. Optional members are absent when the platform does not give them.
import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { SCORING_TYPES, STAT_KEYS, WAIVER_TYPES } from '../domain/game.ts';
import type {
  CategoryRecord,
  LeagueRules,
  RosterSlotRecord,
  ScoringRuleRecord,
} from '../domain/game.ts';
import { PlatformSlot, SlotSchema, Week } from './game-schemas.ts';
import { literals } from './schemas.ts';

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

/** Named in the OpenAPI document's components. */
export const RULES_NAMED_SCHEMAS = [['Rules', RulesSchema]] as const;

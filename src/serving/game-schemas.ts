// The game's resources (issue 38): a week's lineups (its box score) or the current lineup, a
// player's injury and the league's seasons, as TypeBox schemas, and the only mappers from the
// domain's records to them (the rules are rules-schemas.ts'). Teams are named by fantasy_team_roster_id, the value
// a Player's field of that name carries. Optional members are absent when the platform does not
// give them, never null (but the two nulls the resources name: a season not synced, no injury).
import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { INJURY_STATUSES, LINEUP_SLOTS, slotGroup } from '../domain/game.ts';
import type { InjuryRecord, TeamLineupRecord } from '../domain/game.ts';
import { literals } from './schemas.ts';

export const Week = (description: string) => Type.Integer({ minimum: 1, description });

export const SlotSchema = literals(LINEUP_SLOTS, {
  description:
    "The service's name of the slot: QB RB WR TE K DEF DL LB DB IDP_FLEX FLEX SUPER_FLEX, the " +
    "baseball and basketball positions, UTIL, BN (bench), IR, TAXI, NA; OTHER for a platform's " +
    'slot the list lacks (`platform_slot` names it).',
});
export const PlatformSlot = Type.String({ description: "The platform's name or id of the slot." });

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
  ['Lineups', LineupsSchema],
  ['Season', SeasonSchema],
  ['Injury', InjurySchema],
  ['PlayerInjury', PlayerInjurySchema],
] as const;

export function toInjuryBody(injury: InjuryRecord): InjuryBody {
  return { status: injury.status, designation: injury.designation, note: injury.note };
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

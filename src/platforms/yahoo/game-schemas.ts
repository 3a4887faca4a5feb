// The slice of Yahoo's league settings and week rosters the game (rules, lineups) reads, checked
// the moment a body arrives like schemas.ts does. The settings fields ride on the call
// activity.ts already makes (`;out=settings,...`); the week rosters are one call per week.
import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import { YahooPlayer } from './schemas.ts';

const Key = Type.String({ minLength: 1 });
const Digits = Type.Union([Type.String({ pattern: '^[0-9]+$' }), Type.Integer({ minimum: 0 })]);
const TextOrNone = Type.Optional(Type.Union([Type.String(), Type.Boolean(), Type.Null()]));
const Flag = Type.Optional(
  Type.Union([Type.String(), Type.Integer(), Type.Boolean(), Type.Null()]),
);
/** A number as Yahoo writes it: "0.04", -1, "-2", or "" where it has none. */
const Decimal = Type.Union([
  Type.String({ pattern: '^(-?[0-9]*\\.?[0-9]+)?$' }),
  Type.Number(),
  Type.Null(),
]);

/** https://developer.yahoo.com/fantasysports/guide/#league-resource (settings: roster_positions) */
export const YahooRosterPosition = Type.Object({
  position: Key,
  count: Digits,
  position_type: TextOrNone,
});

/** A stat of the league's stat_categories. */
export const YahooStatCategory = Type.Object({
  stat_id: Digits,
  name: TextOrNone,
  display_name: TextOrNone,
  enabled: Flag,
  /** 1: more is better; 0: fewer is better (ERA, turnovers). */
  sort_order: Flag,
  /** A stat shown beside the others but not scored. */
  is_only_display_stat: Flag,
});
export type YahooStatCategory = Static<typeof YahooStatCategory>;

/** A stat of the league's stat_modifiers: its points per unit, and bonuses at targets. */
export const YahooStatModifier = Type.Object({
  stat_id: Digits,
  value: Decimal,
  bonuses: Type.Optional(Type.Array(Type.Object({ target: Decimal, points: Decimal }))),
});
export type YahooStatModifier = Static<typeof YahooStatModifier>;

/** The settings fields of the rules; every one optional, as Yahoo leaves some out per sport. */
export const YahooRulesSettings = {
  uses_playoff: Flag,
  playoff_start_week: Type.Optional(Type.Union([Digits, Type.Literal('')])),
  num_playoff_teams: Type.Optional(Type.Union([Digits, Type.Literal('')])),
  /** "R" (rolling), ... ; FAAB when uses_faab. */
  waiver_type: TextOrNone,
  uses_faab: Flag,
  /** "2021-11-13": the last day trades are allowed. */
  trade_end_date: TextOrNone,
  roster_positions: Type.Optional(Type.Union([Type.Array(YahooRosterPosition), Type.Literal('')])),
  stat_categories: Type.Optional(
    Type.Object({ stats: Type.Optional(Type.Array(YahooStatCategory)) }),
  ),
  stat_modifiers: Type.Optional(
    Type.Object({ stats: Type.Optional(Type.Array(YahooStatModifier)) }),
  ),
};

/** A player of a week's roster, with his points of that week (players/stats;type=week). */
export const YahooLineupPlayer = Type.Object({
  ...YahooPlayer.properties,
  player_points: Type.Optional(Type.Object({ total: Type.Optional(Decimal) })),
});
export type YahooLineupPlayer = Static<typeof YahooLineupPlayer>;

/** GET /league/{key}/teams/roster;week=N/players/stats;type=week;week=N */
export const LeagueWeekRosters = Type.Object({
  fantasy_content: Type.Object({
    league: Type.Object({
      league_key: Key,
      teams: Type.Optional(
        Type.Array(
          Type.Object({
            team_key: Key,
            team_id: Digits,
            roster: Type.Optional(
              Type.Object({ players: Type.Optional(Type.Array(YahooLineupPlayer)) }),
            ),
          }),
        ),
      ),
    }),
  }),
});
export type LeagueWeekRostersBody = Static<typeof LeagueWeekRosters>;

export const gameResponses = {
  leagueWeekRosters: TypeCompiler.Compile(LeagueWeekRosters),
};

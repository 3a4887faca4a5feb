// The slice of Fleaflicker's league rules, box scores and the standings' league settings this
// service reads for the game (https://www.fleaflicker.com/api-docs/), checked as each body
// arrives. Protocol-buffer JSON as in schemas.ts: a zero, false or empty value is left out.
import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import { FleaProPlayer } from './schemas.ts';

const Text = Type.Optional(Type.String());
const Flag = Type.Optional(Type.Boolean());
const Count = Type.Optional(Type.Integer({ minimum: 0 }));
const Amount = Type.Optional(Type.Number());
/** ws.flea.api.FormattedDecimal: `value` is left out when it is 0, `formatted` says "0" then. */
const Decimal = Type.Optional(Type.Object({ value: Amount, formatted: Text }));

/**
 * ws.flea.api.RosterPosition: a lineup slot. `group` is START, INJURED or TAXI (left out for the
 * bench, the enum's zero); `start` is how many of the slot a lineup has, `eligibility` the
 * positions it takes.
 */
export const FleaRosterPosition = Type.Object({
  label: Type.String({ minLength: 1 }),
  group: Text,
  eligibility: Type.Optional(Type.Array(Type.String())),
  min: Count,
  max: Count,
  start: Count,
});
export type FleaRosterPosition = Static<typeof FleaRosterPosition>;

/** ws.flea.api.InjuryStatus. Fleaflicker spells the abbreviation's field `typeAbbreviaition`. */
const FleaInjury = Type.Object({
  typeAbbreviaition: Text,
  typeAbbreviation: Text,
  typeFull: Text,
  description: Text,
  /** QUESTIONABLE, OUT, ... */
  severity: Text,
});
export type FleaInjury = Static<typeof FleaInjury>;

/** A pro player as the rosters and box scores describe him, with his injury where he has one. */
export const FleaInjuredPlayer = Type.Composite([
  FleaProPlayer,
  Type.Object({ injury: Type.Optional(FleaInjury) }),
]);
export type FleaInjuredPlayer = Static<typeof FleaInjuredPlayer>;

/** ws.flea.api.ScoringRule: `points` for every `forEvery` of the category, within the bounds. */
const FleaScoringRule = Type.Object({
  category: Type.Object({
    id: Type.Integer(),
    abbreviation: Text,
    nameSingular: Text,
    namePlural: Text,
  }),
  points: Decimal,
  forEvery: Amount,
  boundLower: Amount,
  boundUpper: Amount,
  isBonus: Flag,
  /** The positions the rule scores; `applyToAll` when that is every position. */
  applyTo: Type.Optional(Type.Array(Type.String())),
  applyToAll: Flag,
});
export type FleaScoringRule = Static<typeof FleaScoringRule>;

/** GET /FetchLeagueRules?sport=&league_id= */
export const FleaLeagueRules = Type.Object({
  rosterPositions: Type.Optional(Type.Array(FleaRosterPosition)),
  groups: Type.Optional(
    Type.Array(
      Type.Object({ label: Text, scoringRules: Type.Optional(Type.Array(FleaScoringRule)) }),
    ),
  ),
});
export type FleaLeagueRules = Static<typeof FleaLeagueRules>;

/** The league's settings in FetchLeagueStandings (asked with `season`: that season's). */
export const FleaStandingsSettings = Type.Object({
  league: Type.Object({
    /** BLIND_BID (FAAB) is the one recorded; left out for the enum's zero. */
    waiverType: Text,
    defaultWaiverBudget: Amount,
    rosterRequirements: Type.Optional(
      Type.Object({ positions: Type.Optional(Type.Array(FleaRosterPosition)) }),
    ),
  }),
});
export type FleaStandingsSettings = Static<typeof FleaStandingsSettings>;

/** ws.flea.api.LeaguePlayer in a lineup slot, with what he scored in the period. */
const FleaLineupPlayer = Type.Object({
  proPlayer: FleaInjuredPlayer,
  viewingActualPoints: Decimal,
  viewingProjectedPoints: Decimal,
});
export type FleaLineupPlayer = Static<typeof FleaLineupPlayer>;

/** GET /FetchLeagueBoxscore?sport=&league_id=&fantasy_game_id=&scoring_period= */
export const FleaBoxscore = Type.Object({
  game: Type.Optional(
    Type.Object({
      id: Type.Union([Type.String({ minLength: 1 }), Type.Integer()]),
      home: Type.Optional(Type.Object({ id: Type.Integer() })),
      away: Type.Optional(Type.Object({ id: Type.Integer() })),
    }),
  ),
  /** The lineups' groups (starters, bench, injured reserve, taxi), each slot with both sides. */
  lineups: Type.Optional(
    Type.Array(
      Type.Object({
        group: Text,
        slots: Type.Optional(
          Type.Array(
            Type.Object({
              position: FleaRosterPosition,
              home: Type.Optional(FleaLineupPlayer),
              away: Type.Optional(FleaLineupPlayer),
            }),
          ),
        ),
      }),
    ),
  ),
});
export type FleaBoxscore = Static<typeof FleaBoxscore>;

/** The rosters' players with their injuries (schemas.ts reads the rest). */
export const FleaRostersInjuries = Type.Object({
  rosters: Type.Optional(
    Type.Array(
      Type.Object({
        players: Type.Optional(Type.Array(Type.Object({ proPlayer: FleaInjuredPlayer }))),
      }),
    ),
  ),
});
export type FleaRostersInjuries = Static<typeof FleaRostersInjuries>;

export const gameResponses = {
  rules: TypeCompiler.Compile(FleaLeagueRules),
  standingsSettings: TypeCompiler.Compile(FleaStandingsSettings),
  boxscore: TypeCompiler.Compile(FleaBoxscore),
  rostersInjuries: TypeCompiler.Compile(FleaRostersInjuries),
};

// The slice of MFL's game exports this service reads (https://api.myfantasyleague.com/2020/api_info):
// the league's scoring rules, MFL's dictionary of rule abbreviations, the NFL injury report and a
// week's results with every franchise's starters and player scores. As in schemas.ts: every value
// a string (text nodes as {"$t": ...}), a list of one the bare object, an empty list absent.
import { Type } from '@sinclair/typebox';
import type { Static, TSchema } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';

const OneOrMany = <T extends TSchema>(schema: T) => Type.Union([Type.Array(schema), schema]);
const Id = Type.String({ minLength: 1 });
const Text = Type.Optional(Type.String());
/** MFL's XML text node in JSON. */
const TextNode = Type.Object({ $t: Type.String() });

/**
 * One rule: `event` an abbreviation of allRules ("PY"), `range` of the stat the rule applies in
 * ("0-10", "-50-999"), `points` "*.04" per unit, "1/25" one point per 25 units, or "3" once.
 */
export const MflRule = Type.Object({ event: TextNode, range: TextNode, points: TextNode });
export type MflRule = Static<typeof MflRule>;

/** The rules of some positions ("QB|RB|WR|TE"). */
export const MflPositionRules = Type.Object({
  positions: Type.String(),
  rule: Type.Optional(OneOrMany(MflRule)),
});
export type MflPositionRules = Static<typeof MflPositionRules>;

/** TYPE=rules&L=: the league's scoring rules by position group. */
export const MflRules = Type.Object({
  rules: Type.Object({ positionRules: Type.Optional(OneOrMany(MflPositionRules)) }),
});

/** TYPE=allRules: every rule MFL knows, by abbreviation, with its short name. */
export const MflAllRules = Type.Object({
  allRules: Type.Object({
    rule: Type.Optional(
      OneOrMany(Type.Object({ abbreviation: TextNode, shortDescription: Type.Optional(TextNode) })),
    ),
  }),
});
export type MflRuleName = Static<typeof MflAllRules>['allRules']['rule'];

/** One player of the injury report: `status` "Questionable", "IR", "IR-PUP"...; `details` what. */
export const MflInjury = Type.Object({ id: Id, status: Type.String(), details: Text });
export type MflInjury = Static<typeof MflInjury>;

/** TYPE=injuries: the NFL's injury report of the week, site-wide. */
export const MflInjuries = Type.Object({
  injuries: Type.Object({ injury: Type.Optional(OneOrMany(MflInjury)) }),
});

/** A player of a week's result: `status` "starter" or "nonstarter", `score` his points. */
export const MflResultPlayer = Type.Object({
  id: Id,
  status: Type.String(),
  score: Text,
  shouldStart: Text,
});
export type MflResultPlayer = Static<typeof MflResultPlayer>;

/** A franchise's week: its `score` (the schedule's) and its players. */
export const MflResultFranchise = Type.Object({
  id: Id,
  score: Text,
  player: Type.Optional(OneOrMany(MflResultPlayer)),
});
export type MflResultFranchise = Static<typeof MflResultFranchise>;

/**
 * TYPE=weeklyResults&W=: the week's games, each franchise with its players; a league without
 * head-to-head games lists its franchises directly. Read as MFL's documentation and ffscrapr's
 * ff_starters describe it; no recording of it was available (see the README).
 */
export const MflWeeklyResults = Type.Object({
  weeklyResults: Type.Object({
    week: Text,
    matchup: Type.Optional(
      OneOrMany(Type.Object({ franchise: Type.Optional(OneOrMany(MflResultFranchise)) })),
    ),
    franchise: Type.Optional(OneOrMany(MflResultFranchise)),
  }),
});
export type MflWeekResults = Static<typeof MflWeeklyResults>['weeklyResults'];

export const gameResponses = {
  rules: TypeCompiler.Compile(MflRules),
  allRules: TypeCompiler.Compile(MflAllRules),
  injuries: TypeCompiler.Compile(MflInjuries),
  weeklyResults: TypeCompiler.Compile(MflWeeklyResults),
};

// The slice of Sleeper's week-by-week responses (matchups, transactions), traded picks and the
// sport's state this service reads, checked as each body arrives (same rules as schemas.ts).
import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import { Count, Id, Maybe, Nullable, Text } from './schemas.ts';

/** GET /league/<id>/matchups/<week>: one entry per roster; rosters sharing a matchup_id meet. */
export const SleeperMatchupEntry = Type.Object({
  roster_id: Type.Integer(),
  /** null: the roster plays no one that week (a bye, or out of the playoffs). */
  matchup_id: Maybe(Type.Integer()),
  points: Count,
  /** A score the commissioner set by hand; it replaces `points` where present. */
  custom_points: Count,
  /** Starter ids in roster_positions order; "0" is an empty slot. */
  starters: Maybe(Type.Array(Id)),
  /** Every player on the roster that week, starters, bench, IR and taxi alike. */
  players: Maybe(Type.Array(Id)),
  /** Player id -> points that week, bench players' too (newer bodies). */
  players_points: Maybe(Type.Record(Type.String({ minLength: 1 }), Type.Number())),
  /** Points of starters[i] (older bodies carry only these). */
  starters_points: Maybe(Type.Array(Nullable(Type.Number()))),
});
export type SleeperMatchupEntry = Static<typeof SleeperMatchupEntry>;

/** A pick changing hands: `roster_id` is the team it first belonged to. */
export const SleeperPickMove = Type.Object({
  season: Type.String({ pattern: '^[0-9]{4}$' }),
  round: Type.Integer({ minimum: 1 }),
  roster_id: Type.Integer(),
  previous_owner_id: Type.Integer(),
  owner_id: Type.Integer(),
});
export type SleeperPickMove = Static<typeof SleeperPickMove>;

/** GET /league/<id>/transactions/<round>. `adds`/`drops`: player id -> roster id. */
export const SleeperTransaction = Type.Object({
  transaction_id: Id,
  /** waiver, free_agent, trade or commissioner. */
  type: Type.String({ minLength: 1 }),
  /** complete or failed (pending or vetoed for trades under review). */
  status: Type.String({ minLength: 1 }),
  /** Milliseconds since the epoch. */
  created: Type.Number(),
  status_updated: Count,
  leg: Maybe(Type.Integer()),
  roster_ids: Maybe(Type.Array(Type.Integer())),
  /** The user id of whoever made it. */
  creator: Text,
  adds: Maybe(Type.Record(Type.String({ minLength: 1 }), Type.Integer())),
  drops: Maybe(Type.Record(Type.String({ minLength: 1 }), Type.Integer())),
  draft_picks: Maybe(Type.Array(SleeperPickMove)),
  /** FAAB traded: `amount` from roster `sender` to roster `receiver`. */
  waiver_budget: Maybe(
    Type.Array(
      Type.Object({ sender: Type.Integer(), receiver: Type.Integer(), amount: Type.Number() }),
    ),
  ),
  settings: Maybe(Type.Object({ waiver_bid: Count })),
});
export type SleeperTransaction = Static<typeof SleeperTransaction>;

/** GET /state/<sport>: where the sport's season is. */
export const SleeperState = Type.Object({
  season: Type.String({ pattern: '^[0-9]{4}$' }),
  /** pre, regular, post or off. */
  season_type: Type.String(),
  week: Maybe(Type.Integer()),
  leg: Maybe(Type.Integer()),
});
export type SleeperState = Static<typeof SleeperState>;

/** One game of GET /league/<id>/winners_bracket or losers_bracket: round r, rosters t1 and t2. */
export const SleeperBracketGame = Type.Object({
  r: Type.Integer({ minimum: 1 }),
  m: Type.Integer(),
  /** null until the earlier games decide who plays. */
  t1: Maybe(Type.Integer()),
  t2: Maybe(Type.Integer()),
  /** The place the game decides (1: the title, 3: third place...); absent for earlier rounds. */
  p: Maybe(Type.Integer()),
});
export type SleeperBracketGame = Static<typeof SleeperBracketGame>;

/**
 * GET /stats/nfl/regular/<season>/<week> (undocumented): player id -> stat key -> value, the keys
 * a league's scoring_settings use (`pass_yd`, `bonus_rec_te`, `pts_allow_7_13` set to 1...).
 * A value may be null where a stat has no number yet; such a stat counts as absent.
 */
export const SleeperWeekStats = Type.Record(
  Type.String({ minLength: 1 }),
  Type.Record(Type.String({ minLength: 1 }), Nullable(Type.Number())),
);
export type SleeperWeekStats = Static<typeof SleeperWeekStats>;

export const activityResponses = {
  matchups: TypeCompiler.Compile(Type.Array(SleeperMatchupEntry)),
  transactions: TypeCompiler.Compile(Type.Array(SleeperTransaction)),
  tradedPicks: TypeCompiler.Compile(Type.Array(SleeperPickMove)),
  state: TypeCompiler.Compile(SleeperState),
  bracket: TypeCompiler.Compile(Type.Array(SleeperBracketGame)),
  weekStats: TypeCompiler.Compile(SleeperWeekStats),
};

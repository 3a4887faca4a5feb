// The slice of each Sleeper response this service reads, as TypeBox schemas checked the moment a
// body arrives. Extra properties are allowed (Sleeper adds fields freely); missing or mistyped
// ones that the mapping needs are refused. Ids must be strings: Sleeper sends them quoted, and
// an unquoted one above 2^53 would already have lost digits in JSON.parse, so it is refused.
import { Type } from '@sinclair/typebox';
import type { Static, TSchema } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import type { TypeCheck } from '@sinclair/typebox/compiler';
import { validatePayload } from '../validate.ts';

export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
export const Maybe = <T extends TSchema>(schema: T) => Type.Optional(Nullable(schema));
export const Id = Type.String({ minLength: 1 });
export const Text = Maybe(Type.String());
/** A count or a score Sleeper sends as a JSON number. */
export const Count = Maybe(Type.Number());

/** GET /user/<username or user_id>; Sleeper answers `null` for an unknown user. */
export const SleeperUser = Type.Object({
  user_id: Id,
  username: Text,
  display_name: Text,
});

/** GET /league/<league_id>, and each element of GET /user/<user_id>/leagues/<sport>/<season>. */
export const SleeperLeague = Type.Object({
  league_id: Id,
  name: Type.String(),
  sport: Type.String({ minLength: 1 }),
  season: Type.String({ pattern: '^[0-9]{4}$' }),
  avatar: Text,
  total_rosters: Maybe(Type.Integer()),
  /** pre_draft, drafting, in_season, post_season or complete. */
  status: Text,
  settings: Maybe(
    Type.Object({
      num_teams: Maybe(Type.Integer()),
      /** The league's current week (leg); its last once the season is complete. */
      leg: Maybe(Type.Integer()),
      last_scored_leg: Maybe(Type.Integer()),
      start_week: Maybe(Type.Integer()),
      playoff_week_start: Maybe(Type.Integer()),
      /** 0: a week per playoff round; 1: a two-week final; 2: two weeks per round. */
      playoff_round_type: Maybe(Type.Integer()),
      playoff_teams: Maybe(Type.Integer()),
      /** 2: FAAB bids; 0 and 1: priority orders (game-tables.ts). */
      waiver_type: Maybe(Type.Integer()),
      waiver_budget: Maybe(Type.Number()),
      /** The last week trades are allowed; 99: no deadline. */
      trade_deadline: Maybe(Type.Integer()),
      /** IR and taxi slots, which roster_positions does not list. */
      reserve_slots: Maybe(Type.Integer()),
      taxi_slots: Maybe(Type.Integer()),
    }),
  ),
  /** Stat key (pass_yd, rec, bonus_rec_te...) -> points. */
  scoring_settings: Maybe(Type.Record(Type.String(), Nullable(Type.Number()))),
  /** The lineup's slots in order (QB, RB, FLEX, ..., BN): starters[i] stands in the i-th. */
  roster_positions: Maybe(Type.Array(Type.String({ minLength: 1 }))),
  /** The same league's season before ("0" or null: none). */
  previous_league_id: Text,
  /** Division names: `division_1`, `division_2`... (strings), among other free-form entries. */
  metadata: Maybe(Type.Record(Type.String(), Type.Unknown())),
});
export type SleeperLeague = Static<typeof SleeperLeague>;

/** GET /league/<league_id>/rosters. `players` is null for an empty roster; "0" marks an empty starter slot. */
export const SleeperRoster = Type.Object({
  roster_id: Type.Integer(),
  owner_id: Maybe(Id),
  players: Maybe(Type.Array(Id)),
  starters: Maybe(Type.Array(Id)),
  reserve: Maybe(Type.Array(Id)),
  taxi: Maybe(Type.Array(Id)),
  co_owners: Maybe(Type.Array(Id)),
  /** Standings: fpts 1270 and fpts_decimal 90 are 1270.90 points. `rank` only once set. */
  settings: Maybe(
    Type.Object({
      wins: Count,
      losses: Count,
      ties: Count,
      fpts: Count,
      fpts_decimal: Count,
      fpts_against: Count,
      fpts_against_decimal: Count,
      rank: Count,
      division: Count,
    }),
  ),
});
export type SleeperRoster = Static<typeof SleeperRoster>;

/** GET /league/<league_id>/users. */
export const SleeperLeagueUser = Type.Object({
  user_id: Id,
  display_name: Text,
  /** The user's avatar id (https://sleepercdn.com/avatars/<id>). */
  avatar: Text,
  /** team_name; avatar: the team's own picture (a full URL) where the manager set one. */
  metadata: Maybe(Type.Object({ team_name: Text, avatar: Text })),
});
export type SleeperLeagueUser = Static<typeof SleeperLeagueUser>;

/** GET /league/<league_id>/drafts. */
export const SleeperDraft = Type.Object({
  draft_id: Id,
  created: Maybe(Type.Number()),
  /** snake, linear or auction. */
  type: Text,
  /** pre_draft, drafting, paused or complete. */
  status: Text,
  season: Text,
  /** Milliseconds since the epoch. */
  start_time: Count,
  settings: Maybe(Type.Object({ rounds: Count, teams: Count })),
});
export type SleeperDraft = Static<typeof SleeperDraft>;

/** GET /draft/<draft_id>/picks: `metadata` holds the player as he was at draft time (all strings). */
export const SleeperDraftPick = Type.Object({
  player_id: Id,
  round: Type.Integer({ minimum: 1 }),
  /** 1-based position in the whole draft. */
  pick_no: Type.Integer({ minimum: 1 }),
  roster_id: Maybe(Type.Integer()),
  is_keeper: Maybe(Type.Boolean()),
  metadata: Maybe(
    Type.Object({
      first_name: Text,
      last_name: Text,
      position: Text,
      team: Text,
      number: Text,
      status: Text,
      /** An auction's winning bid, as a string ("23"). */
      amount: Text,
    }),
  ),
});
export type SleeperDraftPick = Static<typeof SleeperDraftPick>;

const ExternalId = Maybe(Type.Union([Type.Number(), Type.String()]));

/** One entry of GET /players/<sport>, an object keyed by player_id. */
export const SleeperPlayer = Type.Object({
  player_id: Id,
  first_name: Text,
  last_name: Text,
  full_name: Text,
  position: Text,
  fantasy_positions: Maybe(Type.Array(Nullable(Type.String()))),
  team: Text,
  number: Maybe(Type.Union([Type.Integer(), Type.String()])),
  active: Maybe(Type.Boolean()),
  /** Questionable, Doubtful, Out, IR, PUP, Sus, COV, NA, DNR...; null when healthy. */
  injury_status: Text,
  injury_body_part: Text,
  injury_notes: Text,
  // Other systems' ids for the player (domain/crossref.ts), numbers or strings as Sleeper sends.
  espn_id: ExternalId,
  yahoo_id: ExternalId,
  sportradar_id: ExternalId,
  gsis_id: ExternalId,
  rotowire_id: ExternalId,
  rotoworld_id: ExternalId,
  fantasy_data_id: ExternalId,
});
export type SleeperPlayer = Static<typeof SleeperPlayer>;

// Compiled once: the player dump alone has thousands of entries. Sleeper answers `null` for an
// unknown user or league, so callers test for null before validating (a union with null would
// turn every nested problem into a vague "expected union" at the root).
export const responses = {
  user: TypeCompiler.Compile(SleeperUser),
  league: TypeCompiler.Compile(SleeperLeague),
  leagues: TypeCompiler.Compile(Type.Array(SleeperLeague)),
  rosters: TypeCompiler.Compile(Type.Array(SleeperRoster)),
  users: TypeCompiler.Compile(Type.Array(SleeperLeagueUser)),
  drafts: TypeCompiler.Compile(Type.Array(SleeperDraft)),
  picks: TypeCompiler.Compile(Type.Array(SleeperDraftPick)),
  players: TypeCompiler.Compile(Type.Record(Type.String(), SleeperPlayer)),
};

/** Returns the body typed, or throws 'invalid_response' (see ../validate.ts). */
export function validate<T extends TSchema>(
  check: TypeCheck<T>,
  body: unknown,
  endpoint: string,
): Static<T> {
  return validatePayload('sleeper', check, body, endpoint);
}

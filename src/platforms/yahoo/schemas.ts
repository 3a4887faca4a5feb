// The slice of each Yahoo response this service reads, as TypeBox schemas checked the moment a
// body arrives, after yahoo-json.ts has made it plain (collections as arrays, entities as
// objects). Extra properties are allowed; a missing or mistyped field the mapping needs is
// refused. Yahoo writes numbers as strings or numbers at random ("num_teams": 12, "team_id":
// "9") and false for "none" ("logo_url": false, "uniform_number": false): the schemas say so.
import { Type } from '@sinclair/typebox';
import type { Static, TSchema } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import type { TypeCheck } from '@sinclair/typebox/compiler';
import { plainYahoo } from './yahoo-json.ts';
import { validatePayload } from '../validate.ts';

const Key = Type.String({ minLength: 1 });
const Digits = Type.Union([Type.String({ pattern: '^[0-9]+$' }), Type.Integer({ minimum: 0 })]);
/** Yahoo's "no value": false, "" or absent. */
const TextOrNone = Type.Optional(Type.Union([Type.String(), Type.Boolean(), Type.Null()]));
const Season = Type.Union([Type.String({ pattern: '^[0-9]{4}$' }), Type.Integer()]);
/** A collection Yahoo sent empty may come as [] or as {"count": 0}; both end up []. */
const List = <T extends TSchema>(item: T) => Type.Array(item);

/** A game: one sport's fantasy game for one season (https://developer.yahoo.com/fantasysports/guide/#game-resource). */
export const YahooGame = Type.Object({
  game_key: Key,
  code: Key,
  season: Season,
  type: Type.Optional(Type.String()),
});
export type YahooGame = Static<typeof YahooGame>;

/** League metadata, the first part of every league answer and of a user's league list. */
export const YahooLeague = Type.Object({
  league_key: Key,
  name: Type.String(),
  url: TextOrNone,
  logo_url: TextOrNone,
  num_teams: Type.Optional(Digits),
  game_code: Key,
  season: Season,
});
export type YahooLeague = Static<typeof YahooLeague>;

/** A player as a roster or a game's player list gives him. */
export const YahooPlayer = Type.Object({
  player_key: Key,
  name: Type.Object({
    full: Type.String({ minLength: 1 }),
    first: TextOrNone,
    last: TextOrNone,
  }),
  editorial_team_abbr: TextOrNone,
  uniform_number: Type.Optional(Type.Union([Type.String(), Type.Integer(), Type.Boolean()])),
  display_position: TextOrNone,
  primary_position: TextOrNone,
  /** Q, D, O, IR, PUP-P, SUSP, NA...; absent for a healthy player (game-tables.ts). */
  status: TextOrNone,
  /** What is hurt ("Hamstring"). */
  injury_note: TextOrNone,
  /** The player's slot on a roster (a roster's players only). */
  selected_position: Type.Optional(Type.Object({ position: Type.String({ minLength: 1 }) })),
});
export type YahooPlayer = Static<typeof YahooPlayer>;

export const YahooManager = Type.Object({ guid: TextOrNone, nickname: TextOrNone });

export const YahooTeam = Type.Object({
  team_key: Key,
  team_id: Digits,
  name: TextOrNone,
  managers: Type.Optional(List(YahooManager)),
  roster: Type.Optional(Type.Object({ players: Type.Optional(List(YahooPlayer)) })),
});
export type YahooTeam = Static<typeof YahooTeam>;

const Content = <T extends TSchema>(content: T) => Type.Object({ fantasy_content: content });

/** GET /users;use_login=1;out=profile */
export const LoginUser = Content(
  Type.Object({
    users: Type.Array(
      Type.Object({
        guid: Key,
        profile: Type.Optional(
          Type.Object({ display_name: TextOrNone, unique_username: TextOrNone }),
        ),
      }),
      { minItems: 1 },
    ),
  }),
);

/** GET /games;game_codes=..;seasons=.. */
export const Games = Content(Type.Object({ games: List(YahooGame) }));

/** GET /users;use_login=1/games;game_keys=../leagues */
export const UserLeagues = Content(
  Type.Object({
    users: Type.Array(
      Type.Object({
        guid: Key,
        games: Type.Optional(
          List(Type.Object({ ...YahooGame.properties, leagues: Type.Optional(List(YahooLeague)) })),
        ),
      }),
      { minItems: 1 },
    ),
  }),
);

/** GET /league/{league_key}/teams/roster */
export const LeagueRosters = Content(
  Type.Object({
    league: Type.Object({ ...YahooLeague.properties, teams: Type.Optional(List(YahooTeam)) }),
  }),
);

/** GET /game/{game_key}/players;start=N;count=25 */
export const GamePlayers = Content(
  Type.Object({
    game: Type.Object({ game_key: Key, players: Type.Optional(List(YahooPlayer)) }),
  }),
);

export const responses = {
  loginUser: TypeCompiler.Compile(LoginUser),
  games: TypeCompiler.Compile(Games),
  userLeagues: TypeCompiler.Compile(UserLeagues),
  leagueRosters: TypeCompiler.Compile(LeagueRosters),
  gamePlayers: TypeCompiler.Compile(GamePlayers),
};

/**
 * Makes a parsed Yahoo body plain and returns it typed, or throws 'invalid_response' naming the
 * endpoint and the first problem.
 */
/** Returns the body typed, or throws 'invalid_response' (see ../validate.ts). */
export function validate<T extends TSchema>(
  check: TypeCheck<T>,
  body: unknown,
  endpoint: string,
): Static<T> {
  return validatePayload('yahoo', check, plainYahoo(body), endpoint);
}

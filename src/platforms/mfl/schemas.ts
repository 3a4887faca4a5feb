// The slice of each MyFantasyLeague export this service reads, as TypeBox schemas checked the
// moment a body arrives (https://api.myfantasyleague.com/2020/api_info). MFL's JSON is its XML
// turned into objects: every value is a string, a list of one comes as the bare object and an
// empty list is absent, so lists are OneOrMany and optional. An export MFL refuses answers 200
// with `{"error": {"$t": "..."}}`, which exportError reads before any schema is applied.
import { Type } from '@sinclair/typebox';
import type { Static, TSchema } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import type { TypeCheck } from '@sinclair/typebox/compiler';
import { validatePayload } from '../validate.ts';
import { gameResponses } from './game-schemas.ts';
import { leagueDataResponses } from './league-data-schemas.ts';

const OneOrMany = <T extends TSchema>(schema: T) => Type.Union([Type.Array(schema), schema]);
const Id = Type.String({ minLength: 1 });
const Text = Type.Optional(Type.String());

export const MflMyLeague = Type.Object({
  league_id: Id,
  name: Text,
  /** The league's home page on its own host, e.g. https://www70.myfantasyleague.com/2020/home/21499. */
  url: Text,
  franchise_id: Text,
});
export type MflMyLeague = Static<typeof MflMyLeague>;

/** TYPE=myleagues: the logged-in user's leagues of one season; `leagues` is {} for none. */
export const MflMyLeagues = Type.Object({
  leagues: Type.Object({ league: Type.Optional(OneOrMany(MflMyLeague)) }),
});

/**
 * The league's starting lineup: a total `count` ("9", or a range "9-10") and, per position,
 * `limit` "1" (exactly) or "1-6" (at least, at most); `idp_starters` the defensive share of count.
 */
export const MflStarters = Type.Object({
  count: Text,
  idp_starters: Text,
  position: Type.Optional(OneOrMany(Type.Object({ name: Id, limit: Type.String() }))),
});
export type MflStarters = Static<typeof MflStarters>;

export const MflFranchise = Type.Object({
  id: Id,
  name: Text,
  /** Present when the reader may see owners (a login of the league). */
  username: Text,
  /** The owner's name as the league shows it; `email` beside it is never read. */
  owner_name: Text,
  abbrev: Text,
  /** The franchise's image (`logo`) and its small one (`icon`), both full URLs. */
  logo: Text,
  icon: Text,
  /** The id of the franchise's division ("00"), named in the league's `divisions`. */
  division: Text,
});
export type MflFranchise = Static<typeof MflFranchise>;

/** TYPE=league&L=: settings, franchises, the league's own host and its other seasons. */
export const MflLeague = Type.Object({
  league: Type.Object({
    id: Text,
    name: Type.String(),
    /** The host serving the league, e.g. https://www47.myfantasyleague.com. */
    baseURL: Text,
    franchises: Type.Optional(
      Type.Object({
        count: Text,
        franchise: Type.Optional(OneOrMany(MflFranchise)),
      }),
    ),
    history: Type.Optional(
      Type.Object({
        league: Type.Optional(OneOrMany(Type.Object({ url: Type.String(), year: Type.String() }))),
      }),
    ),
    divisions: Type.Optional(
      Type.Object({ division: Type.Optional(OneOrMany(Type.Object({ id: Id, name: Text }))) }),
    ),
    /** The schedule's last regular-season week ("13"); later weeks are playoffs or consolation. */
    lastRegularSeasonWeek: Text,
    // The game's settings (rules.ts): starters, roster sizes, head-to-head, weeks, waivers.
    starters: Type.Optional(MflStarters),
    rosterSize: Text,
    injuredReserve: Text,
    taxiSquad: Text,
    h2h: Text,
    startWeek: Text,
    endWeek: Text,
    currentWaiverType: Text,
  }),
});
export type MflLeague = Static<typeof MflLeague>['league'];

export const MflRosterFranchise = Type.Object({
  id: Id,
  player: Type.Optional(OneOrMany(Type.Object({ id: Id, status: Text }))),
});
export type MflRosterFranchise = Static<typeof MflRosterFranchise>;

/** TYPE=rosters&L=: each franchise's players (status ROSTER, TAXI_SQUAD, INJURED_RESERVE). */
export const MflRosters = Type.Object({
  rosters: Type.Object({ franchise: Type.Optional(OneOrMany(MflRosterFranchise)) }),
});

/** One player of TYPE=players&DETAILS=1: name "Last, First", MFL's position and team codes. */
export const MflPlayer = Type.Object({
  id: Id,
  name: Type.String({ minLength: 1 }),
  position: Text,
  team: Text,
  jersey: Text,
  // Other systems' ids (domain/crossref.ts).
  espn_id: Text,
  fleaflicker_id: Text,
  sportsdata_id: Text,
  stats_id: Text,
  stats_global_id: Text,
  cbs_id: Text,
  rotowire_id: Text,
  rotoworld_id: Text,
  nfl_id: Text,
});
export type MflPlayer = Static<typeof MflPlayer>;

export const MflPlayers = Type.Object({
  players: Type.Object({ player: Type.Optional(OneOrMany(MflPlayer)) }),
});

// Compiled once: the player list alone has thousands of entries.
export const responses = {
  myLeagues: TypeCompiler.Compile(MflMyLeagues),
  league: TypeCompiler.Compile(MflLeague),
  rosters: TypeCompiler.Compile(MflRosters),
  players: TypeCompiler.Compile(MflPlayers),
  ...leagueDataResponses,
  ...gameResponses,
};

/** MFL's refusal text when the body is `{"error": {"$t": "..."}}` (or a bare string). */
export function exportError(body: unknown): string | undefined {
  if (body === null || typeof body !== 'object' || !('error' in body)) return undefined;
  const error: unknown = body.error;
  if (typeof error === 'string') return error.trim() || 'an unnamed error';
  if (error !== null && typeof error === 'object' && '$t' in error) {
    const text: unknown = error.$t;
    if (typeof text === 'string') return text.trim() || 'an unnamed error';
  }
  return 'an unnamed error';
}

/** Returns the body typed, or throws 'invalid_response' (see ../validate.ts). */
export function validate<T extends TSchema>(
  check: TypeCheck<T>,
  body: unknown,
  endpoint: string,
): Static<T> {
  return validatePayload('mfl', check, body, endpoint);
}

/** A list MFL may send as one bare object, or not at all. */
export function asList<T>(value: T | T[] | undefined): T[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

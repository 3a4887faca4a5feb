// The slice of each Fleaflicker response this service reads, as TypeBox schemas checked the moment
// a body arrives (https://www.fleaflicker.com/api-docs/). Fleaflicker's JSON comes from protocol
// buffers: a field whose value is zero, false, empty or an empty list is left out entirely, so
// almost everything is optional and a missing list means an empty one. Extra properties are
// allowed; ids are integers (Fleaflicker's are far below 2^53).
import { Type } from '@sinclair/typebox';
import type { Static, TSchema } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import type { TypeCheck } from '@sinclair/typebox/compiler';
import { validatePayload } from '../validate.ts';

const Id = Type.Integer();
const Text = Type.Optional(Type.String());
const Count = Type.Optional(Type.Integer({ minimum: 0 }));

/** ws.flea.api.ProPlayer: a real-life player (or a team defence, position "D/ST"). */
export const FleaProPlayer = Type.Object({
  id: Id,
  nameFull: Text,
  nameFirst: Text,
  nameLast: Text,
  position: Text,
  positionEligibility: Type.Optional(Type.Array(Type.String())),
  /** "FA" for a player no real-life team has signed. */
  proTeamAbbreviation: Text,
  /**
   * The player's ids in the system a call names with `external_id_type` (each entry is only an
   * `id`); left out by calls that name none.
   */
  externalIds: Type.Optional(Type.Array(Type.Object({ id: Text }))),
});
export type FleaProPlayer = Static<typeof FleaProPlayer>;

/** ws.flea.api.LeaguePlayer, as listed in a roster or the player listing. */
const FleaLeaguePlayer = Type.Object({ proPlayer: FleaProPlayer });

const FleaUser = Type.Object({ id: Id, displayName: Text });

/** ws.flea.api.FantasyTeam. `owners` is left out for a team nobody manages. */
export const FleaTeam = Type.Object({
  id: Id,
  name: Text,
  logoUrl: Text,
  owners: Type.Optional(Type.Array(FleaUser)),
});
export type FleaTeam = Static<typeof FleaTeam>;

/** ws.flea.api.League: in a user's league list and at the top of the standings. */
export const FleaLeague = Type.Object({
  id: Id,
  name: Type.String(),
  logoUrl: Text,
  /** Teams in the league; `capacity` is how many it can take. */
  size: Count,
  capacity: Count,
  /** The positions the league plays (its player listing covers only these). */
  rosterRequirements: Type.Optional(
    Type.Object({ eligibility: Type.Optional(Type.Array(Type.String())) }),
  ),
});
export type FleaLeague = Static<typeof FleaLeague>;

/** GET /FetchUserLeagues?email=&sport=&season= */
export const FleaUserLeagues = Type.Object({
  leagues: Type.Optional(Type.Array(FleaLeague)),
  season: Type.Optional(Type.Integer()),
});

/** GET /FetchLeagueStandings?sport=&league_id=&season=: the league, its teams and their owners. */
export const FleaStandings = Type.Object({
  league: FleaLeague,
  season: Type.Optional(Type.Integer()),
  divisions: Type.Optional(Type.Array(Type.Object({ teams: Type.Optional(Type.Array(FleaTeam)) }))),
});
export type FleaStandings = Static<typeof FleaStandings>;

/** GET /FetchLeagueRosters?sport=&league_id=&season= */
export const FleaRoster = Type.Object({
  team: FleaTeam,
  players: Type.Optional(Type.Array(FleaLeaguePlayer)),
});
export type FleaRoster = Static<typeof FleaRoster>;
export const FleaRosters = Type.Object({ rosters: Type.Optional(Type.Array(FleaRoster)) });

/** GET /FetchPlayerListing?sport=&league_id=&result_offset=: 30 players a page. */
export const FleaPlayerListing = Type.Object({
  players: Type.Optional(Type.Array(FleaLeaguePlayer)),
  /** Left out on the last page. */
  resultOffsetNext: Type.Optional(Type.Integer({ minimum: 0 })),
  resultTotal: Count,
});

export const responses = {
  userLeagues: TypeCompiler.Compile(FleaUserLeagues),
  standings: TypeCompiler.Compile(FleaStandings),
  rosters: TypeCompiler.Compile(FleaRosters),
  playerListing: TypeCompiler.Compile(FleaPlayerListing),
};

/**
 * Fleaflicker reports some failures (an unknown league or e-mail) as a JSON body carrying an
 * `error` instead of the data; returns its message (or a generic one), undefined for data.
 */
export function fleaflickerError(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !('error' in body)) return undefined;
  const error: unknown = (body as { error: unknown }).error;
  if (error === undefined || error === null || error === '') return undefined;
  const message =
    typeof error === 'string'
      ? error
      : typeof error === 'object' && typeof (error as { message?: unknown }).message === 'string'
        ? (error as { message: string }).message
        : '';
  // Fleaflicker's own words, kept short: they end up in stored sync errors.
  return message.trim().slice(0, 200) || 'an error without a message';
}

/** Returns the body typed, or throws 'invalid_response' (see ../validate.ts). */
export function validate<T extends TSchema>(
  check: TypeCheck<T>,
  body: unknown,
  endpoint: string,
): Static<T> {
  return validatePayload('fleaflicker', check, body, endpoint);
}

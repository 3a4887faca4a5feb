// The slice of each answer of Fantrax's official API (https://www.fantrax.com/fxea/general/<method>,
// beta, documented at https://www.fantrax.com/developer) this service reads, as TypeBox schemas
// checked the moment a body arrives. No recording of this API exists in public: the shapes are
// those of Fantrax's documentation (v1.2 beta) and of public clients' response types
// (pmurley/go-fantrax league_info.go, player_ids.go, team_rosters.go; butterflyskies/fantrax-mcp
// src/fantrax/mod.rs for getLeagues' `leagues`). Fields a league may lack are optional; extra
// properties are allowed. Fantrax reports a refusal (an unknown league or secret id) as an
// `error` object in a 200 answer: fantraxRefusal reads it.
import { Type } from '@sinclair/typebox';
import type { Static, TSchema } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import type { TypeCheck } from '@sinclair/typebox/compiler';
import { validatePayload } from '../validate.ts';

const Id = Type.String({ minLength: 1 });
const Text = Type.Optional(Type.String());

/** One of a user's leagues, with the team the user owns in it. */
export const FantraxUserLeague = Type.Object({
  leagueId: Id,
  leagueName: Text,
  teamId: Text,
  teamName: Text,
  /** "NFL", "MLB", "NBA", "NHL", ... (Fantrax's sport codes). */
  sport: Text,
});
export type FantraxUserLeague = Static<typeof FantraxUserLeague>;

/** GET getLeagues?userSecretId= */
export const FantraxUserLeagues = Type.Object({
  leagues: Type.Optional(Type.Array(FantraxUserLeague)),
});

/** teamInfo's entries, keyed by team id. */
export const FantraxTeamInfo = Type.Object({
  id: Id,
  name: Text,
  division: Text,
});
export type FantraxTeamInfo = Static<typeof FantraxTeamInfo>;

/** rosterInfo: the roster's slots. */
export const FantraxRosterInfo = Type.Object({
  maxTotalPlayers: Type.Optional(Type.Integer({ minimum: 0 })),
  maxTotalActivePlayers: Type.Optional(Type.Integer({ minimum: 0 })),
  maxTotalReservePlayers: Type.Optional(Type.Integer({ minimum: 0 })),
  /** Position -> how many may start there. */
  positionConstraints: Type.Optional(
    Type.Record(
      Type.String(),
      Type.Object({ maxActive: Type.Optional(Type.Integer({ minimum: 0 })) }),
    ),
  ),
});
export type FantraxRosterInfo = Static<typeof FantraxRosterInfo>;

/** A stat or a position as Fantrax names it in scoring settings. */
const FantraxNamed = Type.Object({ code: Text, id: Text, name: Text, shortName: Text });

/** One scoring config: a stat, the position (or slot) it applies to, its points or weight. */
export const FantraxScoringConfig = Type.Object({
  scoringCategory: Type.Optional(FantraxNamed),
  /** An object in go-fantrax's type; a bare code in another client's fixture. */
  position: Type.Optional(Type.Union([FantraxNamed, Type.String()])),
  points: Type.Optional(Type.Number()),
  weight: Type.Optional(Type.Number()),
});
export type FantraxScoringConfig = Static<typeof FantraxScoringConfig>;

/** GET getLeagueInfo?leagueId= (the parts read here; the activity side reads its own). */
export const FantraxLeagueInfo = Type.Object({
  leagueName: Text,
  /** The id every season of one league shares (each season's league has its own leagueId). */
  leagueHistoryId: Text,
  seasonYear: Type.Optional(Type.Integer({ minimum: 1900, maximum: 3000 })),
  startDate: Text,
  endDate: Text,
  teamInfo: Type.Optional(Type.Record(Type.String(), FantraxTeamInfo)),
  rosterInfo: Type.Optional(FantraxRosterInfo),
  /** Player id -> eligible positions ("RB,WR") and status in the league ("T" taken, "FA"...). */
  playerInfo: Type.Optional(
    Type.Record(Type.String(), Type.Object({ eligiblePos: Text, status: Text })),
  ),
  /**
   * `type` (HEAD_TO_HEAD_POINTS, HEAD_TO_HEAD_ROTI_MULTI_WIN seen in clients), and one config per
   * stat and position: `points` in a points league, `weight` in a category one (go-fantrax
   * league_info.go; a category league's settings as a public client captured them).
   */
  scoringSystem: Type.Optional(
    Type.Object({
      type: Text,
      scoringCategorySettings: Type.Optional(
        Type.Array(Type.Object({ configs: Type.Optional(Type.Array(FantraxScoringConfig)) })),
      ),
    }),
  ),
});
export type FantraxLeagueInfo = Static<typeof FantraxLeagueInfo>;

export const FantraxRosterItem = Type.Object({
  id: Id,
  /** The slot the player fills ("QB", "RB", "BN"...). */
  position: Text,
  /** ACTIVE, RESERVE, INJURED_RESERVE, MINORS. */
  status: Text,
});
export type FantraxRosterItem = Static<typeof FantraxRosterItem>;

export const FantraxTeamRoster = Type.Object({
  teamName: Text,
  rosterItems: Type.Optional(Type.Array(FantraxRosterItem)),
});
export type FantraxTeamRoster = Static<typeof FantraxTeamRoster>;

/** GET getTeamRosters?leagueId=[&period=]: every team's roster, keyed by team id. */
export const FantraxTeamRosters = Type.Object({
  period: Type.Optional(Type.Integer()),
  rosters: Type.Optional(Type.Record(Type.String(), FantraxTeamRoster)),
});
export type FantraxTeamRosters = Static<typeof FantraxTeamRosters>;

const ProviderId = Type.Optional(Type.Union([Type.String(), Type.Integer()]));

/** One entry of getPlayerIds; `name` is "Last, First". */
export const FantraxPlayerId = Type.Object({
  fantraxId: Id,
  name: Text,
  /** The real-life team's abbreviation, "(N/A)" for none. */
  team: Text,
  position: Text,
  statsIncId: ProviderId,
  rotowireId: ProviderId,
  sportRadarId: ProviderId,
});
export type FantraxPlayerId = Static<typeof FantraxPlayerId>;

/** GET getPlayerIds?sport=: the sport's players, keyed by Fantrax id. */
export const FantraxPlayerIds = Type.Record(Type.String(), FantraxPlayerId);

export const responses = {
  userLeagues: TypeCompiler.Compile(FantraxUserLeagues),
  leagueInfo: TypeCompiler.Compile(FantraxLeagueInfo),
  teamRosters: TypeCompiler.Compile(FantraxTeamRosters),
  playerIds: TypeCompiler.Compile(FantraxPlayerIds),
};

/**
 * Fantrax's refusal inside a 200 answer, `{"error": {"code": "INVALID_LEAGUE_ID", "message":
 * ...}}` (or a string): its words, short; undefined for data.
 */
export function fantraxRefusal(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  if (!('error' in body)) return undefined;
  const error: unknown = (body as { error: unknown }).error;
  if (error === undefined || error === null || error === '') return undefined;
  let words = '';
  if (typeof error === 'string') words = error;
  else if (typeof error === 'object') {
    const { code, message } = error as { code?: unknown; message?: unknown };
    words = [code, message].filter((part) => typeof part === 'string' && part !== '').join(': ');
  }
  return words.trim().slice(0, 200) || 'an error without a message';
}

/** Returns the body typed, or throws 'invalid_response' (see ../validate.ts). */
export function validate<T extends TSchema>(
  check: TypeCheck<T>,
  body: unknown,
  endpoint: string,
): Static<T> {
  return validatePayload('fantrax', check, body, endpoint);
}

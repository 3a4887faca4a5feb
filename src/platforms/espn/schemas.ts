// The slice of each ESPN response this service reads, as TypeBox schemas checked the moment a body
// arrives. ESPN's bodies are large and add fields freely, so extra properties pass; a missing or
// mistyped field the mapping needs is refused as 'invalid_response'. ESPN sends numeric ids
// (league, team, player; team defences negative) as JSON numbers, members' ids as "{GUID}".
import { Type } from '@sinclair/typebox';
import type { Static, TSchema } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import type { TypeCheck } from '@sinclair/typebox/compiler';
import { validatePayload } from '../validate.ts';
import {
  EspnCommunication,
  EspnDraftDetail,
  EspnScheduleEntry,
  EspnSettingsDetails,
  EspnTeamStanding,
} from './activity-schemas.ts';
import { EspnInjuryFields } from './game-schemas.ts';

const Maybe = <T extends TSchema>(schema: T) => Type.Optional(Type.Union([schema, Type.Null()]));
const Text = Maybe(Type.String());
const SafeInteger = Type.Integer({ minimum: -(2 ** 53 - 1), maximum: 2 ** 53 - 1 });

/** A player as ESPN describes one, in the season player list and inside roster entries. */
export const EspnPlayer = Type.Object({
  id: SafeInteger,
  fullName: Text,
  firstName: Text,
  lastName: Text,
  defaultPositionId: Maybe(Type.Integer()),
  proTeamId: Maybe(Type.Integer()),
  /** A string such as "21"; only some views carry it (player cards, basketball rosters). */
  jersey: Maybe(Type.Union([Type.String(), Type.Integer()])),
  active: Maybe(Type.Boolean()),
  ...EspnInjuryFields,
});
export type EspnPlayer = Static<typeof EspnPlayer>;

/** view=mRoster: a team's `roster.entries`. */
export const EspnRosterEntry = Type.Object({
  playerId: SafeInteger,
  /** Where the player stands in the lineup now (slots.ts). */
  lineupSlotId: Maybe(Type.Integer()),
  playerPoolEntry: Maybe(Type.Object({ player: Maybe(EspnPlayer) })),
});
export type EspnRosterEntry = Static<typeof EspnRosterEntry>;

/** view=mTeam (names, owners, record) and view=mRoster (roster) of a team. */
export const EspnTeam = Type.Object({
  ...EspnTeamStanding,
  id: Type.Integer(),
  /** ESPN's single team name since 2024; location + nickname before. */
  name: Text,
  location: Text,
  nickname: Text,
  abbrev: Text,
  primaryOwner: Text,
  owners: Maybe(Type.Array(Type.String())),
  roster: Maybe(Type.Object({ entries: Maybe(Type.Array(EspnRosterEntry)) })),
});
export type EspnTeam = Static<typeof EspnTeam>;

/** One league season, as /seasons/{Y}/segments/0/leagues/{id} or an element of leagueHistory. */
export const EspnLeague = Type.Object({
  id: SafeInteger,
  seasonId: Type.Integer(),
  gameId: Maybe(Type.Integer()),
  /** The league's current scoring period (a week in football, a day in basketball). */
  scoringPeriodId: Maybe(Type.Integer()),
  settings: Maybe(Type.Object({ name: Text, size: Maybe(Type.Integer()), ...EspnSettingsDetails })),
  status: Maybe(
    Type.Object({
      previousSeasons: Maybe(Type.Array(Type.Integer())),
      currentMatchupPeriod: Maybe(Type.Integer({ minimum: 0 })),
    }),
  ),
  teams: Maybe(Type.Array(EspnTeam)),
  members: Maybe(Type.Array(Type.Object({ id: Type.String(), displayName: Text }))),
  /** view=mMatchupScore: every matchup of the season, played or not. */
  schedule: Maybe(Type.Array(EspnScheduleEntry)),
  /** view=mDraftDetail (picks); mTeam and mSettings send it without picks. */
  draftDetail: Maybe(EspnDraftDetail),
});
export type EspnLeague = Static<typeof EspnLeague>;

/** One fantasy entry of the fan profile: a team of the fan in a league of one season. */
export const EspnFanEntry = Type.Object({
  abbrev: Text,
  gameId: Maybe(Type.Integer()),
  seasonId: Maybe(Type.Integer()),
  groups: Maybe(
    Type.Array(
      Type.Object({
        groupId: Type.Union([Type.Integer({ minimum: 0 }), Type.String({ pattern: '^[0-9]+$' })]),
        groupName: Text,
      }),
    ),
  ),
});
export type EspnFanEntry = Static<typeof EspnFanEntry>;

/** GET {ESPN_FAN_BASE_URL}/{SWID}: the fan's profile; `preferences` of type "fantasy" list entries. */
export const EspnFan = Type.Object({
  preferences: Maybe(
    Type.Array(
      Type.Object({
        type: Maybe(Type.Object({ code: Text })),
        metaData: Maybe(Type.Object({ entry: Maybe(EspnFanEntry) })),
      }),
    ),
  ),
});
export type EspnFan = Static<typeof EspnFan>;

// Compiled once: the player list holds thousands of players.
export const responses = {
  fan: TypeCompiler.Compile(EspnFan),
  league: TypeCompiler.Compile(EspnLeague),
  leagueHistory: TypeCompiler.Compile(Type.Array(EspnLeague)),
  players: TypeCompiler.Compile(Type.Array(EspnPlayer)),
  communication: TypeCompiler.Compile(EspnCommunication),
};

/** Returns the body typed, or throws 'invalid_response' (see ../validate.ts). */
export function validate<T extends TSchema>(
  check: TypeCheck<T>,
  body: unknown,
  endpoint: string,
): Static<T> {
  return validatePayload('espn', check, body, endpoint);
}

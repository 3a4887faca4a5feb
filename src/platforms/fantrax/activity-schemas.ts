// The slice of Fantrax's official API (https://www.fantrax.com/fxea/general/<method>, "Fantrax API
// v1.x (Beta)", documented on Fantrax's developer page) that the league data reads, checked as each
// body arrives: getLeagueInfo's schedule, getStandings, getMatchupScores, getDraftResults and
// getDraftPicks. The documentation names the methods and their fields but gives no schema, and no
// recording of them exists, so the shapes below are the documented fields as well-used clients read
// them (LEAGUE-DATA.md names the clients). Only what the mapping reads is declared: other fields
// may come and go. Team ids are Fantrax's opaque strings (`teamId`, or `id` inside the schedule).
import { Type } from '@sinclair/typebox';
import type { Static, TSchema } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import type { TypeCheck } from '@sinclair/typebox/compiler';
import { validatePayload } from '../validate.ts';

const TeamId = Type.String({ minLength: 1 });
const Period = Type.Integer({ minimum: 1 });
const Text = Type.Optional(Type.String());
/** Fantrax writes times as `2026-09-30T19:29:59.0-0400`; some clients have seen epoch millis. */
const FantraxTime = Type.Optional(Type.Union([Type.String(), Type.Number()]));

/** One team as the schedule names it. */
const ScheduleTeam = Type.Object({ id: TeamId, name: Text });

/** The parts of getLeagueInfo (read by the core connector whole) the league data uses. */
export const FantraxSchedule = Type.Object({
  /** Head-to-head leagues only: every scoring period's pairings, byes with one side left out. */
  matchups: Type.Optional(
    Type.Array(
      Type.Object({
        period: Period,
        matchupList: Type.Optional(
          Type.Array(
            Type.Object({ away: Type.Optional(ScheduleTeam), home: Type.Optional(ScheduleTeam) }),
          ),
        ),
      }),
    ),
  ),
  /** Head-to-head leagues: `used` false when the league plays no playoffs (its periods then unread). */
  playoffs: Type.Optional(
    Type.Object({
      used: Type.Optional(Type.Boolean()),
      firstPlayoffPeriod: Type.Optional(Type.Integer({ minimum: 0 })),
    }),
  ),
  draftType: Text,
  /** By team id; `division` only in leagues with divisions (go-fantrax's TeamInfo). */
  teamInfo: Type.Optional(
    Type.Record(Type.String(), Type.Object({ division: Type.Optional(Type.String()) })),
  ),
});
export type FantraxSchedule = Static<typeof FantraxSchedule>;

/** GET getStandings?leagueId=: a bare list, one row per team, in Fantrax's order. */
export const FantraxStandings = Type.Array(
  Type.Object({
    teamId: TeamId,
    /** Read as the team's standing when 1 or more. */
    rank: Type.Optional(Type.Integer({ minimum: 0 })),
    /** The record as "W-L-T" in head-to-head leagues; read as a record only in that form. */
    points: Type.Optional(Type.Union([Type.String(), Type.Number()])),
    totalPointsFor: Type.Optional(Type.Number()),
  }),
);
export type FantraxStandings = Static<typeof FantraxStandings>;

const ScoredSide = Type.Object({
  teamId: TeamId,
  score: Type.Optional(Type.Number()),
  /** 0 on both sides: a period not begun (Fantrax then writes a score of 0). */
  gamesPlayed: Type.Optional(Type.Integer({ minimum: 0 })),
});
export type FantraxScoredSide = Static<typeof ScoredSide>;

/** GET getMatchupScores?leagueId=[&period=]: without a period, the current one, which it echoes. */
export const FantraxMatchupScores = Type.Object({
  period: Type.Optional(Period),
  matchups: Type.Optional(
    Type.Array(Type.Object({ away: Type.Optional(ScoredSide), home: Type.Optional(ScoredSide) })),
  ),
});
export type FantraxMatchupScores = Static<typeof FantraxMatchupScores>;

export const FantraxDraftSlot = Type.Object({
  round: Type.Integer({ minimum: 1 }),
  /** The overall pick number (getDraftPicks' `pick` is the pick within the round). */
  pick: Type.Integer({ minimum: 1 }),
  pickInRound: Type.Integer({ minimum: 1 }),
  /** The team holding the slot. */
  teamId: TeamId,
  /** Left out while the pick is not made (a blank one is read the same way). */
  playerId: Type.Optional(Type.String()),
});
export type FantraxDraftSlot = Static<typeof FantraxDraftSlot>;

/** GET getDraftResults?leagueId=: the season's draft board, live during the draft. */
export const FantraxDraftResults = Type.Object({
  /** "completed" once over; other values are not documented. */
  draftState: Text,
  draftType: Text,
  draftDate: FantraxTime,
  startDate: FantraxTime,
  draftPicks: Type.Optional(Type.Array(FantraxDraftSlot)),
});
export type FantraxDraftResults = Static<typeof FantraxDraftResults>;

export const FantraxFuturePick = Type.Object({
  year: Type.Integer({ minimum: 1900, maximum: 2100 }),
  round: Type.Integer({ minimum: 1 }),
  originalOwnerTeamId: TeamId,
  currentOwnerTeamId: TeamId,
});
export type FantraxFuturePick = Static<typeof FantraxFuturePick>;

/**
 * GET getDraftPicks?leagueId=: picks of future seasons' drafts. Its `currentDraftPicks` (the coming
 * draft's slots not used yet) name only their holder and are not read.
 */
export const FantraxDraftPicks = Type.Object({
  futureDraftPicks: Type.Optional(Type.Array(FantraxFuturePick)),
});
export type FantraxDraftPicks = Static<typeof FantraxDraftPicks>;

/** Fantrax answers many failures with HTTP 200 and this body. */
export const FantraxErrorEnvelope = Type.Object({
  error: Type.Object({ code: Text, message: Text }),
});

export const activityResponses = {
  schedule: TypeCompiler.Compile(FantraxSchedule),
  standings: TypeCompiler.Compile(FantraxStandings),
  matchupScores: TypeCompiler.Compile(FantraxMatchupScores),
  draftResults: TypeCompiler.Compile(FantraxDraftResults),
  draftPicks: TypeCompiler.Compile(FantraxDraftPicks),
  errorEnvelope: TypeCompiler.Compile(FantraxErrorEnvelope),
};

export function validate<T extends TSchema>(
  check: TypeCheck<T>,
  body: unknown,
  endpoint: string,
): Static<T> {
  return validatePayload('fantrax', check, body, endpoint);
}

// The slices of ESPN's league views beside rosters that this service reads (issue 29): a team's
// record and standing (mTeam), the schedule (mMatchupScore), the draft (mDraftDetail), the
// settings that say how to read them (mSettings), and the league's activity feed (the
// communication endpoint's kona_league_communication view). ESPN documents none of them; the
// fields are those cwendt94/espn-api and ffverse/ffscrapr read, checked against the recordings
// in ../shared/fixtures/espn. Extra properties pass, as in schemas.ts.
import { Type } from '@sinclair/typebox';
import type { Static, TSchema } from '@sinclair/typebox';
import {
  EspnAcquisitionSettings,
  EspnGameSettings,
  EspnScheduleSettings,
  EspnScoringSettings,
} from './game-schemas.ts';

const Maybe = <T extends TSchema>(schema: T) => Type.Optional(Type.Union([schema, Type.Null()]));
const SafeInteger = Type.Integer({ minimum: -(2 ** 53 - 1), maximum: 2 ** 53 - 1 });

/** A team's record.overall (mTeam): wins, losses, ties and points over the season so far. */
export const EspnTeamRecord = Type.Object({
  wins: Maybe(Type.Integer({ minimum: 0 })),
  losses: Maybe(Type.Integer({ minimum: 0 })),
  ties: Maybe(Type.Integer({ minimum: 0 })),
  pointsFor: Maybe(Type.Number()),
  pointsAgainst: Maybe(Type.Number()),
});

/** The fields of a team (mTeam) beside its name and owners. */
export const EspnTeamStanding = {
  logo: Maybe(Type.String()),
  divisionId: Maybe(Type.Integer()),
  /** The current standings position (seed); 0 before any game. */
  playoffSeed: Maybe(Type.Integer()),
  /** The final position once the season (playoffs included) is over; 0 until then. */
  rankCalculatedFinal: Maybe(Type.Integer()),
  record: Maybe(Type.Object({ overall: Maybe(EspnTeamRecord) })),
};

/** mSettings: what the schedule, the draft, the waivers and the game's rules are. */
export const EspnSettingsDetails = {
  scheduleSettings: Maybe(EspnScheduleSettings),
  scoringSettings: Maybe(EspnScoringSettings),
  /** SNAKE, AUCTION, OFFLINE...; `date` is the draft's time, in ms. */
  draftSettings: Maybe(Type.Object({ type: Maybe(Type.String()), date: Maybe(SafeInteger) })),
  acquisitionSettings: Maybe(EspnAcquisitionSettings),
  ...EspnGameSettings,
};

/** One team's side of a schedule entry: its points, and in category leagues categories won. */
export const EspnMatchupSide = Type.Object({
  teamId: Type.Integer(),
  totalPoints: Maybe(Type.Number()),
  /** Scoring period id -> points: which scoring periods the matchup period spans. */
  pointsByScoringPeriod: Maybe(Type.Record(Type.String(), Type.Number())),
  cumulativeScore: Maybe(
    Type.Object({
      wins: Maybe(Type.Number()),
      losses: Maybe(Type.Number()),
      ties: Maybe(Type.Number()),
    }),
  ),
});
export type EspnMatchupSide = Static<typeof EspnMatchupSide>;

/** A schedule entry (mMatchupScore). Rotisserie leagues list `teams` instead of home and away. */
export const EspnScheduleEntry = Type.Object({
  id: SafeInteger,
  matchupPeriodId: Type.Integer({ minimum: 1 }),
  home: Maybe(EspnMatchupSide),
  away: Maybe(EspnMatchupSide),
  /** HOME, AWAY, TIE, UNDECIDED. */
  winner: Maybe(Type.String()),
  /** NONE (regular season), WINNERS_BRACKET, WINNERS_CONSOLATION_LADDER, LOSERS_CONSOLATION_LADDER. */
  playoffTierType: Maybe(Type.String()),
});
export type EspnScheduleEntry = Static<typeof EspnScheduleEntry>;

/** A pick of the season's draft (mDraftDetail). */
export const EspnDraftPick = Type.Object({
  overallPickNumber: Type.Integer({ minimum: 1 }),
  roundId: Type.Integer({ minimum: 1 }),
  roundPickNumber: Type.Integer({ minimum: 1 }),
  teamId: Type.Integer(),
  playerId: Maybe(SafeInteger),
  keeper: Maybe(Type.Boolean()),
  bidAmount: Maybe(Type.Number({ minimum: 0 })),
});
export type EspnDraftPick = Static<typeof EspnDraftPick>;

/** mDraftDetail's draftDetail (mTeam and mSettings carry it without `picks`). */
export const EspnDraftDetail = Type.Object({
  drafted: Maybe(Type.Boolean()),
  inProgress: Maybe(Type.Boolean()),
  picks: Maybe(Type.Array(EspnDraftPick)),
});
export type EspnDraftDetail = Static<typeof EspnDraftDetail>;

/**
 * One message of the activity feed: a player (`targetId`) moving. Which field names the team
 * depends on messageTypeId (transactions.ts); 180's `from` is the waiver bid.
 */
export const EspnActivityMessage = Type.Object({
  messageTypeId: Type.Integer(),
  /** The player; messages of other types (which the filter leaves out) may name none. */
  targetId: Maybe(SafeInteger),
  from: Maybe(Type.Number()),
  to: Maybe(Type.Number()),
  for: Maybe(Type.Number()),
});
export type EspnActivityMessage = Static<typeof EspnActivityMessage>;

/** A topic of the activity feed: one transaction, dated in ms, with its messages. */
export const EspnActivityTopic = Type.Object({
  id: Type.String({ minLength: 1 }),
  date: SafeInteger,
  type: Maybe(Type.String()),
  author: Maybe(Type.String()),
  messages: Type.Array(EspnActivityMessage),
});
export type EspnActivityTopic = Static<typeof EspnActivityTopic>;

/** GET .../leagues/{id}/communication/?view=kona_league_communication */
export const EspnCommunication = Type.Object({ topics: Maybe(Type.Array(EspnActivityTopic)) });
export type EspnCommunication = Static<typeof EspnCommunication>;

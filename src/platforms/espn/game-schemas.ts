// The slices of ESPN's bodies the game (issue 38) reads: the league's rules in mSettings
// (scoring items, lineup slot counts, schedule, waivers, trades), a roster entry's slot and its
// player's injury (mRoster, and the box scores' rosters), and a box score (mMatchupScore with
// mBoxscore, asked for one matchup period) and the player pool's stats of a scoring period
// (kona_player_info, the live shared read). ESPN documents none of them; the fields are those
// cwendt94/espn-api reads, checked against the recordings in ../shared/fixtures/espn. Extra
// properties pass, as in schemas.ts.
import { Type } from '@sinclair/typebox';
import type { Static, TSchema } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';

const Maybe = <T extends TSchema>(schema: T) => Type.Optional(Type.Union([schema, Type.Null()]));
const SafeInteger = Type.Integer({ minimum: -(2 ** 53 - 1), maximum: 2 ** 53 - 1 });
/** ESPN keys maps by id as JSON object keys ("16", "23"); the mapping skips any other key. */
const ById = <T extends TSchema>(schema: T) => Type.Record(Type.String(), schema);

/** A scoring item: `points` per unit of `statId`; pointsOverrides by lineup slot id. */
export const EspnScoringItem = Type.Object({
  statId: Type.Integer({ minimum: 0 }),
  points: Maybe(Type.Number()),
  pointsOverrides: Maybe(ById(Type.Number())),
  /** In category and rotisserie leagues: fewer wins the category. */
  isReverseItem: Maybe(Type.Boolean()),
});
export type EspnScoringItem = Static<typeof EspnScoringItem>;

/** mSettings' scoringSettings. */
export const EspnScoringSettings = Type.Object({
  /** H2H_POINTS, H2H_CATEGORY, H2H_MOST_CATEGORIES, ROTO, TOTAL_POINTS... */
  scoringType: Maybe(Type.String()),
  scoringItems: Maybe(Type.Array(EspnScoringItem)),
});

/** mSettings' scheduleSettings: divisions, and how matchup periods run. */
export const EspnScheduleSettings = Type.Object({
  divisions: Maybe(Type.Array(Type.Object({ id: Type.Integer(), name: Maybe(Type.String()) }))),
  /** Matchup periods of the regular season; the playoffs follow. */
  matchupPeriodCount: Maybe(Type.Integer({ minimum: 0 })),
  /** Matchup period id -> the periods it spans (football: weeks, the scoring periods). */
  matchupPeriods: Maybe(ById(Type.Array(Type.Integer()))),
  playoffTeamCount: Maybe(Type.Integer({ minimum: 0 })),
});

export const EspnAcquisitionSettings = Type.Object({
  isUsingAcquisitionBudget: Maybe(Type.Boolean()),
  acquisitionBudget: Maybe(Type.Number({ minimum: 0 })),
  /** WAIVERS_TRADITIONAL, WAIVERS_CONTINUOUS... */
  acquisitionType: Maybe(Type.String()),
});

export const EspnGameSettings = {
  rosterSettings: Maybe(Type.Object({ lineupSlotCounts: Maybe(ById(Type.Integer())) })),
  /** deadlineDate: the moment trades end, in ms (absent: no deadline set). */
  tradeSettings: Maybe(Type.Object({ deadlineDate: Maybe(SafeInteger) })),
};

/** A player's injury as ESPN gives it beside the player (rosters, box scores, player cards). */
export const EspnInjuryFields = {
  /** ACTIVE, NORMAL, QUESTIONABLE, OUT, DAY_TO_DAY, INJURY_RESERVE, FIFTEEN_DAY_DL... */
  injuryStatus: Maybe(Type.String()),
  injured: Maybe(Type.Boolean()),
};

/** One line of a player's `stats`: statSourceId 0 actual, 1 projected, for a scoring period. */
export const EspnPlayerStats = Type.Object({
  scoringPeriodId: Maybe(Type.Integer()),
  statSourceId: Maybe(Type.Integer()),
  appliedTotal: Maybe(Type.Number()),
});

/** A box score roster entry: the slot, the player, his points for the team. */
export const EspnBoxEntry = Type.Object({
  playerId: SafeInteger,
  lineupSlotId: Type.Integer(),
  playerPoolEntry: Maybe(
    Type.Object({
      appliedStatTotal: Maybe(Type.Number()),
      player: Maybe(
        Type.Object({
          ...EspnInjuryFields,
          stats: Maybe(Type.Array(EspnPlayerStats)),
        }),
      ),
    }),
  ),
});
export type EspnBoxEntry = Static<typeof EspnBoxEntry>;

const EspnBoxRoster = Type.Object({
  appliedStatTotal: Maybe(Type.Number()),
  entries: Type.Array(EspnBoxEntry),
});
export type EspnBoxRoster = Static<typeof EspnBoxRoster>;

/** A team's side of a box score. */
export const EspnBoxSide = Type.Object({
  teamId: Type.Integer(),
  /** The lineup on the scoring period asked for, bench and IR included. */
  rosterForCurrentScoringPeriod: Maybe(EspnBoxRoster),
  /** Whoever scored for the team over the matchup period (slot ids there are placeholders). */
  rosterForMatchupPeriod: Maybe(EspnBoxRoster),
});
export type EspnBoxSide = Static<typeof EspnBoxSide>;

/** GET .../leagues/{id}?view=mMatchupScore&view=mBoxscore&scoringPeriodId=N, one matchup period. */
export const EspnBoxScore = Type.Object({
  schedule: Maybe(
    Type.Array(
      Type.Object({
        matchupPeriodId: Type.Integer({ minimum: 1 }),
        home: Maybe(EspnBoxSide),
        away: Maybe(EspnBoxSide),
      }),
    ),
  ),
});
export type EspnBoxScore = Static<typeof EspnBoxScore>;

export const boxScoreResponse = TypeCompiler.Compile(EspnBoxScore);

/**
 * A player's raw stats line: statSourceId 0 actual (1 projected), statSplitTypeId 1 one scoring
 * period (0 the season), `stats` by ESPN stat id (the ids of scoring items).
 */
export const EspnStatLine = Type.Object({
  seasonId: Maybe(Type.Integer()),
  scoringPeriodId: Maybe(Type.Integer()),
  statSourceId: Maybe(Type.Integer()),
  statSplitTypeId: Maybe(Type.Integer()),
  stats: Maybe(ById(Type.Number())),
});
export type EspnStatLine = Static<typeof EspnStatLine>;

/**
 * GET .../segments/0/leaguedefaults/{n}?view=kona_player_info&scoringPeriodId=N: a page of the
 * player pool, each player with the stats lines the X-Fantasy-Filter asked for.
 */
export const EspnPlayerPoolStats = Type.Object({
  players: Type.Array(
    Type.Object({
      id: SafeInteger,
      player: Maybe(Type.Object({ stats: Maybe(Type.Array(EspnStatLine)) })),
    }),
  ),
});
export type EspnPlayerPoolStats = Static<typeof EspnPlayerPoolStats>;

export const playerPoolStatsResponse = TypeCompiler.Compile(EspnPlayerPoolStats);

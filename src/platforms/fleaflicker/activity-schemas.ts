// The slice of Fleaflicker's standings details, scoreboards, transaction feeds, trades, draft boards
// and team picks this service reads (https://www.fleaflicker.com/api-docs/), checked as each body
// arrives. As in schemas.ts: protocol-buffer JSON, so a zero, false or empty value is left out
// (a missing `wins` is 0, a missing `isFinalScore` false, a missing list empty), and epoch times
// are decimal strings of milliseconds.
import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import { FleaProPlayer } from './schemas.ts';

const Id = Type.Integer();
const Text = Type.Optional(Type.String());
const Flag = Type.Optional(Type.Boolean());
const Count = Type.Optional(Type.Integer({ minimum: 0 }));
/** Milliseconds since 1970 as Fleaflicker writes them: a string of digits. */
const EpochMilli = Type.String({ pattern: '^[0-9]{1,16}$' });
/** ws.flea.api.FormattedDecimal: `value` is left out when it is 0. */
const Decimal = Type.Optional(Type.Object({ value: Type.Optional(Type.Number()) }));

/** A team as named inside a game, trade, pick or transaction (owners are not repeated there). */
const TeamRef = Type.Object({ id: Id, name: Text });

/** ws.flea.api.TeamRecord: `rank` is the team's place in the league's standings. */
const TeamRecord = Type.Optional(
  Type.Object({ wins: Count, losses: Count, ties: Count, rank: Count }),
);

/** What the standings say of a team beside its name and owners (read by mapTeamDetails). */
export const FleaTeamDetails = Type.Object({
  id: Id,
  /** One to three letters Fleaflicker shows for the team where it has no logo. */
  initials: Text,
  recordOverall: TeamRecord,
  pointsFor: Decimal,
  pointsAgainst: Decimal,
});
export type FleaTeamDetails = Static<typeof FleaTeamDetails>;

/** The divisions of FetchLeagueStandings with their ids and names (schemas.ts reads the teams). */
export const FleaStandingsDivisions = Type.Object({
  divisions: Type.Optional(
    Type.Array(
      Type.Object({
        id: Type.Optional(Id),
        name: Text,
        teams: Type.Optional(Type.Array(FleaTeamDetails)),
      }),
    ),
  ),
});
export type FleaStandingsDivisions = Static<typeof FleaStandingsDivisions>;

const SchedulePeriod = Type.Object({ ordinal: Type.Integer({ minimum: 1 }), value: Count });

/** ws.flea.api.FantasyGame: `away` is left out for a bye. */
export const FleaGame = Type.Object({
  id: Type.Union([Type.String({ minLength: 1 }), Id]),
  home: Type.Optional(TeamRef),
  away: Type.Optional(TeamRef),
  homeScore: Type.Optional(Type.Object({ score: Decimal })),
  awayScore: Type.Optional(Type.Object({ score: Decimal })),
  /** WIN, LOSE or TIE once the game is decided. */
  homeResult: Text,
  awayResult: Text,
  isFinalScore: Flag,
  isPlayoffs: Flag,
  isConsolation: Flag,
});
export type FleaGame = Static<typeof FleaGame>;

/** GET /FetchLeagueScoreboard?sport=&league_id=&season=[&scoring_period=] */
export const FleaScoreboard = Type.Object({
  /** The period answered: the one asked for, else the league's current one. */
  schedulePeriod: Type.Optional(SchedulePeriod),
  /** Every period of the season's schedule. */
  eligibleSchedulePeriods: Type.Optional(Type.Array(SchedulePeriod)),
  games: Type.Optional(Type.Array(FleaGame)),
});
export type FleaScoreboard = Static<typeof FleaScoreboard>;

const LeaguePlayer = Type.Object({ proPlayer: FleaProPlayer });
export type FleaProPlayerRef = Static<typeof LeaguePlayer>;

/** One line of a transaction feed: one player, one team. */
export const FleaTransactionItem = Type.Object({
  timeEpochMilli: EpochMilli,
  transaction: Type.Object({
    /** TRANSACTION_DROP, _CLAIM, _TRADE, _IMPORT...; left out for TRANSACTION_ADD (the enum's 0). */
    type: Text,
    team: Type.Optional(TeamRef),
    player: Type.Optional(LeaguePlayer),
    /** A waiver claim's winning bid. */
    bidAmount: Type.Optional(Type.Number({ minimum: 0 })),
    /** Every team that claimed the player: the winner, and the others marked `loser`. */
    waiverResolutionTeams: Type.Optional(
      Type.Array(
        Type.Object({
          team: Type.Optional(TeamRef),
          bid: Type.Optional(Type.Number({ minimum: 0 })),
          loser: Flag,
        }),
      ),
    ),
  }),
});
export type FleaTransactionItem = Static<typeof FleaTransactionItem>;

/** GET /FetchLeagueTransactions?sport=&league_id=&result_offset=: 30 lines a page, newest first. */
export const FleaTransactionPage = Type.Object({
  items: Type.Optional(Type.Array(FleaTransactionItem)),
  resultOffsetNext: Type.Optional(Type.Integer({ minimum: 0 })),
});

/** ws.flea.api.DraftPick as traded or held: `originalOwner` is left out for a team's own pick. */
export const FleaDraftPick = Type.Object({
  season: Type.Integer(),
  slot: Type.Object({ round: Type.Integer({ minimum: 1 }), slot: Count, overall: Count }),
  ownedBy: Type.Optional(TeamRef),
  originalOwner: Type.Optional(TeamRef),
  /** The team listing the pick no longer holds it. */
  lost: Flag,
});
export type FleaDraftPick = Static<typeof FleaDraftPick>;

export const FleaTrade = Type.Object({
  id: Id,
  /** TRADE_STATUS_EXECUTED, _PROPOSED, _VETOED... */
  status: Text,
  proposedOn: Type.Optional(EpochMilli),
  approvedOn: Type.Optional(EpochMilli),
  teams: Type.Optional(
    Type.Array(
      Type.Object({
        team: TeamRef,
        playersObtained: Type.Optional(Type.Array(LeaguePlayer)),
        picksObtained: Type.Optional(Type.Array(FleaDraftPick)),
        /** Players the team released to make room. */
        playersReleased: Type.Optional(Type.Array(LeaguePlayer)),
      }),
    ),
  ),
});
export type FleaTrade = Static<typeof FleaTrade>;

/** GET /FetchTrades?sport=&league_id=&filter=TRADES_COMPLETED&result_offset=: newest first. */
export const FleaTradePage = Type.Object({
  trades: Type.Optional(Type.Array(FleaTrade)),
  resultOffsetNext: Type.Optional(Type.Integer({ minimum: 0 })),
});

export const FleaDraftSelection = Type.Object({
  slot: Type.Object({
    round: Type.Integer({ minimum: 1 }),
    slot: Type.Integer({ minimum: 1 }),
    overall: Type.Integer({ minimum: 1 }),
  }),
  team: Type.Optional(TeamRef),
  /** Left out while the pick is not made. */
  player: Type.Optional(LeaguePlayer),
});
export type FleaDraftSelection = Static<typeof FleaDraftSelection>;

/** GET /FetchLeagueDraftBoard?sport=&league_id=&season=: the season's draft in pick order. */
export const FleaDraftBoard = Type.Object({
  orderedSelections: Type.Optional(Type.Array(FleaDraftSelection)),
});

/** GET /FetchTeamPicks?sport=&league_id=&team_id=: the picks a team holds or held. */
export const FleaTeamPicks = Type.Object({ picks: Type.Optional(Type.Array(FleaDraftPick)) });

export const activityResponses = {
  standingsDivisions: TypeCompiler.Compile(FleaStandingsDivisions),
  scoreboard: TypeCompiler.Compile(FleaScoreboard),
  transactions: TypeCompiler.Compile(FleaTransactionPage),
  trades: TypeCompiler.Compile(FleaTradePage),
  draftBoard: TypeCompiler.Compile(FleaDraftBoard),
  teamPicks: TypeCompiler.Compile(FleaTeamPicks),
};

// The slice of MFL's standings, schedule, transactions, draft and pick exports this service reads
// (https://api.myfantasyleague.com/2020/api_info), in the same style as schemas.ts: every value a
// string, a list of one the bare object, an empty list absent (or `{}` for the whole body part).
// Fields MFL's documentation leaves vague are read as ffscrapr's MFL functions read them.
import { Type } from '@sinclair/typebox';
import type { Static, TSchema } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';

const OneOrMany = <T extends TSchema>(schema: T) => Type.Union([Type.Array(schema), schema]);
const Id = Type.String({ minLength: 1 });
const Text = Type.Optional(Type.String());
/** Unix seconds, as MFL stamps transactions and picks. */
const Seconds = Type.String({ pattern: '^\\d+$' });

/**
 * One franchise of TYPE=leagueStandings (ffscrapr's ff_standings): head-to-head wins, losses and
 * ties, points for and against. Numbers may carry "$" or "," (money columns); non-h2h leagues
 * lack the h2h ones. MFL lists the franchises in the league's standings order.
 */
export const MflStanding = Type.Object({
  id: Id,
  h2hw: Text,
  h2hl: Text,
  h2ht: Text,
  pf: Text,
  pa: Text,
});
export type MflStanding = Static<typeof MflStanding>;

export const MflStandings = Type.Object({
  leagueStandings: Type.Object({ franchise: Type.Optional(OneOrMany(MflStanding)) }),
});

/** One side of a scheduled game: `result` W/L/T and `score` once it is played. */
export const MflScheduleSide = Type.Object({
  id: Id,
  isHome: Text,
  score: Text,
  result: Text,
});
export type MflScheduleSide = Static<typeof MflScheduleSide>;

export const MflWeek = Type.Object({
  week: Type.String({ pattern: '^\\d+$' }),
  matchup: Type.Optional(OneOrMany(Type.Object({ franchise: OneOrMany(MflScheduleSide) }))),
});
export type MflWeek = Static<typeof MflWeek>;

/** TYPE=schedule: every week's games; a week without games has no `matchup`. */
export const MflSchedule = Type.Object({
  schedule: Type.Object({ weeklySchedule: Type.Optional(OneOrMany(MflWeek)) }),
});

/**
 * One entry of TYPE=transactions. `transaction` is MFL's packed text: "added,|dropped," for
 * FREE_AGENT and WAIVER, "added,|bid|dropped," for BBID_WAIVER; a TRADE names `franchise2` and
 * each side's `franchise1_gave_up`/`franchise2_gave_up` ("id,FP_0004_2020_4,DP_2_9,BB_30,").
 */
export const MflTransaction = Type.Object({
  type: Type.String(),
  timestamp: Seconds,
  franchise: Text,
  transaction: Text,
  by_commish: Text,
  franchise2: Text,
  franchise1_gave_up: Text,
  franchise2_gave_up: Text,
});
export type MflTransaction = Static<typeof MflTransaction>;

export const MflTransactions = Type.Object({
  transactions: Type.Object({ transaction: Type.Optional(OneOrMany(MflTransaction)) }),
});

/** A draft slot: `player` empty until made, "----" or "0000" when skipped. */
export const MflDraftPick = Type.Object({
  round: Type.String({ pattern: '^\\d+$' }),
  pick: Type.String({ pattern: '^\\d+$' }),
  franchise: Id,
  player: Text,
  timestamp: Text,
});
export type MflDraftPick = Static<typeof MflDraftPick>;

/** One draft of TYPE=draftResults: the league's (`unit` LEAGUE) or one division's (DIVISION00). */
export const MflDraftUnit = Type.Object({
  unit: Type.String({ minLength: 1 }),
  /** SDRAFT a snake draft, SAME the same order every round. */
  draftType: Text,
  draftPick: Type.Optional(OneOrMany(MflDraftPick)),
});
export type MflDraftUnit = Static<typeof MflDraftUnit>;

export const MflDraftResults = Type.Object({
  draftResults: Type.Object({ draftUnit: Type.Optional(OneOrMany(MflDraftUnit)) }),
});

/** One closed auction of TYPE=auctionResults: the winner and the price. */
export const MflAuction = Type.Object({
  player: Id,
  franchise: Id,
  winningBid: Type.String({ pattern: '^\\d+(\\.\\d+)?$' }),
  lastBidTime: Text,
});
export type MflAuction = Static<typeof MflAuction>;

export const MflAuctionUnit = Type.Object({
  unit: Type.String({ minLength: 1 }),
  auction: Type.Optional(OneOrMany(MflAuction)),
});
export type MflAuctionUnit = Static<typeof MflAuctionUnit>;

export const MflAuctionResults = Type.Object({
  auctionResults: Type.Object({ auctionUnit: Type.Optional(OneOrMany(MflAuctionUnit)) }),
});

/** TYPE=futureDraftPicks: the picks each franchise holds, with whose they first were. */
export const MflFuturePicks = Type.Object({
  futureDraftPicks: Type.Object({
    franchise: Type.Optional(
      OneOrMany(
        Type.Object({
          id: Id,
          futureDraftPick: Type.Optional(
            OneOrMany(
              Type.Object({
                year: Type.String({ pattern: '^\\d{4}$' }),
                round: Type.String({ pattern: '^\\d+$' }),
                originalPickFor: Id,
              }),
            ),
          ),
        }),
      ),
    ),
  }),
});
export type MflFuturePicks = Static<typeof MflFuturePicks>['futureDraftPicks'];

export const leagueDataResponses = {
  standings: TypeCompiler.Compile(MflStandings),
  schedule: TypeCompiler.Compile(MflSchedule),
  transactions: TypeCompiler.Compile(MflTransactions),
  draftResults: TypeCompiler.Compile(MflDraftResults),
  auctionResults: TypeCompiler.Compile(MflAuctionResults),
  futurePicks: TypeCompiler.Compile(MflFuturePicks),
};

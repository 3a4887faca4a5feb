// The slice of Yahoo's standings, scoreboards, transactions and draft results this service reads
// (after yahoo-json.ts made them plain), checked the moment a body arrives like schemas.ts does.
// Yahoo writes numbers as strings or numbers, an empty element as "" (points before a season
// starts), and flags as 0/1, "0"/"1" or booleans: the schemas say so, and mapping reads them.
import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import { YahooRulesSettings } from './game-schemas.ts';
import { YahooLeague, YahooManager, YahooPlayer } from './schemas.ts';

const Key = Type.String({ minLength: 1 });
const Digits = Type.Union([Type.String({ pattern: '^[0-9]+$' }), Type.Integer({ minimum: 0 })]);
/** A whole number, or "" / null where Yahoo has none yet. */
const DigitsOrNone = Type.Optional(
  Type.Union([Type.String({ pattern: '^[0-9]*$' }), Type.Integer({ minimum: 0 }), Type.Null()]),
);
/** Points: "1225.34", 141.7, "-3.5", or "" before any are scored. */
const Decimal = Type.Optional(
  Type.Union([Type.String({ pattern: '^(-?[0-9]*\\.?[0-9]+)?$' }), Type.Number(), Type.Null()]),
);
const Flag = Type.Optional(
  Type.Union([Type.String(), Type.Integer(), Type.Boolean(), Type.Null()]),
);
const TextOrNone = Type.Optional(Type.Union([Type.String(), Type.Boolean(), Type.Null()]));
const List = Type.Array;

/** League metadata with the season's weeks (every league answer starts with it). */
export const YahooLeagueWeeks = Type.Object({
  ...YahooLeague.properties,
  draft_status: TextOrNone,
  /** head, headpoint, headone or roto. */
  scoring_type: TextOrNone,
  current_week: DigitsOrNone,
  start_week: DigitsOrNone,
  end_week: DigitsOrNone,
  is_finished: Flag,
  /** The previous and next season's league as "{game}_{league id}" ("399_38221"), or "". */
  renew: TextOrNone,
  renewed: TextOrNone,
});
export type YahooLeagueWeeks = Static<typeof YahooLeagueWeeks>;

/** https://developer.yahoo.com/fantasysports/guide/#league-resource (settings sub-resource) */
export const YahooSettings = Type.Object({
  draft_type: TextOrNone,
  is_auction_draft: Flag,
  draft_time: DigitsOrNone,
  divisions: Type.Optional(
    Type.Union([
      List(Type.Object({ division_id: Digits, name: TextOrNone })),
      // An empty <divisions/> element.
      Type.Literal(''),
    ]),
  ),
  ...YahooRulesSettings,
});
export type YahooSettings = Static<typeof YahooSettings>;

/** A team as the standings give it: logos, managers, division and its standing. */
export const YahooStandingTeam = Type.Object({
  team_key: Key,
  team_id: Digits,
  division_id: DigitsOrNone,
  team_logos: Type.Optional(List(Type.Object({ size: TextOrNone, url: TextOrNone }))),
  managers: Type.Optional(List(Type.Object({ ...YahooManager.properties, is_comanager: Flag }))),
  team_standings: Type.Optional(
    Type.Object({
      rank: DigitsOrNone,
      outcome_totals: Type.Optional(
        Type.Object({ wins: DigitsOrNone, losses: DigitsOrNone, ties: DigitsOrNone }),
      ),
      points_for: Decimal,
      points_against: Decimal,
    }),
  ),
});
export type YahooStandingTeam = Static<typeof YahooStandingTeam>;

/** https://developer.yahoo.com/fantasysports/guide/#league-resource (draftresults sub-resource) */
export const YahooDraftResult = Type.Object({
  pick: Digits,
  round: Digits,
  team_key: Key,
  /** Absent or "" for a pick not made yet. */
  player_key: TextOrNone,
  /** An auction's price. */
  cost: DigitsOrNone,
});
export type YahooDraftResult = Static<typeof YahooDraftResult>;

/** Where a player in a transaction came from and went to. */
export const YahooTransactionData = Type.Object({
  type: Type.String(),
  source_type: TextOrNone,
  source_team_key: TextOrNone,
  destination_type: TextOrNone,
  destination_team_key: TextOrNone,
});

/** A draft pick traded (yfpy's Pick model names these fields). */
export const YahooTradedPick = Type.Object({
  round: Digits,
  source_team_key: Key,
  destination_team_key: Key,
  original_team_key: TextOrNone,
});
export type YahooTradedPick = Static<typeof YahooTradedPick>;

export const YahooTransactionPlayer = Type.Object({
  ...YahooPlayer.properties,
  transaction_data: Type.Optional(YahooTransactionData),
});
export type YahooTransactionPlayer = Static<typeof YahooTransactionPlayer>;

/** https://developer.yahoo.com/fantasysports/guide/#transaction-resource */
export const YahooTransaction = Type.Object({
  transaction_key: Key,
  transaction_id: DigitsOrNone,
  type: Type.String(),
  status: Type.String(),
  timestamp: DigitsOrNone,
  faab_bid: DigitsOrNone,
  trader_team_key: TextOrNone,
  tradee_team_key: TextOrNone,
  players: Type.Optional(List(YahooTransactionPlayer)),
  picks: Type.Optional(List(YahooTradedPick)),
});
export type YahooTransaction = Static<typeof YahooTransaction>;

/** A matchup of a scoreboard (https://developer.yahoo.com/fantasysports/guide/#league-resource). */
export const YahooMatchup = Type.Object({
  week: Digits,
  status: TextOrNone,
  is_playoffs: Flag,
  is_consolation: Flag,
  is_tied: Flag,
  winner_team_key: TextOrNone,
  teams: List(
    Type.Object({
      team_key: Key,
      team_id: Digits,
      team_points: Type.Optional(Type.Object({ total: Decimal })),
      team_projected_points: Type.Optional(Type.Object({ total: Decimal })),
    }),
  ),
});
export type YahooMatchup = Static<typeof YahooMatchup>;

const Content = <T extends ReturnType<typeof Type.Object>>(league: T) =>
  Type.Object({ fantasy_content: Type.Object({ league }) });

/** GET /league/{key};out=settings,standings,draftresults,transactions */
export const LeagueActivity = Content(
  Type.Object({
    ...YahooLeagueWeeks.properties,
    settings: YahooSettings,
    standings: Type.Object({ teams: Type.Optional(List(YahooStandingTeam)) }),
    // A league before its draft, or with no moves yet, has these empty.
    draft_results: Type.Optional(List(YahooDraftResult)),
    transactions: Type.Optional(List(YahooTransaction)),
  }),
);
export type LeagueActivityBody = Static<typeof LeagueActivity>;

/** GET /league/{key}/scoreboard;week=1,2,.. */
export const LeagueScoreboard = Content(
  Type.Object({
    league_key: Key,
    scoreboard: Type.Object({ matchups: Type.Optional(List(YahooMatchup)) }),
  }),
);

export const activityResponses = {
  leagueActivity: TypeCompiler.Compile(LeagueActivity),
  leagueScoreboard: TypeCompiler.Compile(LeagueScoreboard),
};

// The made-up ESPN private league's life beside its rosters (fake-espn-synthetic.ts): standings
// on its four teams, a schedule of final, live, upcoming, bye, playoff and consolation matchups,
// an auction draft with a keeper, and an activity feed with a trade, a FAAB waiver claim, a
// free-agent add with a drop, a drop alone, and one move naming a team the league lacks. Written
// here in ESPN's shapes (views mTeam, mSettings, mMatchupScore, mDraftDetail and the
// kona_league_communication feed), values invented; test/platforms/espn/ checks the mapping.
import type { Json } from './fake-espn.ts';

/** What the league's teams add to their mTeam part, by team id. */
export const SYNTHETIC_STANDINGS: Readonly<Record<number, Json>> = {
  1: standing(1, 0, 3, [1, 1, 0], 200.5, 193.75),
  2: standing(2, 0, 4, [1, 1, 0], 199.25, 230.5),
  3: standing(3, 1, 1, [1, 0, 1], 207, 188),
  4: standing(4, 1, 2, [1, 0, 1], 182.5, 177),
};

function standing(
  id: number,
  divisionId: number,
  playoffSeed: number,
  [wins, losses, ties]: readonly number[],
  pointsFor: number,
  pointsAgainst: number,
): Json {
  return {
    logo: `https://g.espncdn.com/lm-static/logo-packs/sample/team-${id}.svg`,
    divisionId,
    playoffSeed,
    rankCalculatedFinal: 0,
    record: {
      overall: { wins, losses, ties, pointsFor, pointsAgainst, percentage: 0.5 },
      home: { wins: 0, losses: 0, ties: 0, pointsFor: 0, pointsAgainst: 0 },
    },
  };
}

/** mSettings' parts that say how to read the schedule, draft and waivers. */
export const SYNTHETIC_SETTINGS: Json = {
  scheduleSettings: {
    divisions: [
      { id: 0, name: 'North', size: 2 },
      { id: 1, name: 'South', size: 2 },
    ],
    matchupPeriodCount: 3,
  },
  scoringSettings: { scoringType: 'H2H_POINTS' },
  draftSettings: { type: 'AUCTION', date: Date.UTC(2020, 8, 5, 18), auctionBudget: 200 },
  acquisitionSettings: { isUsingAcquisitionBudget: true, acquisitionBudget: 100 },
};

/** The league is in matchup period 3. */
export const SYNTHETIC_STATUS: Json = { currentMatchupPeriod: 3, previousSeasons: [] };

function side(teamId: number, totalPoints: number): Json {
  return { teamId, totalPoints, adjustment: 0, tiebreak: 0 };
}

function entry(
  id: number,
  period: number,
  home: Json,
  away: Json | undefined,
  winner: string,
  playoffTierType = 'NONE',
): Json {
  return {
    id,
    matchupPeriodId: period,
    home,
    ...(away ? { away } : {}),
    winner,
    playoffTierType,
  };
}

export const SYNTHETIC_SCHEDULE: Json[] = [
  entry(1, 1, side(1, 110.5), side(2, 98.25), 'HOME'),
  entry(2, 1, side(3, 87), side(4, 87), 'TIE'),
  entry(3, 2, side(2, 101), side(3, 120), 'AWAY'),
  entry(4, 2, side(4, 95.5), side(1, 90), 'HOME'),
  entry(5, 3, side(1, 45.2), side(3, 30.1), 'UNDECIDED'),
  entry(6, 3, side(2, 0), side(4, 0), 'UNDECIDED'),
  entry(7, 4, side(1, 0), undefined, 'UNDECIDED'),
  entry(8, 4, side(3, 0), side(2, 0), 'UNDECIDED', 'WINNERS_BRACKET'),
  entry(9, 4, side(4, 0), side(9, 0), 'UNDECIDED', 'LOSERS_CONSOLATION_LADDER'),
];

function draftPick(
  overall: number,
  teamId: number,
  playerId: number,
  bidAmount: number,
  keeper = false,
): Json {
  const round = Math.ceil(overall / 4);
  return {
    id: overall,
    overallPickNumber: overall,
    roundId: round,
    roundPickNumber: overall - (round - 1) * 4,
    teamId,
    playerId,
    bidAmount,
    keeper,
    reservedForKeeper: keeper,
    autoDraftTypeId: 0,
    lineupSlotId: 20,
    nominatingTeamId: teamId,
    tradeLocked: false,
  };
}

export const SYNTHETIC_DRAFT: Json = {
  drafted: true,
  inProgress: false,
  completeDate: Date.UTC(2020, 8, 5, 19, 30),
  picks: [
    draftPick(1, 1, 90003, 25),
    draftPick(2, 2, 90001, 40, true),
    draftPick(3, 3, 90002, 33),
    draftPick(4, 4, 90007, 12),
    draftPick(5, 1, 90006, 5),
    draftPick(6, 2, -16012, 1),
    draftPick(7, 3, 90005, 1),
    draftPick(8, 4, 90008, 3),
  ],
};

function message(messageTypeId: number, targetId: number, teams: Json): Json {
  return { messageTypeId, targetId, isDeleted: false, ...teams };
}

function topic(id: string, date: string, author: string, messages: Json[]): Json {
  return {
    id,
    type: 'ACTIVITY_TRANSACTIONS',
    date: Date.parse(date),
    author,
    messages,
    totalMessageCount: messages.length,
  };
}

/** Newest first, as ESPN sorts the feed; `owner(n)` is team n's owner (the topic's author). */
export function syntheticTopics(owner: (team: number) => string): Json[] {
  return [
    topic('tx-trade', '2020-10-14T12:00:00.000Z', owner(1), [
      message(244, 90004, { from: 1, to: 2 }),
      message(244, 90010, { from: 2, to: 1 }),
    ]),
    topic('tx-waiver', '2020-10-07T11:00:00.000Z', owner(4), [
      message(180, 90011, { from: 17, to: 4, for: 3 }),
      message(181, 90012, { to: 4 }),
    ]),
    topic('tx-add', '2020-09-30T15:30:00.000Z', owner(3), [
      message(178, 90009, { to: 3 }),
      message(179, 90012, { to: 3 }),
    ]),
    topic('tx-drop', '2020-09-23T09:00:00.000Z', owner(1), [
      message(239, 90012, { from: -1, to: -1, for: 1 }),
    ]),
    topic('tx-elsewhere', '2020-09-20T09:00:00.000Z', owner(1), [message(178, 90012, { to: 9 })]),
  ];
}

// Made-up Fantrax leagues beside the recorded football one (fake-fantrax.ts): a basketball league
// the fake's user plays in, a hockey league of theirs (a sport the service does not cover), and a
// public baseball league nobody links through a secret id (followed by its id alone). Names, ids
// and players are invented; the shapes are the official API's (see fake-fantrax.ts).

/** A league as the fake serves it. */
export interface FakeLeague {
  leagueId: string;
  /** Fantrax's sport code, as getLeagues gives it. */
  sport: string;
  leagueName: string;
  seasonYear: number;
  startDate: string;
  leagueHistoryId: string;
  /** The fake user's team; absent: not one of their leagues (followed by id). */
  myTeamId?: string;
  teams: Array<{ id: string; name: string }>;
  /** Team id -> rostered player ids. */
  rosters: Record<string, string[]>;
  /** rosterInfo.positionConstraints' positions. */
  positions: string[];
}

export interface FakePlayer {
  sport: string;
  fantraxId: string;
  /** "Last, First". */
  name: string;
  team: string;
  position: string;
  eligiblePos: string;
  statsIncId?: number;
  rotowireId?: number;
  sportRadarId?: string;
}

export const OTHER_PLAYERS: FakePlayer[] = [
  {
    sport: 'NBA',
    fantraxId: '0a1b2',
    name: 'Cartwright, Ada',
    team: 'BOS',
    position: 'PG',
    eligiblePos: 'PG,SG',
    statsIncId: 880011,
    rotowireId: 4401,
    sportRadarId: '0f0e0d0c-1111-4aaa-8bbb-000000000001',
  },
  {
    sport: 'NBA',
    fantraxId: '0a1b3',
    name: 'Okafor, Ben',
    team: 'MIA',
    position: 'C',
    eligiblePos: 'C',
    rotowireId: 4402,
  },
  {
    sport: 'NBA',
    fantraxId: '0a1b4',
    name: 'Lindqvist, Cole',
    team: '(N/A)',
    position: 'SF',
    eligiblePos: 'SF,PF',
  },
  {
    sport: 'MLB',
    fantraxId: '0c2d1',
    name: 'Moreno, Dario',
    team: 'SEA',
    position: 'SP',
    eligiblePos: 'SP',
    statsIncId: 770021,
  },
  {
    sport: 'MLB',
    fantraxId: '0c2d2',
    name: 'Hale, Evan',
    team: 'TEX',
    position: 'OF',
    eligiblePos: 'LF,CF,RF',
  },
  {
    sport: 'NHL',
    fantraxId: '0e3f1',
    name: 'Virtanen, Frans',
    team: 'VAN',
    position: 'C',
    eligiblePos: 'C',
  },
];

export const OTHER_LEAGUES: FakeLeague[] = [
  {
    leagueId: 'hoopsleague20fx1',
    sport: 'NBA',
    leagueName: 'Ada Hoops',
    seasonYear: 2020,
    startDate: '2020-12-22T00:00:00.0-0500',
    leagueHistoryId: 'hoopshistory0fx1',
    myTeamId: 'hoopsteam00000a1',
    teams: [
      { id: 'hoopsteam00000a1', name: 'Full Court Press' },
      { id: 'hoopsteam00000b2', name: 'Baseline Bandits' },
    ],
    rosters: { hoopsteam00000a1: ['0a1b2', '0a1b3'], hoopsteam00000b2: [] },
    positions: ['PG', 'SG', 'SF', 'PF', 'C', 'UT'],
  },
  {
    leagueId: 'pucksleague20fx1',
    sport: 'NHL',
    leagueName: 'Frozen Ponds',
    seasonYear: 2020,
    startDate: '2021-01-13T00:00:00.0-0500',
    leagueHistoryId: 'puckshistory0fx1',
    myTeamId: 'puckteam0000000a',
    teams: [{ id: 'puckteam0000000a', name: 'Zamboni Drivers' }],
    rosters: { puckteam0000000a: ['0e3f1'] },
    positions: ['C', 'LW', 'RW', 'D', 'G'],
  },
  {
    leagueId: 'publicbaseball21',
    sport: 'MLB',
    leagueName: 'Open Diamond',
    seasonYear: 2021,
    startDate: '2021-04-01T00:00:00.0-0400',
    leagueHistoryId: 'diamondhistory01',
    teams: [
      { id: 'diamondteam0000a', name: 'Sliders' },
      { id: 'diamondteam0000b', name: 'Knucklers' },
    ],
    rosters: { diamondteam0000a: ['0c2d1'], diamondteam0000b: ['0c2d2'] },
    positions: ['C', '1B', '2B', 'SS', '3B', 'OF', 'SP', 'RP'],
  },
];

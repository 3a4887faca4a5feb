// The project's own made-up ESPN data, for suites that need an ESPN that answers (written here,
// not taken from the recordings in ../shared/fixtures/espn): a 2020 football league of four teams
// where ESPN_FAN owns team 2 (private), a public one followed by id whose body has teams only, a
// 2022-23 basketball league of two teams whose rosters carry jerseys, and both season player
// lists. The private league also has standings, a schedule, a draft and an activity feed
// (fake-espn-synthetic-activity.ts); the others have none. Players are invented (ids 900xx, one team defence); ESPN's shapes and numbering kept.
import type { EspnSeason, EspnWorld, Json } from './fake-espn.ts';
import { ESPN_FAN, fantasyEntry } from './fake-espn.ts';
import {
  SYNTHETIC_DRAFT,
  SYNTHETIC_SCHEDULE,
  SYNTHETIC_SETTINGS,
  SYNTHETIC_STANDINGS,
  SYNTHETIC_STATUS,
  syntheticTopics,
} from './fake-espn-synthetic-activity.ts';

export const SYNTHETIC_ESPN = {
  privateLeague: { id: '90001', name: 'Sample ESPN League' },
  followedLeague: { id: '90002' },
  basketballLeague: { id: '90003', name: 'Sample Hoops League' },
} as const;

interface Made {
  id: number;
  name: string;
  position: number;
  team: number;
  jersey?: string;
}

function player({ id, name, position, team, jersey }: Made): Json {
  const [firstName, ...rest] = name.split(' ');
  return {
    id,
    fullName: name,
    firstName,
    lastName: rest.join(' '),
    defaultPositionId: position,
    proTeamId: team,
    ...(jersey === undefined ? {} : { jersey }),
  };
}

// Football: positions 1 QB, 2 RB, 3 WR, 4 TE, 5 K, 16 D/ST; pro teams 12 KC, 25 SF, 1 ATL...
const FOOTBALL: Made[] = [
  { id: 90001, name: 'Sample Passer', position: 1, team: 12 },
  { id: 90002, name: 'Example Runner', position: 2, team: 25 },
  { id: 90003, name: 'Invented Wideout', position: 3, team: 1 },
  { id: 90004, name: 'Pretend Tightend', position: 4, team: 20 },
  { id: 90005, name: 'Madeup Kicker', position: 5, team: 7 },
  { id: 90006, name: 'Fictional Back', position: 2, team: 26 },
  { id: 90007, name: 'Placeholder Receiver', position: 3, team: 15 },
  { id: 90008, name: 'Dummy Passer', position: 1, team: 6 },
  { id: 90009, name: 'Synthetic Tightend', position: 4, team: 9 },
  { id: 90010, name: 'Mock Runner', position: 2, team: 2 },
  { id: 90011, name: 'Notreal Wideout', position: 3, team: 3 },
  { id: -16012, name: 'Chiefs D/ST', position: 16, team: 12 },
  // On no roster and on no pro team.
  { id: 90012, name: 'Unsigned Example', position: 3, team: 0 },
];
const FOOTBALL_ROSTERS: Record<number, number[]> = {
  1: [90003, 90006, 90010],
  2: [90001, -16012, 90004],
  3: [90002, 90005, 90009],
  4: [90007, 90008, 90011],
};

// Basketball: positions 1 PG ... 5 C; pro teams 20 PHI, 2 BOS, 13 LAL...; jerseys only on rosters.
const BASKETBALL: Made[] = [
  { id: 90101, name: 'Sample Center', position: 5, team: 20, jersey: '77' },
  { id: 90102, name: 'Example Guard', position: 1, team: 2, jersey: '3' },
  { id: 90103, name: 'Invented Forward', position: 4, team: 13, jersey: '12' },
  { id: 90104, name: 'Pretend Wing', position: 3, team: 9, jersey: '8' },
  { id: 90105, name: 'Madeup Shooter', position: 2, team: 14, jersey: '30' },
  // A rostered player whose roster entry gives no jersey.
  { id: 90106, name: 'Unnumbered Example', position: 5, team: 18 },
  { id: 90107, name: 'Benchwarmer Sample', position: 1, team: 0 },
];
const BASKETBALL_ROSTERS: Record<number, number[]> = {
  1: [90101, 90102, 90103],
  2: [90104, 90105, 90106],
};

const memberId = (team: number): string =>
  team === 2 ? ESPN_FAN.swid : `{00000000-0000-4000-8000-00000000000${team}}`;

function team(id: number, location: string, nickname: string): Json {
  const owner = memberId(id);
  return { id, location, nickname, abbrev: `T${id}`, primaryOwner: owner, owners: [owner] };
}

function rosters(made: readonly Made[], byTeam: Record<number, number[]>): Map<number, Json[]> {
  const byId = new Map(made.map((each) => [each.id, each]));
  return new Map(
    Object.entries(byTeam).map(([teamId, ids]) => [
      Number(teamId),
      ids.map((id) => ({
        playerId: id,
        lineupSlotId: 20,
        playerPoolEntry: { id, player: player(byId.get(id) as Made) },
      })),
    ]),
  );
}

function base(gameId: number, id: string, seasonId: number): Json {
  return { gameId, id: Number(id), seasonId, scoringPeriodId: 1, segmentId: 0, status: {} };
}

const NAMES = ['Example', 'Sample', 'Invented', 'Pretend', 'Madeup', 'Fictional'];

function seasons(): Map<string, EspnSeason> {
  const { privateLeague, followedLeague, basketballLeague } = SYNTHETIC_ESPN;
  const members = (count: number): Json[] =>
    Array.from({ length: count }, (_, i) => ({ id: memberId(i + 1), displayName: `fan${i + 1}` }));
  const teams = (count: number, nickname: string): Json[] =>
    Array.from({ length: count }, (_, i) => team(i + 1, NAMES[i] as string, nickname));
  return new Map([
    [
      `ffl/2020/${privateLeague.id}`,
      {
        base: { ...base(1, privateLeague.id, 2020), status: SYNTHETIC_STATUS },
        settings: { name: privateLeague.name, size: 4, ...SYNTHETIC_SETTINGS },
        teams: teams(4, 'Gridders').map((each) => ({
          ...each,
          ...SYNTHETIC_STANDINGS[each['id'] as number],
        })),
        members: members(4),
        rosters: rosters(FOOTBALL, FOOTBALL_ROSTERS),
        schedule: SYNTHETIC_SCHEDULE,
        draftDetail: SYNTHETIC_DRAFT,
        topics: syntheticTopics(memberId),
      },
    ],
    // As if only view=mTeam answered: no settings, no rosters.
    [
      `ffl/2020/${followedLeague.id}`,
      { base: base(1, followedLeague.id, 2020), teams: teams(6, 'Kickers'), members: members(6) },
    ],
    [
      `fba/2023/${basketballLeague.id}`,
      {
        base: base(3, basketballLeague.id, 2023),
        settings: { name: basketballLeague.name, size: 2 },
        teams: teams(2, 'Hoopers'),
        members: members(2),
        rosters: rosters(BASKETBALL, BASKETBALL_ROSTERS),
      },
    ],
  ]);
}

export function syntheticEspnWorld(): EspnWorld {
  const { privateLeague, basketballLeague } = SYNTHETIC_ESPN;
  const teamName = 'Example Fanatics';
  // ESPN's season lists carry no jerseys.
  const list = (made: readonly Made[]): string =>
    JSON.stringify(made.map(({ jersey: _jersey, ...rest }) => player(rest)));
  return {
    seasons: seasons(),
    players: new Map([
      ['ffl/2020', list(FOOTBALL)],
      ['fba/2023', list(BASKETBALL)],
    ]),
    fanProfile: {
      id: ESPN_FAN.swid,
      preferences: [
        { id: 'pref-team', type: { id: 4, code: 'team' }, metaData: { team: { id: 1 } } },
        fantasyEntry(
          { gameId: 1, abbrev: 'FFL', seasonId: 2020, teamName },
          Number(privateLeague.id),
          privateLeague.name,
        ),
        fantasyEntry(
          { gameId: 3, abbrev: 'FBA', seasonId: 2023, teamName },
          Number(basketballLeague.id),
          basketballLeague.name,
        ),
        // Hockey: ESPN has it, this service does not cover it.
        fantasyEntry({ gameId: 4, abbrev: 'FHL', seasonId: 2020, teamName }, 90004, 'Sample Ice'),
      ],
    },
    privateLeagues: [privateLeague.id],
  };
}

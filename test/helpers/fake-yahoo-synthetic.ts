// The project's own made-up Yahoo data, for suites that need a Yahoo that answers but check
// nothing the recordings in ../shared/fixtures/yahoo hold: one user in one football league of
// 2021, two teams, a few invented players. Built in Yahoo's JSON shapes (entities as arrays of
// one-key objects, collections keyed "0", "1", ...), as fake-yahoo-api.ts serves them.
import type { Fields, Json, YahooRecordings } from './fake-yahoo-recordings.ts';
import { SYNTHETIC_WEEKS, syntheticYahooActivity } from './fake-yahoo-synthetic-activity.ts';
import { SYNTHETIC_LINKS, withSyntheticGame } from './fake-yahoo-synthetic-game.ts';

export const SYNTHETIC_YAHOO_USER = {
  guid: 'FIXTUREFANGUID0000000000001',
  nickname: 'Fixture Fan',
};

const GAME = { game_key: '399', game_id: '399', name: 'Football', code: 'nfl', type: 'full' };
const LEAGUE_KEY = '399.l.90001';

/** Yahoo's XML error shape, with descriptions of our own. */
const errorXml = (description: string): string =>
  `<?xml version='1.0' encoding='UTF-8'?>\n<yahoo:error xmlns:yahoo='http://yahooapis.com/v1/base.rng' xml:lang='en-US'>\n  <yahoo:description>${description}</yahoo:description>\n</yahoo:error>`;

function player(id: number, full: string, team: string, position: string): Fields {
  const [first, last] = full.split(' ');
  return [
    { player_key: `399.p.${id}` },
    { player_id: String(id) },
    { name: { full, first, last } },
    { editorial_team_abbr: team },
    { uniform_number: String(id % 90) },
    { display_position: position },
    { primary_position: position },
  ];
}

const PLAYERS: Fields[] = [
  player(90001, 'Walter Example', 'KC', 'QB'),
  player(90002, 'Sample Runner', 'SF', 'RB'),
  player(90003, 'Invented Catcher', 'ATL', 'WR'),
  player(90004, 'Pretend Tightend', 'NYJ', 'TE'),
];

function team(id: number, name: string, manager: { guid: string; nickname: string }): Fields {
  return [
    { team_key: `${LEAGUE_KEY}.t.${id}` },
    { team_id: String(id) },
    { name },
    { managers: [{ manager: { manager_id: String(id), ...manager } }] },
  ];
}

function roster(players: readonly Fields[]): Json {
  const listed: Json = {};
  players.forEach((fields, index) => {
    listed[String(index)] = { player: [fields, { selected_position: [{ position: 'BN' }] }] };
  });
  listed.count = players.length;
  return { coverage_type: 'week', week: '1', '0': { players: listed } };
}

export function syntheticYahooWorld(): YahooRecordings {
  const leagueMeta: Json = {
    league_key: LEAGUE_KEY,
    league_id: '90001',
    name: 'Invented Yahoo League',
    url: 'https://football.fantasysports.yahoo.com/f1/90001',
    logo_url: false,
    num_teams: 2,
    game_code: 'nfl',
    season: '2021',
    draft_status: 'postdraft',
    ...SYNTHETIC_WEEKS,
    ...SYNTHETIC_LINKS,
  };
  return {
    user: SYNTHETIC_YAHOO_USER,
    errors: {
      unauthorized: () =>
        errorXml('Please provide valid credentials (the test fake refused the token)'),
      gameNotFound: () => errorXml('Invalid game key provided (the test fake knows no such game)'),
    },
    games: new Map([[GAME.game_key, { ...GAME, season: '2021' }]]),
    leagues: new Map([
      [
        LEAGUE_KEY,
        {
          meta: leagueMeta,
          teams: [
            {
              fields: team(1, 'Fixture Fanatics', SYNTHETIC_YAHOO_USER),
              roster: roster(PLAYERS.slice(0, 2)),
            },
            {
              fields: team(2, 'Made-Up Mascots', {
                guid: 'MADEUPMANAGER00000000000002',
                nickname: 'Made Up',
              }),
              roster: roster(PLAYERS.slice(2)),
            },
          ],
        },
      ],
    ]),
    players: new Map([[GAME.game_key, PLAYERS]]),
    activity: new Map([[LEAGUE_KEY, withSyntheticGame(syntheticYahooActivity())]]),
  };
}

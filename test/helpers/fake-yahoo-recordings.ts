// What the fake Yahoo knows, gathered from the recordings in ../shared/fixtures/yahoo (read at
// test time, never copied): the games, the user's leagues with their teams and the rosters that
// were recorded, and each game's players. Some recordings are JSON, some XML (the API's own
// format, rendered here as Yahoo renders JSON); where a piece was never recorded, the fake's own
// filler stands beside a comment saying so.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { addRecordedActivity } from './fake-yahoo-activity.ts';
import { findElement, parseXml, yahooJsonOf } from './yahoo-xml.ts';
import type { XmlElement } from './yahoo-xml.ts';

export const YAHOO_FIXTURES_DIR = fileURLToPath(
  new URL('../../../shared/fixtures/yahoo/', import.meta.url),
);
export const YAHOO_FIXTURES_SKIP: false | string = existsSync(YAHOO_FIXTURES_DIR)
  ? false
  : '../shared/fixtures/yahoo not found: recorded-response tests skipped';

/** The user of the recorded league list (manager "Dave" of team 9 in 449.l.751781). */
export const RECORDED_YAHOO_USER = { guid: 'BHVG6BFSIBLNQNPEC2SKXNNRVY', nickname: 'Dave' };

export type Json = Record<string, unknown>;
/** An entity's fields as Yahoo's JSON has them: an array of one-key objects. */
export type Fields = unknown[];

export interface RecordedLeague {
  meta: Json;
  teams: Array<{ fields: Fields; roster?: Json }>;
}

/**
 * A league's data beside its rosters, each part in Yahoo's JSON shape (a collection's members as
 * they sit under their singular name). A part left out is served empty.
 */
export interface RecordedActivity {
  /** The settings record. */
  settings?: Json;
  /** The standings' teams, each an entity (fields and sub-resources). */
  standings?: unknown[];
  draftResults?: unknown[];
  transactions?: unknown[];
  /** Matchups of every week, each with its `week`; a scoreboard serves those of the weeks asked. */
  matchups?: Json[];
  /**
   * Teams' rosters of a week with their players' points (each player an entity), by week then
   * team id; a team not here is served its recorded roster in the week it was recorded for, and
   * an empty one in other weeks.
   */
  weekRosters?: Record<number, Record<string, unknown[]>>;
}

/** What a fake Yahoo serves: the recordings (here) or the project's own (fake-yahoo-synthetic.ts). */
export interface YahooRecordings {
  /** The logged-in user. */
  user: { guid: string; nickname: string };
  /** Yahoo's XML error bodies: an expired token's 401, an unknown game's 400. */
  errors: { unauthorized: () => string; gameNotFound: () => string };
  /** By game key. */
  games: Map<string, Json>;
  /** By league key. */
  leagues: Map<string, RecordedLeague>;
  /** Every recorded player of a game (from the rosters), by game key. */
  players: Map<string, Fields[]>;
  /** Standings, matchups, transactions and drafts, by league key. */
  activity: Map<string, RecordedActivity>;
}

export function recordedText(name: string): string {
  return readFileSync(join(YAHOO_FIXTURES_DIR, name), 'utf8');
}

export function recordedContent(name: string): Json {
  return (JSON.parse(recordedText(name)) as Json).fantasy_content as Json;
}

/** The items of a Yahoo collection ({"0": {name: item}, ..., "count": n}, or []). */
export function members(collectionValue: unknown, name: string): unknown[] {
  if (Array.isArray(collectionValue) || typeof collectionValue !== 'object' || !collectionValue) {
    return [];
  }
  const object = collectionValue as Json;
  return Object.keys(object)
    .filter((key) => /^\d+$/.test(key))
    .map((key) => (object[key] as Json)[name]);
}

/** An XML element as Yahoo's JSON, leaving out the children whose names match `leaveOut`. */
export function jsonOf(element: XmlElement, leaveOut?: RegExp): unknown {
  const children = element.children.filter((c) => leaveOut === undefined || !leaveOut.test(c.name));
  return yahooJsonOf({ ...element, children });
}

/** An XML entity's fields as one object (the shape of a game or league record). */
function recordOf(element: XmlElement, leaveOut?: RegExp): Json {
  return (jsonOf(element, leaveOut) as Json[]).reduce<Json>(
    (all, field) => ({ ...all, ...field }),
    {},
  );
}

export function xmlElement(file: string, name: string): XmlElement {
  const found = findElement(parseXml(recordedText(file)), name);
  if (found === undefined) throw new Error(`${file} holds no <${name}>`);
  return found;
}

export function loadYahooRecordings(): YahooRecordings {
  const games = new Map<string, Json>();
  const leagues = new Map<string, RecordedLeague>();
  addListedLeagues(games, leagues);
  addTeamRecordings(leagues);
  addRosterLeagues(leagues);
  addFootball2021(games, leagues);
  addOwnGames(games);
  const activity = addRecordedActivity(leagues);
  return {
    user: RECORDED_YAHOO_USER,
    errors: {
      unauthorized: () => recordedText('error-401-unauthorized.xml'),
      gameNotFound: () => recordedText('error-400-game-not-found.xml'),
    },
    games,
    leagues,
    players: playersOf(leagues),
    activity,
  };
}

/** The user's games and leagues, as the recorded league list has them (no teams). */
function addListedLeagues(games: Map<string, Json>, leagues: Map<string, RecordedLeague>): void {
  const list = recordedContent('users-games-leagues-nfl2024-mlb2025.json');
  const user = members(list.users, 'user')[0] as unknown[];
  for (const game of members((user[1] as Json).games, 'game') as unknown[][]) {
    const meta = game[0] as Json;
    games.set(String(meta.game_key), meta);
    for (const league of members((game[1] as Json).leagues, 'league') as unknown[][]) {
      const leagueMeta = league[0] as Json;
      leagues.set(String(leagueMeta.league_key), { meta: leagueMeta, teams: [] });
    }
  }
}

function addTeamRecordings(leagues: Map<string, RecordedLeague>): void {
  // Basketball 2022: league metadata and all 14 teams recorded (no rosters were).
  const nba = recordedContent('nba-2022-league-418.l.15944-teams.json').league as unknown[];
  leagues.set('418.l.15944', {
    meta: nba[0] as Json,
    teams: (members((nba[1] as Json).teams, 'team') as Fields[]).map((team) => ({
      fields: team[0] as Fields,
    })),
  });
  // Football 2024: team 9 of the listed league was recorded (without its roster).
  const team9 = members(
    recordedContent('nfl-2024-teams-449.l.751781.t.9.json').teams,
    'team',
  )[0] as Fields[];
  (leagues.get('449.l.751781') as RecordedLeague).teams.push({ fields: team9[0] as Fields });
}

/**
 * Football 2025 and baseball 2022: one team's roster each was recorded; the leagues' own metadata
 * was not, so the fake writes it (name, url, size), marked as its own.
 */
function addRosterLeagues(leagues: Map<string, RecordedLeague>): void {
  const recordings = [
    ['nfl-2025-team-461.l.6288.t.4-roster-week11.json', '461.l.6288', 'nfl', '2025', 'football'],
    ['mlb-2022-team-412.l.48244.t.8-roster-week7.json', '412.l.48244', 'mlb', '2022', 'baseball'],
  ] as const;
  for (const [file, key, code, season, sport] of recordings) {
    const team = recordedContent(file).team as unknown[];
    const id = key.split('.')[2] as string;
    leagues.set(key, {
      meta: {
        league_key: key,
        league_id: id,
        name: `Fake-metadata league ${id}`,
        url: `https://${sport}.fantasysports.yahoo.com/${code === 'nfl' ? 'f1' : 'b1'}/${id}`,
        logo_url: false,
        num_teams: 1,
        game_code: code,
        season,
      },
      teams: [{ fields: team[0] as Fields, roster: (team[1] as Json).roster as Json }],
    });
  }
}

/**
 * Football 2021, recorded in XML: the league with its 16 teams (from its standings), team 4's
 * roster, and the game records of the football games.
 */
function addFootball2021(games: Map<string, Json>, leagues: Map<string, RecordedLeague>): void {
  const league = xmlElement('nfl-2021-league-406.l.117376-standings.xml', 'league');
  const roster = (
    jsonOf(xmlElement('nfl-2021-team-406.l.117376.t.4-roster.xml', 'team')) as Json[]
  ).find((field) => 'roster' in field)?.roster as Json;
  const teams = (findElement(league, 'teams')?.children ?? []).map((team) => {
    const fields = jsonOf(team, /^team_(standings|points|projected_points)$/) as Fields;
    if (String((fields[1] as Json).team_id) !== '4') return { fields };
    const { players, ...rest } = roster;
    return { fields, roster: { ...rest, '0': { players } } };
  });
  leagues.set('406.l.117376', { meta: recordOf(league, /^standings$/), teams });
  for (const game of xmlElement('nfl-games-371-406.xml', 'games').children) {
    const meta = recordOf(game);
    games.set(String(meta.game_key), meta);
  }
}

/** Games of the leagues not in the recorded list: the fake's own game records. */
function addOwnGames(games: Map<string, Json>): void {
  for (const [key, code, season, name] of [
    ['418', 'nba', '2022', 'Basketball'],
    ['461', 'nfl', '2025', 'Football'],
    ['412', 'mlb', '2022', 'Baseball'],
  ] as const) {
    if (!games.has(key))
      games.set(key, { game_key: key, game_id: key, name, code, type: 'full', season });
  }
}

/** A game's players: every recorded player record of that game (from the rosters). */
function playersOf(leagues: Map<string, RecordedLeague>): Map<string, Fields[]> {
  const players = new Map<string, Fields[]>();
  for (const league of leagues.values()) {
    const gameKey = String(league.meta.league_key).split('.')[0] as string;
    for (const team of league.teams) {
      const listed = team.roster?.['0'] && (team.roster['0'] as Json).players;
      for (const player of members(listed, 'player')) {
        // JSON recordings nest the fields ([[fields], {selected_position}]); XML ones do not.
        const parts = player as unknown[];
        const fields = Array.isArray(parts[0])
          ? (parts[0] as Fields)
          : parts.filter((part) => !('selected_position' in (part as Json)));
        players.set(gameKey, [...(players.get(gameKey) ?? []), fields]);
      }
    }
  }
  return players;
}

// The fake Yahoo's Fantasy API resources (paths after /fantasy/v2) that the connector calls, each
// answered from the fake's data (recorded or the project's own) in the envelope Yahoo uses for
// that call: the logged-in user, games by code and season, the user's leagues by game, a
// league's teams with their rosters, its settings, standings, draft results and transactions,
// its scoreboards of the weeks asked, and a game's players a page at a time.
import { reply } from './fake-platform.ts';
import type { FakeReply } from './fake-platform.ts';
import { members } from './fake-yahoo-recordings.ts';
import type { Json, YahooRecordings } from './fake-yahoo-recordings.ts';

/** Yahoo's errors come as XML whatever format was asked for. */
export function xmlReply(body: string, status: number): FakeReply {
  return reply.raw(body, status, { 'content-type': 'text/xml' });
}

const content = (value: Json): Json => ({ fantasy_content: value });

/** Yahoo's collection shape: {"0": {name: item}, ..., "count": n}, or [] when empty. */
function collection(name: string, items: readonly unknown[]): unknown {
  if (items.length === 0) return [];
  const out: Json = {};
  items.forEach((item, index) => (out[String(index)] = { [name]: item }));
  out.count = items.length;
  return out;
}

/** A collection of entities given by their records alone (no sub-resources). */
function recordsCollection(name: string, records: readonly unknown[]): unknown {
  return collection(
    name,
    records.map((record) => [record]),
  );
}

/** A resource path, "/users;use_login=1/games;game_keys=1,2", as names with their parameters. */
function segmentsOf(path: string): Array<{ name: string; params: Map<string, string> }> {
  return path
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      const [name, ...params] = segment.split(';');
      return {
        name: name as string,
        params: new Map(params.map((p) => p.split('=') as [string, string])),
      };
    });
}

/** The answer to one API path, or undefined for a resource the fake does not serve. */
export function fantasyApiAnswer(world: YahooRecordings, path: string): FakeReply | undefined {
  const segments = segmentsOf(path);
  const [first, second, third] = segments;
  const shape = segments.map((s) => s.name).join('/');
  const loggedIn = first?.params.get('use_login') === '1';
  const user = { guid: world.user.guid };
  if (shape === 'users' && loggedIn) {
    const profile =
      first?.params.get('out') === 'profile'
        ? [{ profile: { display_name: world.user.nickname } }]
        : [];
    return reply.json(content({ users: collection('user', [[user, ...profile]]) }));
  }
  if (shape === 'games') {
    const wanted = new Set((first?.params.get('game_codes') ?? '').split(','));
    const seasons = new Set((first?.params.get('seasons') ?? '').split(','));
    const found = [...world.games.values()].filter(
      (game) => wanted.has(String(game.code)) && seasons.has(String(game.season)),
    );
    return reply.json(content({ games: recordsCollection('game', found) }));
  }
  if (shape === 'users/games/leagues' && loggedIn) {
    const keys = (second?.params.get('game_keys') ?? '').split(',');
    const games = keys.flatMap((key) => {
      const meta = world.games.get(key);
      const leagues = [...world.leagues.values()].filter((l) =>
        String(l.meta.league_key).startsWith(`${key}.l.`),
      );
      if (meta === undefined || leagues.length === 0) return [];
      const metas = leagues.map((l) => l.meta);
      return [[meta, { leagues: recordsCollection('league', metas) }]];
    });
    return reply.json(
      content({ users: collection('user', [[user, { games: collection('game', games) }]]) }),
    );
  }
  const leagueRoster = /^\/league\/([^/;]+)\/teams\/roster$/.exec(path);
  if (leagueRoster) {
    const league = world.leagues.get(leagueRoster[1] as string);
    if (league === undefined) return reply.status(404);
    const teams = league.teams.map((team) => [
      team.fields,
      // Not recorded for this team: an empty roster, as Yahoo shapes one.
      { roster: team.roster ?? { coverage_type: 'week', week: '1', '0': { players: [] } } },
    ]);
    return reply.json(content({ league: [league.meta, { teams: collection('team', teams) }] }));
  }
  const activity = activityAnswer(world, path);
  if (activity) return activity;
  const weekRosters = weekRostersAnswer(world, path);
  if (weekRosters) return weekRosters;
  if (/^game\/[^/]+\/players$/.test(shape)) {
    const gameKey = second?.name as string;
    const meta = world.games.get(gameKey);
    if (meta === undefined) return xmlReply(world.errors.gameNotFound(), 400);
    const start = Number(third?.params.get('start') ?? 0);
    const count = Math.min(25, Number(third?.params.get('count') ?? 25));
    const page = (world.players.get(gameKey) ?? []).slice(start, start + count);
    return reply.json(content({ game: [meta, { players: recordsCollection('player', page) }] }));
  }
  return undefined;
}

/**
 * /league/{key};out=settings,standings,draftresults,transactions and
 * /league/{key}/scoreboard;week=1,2,..: what the world holds of the league, the rest empty.
 * Standings not recorded are the teams' own records (no team_standings), as the roster call has them.
 */
function activityAnswer(world: YahooRecordings, path: string): FakeReply | undefined {
  const extras = /^\/league\/([^/;]+);out=settings,standings,draftresults,transactions$/.exec(path);
  const scoreboard = /^\/league\/([^/;]+)\/scoreboard;week=([0-9]+(?:,[0-9]+)*)$/.exec(path);
  const key = (extras ?? scoreboard)?.[1];
  if (key === undefined) return undefined;
  const league = world.leagues.get(key);
  if (league === undefined) return reply.status(404);
  const activity = world.activity.get(key) ?? {};
  if (scoreboard) {
    const weeks = new Set((scoreboard[2] as string).split(','));
    const matchups = (activity.matchups ?? []).filter((m) => weeks.has(String(m.week)));
    const board = { week: [...weeks][0], '0': { matchups: collection('matchup', matchups) } };
    return reply.json(content({ league: [league.meta, { scoreboard: board }] }));
  }
  const standings = activity.standings ?? league.teams.map((team) => team.fields);
  return reply.json(
    content({
      league: [
        league.meta,
        { settings: [activity.settings ?? {}] },
        { standings: [{ teams: collection('team', standings) }] },
        { draft_results: collection('draft_result', activity.draftResults ?? []) },
        { transactions: collection('transaction', activity.transactions ?? []) },
      ],
    }),
  );
}

/**
 * /league/{key}/teams/roster;week=N/players/stats;type=week;week=N: every team's roster of week N
 * with its players' points, from the world's week rosters, else the roster recorded for that week.
 */
function weekRostersAnswer(world: YahooRecordings, path: string): FakeReply | undefined {
  const match =
    /^\/league\/([^/;]+)\/teams\/roster;week=([0-9]+)\/players\/stats;type=week;week=([0-9]+)$/.exec(
      path,
    );
  if (!match || match[2] !== match[3]) return undefined;
  const league = world.leagues.get(match[1] as string);
  if (league === undefined) return reply.status(404);
  const week = match[2] as string;
  const given = world.activity.get(match[1] as string)?.weekRosters?.[Number(week)] ?? {};
  const teams = league.teams.map((team) => {
    const id = String((team.fields.find((f) => 'team_id' in (f as Json)) as Json).team_id);
    const players =
      given[id] ??
      (String(team.roster?.week) === week
        ? members((team.roster?.['0'] as Json | undefined)?.players, 'player')
        : []);
    return [
      team.fields,
      { roster: { coverage_type: 'week', week, '0': { players: collection('player', players) } } },
    ];
  });
  return reply.json(content({ league: [league.meta, { teams: collection('team', teams) }] }));
}

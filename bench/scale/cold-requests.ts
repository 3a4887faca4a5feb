// The scale bench's cold requests: which user asks for what (read from the store before the
// service starts), the first name search on each of several pools, and every league endpoint
// asked once per user nobody asked for since start. Also the one HTTP helper the scale bench uses.
import { Agent, request } from 'node:http';
import type { Platform, Sport } from '../../src/domain/catalog.ts';
import { poolKeyOf } from '../../src/domain/pools.ts';
import type { Store } from '../../src/storage/db.ts';
import { issueToken } from '../../src/storage/repositories/tokens.ts';
import { percentiles } from '../cold.ts';
import type { Percentiles } from '../cold.ts';
import { leaguesOfUser } from './build.ts';
import type { ScaledStore } from './build.ts';

/** The league endpoints measured cold, as `name: path of a league id`. */
const LEAGUE_ENDPOINTS: ReadonlyArray<[string, (league: number) => string]> = [
  ['settings', (l) => `/league/settings/${l}`],
  ['rostered map', (l) => `/players/getAllRostered/${l}/names`],
  ['teams', (l) => `/league/teams/${l}`],
  ['standings', (l) => `/league/standings/${l}`],
  ['matchups', (l) => `/league/matchups/${l}?week=1`],
  ['transactions', (l) => `/league/transactions/${l}?limit=10`],
  ['draft', (l) => `/league/draft/${l}`],
];
/** The box score measured cold: a week of a 12-team league (every team's lineup with points). */
const LINEUPS_TEAMS = 12;
const lineupsPath = (league: number) => `/league/lineups/${league}?week=1`;
/** Distinct pools whose first name search is measured (each loads the pool and its index). */
const COLD_POOLS = 8;

const agent = new Agent({ keepAlive: true, maxSockets: 1 });

interface ColdUser {
  token: string;
  league: number;
  playerId: string;
  /** The user's first 12-team league, if it has one (its box score is asked once). */
  lineupsLeague: number | undefined;
}

export interface ColdPlan {
  users: ColdUser[];
  /** A user and league on each of several distinct pools, with a name in the pool. */
  pools: Array<{ token: string; league: number; name: string }>;
}

/**
 * Which user asks what: read from the store before the service starts, so it is not timed. The
 * cold users' leagues are all Sleeper's (the template's league data is on every fifth league, and
 * platforms go round-robin over five), so the pools come from other bulk users' first leagues,
 * one per pool until COLD_POOLS pools, each user with a token issued here.
 */
export async function planColdRequests(store: Store, built: ScaledStore): Promise<ColdPlan> {
  const users: ColdUser[] = [];
  for (const { userId, token } of built.cold) {
    const league = leaguesOfUser(built, userId)[0] as number;
    const { player_id: playerId } = await firstRostered(store, league);
    const lineupsLeague = await firstLeagueOfTeams(store, leaguesOfUser(built, userId));
    users.push({ token, league, playerId, lineupsLeague });
  }
  const pools: ColdPlan['pools'] = [];
  const poolsSeen = new Set<string>();
  const coldUsers = new Set(built.cold.map((c) => c.userId));
  for (let user = 1; user < built.users && pools.length < COLD_POOLS; user++) {
    if (coldUsers.has(user) || user === built.hot.userId) continue;
    const league = leaguesOfUser(built, user)[0] as number;
    const row = await firstRostered(store, league);
    const pool = poolKeyOf({
      platform: row.platform as Platform,
      sport: row.sport as Sport,
      season: row.season,
    });
    const key = `${pool.platform}:${pool.sport}:${pool.season}`;
    if (poolsSeen.has(key)) continue;
    poolsSeen.add(key);
    const player = await store.db
      .selectFrom('players')
      .select('full_name')
      .where('platform', '=', pool.platform)
      .where('sport', '=', pool.sport)
      .where('season', '=', pool.season)
      .where('player_id', '=', row.player_id)
      .executeTakeFirstOrThrow();
    const member = await store.db
      .selectFrom('users')
      .select('id')
      .where('name', '=', `bench-u${user}`)
      .executeTakeFirstOrThrow();
    const { token } = await issueToken(store.db, { userId: member.id, products: ['player'] });
    pools.push({ token, league, name: player.full_name });
  }
  return { users, pools };
}

/**
 * The first of these leagues with LINEUPS_TEAMS teams. A user's leagues are copies of one or two
 * template leagues (10 or 12 teams), so about a quarter to a half of the cold users have none.
 */
async function firstLeagueOfTeams(store: Store, leagues: number[]): Promise<number | undefined> {
  const row = await store.db
    .selectFrom('leagues')
    .select('id')
    .where('id', 'in', leagues)
    .where('num_teams', '=', LINEUPS_TEAMS)
    .orderBy('id')
    .executeTakeFirst();
  return row === undefined ? undefined : Number(row.id);
}

/** The league's first rostered player (by id) and the league's pool fields. */
function firstRostered(
  store: Store,
  league: number,
): Promise<{ player_id: string; platform: string; sport: string; season: number }> {
  return store.db
    .selectFrom('roster_entries as r')
    .innerJoin('leagues as l', 'l.id', 'r.league_id')
    .select(['r.player_id', 'l.platform', 'l.sport', 'l.season'])
    .where('r.league_id', '=', league)
    .orderBy('r.player_id')
    .executeTakeFirstOrThrow();
}

export async function coldPoolSearches(url: string, plan: ColdPlan): Promise<Percentiles> {
  const times: number[] = [];
  for (const { token, league, name } of plan.pools) {
    const path = `/players/${league}/searchPlayer/name/${encodeURIComponent(name)}`;
    times.push((await get(url + path, token, 200)).ms);
  }
  return percentiles(times);
}

/**
 * Each user once: its league list, then each endpoint of its first league, then a week's box
 * score of its first 12-team league, all never asked.
 */
export async function coldEndpoints(
  url: string,
  plan: ColdPlan,
): Promise<Record<string, Percentiles>> {
  const times = new Map<string, number[]>();
  let n = 0;
  const ask = async (name: string, path: string, token: string) => {
    n += 1;
    const { ms } = await get(url + path, token, 200, agent, `${slug(name)}-${n}`);
    times.set(name, [...(times.get(name) ?? []), ms]);
  };
  for (const { token, league, playerId, lineupsLeague } of plan.users) {
    await ask('league list', '/league/findAllLeagues', token);
    for (const [name, path] of LEAGUE_ENDPOINTS) await ask(name, path(league), token);
    const byId = `/players/${league}/searchPlayer/player_id/${encodeURIComponent(playerId)}`;
    await ask('player by id', byId, token);
    if (lineupsLeague !== undefined) await ask('lineups', lineupsPath(lineupsLeague), token);
  }
  return Object.fromEntries([...times].map(([name, list]) => [name, percentiles(list)]));
}

/** A request id prefix for an endpoint's name ("cold_league_list"). */
export function slug(name: string): string {
  return `cold_${name.replaceAll(' ', '_')}`;
}

export function get(
  url: string,
  token: string,
  expect: number,
  via: Agent = agent,
  requestId?: string,
): Promise<{ status: number; ms: number; body: string; contentType: string }> {
  const headers: Record<string, string> = { 'X-Auth-Token': token };
  if (requestId !== undefined) headers['X-Request-Id'] = requestId;
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request(url, { agent: via, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const body = Buffer.concat(chunks).toString();
        if (res.statusCode !== expect) {
          reject(new Error(`${url} answered ${res.statusCode}: ${body.slice(0, 200)}`));
          return;
        }
        resolve({
          status: res.statusCode ?? 0,
          ms: performance.now() - started,
          body,
          contentType: String(res.headers['content-type']),
        });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

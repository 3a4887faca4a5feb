// The scale bench's cold requests: which user asks for what (read from the store before the
// service starts), the first name search on each of several pools, and every league endpoint
// asked once per user nobody asked for since start. Also the one HTTP helper the scale bench uses.
import { Agent, request } from 'node:http';
import type { Store } from '../../src/storage/db.ts';
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
/** Distinct pools whose first name search is measured (each loads the pool and its index). */
const COLD_POOLS = 8;

const agent = new Agent({ keepAlive: true, maxSockets: 1 });

interface ColdUser {
  token: string;
  league: number;
  playerId: string;
}

export interface ColdPlan {
  users: ColdUser[];
  /** A user and league on each of several distinct pools, with a name in the pool. */
  pools: Array<{ token: string; league: number; name: string }>;
}

/** Which user asks what: read from the store before the service starts, so it is not timed. */
export async function planColdRequests(store: Store, built: ScaledStore): Promise<ColdPlan> {
  const users: ColdUser[] = [];
  const pools: ColdPlan['pools'] = [];
  const poolsSeen = new Set<string>();
  for (const { userId, token } of built.cold) {
    const league = leaguesOfUser(built, userId)[0] as number;
    const row = await store.db
      .selectFrom('roster_entries as r')
      .innerJoin('leagues as l', 'l.id', 'r.league_id')
      .select(['r.player_id', 'l.platform', 'l.sport', 'l.season'])
      .where('r.league_id', '=', league)
      .orderBy('r.player_id')
      .executeTakeFirstOrThrow();
    const seasonal = ['espn', 'yahoo', 'mfl'].includes(row.platform);
    const pool = `${row.platform}:${row.sport}:${seasonal ? row.season : 0}`;
    if (!poolsSeen.has(pool) && pools.length < COLD_POOLS) {
      poolsSeen.add(pool);
      const player = await store.db
        .selectFrom('players')
        .select('full_name')
        .where('platform', '=', row.platform)
        .where('sport', '=', row.sport)
        .where('season', '=', seasonal ? row.season : 0)
        .where('player_id', '=', row.player_id)
        .executeTakeFirstOrThrow();
      pools.push({ token, league, name: player.full_name });
    } else {
      users.push({ token, league, playerId: row.player_id });
    }
  }
  return { users, pools };
}

export async function coldPoolSearches(url: string, plan: ColdPlan): Promise<Percentiles> {
  const times: number[] = [];
  for (const { token, league, name } of plan.pools) {
    const path = `/players/${league}/searchPlayer/name/${encodeURIComponent(name)}`;
    times.push((await get(url + path, token, 200)).ms);
  }
  return percentiles(times);
}

/** Each user once: its league list, then each endpoint of its first league, all never asked. */
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
  for (const { token, league, playerId } of plan.users) {
    await ask('league list', '/league/findAllLeagues', token);
    for (const [name, path] of LEAGUE_ENDPOINTS) await ask(name, path(league), token);
    const byId = `/players/${league}/searchPlayer/player_id/${encodeURIComponent(playerId)}`;
    await ask('player by id', byId, token);
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

// The warm-up before the server listens (src/main.ts). The pools the store's leagues use are
// loaded into the snapshots with their name indexes, the most used first, while they fit the
// pool budget; then every API route answers a few requests in process, a miss and a hit, so
// that V8 has compiled both paths before the first client comes. Without it the first name
// search on each pool paid the pool's load and index build (10-30 ms on the demo's, 100 ms and
// more on a 10,000-player pool) and the first requests of each route their compilation.
import { IncomingMessage, ServerResponse } from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';
import { Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import { PRODUCTS } from '../domain/catalog.ts';
import { generateToken, hashToken, tokenDisplayPrefix } from '../domain/tokens.ts';
import { silentLogger } from '../logger.ts';
import { nowIso } from '../storage/db.ts';
import type { Store } from '../storage/db.ts';
import { countPoolPlayers, listUsedPools } from '../storage/repositories/snapshot-reads.ts';
import type { PoolKey, PoolUse } from '../storage/repositories/snapshot-reads.ts';
import type { StoredToken } from '../storage/repositories/tokens.ts';
import { createApp } from './app.ts';
import type { App } from './app.ts';
import { cacheBudgets } from './cache/index.ts';
import { createSnapshotReadModel } from '../serving/cache/read-model.ts';
import { poolCost } from '../serving/cache/snapshots.ts';
import type { PoolCandidate, Snapshots } from '../serving/cache/snapshots.ts';
import { createStoreReadModel } from '../serving/read-model.ts';
import { apiRoutes } from './routes/index.ts';

/**
 * No pool load starts after `timeMs`: a store of many pools delays the start by that much at most
 * (plus the pool loading then, 100-200 ms for 10,000 players). The demo's three pools take 30 ms.
 */
export const DEFAULT_WARM_LIMITS = { timeMs: 2000 };

/** A rehearsed request unanswered by then is a bug: the warm-up stops and the server starts. */
const REQUEST_TIMEOUT_MS = 5000;

export interface WarmSummary {
  /** Pools loaded, with their players. */
  pools: number;
  players: number;
  /** Pools of served leagues left cold: over the pool budget, or past the time limit. */
  poolsLeft: number;
  /** Requests answered in process (0 when no pool was loaded: nobody to ask as). */
  requests: number;
  /** Milliseconds to load the pools, and in all. */
  poolsMs: number;
  ms: number;
}

export interface WarmDeps {
  app: App;
  store: Store;
  config: Config;
  logger: Logger;
}

/** Warms `app`; skipped (undefined) when its cache is off. A failure is logged, never thrown. */
export async function warmUp(
  deps: WarmDeps,
  limits = DEFAULT_WARM_LIMITS,
): Promise<WarmSummary | undefined> {
  const { snapshots } = deps.app;
  if (snapshots === undefined) return undefined;
  const started = performance.now();
  try {
    // The change feed's first poll clears whatever it finds held: loads must come after it.
    await deps.app.refresh();
    const warmed = await warmPools(deps, snapshots, started + limits.timeMs);
    const poolsMs = Math.round(performance.now() - started);
    const requests = warmed.first ? await rehearseRoutes(deps, snapshots, warmed.first) : 0;
    const summary: WarmSummary = {
      pools: warmed.pools,
      players: warmed.players,
      poolsLeft: warmed.left,
      requests,
      poolsMs,
      ms: Math.round(performance.now() - started),
    };
    deps.logger.info(summary, 'caches warmed');
    return summary;
  } catch (error) {
    deps.logger.warn({ err: error }, 'cache warm-up stopped');
    return undefined;
  }
}

interface WarmedPools {
  pools: number;
  players: number;
  left: number;
  /** The most used pool, once loaded: the route requests are made on one of its leagues. */
  first?: { pool: PoolKey; member: PoolUse['member']; players: readonly PoolCandidate[] };
}

async function warmPools(
  { store, config }: WarmDeps,
  snapshots: Snapshots,
  deadline: number,
): Promise<WarmedPools> {
  const used = await listUsedPools(store.db, config.supportedSeasons);
  const warmed: WarmedPools = { pools: 0, players: 0, left: 0 };
  let budget = snapshots.poolBudget;
  for (const [i, { pool, member }] of used.entries()) {
    // A pool over the budget left would push out one loaded here (or not be kept): stop there
    // rather than skip it, so what is held is the most used pools, not whichever fit.
    const players = performance.now() < deadline ? await countPoolPlayers(store.db, pool) : 0;
    if (performance.now() >= deadline || poolCost(players) > budget) {
      warmed.left = used.length - i;
      break;
    }
    const snapshot = await snapshots.pool(pool);
    budget -= poolCost(players);
    warmed.pools += 1;
    warmed.players += snapshot.players.length;
    warmed.first ??= { pool, member, players: snapshot.players };
  }
  return warmed;
}

/**
 * A few requests per route, as a member of a league on `first`, on a throwaway app built like
 * the served one: V8 compiles a function once for all its closures, so the served app's code
 * is compiled too, while nothing is logged, counted in metrics or kept in the served app's
 * response cache.
 * It reads through the served snapshots (no pool is loaded twice), and its caller's token exists
 * only in its memory: no user or token is written.
 */
async function rehearseRoutes(
  { store, config }: WarmDeps,
  snapshots: Snapshots,
  first: NonNullable<WarmedPools['first']>,
): Promise<number> {
  const seasons = config.supportedSeasons;
  const { member } = first;
  const token = generateToken();
  const tokenHash = hashToken(token);
  const caller: StoredToken = {
    id: 0,
    userId: member.userId,
    tokenPrefix: tokenDisplayPrefix(token),
    products: [...PRODUCTS],
    createdAt: nowIso(),
  };
  const served = createSnapshotReadModel(createStoreReadModel(store, seasons), snapshots);
  let answered: ((status: number) => void) | undefined;
  const app = createApp({
    store,
    config,
    logger: silentLogger(),
    readModel: {
      ...served,
      findToken: async (hash) => (hash === tokenHash ? caller : undefined),
    },
    cache: cacheBudgets(8),
    onResponse: (event) => answered?.(event.status),
  });
  try {
    // Its own change feed's first poll would drop what the first requests keep.
    await app.refresh();
    let count = 0;
    for (const request of routeRequests(config, member.leagueId, first.players)) {
      let timer: NodeJS.Timeout | undefined;
      const status = await new Promise<number>((resolve, reject) => {
        answered = resolve;
        timer = setTimeout(
          () => reject(new Error(`${request.path}: no answer within ${REQUEST_TIMEOUT_MS} ms`)),
          REQUEST_TIMEOUT_MS,
        );
        app.handle(...fakeExchange(request.path, { 'x-auth-token': token, ...request.headers }));
      }).finally(() => clearTimeout(timer));
      if (status >= 500) throw new Error(`${request.path} answered ${status}`);
      count += 1;
    }
    return count;
  } finally {
    await app.close();
  }
}

interface RouteRequest {
  path: string;
  headers: IncomingHttpHeaders;
}

const JSON_MISS = { accept: 'application/json' };
const HIT_COMPRESSED = { accept: 'application/json', 'accept-encoding': 'gzip, br' };
const XML = { accept: 'application/xml' };

/**
 * Per route: a miss, then the same request again (a hit, compressed if the body is large), and
 * an XML miss where XML is offered. A name search also asks a prefix, the words in another
 * order and a misspelling, one per tier of the name index.
 */
function routeRequests(
  config: Config,
  leagueId: number,
  players: readonly PoolCandidate[],
): RouteRequest[] {
  const player = players.find((p) => p.fullName.includes(' ')) ?? players[0];
  const name = player?.fullName ?? 'warm up';
  const words = name.split(' ');
  const longest = words.reduce((a, b) => (b.length > a.length ? b : a));
  const otherTiers = [
    name.slice(0, -1),
    [...words].reverse().join(' '),
    name.replace(longest, `${longest.slice(0, 1)}x${longest.slice(2)}`),
  ];
  const requests: RouteRequest[] = [];
  for (const route of apiRoutes(config.supportedSeasons)) {
    const { path, produces } = route.doc;
    const fill = (playerName: string): string =>
      path
        .replace('{league_id}', String(leagueId))
        .replace('{player_id}', encodeURIComponent(player?.playerId ?? 'warm-up'))
        .replace('{player_name}', encodeURIComponent(playerName));
    // A route with another parameter is left out rather than asked something meaningless.
    if (fill('').includes('{')) continue;
    requests.push(
      { path: fill(name), headers: JSON_MISS },
      { path: fill(name), headers: HIT_COMPRESSED },
    );
    if (produces.length > 1) requests.push({ path: fill(name), headers: XML });
    if (path.includes('{player_name}')) {
      for (const other of otherTiers) requests.push({ path: fill(other), headers: JSON_MISS });
    }
  }
  return requests;
}

/** A GET as node:http hands it to the app, on a socket never connected: nothing is sent. */
function fakeExchange(
  path: string,
  headers: IncomingHttpHeaders,
): [IncomingMessage, ServerResponse] {
  const req = new IncomingMessage(new Socket());
  req.method = 'GET';
  req.url = path;
  req.httpVersionMajor = 1;
  req.httpVersionMinor = 1;
  req.headers = headers;
  // The API path reads its fields from the raw list, as node:http fills it (request-headers.ts).
  req.rawHeaders = Object.entries(headers).flatMap(([name, value]) =>
    value === undefined ? [] : [value].flat().flatMap((line) => [name, line]),
  );
  return [req, new ServerResponse(req)];
}

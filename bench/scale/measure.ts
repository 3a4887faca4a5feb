// The scale figures of one built store: start to ready, memory, the hot ratio to the bare
// reference, the cold path of every league endpoint, the name search on cold pools, a re-sync
// seen by the instance that cached the league and by a second instance on the same store, the
// change feed's cost per poll, and the store's size on disk. Each figure is taken by the client
// (this process) over 127.0.0.1; what limits each is in docs/performance.md.
import { statSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { Agent, request } from 'node:http';
import { join } from 'node:path';
import { sql } from 'kysely';
import { SQLITE_FILE_NAME, openStore } from '../../src/storage/db.ts';
import type { Store } from '../../src/storage/db.ts';
import { writeLeagueSnapshot } from '../../src/storage/repositories/snapshots.ts';
import { issueToken } from '../../src/storage/repositories/tokens.ts';
import { percentiles, serverDurations } from '../cold.ts';
import type { Percentiles } from '../cold.ts';
import { resynced } from '../dataset.ts';
import { findGenerator, pairedRatio, runLoad } from '../load.ts';
import type { LoadResult } from '../load.ts';
import { startReference, startService } from '../processes.ts';
import type { Child } from '../processes.ts';
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
const RESYNC_ROUNDS = 8;
const CHANGE_FEED_POLL_MS = 500;
const IDLE_SECONDS = 20;

export interface ScaleFigures {
  backend: string;
  leagues: number;
  takenAt: string;
  /** The machine's 1-min load average when the figures were taken (other work on it). */
  loadAverage: number;
  buildSeconds: number;
  readyMs: number;
  rssIdleMb: number;
  rssLoadMb: number;
  /** Lowest over the hot endpoints of the paired req/s ratio to the bare reference. */
  hotRatio: number;
  hotRatios: Record<string, number>;
  /** Client-side times (this process, over one keep-alive connection). */
  cold: Record<string, Percentiles>;
  /** The same requests' duration_ms in the service's own request log. */
  coldInService: Record<string, Percentiles>;
  coldPoolSearch: Percentiles;
  /** Re-sync write in the bench's own store handle, then seen by the caching and a second instance. */
  resyncWrite: Percentiles;
  resyncSeenHere: Percentiles;
  resyncSeenElsewhere: Percentiles;
  /** CPU of an idle service per change-feed poll interval, ms. */
  changeFeedCpuMsPerPoll: number;
  diskBytes: number;
}

export interface MeasureOptions {
  runDir: string;
  pinningServers?: string;
  durationSeconds: number;
  runs: number;
  connections: number;
  log: (message: string) => void;
}

const agent = new Agent({ keepAlive: true, maxSockets: 1 });

export async function measureScale(
  built: ScaledStore,
  options: MeasureOptions,
): Promise<ScaleFigures> {
  const storeOptions =
    built.backend === 'postgres'
      ? { databaseUrl: built.databaseUrl }
      : { dataDir: built.dataDir as string };
  // Brings the schema up to date before the clock starts: a migration added since the build
  // would otherwise count in start-up.
  const handle = await openStore(storeOptions);
  try {
    const plan = await planColdRequests(handle, built);
    const env: Record<string, string> =
      built.backend === 'postgres' ? { DATABASE_URL: built.databaseUrl as string } : {};
    const start = (name: string) =>
      startService({
        dataDir: (built.dataDir ?? options.runDir) as string,
        logFile: join(options.runDir, `${name}.log`),
        rateLimitPerMinute: 1_000_000_000,
        env,
        ...(options.pinningServers !== undefined && { cpus: options.pinningServers }),
      });
    const startedAt = performance.now();
    const service = await start('service');
    const readyMs = performance.now() - startedAt;
    options.log(`ready in ${readyMs.toFixed(0)} ms`);
    let other: Child | undefined;
    try {
      await new Promise((resolve) => setTimeout(resolve, 2000));
      const rssIdleMb = service.rssMb();
      const coldPoolSearch = await coldPoolSearches(service.url, plan);
      const logFile = join(options.runDir, 'service.log');
      const logOffset = statSync(logFile).size;
      const cold = await coldEndpoints(service.url, plan);
      // The service writes its request lines at the end of each event-loop turn.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const served = serverDurations(logFile, logOffset);
      const coldInService = Object.fromEntries(
        Object.keys(cold).map((name) => [name, percentiles(served.get(`${slug(name)}-`) ?? [])]),
      );
      options.log('cold figures taken');
      const hotRatios = await hotRatiosOf(service, built, options);
      options.log(`hot ratios ${JSON.stringify(hotRatios)}`);
      other = await start('other');
      const resync = await resyncRounds(handle, built, service.url, other.url);
      await other.stop();
      other = undefined;
      const rssLoadMb = service.peakRssMb();
      const changeFeedCpuMsPerPoll = await idleCpuPerPoll(service);
      return {
        backend: built.backend,
        leagues: built.leagues,
        takenAt: new Date().toISOString(),
        loadAverage: loadavg()[0] ?? NaN,
        buildSeconds: built.build.totalSeconds,
        readyMs,
        rssIdleMb,
        rssLoadMb,
        hotRatio: Math.min(...Object.values(hotRatios)),
        hotRatios,
        cold,
        coldInService,
        coldPoolSearch,
        ...resync,
        changeFeedCpuMsPerPoll,
        diskBytes: await diskBytes(handle, built),
      };
    } finally {
      await other?.stop();
      await service.stop();
    }
  } finally {
    await handle.close();
  }
}

interface ColdUser {
  token: string;
  league: number;
  playerId: string;
}

interface ColdPlan {
  users: ColdUser[];
  /** A user and league on each of several distinct pools, with a name in the pool. */
  pools: Array<{ token: string; league: number; name: string }>;
}

/** Which user asks what: read from the store before the service starts, so it is not timed. */
async function planColdRequests(store: Store, built: ScaledStore): Promise<ColdPlan> {
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

async function coldPoolSearches(url: string, plan: ColdPlan): Promise<Percentiles> {
  const times: number[] = [];
  for (const { token, league, name } of plan.pools) {
    const path = `/players/${league}/searchPlayer/name/${encodeURIComponent(name)}`;
    times.push((await get(url + path, token, 200)).ms);
  }
  return percentiles(times);
}

/** Each user once: its league list, then each endpoint of its first league, all never asked. */
async function coldEndpoints(url: string, plan: ColdPlan): Promise<Record<string, Percentiles>> {
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

/** The hot user's cached answers against the bare reference sending the same bytes. */
async function hotRatiosOf(
  service: Child,
  built: ScaledStore,
  options: MeasureOptions,
): Promise<Record<string, number>> {
  const league = leaguesOfUser(built, built.hot.userId)[0] as number;
  const paths: Record<string, string> = {
    'league list': '/league/findAllLeagues',
    settings: `/league/settings/${league}`,
    'rostered map': `/players/getAllRostered/${league}/names`,
  };
  const recorded: Record<string, { contentType: string; body: string; headers: string[] }> = {};
  for (const path of Object.values(paths)) {
    const answer = await get(service.url + path, built.hot.token, 200);
    recorded[path] = {
      contentType: answer.contentType,
      body: Buffer.from(answer.body).toString('base64'),
      headers: [],
    };
  }
  const file = join(options.runDir, 'responses.json');
  writeFileSync(file, JSON.stringify(recorded));
  const reference = await startReference(file, false, options.pinningServers);
  const generator = findGenerator();
  const headers = { 'X-Auth-Token': built.hot.token };
  const ratios: Record<string, number> = {};
  try {
    for (const [name, path] of Object.entries(paths)) {
      const load = (server: Child, seconds: number) =>
        runLoad(generator, {
          url: server.url + path,
          headers,
          connections: options.connections,
          durationSeconds: seconds,
        });
      await load(service, 1);
      await load(reference, 1);
      const own: LoadResult[] = [];
      const bare: LoadResult[] = [];
      for (let run = 0; run < options.runs; run++) {
        const order: Array<[Child, LoadResult[]]> = [
          [service, own],
          [reference, bare],
        ];
        if (run % 2 === 1) order.reverse();
        for (const [server, into] of order) into.push(await load(server, options.durationSeconds));
      }
      ratios[name] = pairedRatio(own, bare, (r) => r.requestsPerSecond);
    }
  } finally {
    await reference.stop();
  }
  return ratios;
}

/**
 * A league cached by both instances is re-synced through the bench's own store handle (as a sync
 * in another process writes it); then both are asked every 5 ms until they show the new name.
 */
async function resyncRounds(
  store: Store,
  built: ScaledStore,
  here: string,
  elsewhere: string,
): Promise<Pick<ScaleFigures, 'resyncWrite' | 'resyncSeenHere' | 'resyncSeenElsewhere'>> {
  const write: number[] = [];
  const seenHere: number[] = [];
  const seenElsewhere: number[] = [];
  for (let round = 0; round < RESYNC_ROUNDS; round++) {
    const { leagueId, snapshot } = built.resync[
      round % built.resync.length
    ] as ScaledStore['resync'][number];
    const token = await memberToken(store, built, leagueId);
    const path = `/league/settings/${leagueId}`;
    for (const url of [here, elsewhere]) await get(url + path, token, 200);
    const next = resynced(snapshot, 100 + round + Math.floor(Math.random() * 1e6));
    const started = performance.now();
    await writeLeagueSnapshot(store, next);
    const written = performance.now();
    write.push(written - started);
    const [a, b] = await Promise.all(
      [here, elsewhere].map((url) => seenAfter(url + path, token, next.name, written)),
    );
    seenHere.push(a as number);
    seenElsewhere.push(b as number);
    // Apart from the next round's write by more than a poll.
    await new Promise((resolve) => setTimeout(resolve, CHANGE_FEED_POLL_MS));
  }
  return {
    resyncWrite: percentiles(write),
    resyncSeenHere: percentiles(seenHere),
    resyncSeenElsewhere: percentiles(seenElsewhere),
  };
}

/** A token of the league's member: the bulk user of league id n is bench-u<(n-1) % users + 1>. */
async function memberToken(store: Store, built: ScaledStore, leagueId: number): Promise<string> {
  const user = await store.db
    .selectFrom('users')
    .select('id')
    .where('name', '=', `bench-u${((leagueId - 1) % built.users) + 1}`)
    .executeTakeFirstOrThrow();
  const { token } = await issueToken(store.db, { userId: user.id, products: ['league'] });
  return token;
}

async function seenAfter(url: string, token: string, name: string, since: number): Promise<number> {
  const deadline = since + 10_000;
  for (;;) {
    const { body } = await get(url, token, 200, new Agent({ keepAlive: false }));
    if ((JSON.parse(body) as { name?: string }).name === name) return performance.now() - since;
    if (performance.now() > deadline)
      throw new Error(`${url} did not show the re-sync within 10 s`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** CPU the service spends idle, per change-feed interval: the poll and the timers around it. */
async function idleCpuPerPoll(service: Child): Promise<number> {
  const before = service.cpuSeconds();
  await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
  const after = service.cpuSeconds();
  const cpu = after.user - before.user + (after.system - before.system);
  return (cpu * 1000) / ((IDLE_SECONDS * 1000) / CHANGE_FEED_POLL_MS);
}

async function diskBytes(store: Store, built: ScaledStore): Promise<number> {
  if (built.backend === 'postgres') {
    const { rows } = await sql<{
      size: string;
    }>`select pg_database_size(current_database()) as size`.execute(store.db);
    return Number(rows[0]?.size ?? NaN);
  }
  const file = join(built.dataDir as string, SQLITE_FILE_NAME);
  let bytes = statSync(file).size;
  try {
    bytes += statSync(`${file}-wal`).size;
  } catch {
    // no WAL file
  }
  return bytes;
}

/** A request id prefix for an endpoint's name ("cold_league_list"). */
function slug(name: string): string {
  return `cold_${name.replaceAll(' ', '_')}`;
}

function get(
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

// The scale figures of one built store: start to ready, memory, the hot ratio to the bare
// reference, the cold path of every league endpoint, the name search on cold pools, a re-sync
// seen by the instance that cached the league and by a second instance on the same store, the
// change feed's cost per poll, and the store's size on disk. Each figure is taken by the client
// (this process) over 127.0.0.1; what limits each is in docs/performance.md.
import { statSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { Agent } from 'node:http';
import { join } from 'node:path';
import { sql } from 'kysely';
import { SQLITE_FILE_NAME, openStore } from '../../src/storage/db.ts';
import type { Store } from '../../src/storage/db.ts';
import { writeLeagueSnapshot } from '../../src/storage/repositories/snapshots.ts';
import { issueToken } from '../../src/storage/repositories/tokens.ts';
import { percentiles, serverDurations } from '../cold.ts';
import { coldEndpoints, coldPoolSearches, get, planColdRequests, slug } from './cold-requests.ts';
import type { Percentiles } from '../cold.ts';
import { resynced } from '../dataset.ts';
import { findGenerator, pairedRatio, runLoad } from '../load.ts';
import type { LoadResult } from '../load.ts';
import { startReference, startService } from '../processes.ts';
import type { Child } from '../processes.ts';
import { leaguesOfUser } from './build.ts';
import type { ScaledStore } from './build.ts';

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
  /**
   * The service's data folder (its secret key): the store's own folder, which outlives the run,
   * since a PostgreSQL store records which key it was first opened with and refuses another.
   */
  dataDir: string;
  pinningServers?: string;
  durationSeconds: number;
  runs: number;
  connections: number;
  log: (message: string) => void;
}

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
        dataDir: options.dataDir,
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

// The cold path: requests no cache can answer. The first request for a league after a sync
// changed it (written through a second store handle, as a sync in another process would), and
// player-name searches with a typo on a 5,000-player pool, in-process and over HTTP.
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { NameIndex } from '../src/domain/name-index.ts';
import type { NameCandidate } from '../src/domain/names.ts';
import type { PlayerPoolSnapshot, PlayerRecord } from '../src/domain/records.ts';
import { openStore } from '../src/storage/db.ts';
import { writePlayerPool } from '../src/storage/repositories/pools.ts';
import { writeLeagueSnapshot } from '../src/storage/repositories/snapshots.ts';
import type { BuiltDataset } from './dataset.ts';
import { resynced } from './dataset.ts';

export interface Percentiles {
  count: number;
  p50Ms: number;
  p99Ms: number;
}

/** Measured by the client (this process) and by the service itself (its access log). */
export interface TwoSided {
  client: Percentiles;
  server: Percentiles;
}

export interface ColdFigures {
  resyncedLeagues: number;
  /** First rostered-by-name request per league after its re-sync. */
  rosteredAfterSync: TwoSided;
  /** Then the league's settings, also the first since the re-sync. */
  settingsAfterSync: TwoSided;
  /** Loading a probe pool and building its name index: the first search on each pool. */
  firstSearchOnPoolMs: number[];
  /** Distinct typo queries over HTTP (never cached), pool, index and league rosters warm. */
  typoSearchHttp: TwoSided & { notFound: number };
  /** NameIndex.search alone on a 5,000-player pool. */
  typoSearchInProcess: Percentiles & { buildMs: number; poolSize: number };
}

const agent = new Agent({ keepAlive: true, maxSockets: 1 });
/** Three of the change feed's 500 ms polls: the service has dropped what a write changed. */
const CHANGE_FEED_WAIT_MS = 1500;

export async function measureColdPath(
  serviceUrl: string,
  dataset: BuiltDataset,
  options: { typoQueries: number; serviceLog: string },
): Promise<ColdFigures> {
  // Only the lines written from here on: the load runs before wrote millions.
  const logOffset = statSync(options.serviceLog).size;
  const after = await firstRequestsAfterSync(serviceUrl, dataset);
  const http = await typoSearchesOverHttp(serviceUrl, dataset, options.typoQueries);
  // The service writes its log lines at the end of each event-loop turn: give it a moment.
  await new Promise((resolve) => setTimeout(resolve, 200));
  const served = serverDurations(options.serviceLog, logOffset);
  const sides = (client: number[], prefix: string): TwoSided => ({
    client: percentiles(client),
    server: percentiles(served.get(prefix) ?? []),
  });
  return {
    resyncedLeagues: after.resyncedLeagues,
    rosteredAfterSync: sides(after.rostered, 'cold-rostered-'),
    settingsAfterSync: sides(after.settings, 'cold-settings-'),
    firstSearchOnPoolMs: http.firstSearchOnPoolMs,
    typoSearchHttp: { ...sides(http.typo, 'typo-'), notFound: http.notFound },
    typoSearchInProcess: typoSearchesInProcess(dataset.probePools[0] as PlayerPoolSnapshot),
  };
}

async function firstRequestsAfterSync(
  serviceUrl: string,
  dataset: BuiltDataset,
): Promise<{ resyncedLeagues: number; rostered: number[]; settings: number[] }> {
  const { coldLeagues, coldToken, file } = dataset;
  const store = await openStore({ sqliteFile: file });
  try {
    for (const { snapshot } of coldLeagues) await writeLeagueSnapshot(store, resynced(snapshot, 1));
  } finally {
    await store.close();
  }
  // The service has seen the re-sync once the last league written shows its new name; that
  // league is the probe and is left out of the figures.
  const [probe, ...measured] = [...coldLeagues].reverse();
  if (probe === undefined) throw new Error('the dataset has no cold leagues');
  const expected = resynced(probe.snapshot, 1).name;
  const deadline = Date.now() + 10_000;
  for (;;) {
    const { body } = await get(`${serviceUrl}/league/settings/${probe.leagueId}`, coldToken);
    if ((JSON.parse(body) as { name?: string }).name === expected) break;
    if (Date.now() > deadline) throw new Error('the service did not see the re-sync within 10 s');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const rostered: number[] = [];
  const settings: number[] = [];
  for (const { leagueId } of measured) {
    const path = `/players/getAllRostered/${leagueId}/names`;
    rostered.push((await get(serviceUrl + path, coldToken, `cold-rostered-${leagueId}`)).ms);
    const shown = await get(
      `${serviceUrl}/league/settings/${leagueId}`,
      coldToken,
      `cold-settings-${leagueId}`,
    );
    if (!shown.body.includes('(re-sync 1)')) throw new Error(`league ${leagueId} was served stale`);
    settings.push(shown.ms);
  }
  return { resyncedLeagues: coldLeagues.length, rostered, settings };
}

async function typoSearchesOverHttp(
  serviceUrl: string,
  dataset: BuiltDataset,
  count: number,
): Promise<{ firstSearchOnPoolMs: number[]; typo: number[]; notFound: number }> {
  const { probeLeagueIds, probePools, coldToken } = dataset;
  // probe leagues go round-robin over the probe pools (one per sport), as the dataset built them
  const leaguesByPool = probePools.map((_, p) =>
    probeLeagueIds.filter((_, i) => i % probePools.length === p),
  );
  // The service warms the most used pools before it listens, the probe pools among them: a
  // re-sync that renames one player in each makes them cold again, as a pool sync would.
  await resyncPools(dataset);
  const firstSearchOnPoolMs: number[] = [];
  for (const [p, leagueIds] of leaguesByPool.entries()) {
    const name = (probePools[p] as PlayerPoolSnapshot).players[0]?.fullName ?? 'x';
    const path = `/players/${leagueIds[0]}/searchPlayer/name/${encodeURIComponent(name)}`;
    firstSearchOnPoolMs.push((await get(serviceUrl + path, coldToken)).ms);
    // Each league's first search also reads its roster: done here, so the figures below are
    // the search itself (the first request for a league is measured above).
    for (const leagueId of leagueIds.slice(1)) {
      await get(
        `${serviceUrl}/players/${leagueId}/searchPlayer/name/${encodeURIComponent(name)}`,
        coldToken,
      );
    }
  }
  const random = lcg(42);
  const times: number[] = [];
  let notFound = 0;
  for (let i = 0; i < count; i++) {
    const p = i % probePools.length;
    const pool = probePools[p] as PlayerPoolSnapshot;
    const leagueIds = leaguesByPool[p] as number[];
    const leagueId = leagueIds[Math.floor(random() * leagueIds.length)];
    // A distinct query each time (a typo, and the loop number as a case change the cache key
    // sees but matching ignores), so no response cache can answer it.
    const typo = withTypo(pool.players[Math.floor(random() * pool.players.length)], random);
    const path = `/players/${leagueId}/searchPlayer/name/${encodeURIComponent(distinct(typo, i))}`;
    const result = await get(serviceUrl + path, coldToken, `typo-${i}`);
    if (result.status === 404) notFound += 1;
    times.push(result.ms);
  }
  return { firstSearchOnPoolMs, typo: times, notFound };
}

/** Writes each probe pool with its last player renamed, then waits for the change feed's poll. */
async function resyncPools(dataset: BuiltDataset): Promise<void> {
  const store = await openStore({ sqliteFile: dataset.file });
  try {
    for (const pool of dataset.probePools) {
      const players = pool.players.map((player, i) =>
        i === pool.players.length - 1 ? { ...player, fullName: `${player.fullName} II` } : player,
      );
      await writePlayerPool(store, { ...pool, players });
    }
  } finally {
    await store.close();
  }
  await new Promise((resolve) => setTimeout(resolve, CHANGE_FEED_WAIT_MS));
}

function typoSearchesInProcess(pool: PlayerPoolSnapshot): ColdFigures['typoSearchInProcess'] {
  const started = performance.now();
  const index = new NameIndex<NameCandidate>(
    pool.players.map((p) => ({
      playerId: p.playerId,
      fullName: p.fullName,
      rostered: false,
      active: p.active,
    })),
  );
  const buildMs = performance.now() - started;
  const rostered = new Set(pool.players.slice(0, 200).map((p) => p.playerId));
  const random = lcg(7);
  const queries = Array.from({ length: 2000 }, () =>
    withTypo(pool.players[Math.floor(random() * pool.players.length)], random),
  );
  for (const query of queries.slice(0, 200)) index.search(query); // warm the JIT
  const times = queries.map((query) => {
    const start = performance.now();
    index.search(query, (candidate) => rostered.has(candidate.playerId));
    return performance.now() - start;
  });
  return { ...percentiles(times), buildMs, poolSize: pool.players.length };
}

/** The player's name with one typo in its longest word: two inner letters swapped, or one changed. */
export function withTypo(player: PlayerRecord | undefined, random: () => number): string {
  const words = (player?.fullName ?? 'nobody').split(' ');
  let longest = 0;
  words.forEach((word, i) => {
    if (word.length > (words[longest] as string).length) longest = i;
  });
  const word = words[longest] as string;
  if (word.length >= 5) {
    const at = 1 + Math.floor(random() * (word.length - 3));
    const swapped =
      word[at] !== word[at + 1]
        ? word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2)
        : word.slice(0, at) + (word[at] === 'e' ? 'a' : 'e') + word.slice(at + 1);
    words[longest] = swapped;
  }
  return words.join(' ');
}

/** Varies the letter case by the loop number: a new cache key, the same normalised query. */
function distinct(query: string, n: number): string {
  let out = '';
  let bits = n;
  for (const char of query) {
    out += bits & 1 ? char.toUpperCase() : char.toLowerCase();
    bits = bits >>> 1 || n;
  }
  return out;
}

function get(
  url: string,
  token: string,
  requestId?: string,
): Promise<{ status: number; ms: number; body: string }> {
  const headers: Record<string, string> = { 'X-Auth-Token': token };
  if (requestId !== undefined) headers['X-Request-Id'] = requestId;
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request(url, { agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          ms: performance.now() - started,
          body: Buffer.concat(chunks).toString(),
        }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

/** duration_ms of the service's request lines, by request id prefix (up to the last '-'). */
export function serverDurations(logFile: string, from: number): Map<string, number[]> {
  const found = new Map<string, number[]>();
  const tail = Buffer.alloc(statSync(logFile).size - from);
  const fd = openSync(logFile, 'r');
  try {
    readSync(fd, tail, 0, tail.length, from);
  } finally {
    closeSync(fd);
  }
  for (const text of tail.toString('utf8').split('\n')) {
    if (!text.includes('"msg":"request"')) continue;
    let line: { request_id?: string; duration_ms?: number };
    try {
      line = JSON.parse(text) as typeof line;
    } catch {
      continue; // a line cut by the offset
    }
    const id = line.request_id ?? '';
    const prefix = id.slice(0, id.lastIndexOf('-') + 1);
    if (prefix === '' || line.duration_ms === undefined) continue;
    const list = found.get(prefix);
    if (list === undefined) found.set(prefix, [line.duration_ms]);
    else list.push(line.duration_ms);
  }
  return found;
}

export function percentiles(values: readonly number[]): Percentiles {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)] ?? NaN;
  return { count: sorted.length, p50Ms: at(0.5), p99Ms: at(0.99) };
}

function lcg(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

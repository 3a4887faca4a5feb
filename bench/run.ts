// `npm run bench`: the service against a bare node:http server writing the same bytes, on every
// endpoint, for each dataset size; then the cold path. Prints figures only (no pass/fail).
//   npm run bench -- [--size small|large|both] [--duration 5] [--connections 50] [--runs 3]
//                    [--idle 100] [--cold no] [--each] [--pin no] [--node-flag=--flag]...
// The scale bench (bench/scale/): how the cost grows with the store, on SQLite and PostgreSQL.
//   npm run bench -- --size 10k,100k,1m [--store sqlite|postgres|both] [--keep] [--build-only]
//   npm run bench -- --table     (the table and the curve of every figure saved so far)
// See docs/performance.md for what the figures mean and the targets.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { measureColdPath } from './cold.ts';
import type { ColdFigures, TwoSided } from './cold.ts';
import { buildDataset } from './dataset.ts';
import type { BuiltDataset, Size } from './dataset.ts';
import { findGenerator, medianRun, pairedRatio, runLoad } from './load.ts';
import type { LoadResult } from './load.ts';
import { compileService, cpuPinning, startReference, startService } from './processes.ts';
import type { Child } from './processes.ts';
import { SCALE_SIZES } from './scale/build.ts';
import type { Backend, ScaleSize } from './scale/build.ts';
import { plotCurve } from './scale/plot.ts';
import { savedFigures } from './scale/report.ts';
import { printScaleTable, runScale } from './scale/run-scale.ts';

/** The scale bench's curve, committed with the figures it plots (docs/performance.md). */
const CURVE_FILE = fileURLToPath(new URL('../docs/performance-curve.png', import.meta.url));

interface Endpoint {
  name: string;
  path: string;
}

interface EndpointResult {
  endpoint: Endpoint;
  bytes: number;
  service: LoadResult;
  reference: LoadResult;
  /** The reference sending the service's header fields too. */
  sameHeaders: LoadResult;
  /** Medians of each run's figure against the reference runs beside it (pairedRatio). */
  ratio: number;
  cpuRatio: number;
  sameHeadersRatio: number;
  /** The service's resident set after this endpoint's runs, MB. */
  rssMb: number;
}

const { values } = parseArgs({
  options: {
    size: { type: 'string', default: 'both' },
    duration: { type: 'string', default: '5' },
    connections: { type: 'string', default: '50' },
    runs: { type: 'string', default: '3' },
    'typo-queries': { type: 'string', default: '300' },
    keep: { type: 'boolean', default: false },
    /** `--each`: a line per run as well (each server's req/s, CPU per request and p99). */
    each: { type: 'boolean', default: false },
    /** `--cold no` skips the cold-path figures (quick A/B runs of the load table). */
    cold: { type: 'string', default: 'yes' },
    /**
     * `--idle 100`: after the load table, the service idles this long, then league settings runs
     * again. V8's collections on an idle process once cost a cached answer 15% more CPU for good
     * (src/cli/main.ts, --no-memory-reducer); this shows whether a start's flags still prevent it.
     */
    idle: { type: 'string', default: '0' },
    /**
     * `--pin no` leaves the generator and the servers to the scheduler; by default the generator
     * runs on CPU 0 and the servers on the others (processes.ts, cpuPinning, says why).
     */
    pin: { type: 'string', default: 'yes' },
    /** Extra node flags for the service, e.g. `--node-flag=--max-semi-space-size=4` (A/B runs). */
    'node-flag': { type: 'string', multiple: true, default: [] },
    /** Scale sizes only: which store the service runs on. */
    store: { type: 'string', default: 'both' },
    /** Scale sizes only: build (or find) the stores and keep them, measure nothing. */
    'build-only': { type: 'boolean', default: false },
    /** Print the scale table and redraw the curve from the saved figures, measure nothing. */
    table: { type: 'boolean', default: false },
  },
});
if (values.table) {
  printScaleTable();
  await plotCurve(savedFigures(), CURVE_FILE);
  console.log(`curve written to ${CURVE_FILE}`);
  process.exit(0);
}
const scaleSizes = values.size.split(',').filter((s): s is ScaleSize => s in SCALE_SIZES);
if (scaleSizes.length > 0) {
  if (scaleSizes.length !== values.size.split(',').length) {
    throw new Error(
      `--size takes small, large, both, or a list of 10k, 100k and 1m, not ${values.size}`,
    );
  }
  if (!['sqlite', 'postgres', 'both'].includes(values.store)) {
    throw new Error(`--store must be sqlite, postgres or both, not ${values.store}`);
  }
  const scalePinning = values.pin === 'yes' ? cpuPinning() : undefined;
  if (!values['build-only']) compileService();
  await runScale({
    sizes: scaleSizes,
    backends: values.store === 'both' ? ['sqlite', 'postgres'] : [values.store as Backend],
    keep: values.keep || values['build-only'],
    buildOnly: values['build-only'],
    durationSeconds: Number(values.duration === '5' ? '2' : values.duration),
    runs: Number(values.runs),
    connections: Number(values.connections),
    ...(scalePinning !== undefined && { pinningServers: scalePinning.servers }),
    plotFile: CURVE_FILE,
  });
  process.exit(0);
}
const sizes: Size[] =
  values.size === 'both' ? ['small', 'large'] : values.size === 'large' ? ['large'] : ['small'];
if (!['small', 'large', 'both'].includes(values.size)) {
  throw new Error(
    `--size must be small, large, both, or a list of 10k, 100k and 1m, not ${values.size}`,
  );
}
const durationSeconds = Number(values.duration);
const connections = Number(values.connections);
const runs = Number(values.runs);
const typoQueries = Number(values['typo-queries']);
const idleSeconds = Number(values.idle);
// Rate limiting stays on (headers and counting on every request), with a limit no run reaches.
const RATE_LIMIT = 1_000_000_000;
/** node:http writes these itself on every answer; the rest are the service's own, in its order. */
const ADDED_BY_NODE = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

if (!['yes', 'no'].includes(values.pin))
  throw new Error(`--pin must be yes or no, not ${values.pin}`);

const generator = findGenerator();
const pinning = values.pin === 'yes' ? cpuPinning() : undefined;
console.log(
  `fantasy-data benchmark: ${connections} connections, ${durationSeconds} s per run, median of ` +
    `${runs} run(s) of service, reference and same-headers reference (every other one in reverse order; ratios are medians of each run's ratio), ${generator === 'wrk' ? 'wrk (1 thread)' : 'autocannon (wrk not found)'} ` +
    `on 127.0.0.1, ${pinning ? `generator on CPU ${pinning.generator}, servers on CPU ${pinning.servers}` : 'CPUs not pinned'}, node ${process.version}`,
);
compileService();
for (const size of sizes) await benchmark(size);

async function benchmark(size: Size): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), `fantasy-bench-${size}-`));
  try {
    console.log(`\n[${size}] building the dataset in ${dir} ...`);
    const dataset = await buildDataset(size, dir);
    const service = await startService({
      dataDir: dir,
      logFile: join(dir, 'service.log'),
      rateLimitPerMinute: RATE_LIMIT,
      nodeFlags: values['node-flag'],
      cpus: pinning?.servers,
    });
    try {
      const endpoints = endpointsOf(dataset);
      const recorded: Record<string, { contentType: string; body: string; headers: string[] }> = {};
      const bytes = new Map<string, number>();
      for (const { path } of endpoints) {
        const response = await getBytes(service.url + path, dataset.token);
        if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
        recorded[path] = {
          contentType: response.contentType,
          body: response.body.toString('base64'),
          headers: response.headers,
        };
        bytes.set(path, response.body.length);
      }
      const list = recorded['/league/findAllLeagues']?.body ?? '';
      const listed = (JSON.parse(Buffer.from(list, 'base64').toString()) as unknown[]).length;
      const responsesFile = join(dir, 'responses.json');
      writeFileSync(responsesFile, JSON.stringify(recorded));
      const reference = await startReference(responsesFile, false, pinning?.servers);
      const sameHeaders = await startReference(responsesFile, true, pinning?.servers);
      const results: EndpointResult[] = [];
      let afterIdle: LoadResult | undefined;
      try {
        const headers = { 'X-Auth-Token': dataset.token };
        const load = async (
          server: Child,
          endpoint: Endpoint,
          seconds: number,
        ): Promise<LoadResult> => {
          const cpuBefore = server.cpuSeconds();
          const result = await runLoad(generator, {
            url: server.url + endpoint.path,
            headers,
            connections,
            durationSeconds: seconds,
          });
          const cpuAfter = server.cpuSeconds();
          const perRequest = (seconds: number) => (seconds * 1e6) / Math.max(1, result.requests);
          const system = cpuAfter.system - cpuBefore.system;
          return {
            ...result,
            cpuMicros: perRequest(cpuAfter.user - cpuBefore.user + system),
            systemMicros: perRequest(system),
          };
        };
        for (const endpoint of endpoints) {
          await load(service, endpoint, 1); // warm-up: JIT, caches
          await load(reference, endpoint, 1);
          await load(sameHeaders, endpoint, 1);
          const serviceRuns: LoadResult[] = [];
          const referenceRuns: LoadResult[] = [];
          const sameHeadersRuns: LoadResult[] = [];
          // Every other round runs in the reverse order, so that a machine speeding up or
          // slowing down over a round favours neither server.
          for (let run = 0; run < runs; run++) {
            const order = [
              { server: service, into: serviceRuns },
              { server: reference, into: referenceRuns },
              { server: sameHeaders, into: sameHeadersRuns },
            ];
            if (run % 2 === 1) order.reverse();
            for (const { server, into } of order) {
              into.push(await load(server, endpoint, durationSeconds));
            }
            if (values.each) {
              printRun(endpoint, run, [serviceRuns, referenceRuns, sameHeadersRuns]);
            }
          }
          const rps = (run: LoadResult) => run.requestsPerSecond;
          const cpuPerRequest = (run: LoadResult) => 1 / (run.cpuMicros ?? NaN);
          results.push({
            endpoint,
            bytes: bytes.get(endpoint.path) ?? 0,
            service: medianRun(serviceRuns),
            reference: medianRun(referenceRuns),
            sameHeaders: medianRun(sameHeadersRuns),
            ratio: pairedRatio(serviceRuns, referenceRuns, rps),
            cpuRatio: pairedRatio(serviceRuns, referenceRuns, cpuPerRequest),
            sameHeadersRatio: pairedRatio(serviceRuns, sameHeadersRuns, rps),
            rssMb: service.rssMb(),
          });
        }
        if (idleSeconds > 0) {
          const settings = results[1] as EndpointResult;
          afterIdle = await measureAfterIdle(idleSeconds, () =>
            load(service, settings.endpoint, durationSeconds),
          );
        }
      } finally {
        await reference.stop().catch(() => undefined);
        await sameHeaders.stop().catch(() => undefined);
      }
      const loadRss = service.peakRssMb();
      const cold =
        values.cold === 'no'
          ? undefined
          : await measureColdPath(service.url, dataset, {
              typoQueries,
              serviceLog: join(dir, 'service.log'),
            });
      printReport(dataset, listed, results, loadRss, service.peakRssMb(), cold);
      if (afterIdle !== undefined) printAfterIdle(results[1] as EndpointResult, afterIdle);
    } finally {
      await service.stop();
    }
  } finally {
    if (values.keep) console.log(`kept ${dir}`);
    else rmSync(dir, { recursive: true, force: true });
  }
}

/** One run after `seconds` with no request at all (a warm-up second first, as before the table). */
async function measureAfterIdle(
  seconds: number,
  run: () => Promise<LoadResult>,
): Promise<LoadResult> {
  console.log(`(the service idles ${seconds} s before league settings runs again)`);
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  await run();
  return run();
}

function printAfterIdle(before: EndpointResult, after: LoadResult): void {
  console.log(
    `${before.endpoint.name} after ${idleSeconds} s idle: ${after.requestsPerSecond.toFixed(0)} req/s, ` +
      `CPU ${micros(after.cpuMicros)} µs/req (in the table: ` +
      `${before.service.requestsPerSecond.toFixed(0)} req/s, ${micros(before.service.cpuMicros)} µs/req)`,
  );
}

/** `--each`: the round's last run of each server, as `name run: service / reference / same`. */
function printRun(endpoint: Endpoint, run: number, servers: readonly LoadResult[][]): void {
  const figures = servers.map((runs) => {
    const last = runs[runs.length - 1] as LoadResult;
    return `${last.requestsPerSecond.toFixed(0)} req/s ${micros(last.cpuMicros)} µs p99 ${last.p99Ms.toFixed(2)}`;
  });
  console.log(`  ${endpoint.name} run ${run + 1}: ${figures.join(' | ')}`);
}

function endpointsOf(dataset: BuiltDataset): Endpoint[] {
  const league = dataset.hotLeagueIds[0];
  const player = dataset.hotPlayer;
  if (league === undefined) throw new Error('no hot league');
  return [
    { name: 'league list', path: '/league/findAllLeagues' },
    { name: 'league settings', path: `/league/settings/${league}` },
    {
      name: 'player by id',
      path: `/players/${league}/searchPlayer/player_id/${encodeURIComponent(player.playerId)}`,
    },
    {
      name: 'player by name',
      path: `/players/${league}/searchPlayer/name/${encodeURIComponent(player.fullName.toLowerCase())}`,
    },
    { name: 'rostered map', path: `/players/getAllRostered/${league}/names` },
  ];
}

function getBytes(
  url: string,
  token: string,
): Promise<{ status: number; contentType: string; body: Buffer; headers: string[] }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { 'X-Auth-Token': token } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          contentType: String(res.headers['content-type']),
          body: Buffer.concat(chunks),
          headers: ownHeaders(res.rawHeaders),
        }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

function ownHeaders(raw: readonly string[]): string[] {
  const own: string[] = [];
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i] as string;
    if (!ADDED_BY_NODE.has(name.toLowerCase())) own.push(name, raw[i + 1] as string);
  }
  return own;
}

function printReport(
  dataset: BuiltDataset,
  listed: number,
  results: readonly EndpointResult[],
  loadRssMb: number,
  peakRssMb: number,
  cold: ColdFigures | undefined,
): void {
  const { counts } = dataset;
  console.log(
    `[${dataset.size}] ${counts.leagues} leagues, ${counts.pools} pools, ${counts.players} players ` +
      `(built in ${counts.buildSeconds.toFixed(1)} s); the bench user sees ${listed} leagues`,
  );
  const rows = results.map((result) => {
    const { endpoint, bytes, service, reference, sameHeaders, rssMb } = result;
    return [
      endpoint.name,
      String(bytes),
      service.requestsPerSecond.toFixed(0),
      reference.requestsPerSecond.toFixed(0),
      result.ratio.toFixed(2),
      `${micros(service.cpuMicros)} (${micros(service.systemMicros)})`,
      `${micros(reference.cpuMicros)} (${micros(reference.systemMicros)})`,
      result.cpuRatio.toFixed(2),
      service.p50Ms.toFixed(2),
      service.p99Ms.toFixed(2),
      reference.p50Ms.toFixed(2),
      reference.p99Ms.toFixed(2),
      sameHeaders.requestsPerSecond.toFixed(0),
      `${micros(sameHeaders.cpuMicros)} (${micros(sameHeaders.systemMicros)})`,
      result.sameHeadersRatio.toFixed(2),
      rssMb.toFixed(0),
      service.errors + service.non2xx > 0 ? `${service.errors} err ${service.non2xx} non-2xx` : '',
    ];
  });
  printTable(
    [
      'endpoint',
      'bytes',
      'service req/s',
      'reference req/s',
      'ratio',
      'CPU µs/req (sys)',
      'ref CPU (sys)',
      'CPU ratio',
      'p50 ms',
      'p99 ms',
      'ref p50',
      'ref p99',
      'same-hdr req/s',
      'same-hdr CPU',
      'ratio to it',
      'RSS MB',
      '',
    ],
    rows,
  );
  console.log(
    `service peak RSS: ${loadRssMb.toFixed(0)} MB after the load runs, ${peakRssMb.toFixed(0)} MB ` +
      'after the cold path too (VmHWM)',
  );
  if (cold === undefined) return;
  const ms = (n: number) => n.toFixed(2);
  const twoSided = (label: string, figures: TwoSided) =>
    console.log(
      `  ${label.padEnd(22)} client p50 ${ms(figures.client.p50Ms)} ms  p99 ` +
        `${ms(figures.client.p99Ms)} ms;  in the service p50 ${ms(figures.server.p50Ms)} ms  ` +
        `p99 ${ms(figures.server.p99Ms)} ms  (n=${figures.client.count})`,
    );
  console.log(
    `cold: first request per league after a re-sync (${cold.resyncedLeagues} leagues re-synced ` +
      'through a second store handle):',
  );
  twoSided('rostered map', cold.rosteredAfterSync);
  twoSided('settings', cold.settingsAfterSync);
  const inProcess = cold.typoSearchInProcess;
  console.log(`name search with a typo, ${inProcess.poolSize}-player pool:`);
  console.log(
    `  ${'NameIndex in-process'.padEnd(22)} p50 ${(inProcess.p50Ms * 1000).toFixed(0)} µs  ` +
      `p99 ${(inProcess.p99Ms * 1000).toFixed(0)} µs  (n=${inProcess.count}; index built in ` +
      `${ms(inProcess.buildMs)} ms)`,
  );
  twoSided('over HTTP, uncached', cold.typoSearchHttp);
  console.log(
    `  first search on each cold pool (load + index): ` +
      `${cold.firstSearchOnPoolMs.map(ms).join(', ')} ms; ${cold.typoSearchHttp.notFound} not found`,
  );
}

function micros(value: number | undefined): string {
  return value === undefined || Number.isNaN(value) ? '-' : value.toFixed(1);
}

function printTable(header: readonly string[], rows: readonly string[][]): void {
  const widths = header.map((title, i) =>
    Math.max(title.length, ...rows.map((row) => (row[i] ?? '').length)),
  );
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  console.log(line(header));
  for (const row of rows) console.log(line(row));
}

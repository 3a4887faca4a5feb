// Drives one endpoint on 127.0.0.1 and reduces the result to the figures the table prints.
// wrk (native, one thread) is the generator when the machine has it: autocannon parses every
// response in JavaScript on the same two cores, so it charged the service's extra headers to the
// client as much as to the server (docs/performance.md). autocannon, from the project's own
// devDependencies, runs only where wrk is missing and cannot be installed; the report says which.
import { spawnSync } from 'node:child_process';
import autocannon from 'autocannon';

export interface LoadResult {
  requestsPerSecond: number;
  /** Requests answered in the run. */
  requests: number;
  /** The server's CPU time per request, µs (set by the caller, which knows the process). */
  cpuMicros?: number;
  /** Of which in kernel mode (syscalls, the TCP stack, waking the generator), µs. */
  systemMicros?: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
}

export interface LoadOptions {
  url: string;
  headers?: Record<string, string>;
  connections: number;
  durationSeconds: number;
}

export type Generator = 'wrk' | 'autocannon';

/** wrk on the PATH, or installed from Debian's packages when this process may (root, apt-get). */
export function findGenerator(): Generator {
  if (hasWrk()) return 'wrk';
  if (process.getuid?.() === 0 && spawnSync('which', ['apt-get']).status === 0) {
    console.log('installing wrk from Debian packages (apt-get install -y wrk) ...');
    const install = () => spawnSync('apt-get', ['install', '-y', 'wrk'], { stdio: 'ignore' });
    if (install().status !== 0) {
      spawnSync('apt-get', ['update'], { stdio: 'ignore' });
      install();
    }
    if (hasWrk()) return 'wrk';
  }
  return 'autocannon';
}

function hasWrk(): boolean {
  return spawnSync('wrk', ['--version']).error === undefined;
}

export async function runLoad(generator: Generator, options: LoadOptions): Promise<LoadResult> {
  return generator === 'wrk' ? runWrk(options) : runAutocannon(options);
}

function runWrk(options: LoadOptions): LoadResult {
  const args = ['-t', '1', '-c', String(options.connections), '-d', `${options.durationSeconds}s`];
  for (const [name, value] of Object.entries(options.headers ?? {})) {
    args.push('-H', `${name}: ${value}`);
  }
  args.push('--latency', options.url);
  const run = spawnSync('wrk', args, { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`wrk failed: ${run.stderr || run.stdout}`);
  return parseWrk(run.stdout);
}

/** Reads wrk 4's text report (`--latency`). */
export function parseWrk(report: string): LoadResult {
  const number = (pattern: RegExp) => {
    const match = pattern.exec(report);
    return match ? Number(match[1]) : 0;
  };
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(
    report,
  );
  const errors = socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0;
  return {
    requestsPerSecond: number(/Requests\/sec:\s+([\d.]+)/),
    requests: number(/(\d+) requests in /),
    p50Ms: latencyMs(report, '50%'),
    p99Ms: latencyMs(report, '99%'),
    errors,
    non2xx: number(/Non-2xx or 3xx responses: (\d+)/),
  };
}

function latencyMs(report: string, percentile: string): number {
  const match = new RegExp(`^\\s+${percentile}\\s+([\\d.]+)(us|ms|s)\\s*$`, 'm').exec(report);
  if (!match) return Number.NaN;
  const value = Number(match[1]);
  return match[2] === 'us' ? value / 1000 : match[2] === 's' ? value * 1000 : value;
}

async function runAutocannon(options: LoadOptions): Promise<LoadResult> {
  const result = await autocannon({
    url: options.url,
    headers: options.headers ?? {},
    connections: options.connections,
    duration: options.durationSeconds,
    pipelining: 1,
  });
  return {
    requestsPerSecond: result.requests.average,
    requests: result.requests.total,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/**
 * The median run by requests per second, with the median p50 and p99 over all the runs: a single
 * run's p99 is the host's as much as the server's (the bare reference's moved between 3.3 and
 * 42 ms from one 1-s run to the next on a shared 2-core VM), so no one run's tail stands for the
 * server's.
 */
export function medianRun(runs: readonly LoadResult[]): LoadResult {
  const sorted = [...runs].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond);
  const middle = sorted[Math.floor(sorted.length / 2)] as LoadResult;
  return {
    ...middle,
    p50Ms: median(runs.map((run) => run.p50Ms)),
    p99Ms: median(runs.map((run) => run.p99Ms)),
  };
}

/**
 * The median over runs of `figure(a[i]) / figure(b[i])`: each run against the run of the other
 * server beside it in time. On a shared machine whose speed drifts between minutes, this is
 * steadier than the ratio of the two medians, which may come from different minutes.
 */
export function pairedRatio(
  a: readonly LoadResult[],
  b: readonly LoadResult[],
  figure: (run: LoadResult) => number,
): number {
  return median(a.map((run, at) => figure(run) / figure(b[at] as LoadResult)));
}

/** The middle value, or the mean of the middle two; NaN for none. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((x, y) => x - y);
  if (sorted.length === 0) return NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

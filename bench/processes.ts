// The two servers the benchmark compares, each a child process so its memory is its own: the
// service (`fantasy-data serve` compiled to JavaScript, as `npm start` runs it) and the bare
// reference server.
import { spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import type { ChildProcess } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
/**
 * The node flags `npm start` and the `fantasy-data` command's first line give the service (src/cli/
 * main.ts says why); a benchmark starting main.js through node must pass them itself.
 */
export const SERVE_NODE_FLAGS: readonly string[] = [
  '--max-semi-space-size=8',
  '--no-memory-reducer',
  // Node 24: peak RSS after the load runs 119-121 MB instead of 124-130 (src/cli/main.ts).
  '--no-maglev',
];

/**
 * In the checkout's own tmp/ (ignored by git), not in node_modules: a worktree's node_modules may
 * be a link to another checkout's, and every checkout sharing it then compiled into one folder,
 * so a benchmark or soak could run the service another checkout had just built. The compiled
 * files still resolve the project's packages, walking up to the checkout's node_modules.
 */
export const BUILD_DIR = 'tmp/fantasy-bench/dist';

/**
 * Compiles src/ as `npm run build` does, into a cache folder (dist/ is left alone), so the service
 * runs as plain JavaScript without a TypeScript loader in its memory or its start-up.
 */
export function compileService(): void {
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  const result = spawnSync(
    process.execPath,
    // Its own build info beside the output: with the project's (dist/.tsbuildinfo), tsc skipped
    // emitting after `npm run build` had compiled the same sources into dist/, and the bench ran
    // whatever an earlier build had left in this folder.
    [
      tsc,
      '-p',
      'tsconfig.build.json',
      '--outDir',
      BUILD_DIR,
      '--tsBuildInfoFile',
      `${BUILD_DIR}/.tsbuildinfo`,
    ],
    { cwd: ROOT, stdio: 'inherit' },
  );
  // tsc writes its output even when it reports type errors; only a missing entry point is fatal.
  if (result.status !== 0) console.log('(tsc reported errors; running what it emitted)');
  if (!existsSync(join(ROOT, BUILD_DIR, 'cli/main.js')))
    throw new Error('the build emitted nothing');
}

/**
 * Which CPUs the load generator and the servers run on: the generator (this process, wrk and
 * autocannon alike) on CPU 0, every server on the others, so that all servers share the same CPUs
 * and each pays for its own helper threads (GC, logging) instead of borrowing the generator's.
 * Left to the scheduler on a 2-vCPU VM, the same bare server's 1-s runs moved between about 20k
 * and 42k req/s, one process at a time: 16 paired runs of the service against the reference gave
 * per-run ratios of 0.62-1.47 (interquartile 0.75-0.98); pinned, beside them, 0.77-0.95
 * (0.85-0.90). Undefined (nothing pinned) off Linux, on one CPU, or without `taskset`.
 */
export interface Pinning {
  generator: string;
  servers: string;
}

export function cpuPinning(): Pinning | undefined {
  const pinning = pinningFor(availableParallelism());
  if (pinning === undefined || process.platform !== 'linux') return undefined;
  if (spawnSync('taskset', ['--version']).error !== undefined) return undefined;
  // -a: every thread of this process (libuv's and V8's too); wrk, spawned later, inherits it.
  const pinned = spawnSync('taskset', ['-a', '-p', '-c', pinning.generator, String(process.pid)]);
  return pinned.status === 0 ? pinning : undefined;
}

/** The generator on CPU 0 and the servers on the rest, for a machine of `cpus` CPUs (2 or more). */
export function pinningFor(cpus: number): Pinning | undefined {
  if (!(cpus >= 2)) return undefined;
  return { generator: '0', servers: cpus === 2 ? '1' : `1-${cpus - 1}` };
}

/** `command args` under `taskset -c cpus` when `cpus` is given (taskset execs it: same pid). */
function pinned(cpus: string | undefined, command: string, args: string[]): [string, string[]] {
  return cpus === undefined ? [command, args] : ['taskset', ['-c', cpus, command, ...args]];
}

export interface Child {
  url: string;
  process: ChildProcess;
  /** Peak resident set size so far (VmHWM), in MB. */
  peakRssMb(): number;
  /** Resident set size now (VmRSS), in MB. */
  rssMb(): number;
  /** CPU time the process has used so far, in user and in kernel (system) mode, in seconds. */
  cpuSeconds(): CpuSeconds;
  stop(): Promise<void>;
}

export interface CpuSeconds {
  user: number;
  system: number;
}

export interface ServiceOptions {
  dataDir: string;
  /** Where the request log goes (one JSON line per request). */
  logFile: string;
  rateLimitPerMinute: number;
  /** Extra node flags, e.g. ['--cpu-prof'] to profile the service under load. */
  nodeFlags?: readonly string[];
  /** Environment overrides (experiments: LOG_LEVEL=silent...). */
  env?: Readonly<Record<string, string>>;
  /** The CPUs it runs on (taskset's list), or anywhere. */
  cpus?: string;
}

export async function startService(options: ServiceOptions): Promise<Child> {
  const port = await freePort();
  const log = openSync(options.logFile, 'a');
  const args = [
    ...SERVE_NODE_FLAGS,
    ...(options.nodeFlags ?? []),
    `${BUILD_DIR}/cli/main.js`,
    'serve',
  ];
  const child = spawn(...pinned(options.cpus, process.execPath, args), {
    cwd: ROOT,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      FANTASY_DATA_DIR: options.dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      LOG_LEVEL: 'info',
      RATE_LIMIT_PER_MINUTE: String(options.rateLimitPerMinute),
      FANTASY_DEMO_ON_EMPTY: 'false',
      SYNC_INTERVAL_MINUTES: '0',
      ...options.env,
    },
    stdio: ['ignore', 'ignore', log],
  });
  closeSync(log);
  const url = `http://127.0.0.1:${port}`;
  await waitUntilHealthy(url, child);
  return wrap(url, child);
}

/** `sameHeaders`: the reference also sends the service's recorded header fields. */
export async function startReference(
  responsesFile: string,
  sameHeaders = false,
  cpus?: string,
): Promise<Child> {
  const child = spawn(
    ...pinned(cpus, process.execPath, [
      '--import',
      'tsx',
      'bench/reference-server.ts',
      responsesFile,
      ...(sameHeaders ? ['--same-headers'] : []),
    ]),
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const port = await new Promise<string>((resolve, reject) => {
    let text = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      if (text.includes('\n')) resolve(text.trim());
    });
    child.once('exit', (code) => reject(new Error(`reference server exited with ${code}`)));
  });
  return wrap(`http://127.0.0.1:${port}`, child);
}

function wrap(url: string, child: ChildProcess): Child {
  return {
    url,
    process: child,
    peakRssMb: () => statusMb(child.pid as number, 'VmHWM'),
    rssMb: () => statusMb(child.pid as number, 'VmRSS'),
    cpuSeconds: () => cpuSeconds(child.pid as number),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

function statusMb(pid: number, field: 'VmHWM' | 'VmRSS'): number {
  let status: string;
  try {
    status = readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    return NaN; // the process has exited
  }
  const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(status);
  return match ? Number(match[1]) / 1024 : NaN;
}

/** utime and stime from /proc/<pid>/stat (fields 14 and 15, in clock ticks of 1/100 s). */
function cpuSeconds(pid: number): CpuSeconds {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return { user: NaN, system: NaN };
  }
  // The command name (field 2) may hold spaces; count fields after its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { user: Number(fields[11]) / 100, system: Number(fields[12]) / 100 };
}

async function waitUntilHealthy(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`service exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/readyz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('service did not become ready within 120 s');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

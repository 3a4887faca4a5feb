// The two servers the benchmark compares, each a child process so its memory is its own: the
// service (`fantasy-data serve`, as in production) and the bare reference server.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { openSync, readFileSync, closeSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

export interface Child {
  url: string;
  process: ChildProcess;
  /** Peak resident set size so far (VmHWM), in MB. */
  peakRssMb(): number;
  stop(): Promise<void>;
}

export interface ServiceOptions {
  dataDir: string;
  /** Where the request log goes (one JSON line per request). */
  logFile: string;
  rateLimitPerMinute: number;
}

export async function startService(options: ServiceOptions): Promise<Child> {
  const port = await freePort();
  const log = openSync(options.logFile, 'a');
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'serve'], {
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
    },
    stdio: ['ignore', 'ignore', log],
  });
  closeSync(log);
  const url = `http://127.0.0.1:${port}`;
  await waitUntilHealthy(url, child);
  return wrap(url, child);
}

export async function startReference(responsesFile: string): Promise<Child> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'bench/reference-server.ts', responsesFile],
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
    peakRssMb: () => peakRssMb(child.pid as number),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

function peakRssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /VmHWM:\s+(\d+) kB/.exec(status);
  return match ? Number(match[1]) / 1024 : NaN;
}

async function waitUntilHealthy(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`service exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/readyz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('service did not become ready within 60 s');
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

// The service as its own process on a free loopback port, run from source with tsx, so the
// reliability scripts test what `fantasy-data serve` runs and can kill it or read its memory.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));

export interface ServiceProcess {
  port: number;
  url: string;
  child: ChildProcess;
  rssMb(): number;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** `fantasy-data <args>` from source, with the given environment on top of a quiet default. */
export function spawnCli(
  args: readonly string[],
  env: Readonly<Record<string, string>>,
): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', ...args], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: '',
      REDIS_URL: '',
      LOG_LEVEL: 'error',
      SYNC_INTERVAL_MINUTES: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

export async function startServiceProcess(
  env: Readonly<Record<string, string>>,
  options: {
    /** Listen here (a service whose address must be known beforehand); default a free port. */
    port?: number;
    /** Gets the service's log (`serve` writes it to stderr); dropped otherwise. */
    onLog?: (text: string) => void;
  } = {},
): Promise<ServiceProcess> {
  const port = options.port ?? (await freePort());
  const child = spawnCli(['serve'], { HOST: '127.0.0.1', PORT: String(port), ...env });
  child.stdout?.resume();
  const { onLog } = options;
  if (onLog === undefined) child.stderr?.resume();
  else child.stderr?.on('data', (chunk: Buffer) => onLog(chunk.toString('utf8')));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`serve exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error('serve did not become ready within 60 s');
    try {
      if ((await fetch(`${url}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    port,
    url,
    child,
    rssMb: () => {
      try {
        const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
        return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1]) / 1024;
      } catch {
        return Number.NaN;
      }
    },
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

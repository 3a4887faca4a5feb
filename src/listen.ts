// Listening on the configured address, with an answer a person can act on when it cannot be had
// (another process on the port, a port below 1024 without the privilege): a ConfigError naming the
// variable, so `serve` says what to change and exits 2 like any other bad setting.
import { createServer } from 'node:net';
import type { Server } from 'node:net';
import { ConfigError } from './config.ts';

/** What a refusal means, and what to change. */
const REFUSALS: Readonly<Record<string, (variable: string) => string>> = {
  EADDRINUSE: (variable) =>
    `is in use by another process; stop it, or set ${variable} to a free port`,
  EACCES: (variable) =>
    `may not be listened on by this user (ports below 1024 need privileges); set ${variable} ` +
    'to a port from 1024',
};

export function listen(server: Server, port: number, host: string, variable: string) {
  return new Promise<void>((resolve, reject) => {
    const refused = (error: NodeJS.ErrnoException) =>
      reject(listenError(error, port, host, variable));
    server.once('error', refused);
    server.listen(port, host, () => {
      server.off('error', refused);
      resolve();
    });
  });
}

/**
 * Whether the address can be listened on, by listening and closing at once: a first start asks
 * before it loads the demo, so a taken port does not cost the demo token it prints only once.
 */
export async function checkCanListen(port: number, host: string, variable: string) {
  if (port === 0) return;
  const probe = createServer();
  await listen(probe, port, host, variable);
  await new Promise<void>((resolve) => probe.close(() => resolve()));
}

function listenError(error: NodeJS.ErrnoException, port: number, host: string, variable: string) {
  const refusal = error.code === undefined ? undefined : REFUSALS[error.code];
  if (refusal === undefined) return error;
  const address = host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`;
  return new ConfigError(variable, `${address} ${refusal(variable)} (docs/configuration.md)`);
}

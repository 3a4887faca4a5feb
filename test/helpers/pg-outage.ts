// PostgreSQL going away under a running service, without touching the machine's PostgreSQL
// (other suites use it): the test's connections carry an application_name of their own, so
// `terminateBackends` ends exactly those (what a restart or a failover does to them), and a TCP
// proxy in between (tcp-proxy.ts) stands for a database that is down for a while.
import { randomBytes } from 'node:crypto';
import { adminQuery } from './store.ts';

/** A password the local server ignores (trust): no log line may ever show it. */
export const URL_PASSWORD = 'pw-never-logged-7c1e';

/**
 * The test database's URL with a password, an application_name to find the connections by,
 * optionally another port (a proxy's), and the schema as the search_path (for DATABASE_URL).
 */
export function outageUrl(
  base: string,
  options: { appName: string; port?: number; schema?: string },
): string {
  const url = new URL(base);
  url.password = URL_PASSWORD;
  if (options.port !== undefined) {
    url.hostname = '127.0.0.1';
    url.port = String(options.port);
  }
  url.searchParams.set('application_name', options.appName);
  if (options.schema !== undefined) {
    url.searchParams.set('options', `-c search_path=${options.schema}`);
  }
  return url.toString();
}

export function uniqueAppName(): string {
  return `fd_outage_${randomBytes(5).toString('hex')}`;
}

/** Ends every connection of `appName`; resolves with how many there were. */
export async function terminateBackends(appName: string): Promise<number> {
  if (!/^[a-z0-9_]+$/.test(appName)) throw new Error(`unsafe application name ${appName}`);
  const rows = await adminQuery(
    `select pg_terminate_backend(pid) from pg_stat_activity where application_name = '${appName}'`,
  );
  return rows.length;
}

// `fantasy-data serve` as a process over PostgreSQL whose connections are terminated (what a
// restart or a failover does): it stays up, logs the lost connections without the URL's
// password, and answers again on new connections.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { randomBytes } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { eventually } from '../helpers/eventually.ts';
import { URL_PASSWORD, outageUrl, terminateBackends, uniqueAppName } from '../helpers/pg-outage.ts';
import { TEST_DATABASE_URL, createStoreLocation } from '../helpers/store.ts';
import { CLI_ENTRY, REPO_ROOT, cliEnv } from './run-cli.ts';

describe(
  'fantasy-data serve over PostgreSQL',
  { skip: TEST_DATABASE_URL ? false : 'TEST_DATABASE_URL is not set' },
  () => {
    it('stays up when its connections are terminated, and answers again', async () => {
      const location = await createStoreLocation('postgres');
      const appName = uniqueAppName();
      const child = spawn(process.execPath, ['--import', 'tsx', CLI_ENTRY, 'serve'], {
        cwd: REPO_ROOT,
        env: cliEnv({
          DATABASE_URL: outageUrl(TEST_DATABASE_URL as string, {
            appName,
            schema: location.options.pgSchema as string,
          }),
          FANTASY_SECRET_KEY: randomBytes(32).toString('hex'),
          HOST: '127.0.0.1',
          PORT: '0',
          LOG_LEVEL: 'warn',
        }),
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let stderr = '';
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
      try {
        const url = await new Promise<string>((resolve, reject) => {
          child.stderr.on('data', () => {
            const match = /listening on (http:\/\/\S+)/.exec(stderr);
            if (match) resolve(match[1] as string);
          });
          child.once('exit', (code) => reject(new Error(`serve exited ${code}: ${stderr}`)));
        });
        const ready = (): Promise<number> =>
          fetch(`${url}/readyz`, { signal: AbortSignal.timeout(15_000) }).then((r) => r.status);
        assert.equal(await ready(), 200);
        assert.ok((await terminateBackends(appName)) > 0, 'it had connections to terminate');
        await delay(500);
        assert.equal(child.exitCode, null, `serve is still running: ${stderr}`);
        await eventually('ready again', async () => (await ready()) === 200, 15_000, 100);
        assert.match(stderr, /a PostgreSQL connection failed/);
        assert.ok(!stderr.includes(URL_PASSWORD), "never the URL's password");

        const exited = once(child, 'exit');
        child.kill('SIGTERM');
        assert.equal(((await exited) as [number | null])[0], 0, stderr);
      } finally {
        if (child.exitCode === null) child.kill('SIGKILL');
        await location.remove();
      }
    });
  },
);

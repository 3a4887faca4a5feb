// The composition root: startServer in-process (demo on an empty store, token shown once, the
// real app answering), and `fantasy-data serve` as a process that stops cleanly on SIGTERM.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ConfigError, loadConfig } from '../src/config.ts';
import { startServer } from '../src/main.ts';
import type { RunningServer } from '../src/main.ts';
import { CLI_ENTRY, REPO_ROOT, cliEnv, runCli, tempDataDir } from './cli/run-cli.ts';
import type { TempDir } from './cli/run-cli.ts';
import { captureLogLines } from './helpers/log-lines.ts';

interface LeagueBody {
  league_id: number;
  platform: string;
}

describe('startServer', () => {
  let dir: TempDir;
  let server: RunningServer | undefined;
  const config = () =>
    loadConfig({ FANTASY_DATA_DIR: dir.path, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'silent' });

  before(() => {
    dir = tempDataDir();
  });
  after(async () => {
    await server?.close();
    dir.remove();
  });

  it('loads the demo into an empty store and hands out a working token once', async () => {
    server = await startServer(config());
    const token = server.demoToken;
    assert.match(token ?? '', /^fld_[A-Za-z0-9_-]{43}$/);
    assert.match(server.url, /^http:\/\/127\.0\.0\.1:\d+$/);
    const health = await fetch(`${server.url}/healthz`);
    assert.equal(health.status, 200);
    const leagues = await fetch(`${server.url}/league/findAllLeagues`, {
      headers: { 'X-Auth-Token': token ?? '' },
    });
    assert.equal(leagues.status, 200);
    const body = (await leagues.json()) as LeagueBody[];
    assert.ok(body.length > 0);
    assert.ok(body.every((l) => l.platform === 'demo'));
    const rostered = await fetch(
      `${server.url}/players/getAllRostered/${body[0]?.league_id}/names`,
      {
        headers: { 'X-Auth-Token': token ?? '' },
      },
    );
    assert.equal(rostered.status, 200, 'the demo token carries the roster product');
    await server.close();

    server = await startServer(config());
    assert.equal(server.demoToken, undefined, 'a store with users gets no new demo token');
    const again = await fetch(`${server.url}/league/findAllLeagues`, {
      headers: { 'X-Auth-Token': token ?? '' },
    });
    assert.equal(again.status, 200, 'the first token still works');
    await server.close();
    server = undefined;
  });

  it('runs the re-sync schedule over every linked account, leaving synced finished seasons alone', async () => {
    const scheduled = tempDataDir();
    try {
      const running = await startServer(
        loadConfig({ FANTASY_DATA_DIR: scheduled.path, PORT: '0', SYNC_INTERVAL_MINUTES: '60' }),
      );
      try {
        assert.ok(running.scheduler, 'syncs run in this process without REDIS_URL');
        await running.scheduler.trigger();
        const runs = await running.store.db
          .selectFrom('sync_runs')
          .select(['trigger', 'outcome', 'leagues_found', 'leagues_unchanged'])
          .orderBy('id')
          .execute();
        // The demo's seasons (2017-2021) are over and the demo load synced them in full: the
        // schedule asks nothing, and counts the account's leagues as found and unchanged.
        const found = runs[0]?.leagues_found;
        assert.deepEqual(
          runs.map((r) => [r.trigger, r.outcome, r.leagues_found, r.leagues_unchanged]),
          [
            ['demo', 'ok', found, 0],
            ['schedule', 'ok', found, found],
          ],
        );
        assert.ok((runs[0]?.leagues_found ?? 0) > 0);
      } finally {
        await running.close();
      }
      assert.equal(running.scheduler?.running, false);
    } finally {
      scheduled.remove();
    }
  });

  it('with WARM_UP, warms the caches with the demo pools before it listens', async () => {
    const demo = tempDataDir();
    const { logger, lines } = captureLogLines();
    try {
      const config = loadConfig({ FANTASY_DATA_DIR: demo.path, PORT: '0', WARM_UP: 'true' });
      const running = await startServer(config, { logger });
      await running.close();
      const messages = lines.map((line) => line.msg);
      const warmed = lines.find((line) => line.msg === 'caches warmed');
      assert.ok(messages.indexOf('caches warmed') < messages.indexOf('listening'), `${messages}`);
      // The demo's three pools (football, basketball, baseball) and a request per route at least.
      assert.equal(warmed?.pools, 3);
      assert.equal(warmed?.poolsLeft, 0);
      assert.ok(Number(warmed?.requests) >= 5);
      // Without WARM_UP (the default) the same store starts cold.
      const cold = captureLogLines();
      await (
        await startServer(loadConfig({ FANTASY_DATA_DIR: demo.path, PORT: '0' }), cold)
      ).close();
      assert.ok(cold.lines.some((line) => line.msg === 'listening'));
      assert.equal(
        cold.lines.find((line) => line.msg === 'caches warmed'),
        undefined,
      );
    } finally {
      demo.remove();
    }
  });

  it('on a port in use, stops before the demo load, naming PORT, so the next start shows the token', async () => {
    const empty = tempDataDir();
    const taken = createServer();
    taken.listen(0, '127.0.0.1');
    await once(taken, 'listening');
    const { port } = taken.address() as AddressInfo;
    const on = (PORT: string) =>
      loadConfig({ FANTASY_DATA_DIR: empty.path, HOST: '127.0.0.1', PORT, LOG_LEVEL: 'silent' });
    try {
      await assert.rejects(startServer(on(String(port))), (error: unknown) => {
        assert.ok(error instanceof ConfigError, String(error));
        assert.match(error.message, /^PORT: 127\.0\.0\.1:\d+ is in use by another process; /);
        assert.match(error.message, /set PORT to a free port/);
        return true;
      });
      const next = await startServer(on('0'));
      try {
        assert.match(
          next.demoToken ?? '',
          /^fld_/,
          'the demo token is shown on the start that listens',
        );
      } finally {
        await next.close();
      }
    } finally {
      taken.close();
      empty.remove();
    }
  });

  it('leaves an empty store empty when FANTASY_DEMO_ON_EMPTY is off', async () => {
    const empty = tempDataDir();
    try {
      const off = await startServer(
        loadConfig({ FANTASY_DATA_DIR: empty.path, PORT: '0', FANTASY_DEMO_ON_EMPTY: 'false' }),
      );
      assert.equal(off.demoToken, undefined);
      const rows = await off.store.db.selectFrom('users').select('id').execute();
      assert.equal(rows.length, 0);
      await off.close();
    } finally {
      empty.remove();
    }
  });
});

describe('fantasy-data serve', () => {
  it('prints the demo token and a curl line, answers /healthz, and exits 0 on SIGTERM', async () => {
    const dir = tempDataDir();
    const child = spawn(process.execPath, ['--import', 'tsx', CLI_ENTRY, 'serve'], {
      cwd: REPO_ROOT,
      env: cliEnv({
        FANTASY_DATA_DIR: dir.path,
        PORT: '0',
        FANTASY_DEMO_ON_EMPTY: 'true',
        LOG_LEVEL: 'info',
      }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      let stdout = '';
      let stderr = '';
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
      // Wait for the address (the port is chosen by the OS) and the banner: the two streams
      // arrive independently, so either may come first.
      const url = await new Promise<string>((resolve, reject) => {
        const check = (): void => {
          const match = /listening on (http:\/\/\S+)/.exec(stderr);
          if (match && stdout.includes('curl ')) resolve(match[1] as string);
        };
        child.stderr.on('data', check);
        child.stdout.on('data', check);
        child.once('exit', (code) => reject(new Error(`serve exited ${code}: ${stderr}`)));
      });
      const token = /^\s+(fld_[A-Za-z0-9_-]{43})$/m.exec(stdout)?.[1];
      assert.ok(token, stdout);
      assert.ok(
        stdout.includes(`curl -H 'X-Auth-Token: ${token}' ${url}/league/findAllLeagues`),
        stdout,
      );
      assert.ok(!stderr.includes(token), 'the token never reaches the log stream');
      assert.match(stderr, /"msg":"listening"/, 'structured logs go to stderr');
      const health = await fetch(`${url}/healthz`);
      assert.equal(health.status, 200);
      assert.deepEqual(await health.json(), { status: 'ok' });
      const leagues = await fetch(`${url}/league/findAllLeagues`, {
        headers: { 'X-Auth-Token': token },
      });
      assert.equal(leagues.status, 200);

      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      const [code] = (await exited) as [number | null];
      assert.equal(code, 0, stderr);
      assert.match(stderr, /"msg":"stopped"/);
      assert.ok(!stderr.includes(token), 'nor does any request log line carry it');
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      dir.remove();
    }
  });

  it('a later start shows no token but says how to make one for the demo user', async () => {
    const dir = tempDataDir();
    /** Starts serve on `dir`, waits until it listens, stops it, and gives what it printed. */
    const serveOnce = async (): Promise<{ stdout: string; stderr: string }> => {
      const child = spawn(process.execPath, ['--import', 'tsx', CLI_ENTRY, 'serve'], {
        cwd: REPO_ROOT,
        env: cliEnv({ FANTASY_DATA_DIR: dir.path, PORT: '0', FANTASY_DEMO_ON_EMPTY: 'true' }),
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
      try {
        await new Promise<void>((resolve, reject) => {
          child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
            stderr += chunk;
            if (stderr.includes('listening on ')) resolve();
          });
          child.once('exit', (code) => reject(new Error(`serve exited ${code}: ${stderr}`)));
        });
        const exited = once(child, 'exit');
        child.kill('SIGTERM');
        await exited;
        return { stdout, stderr };
      } finally {
        if (child.exitCode === null) child.kill('SIGKILL');
      }
    };
    try {
      const first = await serveOnce();
      assert.match(first.stdout, /fld_/);
      assert.doesNotMatch(first.stderr, /tokens create/);
      const second = await serveOnce();
      assert.doesNotMatch(second.stdout, /fld_/);
      assert.match(
        second.stderr,
        /npm run -s cli -- tokens create --user demo --products "league roster player team transaction user meta"/,
      );
    } finally {
      dir.remove();
    }
  });

  it('reports a bad variable as a configuration error and exits 2 (bad input)', async () => {
    const dir = tempDataDir();
    try {
      const result = await runCli(['serve'], { FANTASY_DATA_DIR: dir.path, PORT: 'eighty' });
      assert.equal(result.code, 2);
      // On Node 20 serve first warns of its end of life (test/cli/node-version.test.ts).
      const lines = result.stderr.trim().split('\n');
      assert.deepEqual(
        lines.filter((line) => !line.startsWith('warning: Node.js')),
        ['configuration error: PORT: must be a whole number from 0 to 65535, got "eighty"'],
      );
    } finally {
      dir.remove();
    }
  });
});

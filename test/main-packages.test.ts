// The embedded default (SQLite, no REDIS_URL, no METRICS_PORT) loads none of the packages only
// another configuration uses: PostgreSQL's driver, ioredis, BullMQ and prom-client cost about
// 20 MB of RSS at rest together (docs/performance.md, Memory). Each start is a process of its own,
// since this one has loaded them all through other tests' helpers.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { REPO_ROOT, cliEnv, tempDataDir } from './cli/run-cli.ts';

const run = promisify(execFile);
const CHILD = fileURLToPath(new URL('./main-packages.child.ts', import.meta.url));
const ONLY_ELSEWHERE = ['pg', 'ioredis', 'bullmq', 'prom-client'];

async function packagesLoaded(env: Record<string, string>): Promise<string[]> {
  const dir = tempDataDir();
  try {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', CHILD], {
      cwd: REPO_ROOT,
      env: cliEnv({ FANTASY_DATA_DIR: dir.path, HOST: '127.0.0.1', PORT: '0', ...env }),
    });
    return JSON.parse(stdout) as string[];
  } finally {
    dir.remove();
  }
}

describe('the packages a start loads', () => {
  it('the embedded default loads SQLite and none of pg, ioredis, BullMQ or prom-client', async () => {
    const loaded = await packagesLoaded({ FANTASY_DEMO_ON_EMPTY: 'true' });
    assert.ok(loaded.includes('better-sqlite3'), `the check sees packages: ${loaded.join(' ')}`);
    assert.deepEqual(
      ONLY_ELSEWHERE.filter((name) => loaded.includes(name)),
      [],
      `loaded: ${loaded.join(' ')}`,
    );
  });

  it('METRICS_PORT loads prom-client, and only then', async () => {
    const loaded = await packagesLoaded({ METRICS_PORT: '0', METRICS_HOST: '127.0.0.1' });
    assert.ok(loaded.includes('prom-client'), `loaded: ${loaded.join(' ')}`);
    assert.ok(!loaded.includes('ioredis'), `loaded: ${loaded.join(' ')}`);
  });
});

// The command line's queue options without a queue: `worker` and `sync --no-wait` need
// REDIS_URL and say so (exit 2, like any bad configuration or usage).
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { runCli } from './run-cli.ts';

describe('queue options without REDIS_URL', () => {
  const dir = mkdtempSync(join(tmpdir(), 'fantasy-worker-args-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('worker and sync --no-wait exit 2 naming REDIS_URL', async () => {
    const env = { FANTASY_DATA_DIR: dir };
    assert.equal((await runCli(['users', 'create', 'alice'], env)).code, 0);
    const worker = await runCli(['worker'], env);
    assert.equal(worker.code, 2);
    assert.match(worker.stderr, /REDIS_URL: a sync worker takes its jobs from the queue/);
    const sync = await runCli(['sync', '--all', '--no-wait'], env);
    assert.equal(sync.code, 2);
    assert.match(sync.stderr, /--no-wait queues syncs for workers: it needs REDIS_URL/);
    const both = await runCli(['sync', '--all', '--wait', '--no-wait'], env);
    assert.equal(both.code, 2);
  });
});

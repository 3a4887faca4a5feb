// The Node.js the `fantasy-data` entry accepts: the real entry is spawned on this Node with
// process.versions.node replaced before it loads, so an old runtime's start can be tested here.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { judgeNode } from '../../src/cli/node-version.ts';
import { CLI_ENTRY, REPO_ROOT, cliEnv, tempDataDir } from './run-cli.ts';
import type { CliResult, TempDir } from './run-cli.ts';

const TSX_LOADER = import.meta.resolve('tsx');

/** Runs the entry as if on Node `version` (the rest of process.versions stays this Node's). */
function runOn(version: string, args: string[], env: Record<string, string>): Promise<CliResult> {
  const fake =
    'Object.defineProperty(process, "versions", ' +
    `{ value: { ...process.versions, node: ${JSON.stringify(version)} } });`;
  const preload = `data:text/javascript,${encodeURIComponent(fake)}`;
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', TSX_LOADER, '--import', preload, CLI_ENTRY, ...args],
      { cwd: REPO_ROOT, env: cliEnv(env), stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('the Node.js fantasy-data runs on', () => {
  it('supports 22 and 24 and newer, warns on 20, refuses older', () => {
    for (const version of ['22.0.0', '22.22.0', '24.0.0', '24.22.3', '26.1.0']) {
      assert.deepEqual(judgeNode(version), { kind: 'supported' }, version);
    }
    const twenty = judgeNode('20.20.2');
    assert.equal(twenty.kind, 'end-of-life');
    for (const version of ['18.20.4', '16.0.0', 'nonsense']) {
      assert.equal(judgeNode(version).kind, 'too-old', version);
    }
  });

  let dir: TempDir;
  before(() => {
    dir = tempDataDir();
  });
  after(() => dir.remove());

  it('refuses to start on Node 18, naming the version it needs, before touching the store', async () => {
    const data = join(dir.path, 'refused');
    const result = await runOn('18.20.4', ['users', 'create', 'ann'], { FANTASY_DATA_DIR: data });
    assert.equal(result.code, 1, result.stderr);
    assert.equal(result.stdout, '');
    assert.match(result.stderr, /needs Node\.js 24 \(or 22\)/);
    assert.match(result.stderr, /This is Node\.js 18\.20\.4/);
    assert.equal(existsSync(data), false, 'no store was created');
  });

  it('runs on Node 20 with a warning when serving, and without one for a short command', async () => {
    const data = join(dir.path, 'twenty');
    const created = await runOn('20.20.2', ['users', 'create', 'ann'], { FANTASY_DATA_DIR: data });
    assert.equal(created.code, 0, created.stderr);
    assert.doesNotMatch(created.stderr, /end of life/);
    assert.ok(readdirSync(data).length > 0, 'the store was written');
    // serve stops at once on a bad PORT: enough to see what it says first.
    const serve = await runOn('20.20.2', ['serve'], { FANTASY_DATA_DIR: data, PORT: 'x' });
    assert.equal(serve.code, 2, serve.stderr);
    assert.match(serve.stderr, /Node\.js 20\.20\.2 is past its end of life.*Node\.js 24 \(or 22\)/);
    assert.match(serve.stderr, /PORT/);
    const current = await runOn('24.22.3', ['serve'], { FANTASY_DATA_DIR: data, PORT: 'x' });
    assert.equal(current.code, 2, current.stderr);
    assert.doesNotMatch(current.stderr, /end of life/);
  });
});

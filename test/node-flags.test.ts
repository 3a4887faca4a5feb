// The service's node flags live in three places: the `fantasy-data` command's first line, `npm
// start`, and the benchmarks' SERVE_NODE_FLAGS (src/cli/main.ts says what each flag buys). They
// must stay alike, or the benchmark measures a process users never run; and the Node in use must
// still accept them (a V8 flag can disappear in a Node upgrade, and then nothing starts).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { SERVE_NODE_FLAGS } from '../bench/processes.ts';
import { REPO_ROOT } from './cli/run-cli.ts';

const run = promisify(execFile);

function shebangFlags(): string[] {
  const first = readFileSync(join(REPO_ROOT, 'src/cli/main.ts'), 'utf8').split('\n')[0] ?? '';
  const match = /^#!\/usr\/bin\/env -S node((?: --[^ ]+)*)$/.exec(first);
  assert.ok(match, `src/cli/main.ts starts with an env -S node line, not: ${first}`);
  return (match[1] ?? '').trim().split(' ').filter(Boolean);
}

function startFlags(): string[] {
  const pkg = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const start = pkg.scripts.start ?? '';
  const match = /&& node((?: --[^ ]+)*) dist\/cli\/main\.js serve$/.exec(start);
  assert.ok(match, `npm start runs node with flags on dist/cli/main.js serve, not: ${start}`);
  return (match[1] ?? '').trim().split(' ').filter(Boolean);
}

describe('the node flags the service runs with', () => {
  it('are the same in the command line, npm start and the benchmarks', () => {
    const flags = shebangFlags();
    assert.ok(flags.includes('--no-memory-reducer'), `flags: ${flags.join(' ')}`);
    assert.deepEqual(startFlags(), flags, 'npm start and src/cli/main.ts differ');
    assert.deepEqual([...SERVE_NODE_FLAGS], flags, 'SERVE_NODE_FLAGS and src/cli/main.ts differ');
  });

  // V8's Maglev tier cost the service 7-12 MB of RSS on Node 24 (src/cli/main.ts); the flags must
  // keep it off on this Node while hot code still reaches TurboFan (not --no-opt).
  it('keep V8 from compiling with Maglev, and still optimize hot code', async () => {
    const hotLoop = [
      'function sum(a) { let s = 0; for (let i = 0; i < a.length; i++) s += a[i] * 2; return s; }',
      'let seen = 0;',
      'for (let i = 0; i < 200000; i++) { sum([1, 2, 3, 4, 5]); seen |= %GetOptimizationStatus(sum); }',
      // V8's OptimizationStatus bits: 1 << 5 Maglev code, 1 << 6 TurboFan code.
      'console.log(JSON.stringify({ maglev: (seen & 32) !== 0, turbofan: (seen & 64) !== 0 }));',
    ].join('\n');
    const { stdout } = await run(process.execPath, [
      ...shebangFlags(),
      '--allow-natives-syntax',
      '-e',
      hotLoop,
    ]);
    assert.deepEqual(JSON.parse(stdout), { maglev: false, turbofan: true });
  });

  it('are accepted by this Node', async () => {
    const { stdout } = await run(process.execPath, [...shebangFlags(), '-e', 'console.log("ok")']);
    assert.equal(stdout.trim(), 'ok');
  });
});

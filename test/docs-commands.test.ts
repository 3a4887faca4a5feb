// The documented way to run the CLI in a clone must be safe to capture: npm run without -s puts
// its own "> package@version cli" lines on stdout, which `KEY=$(...)` would swallow with the key.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PAGES = ['README.md', ...readdirSync(`${ROOT}docs`).map((name) => `docs/${name}`)].filter(
  (path) => path.endsWith('.md'),
);

describe('the documented CLI commands', () => {
  it('run the CLI in a clone with npm run -s, so a secret printed is captured alone', () => {
    for (const page of PAGES) {
      const text = readFileSync(`${ROOT}${page}`, 'utf8');
      assert.doesNotMatch(text, /npm run cli\b/, `${page} runs the CLI without -s`);
    }
  });

  it('print only what was asked on stdout through npm run -s cli', () => {
    const run = spawnSync('npm', ['run', '-s', 'cli', '--', '--version'], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stdout, /^fantasy-data \d+\.\d+\.\d+\n$/);
  });
});

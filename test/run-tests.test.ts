// npm test ends with one line per skipped suite or test: Node's summary counts neither skipped
// suites nor says why, and the "# SKIP" lines drown in the middle of the output.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describeSkips } from '../scripts/run-tests.mjs';

const REPORTER = fileURLToPath(new URL('../scripts/skip-reporter.mjs', import.meta.url));

describe('the skipped-suites summary of npm test', () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'fantasy-skips-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('names every skipped suite and test with its reason, and nothing that ran', () => {
    const sample = join(dir, 'sample.test.mjs');
    writeFileSync(
      sample,
      `import { describe, it } from 'node:test';
describe('needs Redis', { skip: 'TEST_REDIS_URL is not set' }, () => {
  it('counts', () => {});
});
describe('runs', () => {
  it('on SQLite', () => {});
  it('on PostgreSQL', { skip: 'TEST_DATABASE_URL is not set' }, () => {});
  it('someday', { skip: true }, () => {});
});
`,
    );
    const run = spawnSync(
      process.execPath,
      ['--test', `--test-reporter=${REPORTER}`, '--test-reporter-destination=stdout', sample],
      // Without the outer runner's NODE_TEST_CONTEXT, which would make this run report to it.
      { encoding: 'utf8', env: { ...process.env, NODE_TEST_CONTEXT: undefined } },
    );
    assert.equal(run.status, 0, run.stderr);
    assert.deepEqual(describeSkips(run.stdout, dir), [
      '# skipped: 3 suites or tests, of which 1 suite',
      '# skipped suite sample.test.mjs: needs Redis (TEST_REDIS_URL is not set)',
      '# skipped test sample.test.mjs: on PostgreSQL (TEST_DATABASE_URL is not set)',
      '# skipped test sample.test.mjs: someday',
    ]);
  });

  it('says so when nothing was skipped', () => {
    assert.deepEqual(describeSkips(''), ['# no suite or test was skipped']);
  });
});

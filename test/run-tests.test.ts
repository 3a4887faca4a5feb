// npm test closes with the skipped suites and tests, one line each with the reason (Node's summary
// counts neither skipped suites nor says why), and then one "N passed, N failed" line: CI judges
// a run by its last line, which must not be buried under skip notes.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { closingLines, selectTests } from '../scripts/run-tests.mjs';

const RUN_TESTS = fileURLToPath(new URL('../scripts/run-tests.mjs', import.meta.url));
const NODE_MODULES = fileURLToPath(new URL('../node_modules', import.meta.url));

const SAMPLE = `import { describe, it } from 'node:test';
describe('needs Redis', { skip: 'TEST_REDIS_URL is not set' }, () => {
  it('counts', () => {});
});
describe('runs', () => {
  it('on SQLite', () => {});
  it('on PostgreSQL', { skip: 'TEST_DATABASE_URL is not set' }, () => {});
  it('someday', { skip: true }, () => {});
});
`;

/** run-tests.mjs in a project of its own whose test/ holds the given files. */
function runTests(dir: string, files: Record<string, string>) {
  mkdirSync(join(dir, 'test'), { recursive: true });
  symlinkSync(NODE_MODULES, join(dir, 'node_modules'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, 'test', name), text);
  // Without the outer runner's NODE_TEST_CONTEXT, which would make this run report to it.
  const run = spawnSync(process.execPath, [RUN_TESTS], {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, NODE_TEST_CONTEXT: undefined },
  });
  return { status: run.status, stderr: run.stderr, lines: run.stdout.trimEnd().split('\n') };
}

describe('the closing lines of npm test', () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'fantasy-skips-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('list every skip with its reason, then end with the figures, after Node summary', () => {
    const run = runTests(join(dir, 'passing'), { 'sample.test.ts': SAMPLE });
    assert.equal(run.status, 0, run.stderr);
    assert.deepEqual(run.lines.slice(-5), [
      '# skipped suite test/sample.test.ts: needs Redis (TEST_REDIS_URL is not set)',
      '# skipped test test/sample.test.ts: on PostgreSQL (TEST_DATABASE_URL is not set)',
      '# skipped test test/sample.test.ts: someday',
      '# skipped above: 1 suite, 2 tests',
      '1 passed, 0 failed, 3 skipped',
    ]);
    // Node's own summary comes before them, whole.
    const summary = run.lines.findIndex((line) => /^(# |ℹ )?fail 0$/.test(line));
    assert.ok(summary > 0 && summary < run.lines.length - 5, run.lines.join('\n'));
  });

  it('end with the failures counted and a non-zero exit when a test fails', () => {
    const failing = `import { it } from 'node:test';
it('holds', () => {});
it('breaks', () => { throw new Error('no'); });
`;
    const run = runTests(join(dir, 'failing'), { 'failing.test.ts': failing });
    assert.equal(run.status, 1);
    assert.equal(run.lines.at(-1), '1 passed, 1 failed, 0 skipped');
  });

  it('fold the skips of one reason into one line naming their files', () => {
    const skip = (file: string, name: string, reason: string) =>
      JSON.stringify({ suite: true, file: join(process.cwd(), file), name, reason });
    const output = [
      skip('test/a.test.ts', 'A on Redis', 'no Redis'),
      skip('test/b.test.ts', 'B on Redis', 'no Redis'),
      skip('test/b.test.ts', 'B again', 'no Redis'),
      skip('test/c.test.ts', 'C recorded', 'no recordings'),
    ].join('\n');
    assert.deepEqual(closingLines(output, 0), [
      '# skipped 3 suites or tests (no Redis): test/a.test.ts, test/b.test.ts',
      '# skipped suite test/c.test.ts: C recorded (no recordings)',
      '# skipped above: 4 suites, 0 tests',
      '0 passed, 0 failed, 4 skipped',
    ]);
  });

  it('count a run that failed before reporting anything as failed', () => {
    assert.deepEqual(closingLines('', 0), ['0 passed, 0 failed, 0 skipped']);
    assert.deepEqual(closingLines('', 7), [
      '# the test runner exited with status 7',
      '0 passed, 1 failed, 0 skipped',
    ]);
  });
});

describe('the test runner', () => {
  const all = [
    'test/a.test.ts',
    'test/http/b.test.ts',
    'test/http/c.test.ts',
    'test/sync/d.test.ts',
  ];

  it('takes several files and folders, not only the first', () => {
    assert.deepEqual(selectTests(['test/a.test.ts', './test/sync/'], all), {
      files: ['test/a.test.ts', 'test/sync/d.test.ts'],
      options: [],
    });
    assert.deepEqual(selectTests([], all), { files: all, options: [] });
  });

  it('passes a name pattern to Node, and refuses what it does not know', () => {
    assert.deepEqual(selectTests(['test/http', '--name', 'ETag'], all), {
      files: ['test/http/b.test.ts', 'test/http/c.test.ts'],
      options: ['--test-name-pattern=ETag'],
    });
    assert.deepEqual(selectTests(['test/nowhere', 'test/a'], all), {
      error: 'no test files match test/nowhere',
    });
    assert.match(selectTests(['--help'], all).error ?? '', /unknown option --help/);
    assert.match(selectTests(['--name'], all).error ?? '', /needs a pattern/);
  });

  it('answers npm test -- --help with its usage at once', () => {
    const run = spawnSync(
      process.execPath,
      [fileURLToPath(new URL('../scripts/test.mjs', import.meta.url)), '--help'],
      {
        encoding: 'utf8',
      },
    );
    assert.equal(run.status, 0);
    assert.match(run.stdout, /^Usage: npm test/);
    assert.match(run.stdout, /--name PATTERN/);
  });
});

// Runs every test/**/*.test.ts file with Node's own test runner (tsx compiles TypeScript on load).
// Node 20's --test does not expand ** globs, so the file list is collected here. Skipped suites
// and tests are listed at the end, one line each (scripts/skip-reporter.mjs), since Node's
// summary does not count skipped suites.
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

function collect(dir) {
  const found = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) found.push(...collect(path));
    else if (name.endsWith('.test.ts')) found.push(path);
  }
  return found;
}

function count(n, one, many) {
  return `${n} ${n === 1 ? one : many}`;
}

/** The closing lines about skips, from the skip reporter's output. */
export function describeSkips(reporterOutput, cwd = process.cwd()) {
  const skips = reporterOutput
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line));
  if (skips.length === 0) return ['# no suite or test was skipped'];
  return [
    `# skipped: ${count(skips.length, 'suite or test', 'suites or tests')}, of which ${count(skips.filter((s) => s.suite).length, 'suite', 'suites')}`,
    ...skips.map((s) => {
      const file = s.file === '' ? '' : `${relative(cwd, s.file)}: `;
      return `# skipped ${s.suite ? 'suite' : 'test'} ${file}${s.name}${s.reason === '' ? '' : ` (${s.reason})`}`;
    }),
  ];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const filter = process.argv[2];
  const files = collect('test').filter((f) => !filter || f.includes(filter));
  if (files.length === 0) {
    console.error(`no test files match ${filter ?? 'test/**/*.test.ts'}`);
    process.exit(1);
  }
  const scratch = mkdtempSync(join(tmpdir(), 'fantasy-run-tests-'));
  const skipsFile = join(scratch, 'skips.jsonl');
  const reporter = fileURLToPath(new URL('./skip-reporter.mjs', import.meta.url));
  // The usual reporter on stdout (spec on a terminal, TAP otherwise), skips to a file.
  const result = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      '--test',
      '--test-concurrency=2',
      `--test-reporter=${process.stdout.isTTY ? 'spec' : 'tap'}`,
      '--test-reporter-destination=stdout',
      `--test-reporter=${reporter}`,
      `--test-reporter-destination=${skipsFile}`,
      ...files,
    ],
    { stdio: 'inherit' },
  );
  let skips = '';
  try {
    skips = readFileSync(skipsFile, 'utf8');
  } catch {
    // No file: the run ended before reporting anything.
  }
  rmSync(scratch, { recursive: true, force: true });
  console.log(describeSkips(skips).join('\n'));
  process.exit(result.status ?? 1);
}

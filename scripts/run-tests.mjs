// Runs every test/**/*.test.ts file with Node's own test runner (tsx compiles TypeScript on load).
// Node 20's --test does not expand ** globs, so the file list is collected here. Skipped suites
// and tests are listed after Node's output, one line each (scripts/skip-reporter.mjs), since
// Node's summary does not count skipped suites; the very last line is the run's figures.
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

/**
 * The closing lines: the skipped suites and tests (one line per reason), then the run's figures as "N passed, N
 * failed, ..." (the line CI reads, so it comes last). `status` is the runner's exit status: a run that
 * failed without a failing test counted (a crash before any report) still closes as failed.
 */
export function closingLines(reporterOutput, status, cwd = process.cwd()) {
  const lines = reporterOutput
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line));
  const skips = lines.filter((line) => line.figure === undefined);
  const figures = Object.fromEntries(
    lines.filter((line) => line.figure !== undefined).map((line) => [line.figure, line.value]),
  );
  // Skips for one reason (no Redis, no recordings beside the clone) are one line naming their
  // files, so a run without them ends with a few lines, not a page; a lone skip keeps its name.
  const byReason = new Map();
  for (const skip of skips) {
    const group = byReason.get(skip.reason) ?? [];
    group.push(skip);
    byReason.set(skip.reason, group);
  }
  const listed = [...byReason].map(([reason, group]) => {
    if (group.length === 1) {
      const [s] = group;
      const file = s.file === '' ? '' : `${relative(cwd, s.file)}: `;
      return `# skipped ${s.suite ? 'suite' : 'test'} ${file}${s.name}${reason === '' ? '' : ` (${reason})`}`;
    }
    const files = [...new Set(group.map((s) => (s.file === '' ? '?' : relative(cwd, s.file))))];
    return `# skipped ${group.length} suites or tests${reason === '' ? '' : ` (${reason})`}: ${files.join(', ')}`;
  });
  const suites = skips.filter((s) => s.suite).length;
  const passed = figures.pass ?? 0;
  let failed = (figures.fail ?? 0) + (figures.cancelled ?? 0);
  let why = '';
  if (status !== 0 && failed === 0) {
    failed = 1;
    why = ` (the test runner exited with status ${status})`;
  }
  // The last line keeps the plain form CI reads ('N passed, N failed, N skipped'); what the
  // figures mean goes on the line before it.
  const notes = [];
  if (skips.length > 0) {
    notes.push(
      `# skipped above: ${count(suites, 'suite', 'suites')}, ${count(skips.length - suites, 'test', 'tests')}`,
    );
  }
  if (why !== '') notes.push(`#${why.replace(/^ \((.*)\)$/, ' $1')}`);
  const closing = `${passed} passed, ${failed} failed, ${skips.length} skipped`;
  return [...listed, ...notes, closing];
}

/**
 * The test files and options the arguments name: each path a file or folder (or any part of a
 * test file's path), `--name PATTERN` for Node's --test-name-pattern. No path: every test file.
 */
export function selectTests(args, all) {
  const paths = [];
  const options = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === '--name' || arg === '--test-name-pattern') {
      const pattern = args[++i];
      if (pattern === undefined) return { error: `${arg} needs a pattern` };
      options.push(`--test-name-pattern=${pattern}`);
    } else if (arg.startsWith('--test-name-pattern=')) {
      options.push(arg);
    } else if (arg.startsWith('-')) {
      return { error: `unknown option ${arg} (npm test -- --help lists them)` };
    } else {
      paths.push(arg.replace(/^\.\//, '').replace(/\/$/, ''));
    }
  }
  const unmatched = paths.filter((path) => !all.some((file) => file.includes(path)));
  if (unmatched.length > 0) return { error: `no test files match ${unmatched.join(', ')}` };
  const files = paths.length === 0 ? all : all.filter((f) => paths.some((p) => f.includes(p)));
  return { files, options };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const selected = selectTests(process.argv.slice(2), collect('test'));
  if (selected.error !== undefined) {
    console.error(selected.error);
    process.exit(2);
  }
  const { files, options } = selected;
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
      ...options,
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
  const status = result.status ?? 1;
  console.log(closingLines(skips, status).join('\n'));
  process.exit(status);
}

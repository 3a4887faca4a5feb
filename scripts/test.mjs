// `npm test`: the type check, the linters, then every test (scripts/run-tests.mjs). Given paths
// (`npm test -- test/http test/config.test.ts`) or a name pattern, it runs just those tests and
// skips the minute of type check and lint, so one test is quick to run again.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const USAGE = `Usage: npm test [-- [PATH...] [--name PATTERN]]

  npm test                              type check, lint, then every test/**/*.test.ts
  npm test -- test/http                 only the tests under a folder (no type check or lint)
  npm test -- test/a.test.ts test/b     several files and folders
  npm test -- test/http --name "ETag"   only tests whose name matches PATTERN (a regular expression)

Set TEST_DATABASE_URL, TEST_REDIS_URL for the PostgreSQL and Redis suites (docs/development.md).
`;

function run(command, args) {
  const result = spawnSync(command, args, {
    stdio: 'inherit',
    shell: process.platform === 'win32',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) {
    process.stdout.write(USAGE);
    process.exit(0);
  }
  if (args.length === 0) {
    run('npm', ['run', '-s', 'typecheck']);
    run('npm', ['run', '-s', 'lint']);
  }
  const runner = fileURLToPath(new URL('./run-tests.mjs', import.meta.url));
  run(process.execPath, [runner, ...args]);
}

// Runs every test/**/*.test.ts file with Node's own test runner (tsx compiles TypeScript on load).
// Node 20's --test does not expand ** globs, so the file list is collected here.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';

function collect(dir) {
  const found = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) found.push(...collect(path));
    else if (name.endsWith('.test.ts')) found.push(path);
  }
  return found;
}

const filter = process.argv[2];
const files = collect('test').filter((f) => !filter || f.includes(filter));
if (files.length === 0) {
  console.error(`no test files match ${filter ?? 'test/**/*.test.ts'}`);
  process.exit(1);
}
const result = spawnSync(
  process.execPath,
  ['--import', 'tsx', '--test', '--test-concurrency=2', ...files],
  { stdio: 'inherit' },
);
process.exit(result.status ?? 1);

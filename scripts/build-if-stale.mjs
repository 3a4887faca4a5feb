// npm start's build step (`npm run build` passes --always): runs the TypeScript build only when something it reads changed since
// the last build, which took 30 s on every start before (7 s warm) for nothing. "Changed" is by
// modification time: any file or folder under src/ (a folder's time moves when a file is added
// or removed), the tsconfig files or the package files newer than dist/.build-stamp. The stamp
// carries the time the last successful build started, so an edit during a build counts.
import { existsSync, readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const BUILD_INPUTS = [
  'src',
  'tsconfig.json',
  'tsconfig.build.json',
  'package.json',
  'package-lock.json',
];
export const STAMP = join('dist', '.build-stamp');

function newestUnder(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  let newest = stat.mtimeMs;
  if (stat.isDirectory()) {
    for (const name of readdirSync(path)) newest = Math.max(newest, newestUnder(join(path, name)));
  }
  return newest;
}

/** Whether dist/ was built from the inputs as they are now (root: the repository). */
export function isBuildCurrent(root) {
  const stamp = join(root, STAMP);
  if (!existsSync(stamp) || !existsSync(join(root, 'dist', 'cli', 'main.js'))) return false;
  const newest = Math.max(...BUILD_INPUTS.map((input) => newestUnder(join(root, input))));
  return statSync(stamp).mtimeMs >= newest;
}

/** Builds when needed (always with `always`); returns the exit code. */
export function buildIfStale(root, always = false) {
  if (!always && isBuildCurrent(root)) {
    console.error('build: dist/ is up to date with src/, skipped (npm run build forces one)');
    return 0;
  }
  const started = new Date();
  const tsc = createRequire(join(root, 'package.json')).resolve('typescript/bin/tsc');
  const result = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) return result.status ?? 1;
  writeFileSync(join(root, STAMP), '');
  utimesSync(join(root, STAMP), started, started);
  return 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.exit(buildIfStale(process.cwd(), process.argv.includes('--always')));
}

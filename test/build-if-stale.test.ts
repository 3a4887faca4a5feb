// npm start skips the TypeScript build when dist/ is newer than everything the build reads.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { STAMP, isBuildCurrent } from '../scripts/build-if-stale.mjs';

describe('the build step of npm start', () => {
  let root: string;
  const at = (seconds: number) => new Date(Date.UTC(2024, 0, 1, 0, 0, seconds));
  const touch = (path: string, seconds: number) =>
    utimesSync(join(root, path), at(seconds), at(seconds));
  const write = (path: string, seconds: number) => {
    writeFileSync(join(root, path), '');
    touch(path, seconds);
  };

  before(() => {
    root = mkdtempSync(join(tmpdir(), 'fantasy-build-'));
    mkdirSync(join(root, 'src', 'cli'), { recursive: true });
    mkdirSync(join(root, 'dist', 'cli'), { recursive: true });
    for (const file of [
      'package.json',
      'tsconfig.json',
      'tsconfig.build.json',
      'src/cli/main.ts',
    ]) {
      write(file, 0);
    }
    touch('src/cli', 0);
    touch('src', 0);
    write('dist/cli/main.js', 5);
  });
  after(() => rmSync(root, { recursive: true, force: true }));

  it('builds when there was no build', () => {
    assert.equal(isBuildCurrent(root), false);
  });

  it('skips when the stamp is newer than every input', () => {
    write(STAMP, 10);
    assert.equal(isBuildCurrent(root), true);
  });

  it('builds again after a source file, a new file or a config file changed', () => {
    touch('src/cli/main.ts', 20);
    assert.equal(isBuildCurrent(root), false);
    touch('src/cli/main.ts', 0);
    assert.equal(isBuildCurrent(root), true);
    touch('src/cli', 20); // a file added or removed there
    assert.equal(isBuildCurrent(root), false);
    touch('src/cli', 0);
    touch('tsconfig.build.json', 20);
    assert.equal(isBuildCurrent(root), false);
    touch('tsconfig.build.json', 0);
    assert.equal(isBuildCurrent(root), true);
  });

  it('builds when the output is gone though the stamp is there', () => {
    rmSync(join(root, 'dist', 'cli', 'main.js'));
    assert.equal(isBuildCurrent(root), false);
  });
});

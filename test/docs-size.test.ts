// docs/performance.md holds what is true now (the method, the current figures, the curve, how to
// reproduce); the history behind each choice is in git. Past 400 lines it had become that history.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const MAX_LINES = 400;

describe('docs/performance.md', () => {
  it(`stays at ${MAX_LINES} lines or fewer`, () => {
    const text = readFileSync(
      fileURLToPath(new URL('../docs/performance.md', import.meta.url)),
      'utf8',
    );
    const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
    assert.ok(lines <= MAX_LINES, `docs/performance.md has ${lines} lines: keep what holds now`);
  });
});

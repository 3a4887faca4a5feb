// Which CPUs the benchmark gives its load generator and its servers, and where it compiles the
// service.
import assert from 'node:assert/strict';
import { mkdirSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { BUILD_DIR, ROOT, pinningFor } from '../../bench/processes.ts';

describe('pinningFor', () => {
  it('gives the generator CPU 0 and the servers every other CPU', () => {
    assert.deepEqual(pinningFor(2), { generator: '0', servers: '1' });
    assert.deepEqual(pinningFor(8), { generator: '0', servers: '1-7' });
  });

  it('pins nothing on one CPU, or when the count is unknown', () => {
    assert.equal(pinningFor(1), undefined);
    assert.equal(pinningFor(0), undefined);
    assert.equal(pinningFor(Number.NaN), undefined);
  });
});

describe('the compiled service', () => {
  it('is built inside this checkout, not in a node_modules other checkouts may share', () => {
    // Made if missing: only where it resolves to matters (through a linked node_modules or not).
    mkdirSync(join(ROOT, BUILD_DIR), { recursive: true });
    const built = realpathSync(join(ROOT, BUILD_DIR));
    assert.ok(built.startsWith(realpathSync(ROOT)), `${built} is outside ${ROOT}`);
    assert.ok(!built.split('/').includes('node_modules'), built);
  });
});

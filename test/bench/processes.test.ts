// Which CPUs the benchmark gives its load generator and its servers.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { pinningFor } from '../../bench/processes.ts';

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

// The benchmark's paired ratio: each run against the other server's run beside it in time.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { pairedRatio } from '../../bench/load.ts';
import type { LoadResult } from '../../bench/load.ts';

function runs(...perSecond: number[]): LoadResult[] {
  return perSecond.map((requestsPerSecond) => ({
    requestsPerSecond,
    requests: requestsPerSecond,
    p50Ms: 1,
    p99Ms: 2,
    errors: 0,
    non2xx: 0,
  }));
}

const rps = (run: LoadResult) => run.requestsPerSecond;

describe('pairedRatio', () => {
  it('takes the median of the runs paired by position, not the ratio of the medians', () => {
    // The machine ran at full speed, then at half, then at full: each pair is 0.8.
    const service = runs(80, 40, 80);
    const reference = runs(100, 50, 100);
    assert.equal(pairedRatio(service, reference, rps), 0.8);
    // Paired the other way round in time, the medians' ratio would say 0.8 too, but these pairs
    // say the service ran at 0.4, 1.6 and 0.8 of the reference beside it.
    assert.equal(pairedRatio(runs(40, 80, 80), reference, rps), 0.8);
    assert.equal(pairedRatio(runs(40, 80, 40), reference, rps), 0.4);
  });

  it('averages the middle two of an even number of runs, and is NaN for none', () => {
    assert.equal(pairedRatio(runs(10, 30), runs(10, 10), rps), 2);
    assert.ok(Number.isNaN(pairedRatio([], [], rps)));
  });
});

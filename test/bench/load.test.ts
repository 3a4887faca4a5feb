// The benchmark's reductions of its runs: the paired ratio (each run against the other server's
// run beside it in time) and the median run with the median latencies over all runs.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { median, medianRun, pairedRatio } from '../../bench/load.ts';
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

describe('medianRun', () => {
  it('is the median run by requests per second, with the median p50 and p99 over all runs', () => {
    const tails = [
      { requestsPerSecond: 300, p50Ms: 1.1, p99Ms: 42 },
      { requestsPerSecond: 100, p50Ms: 1.3, p99Ms: 3.5 },
      { requestsPerSecond: 200, p50Ms: 1.0, p99Ms: 4.1 },
      { requestsPerSecond: 250, p50Ms: 1.2, p99Ms: 20 },
      { requestsPerSecond: 150, p50Ms: 1.4, p99Ms: 4.4 },
    ].map((run) => ({ ...run, requests: run.requestsPerSecond, errors: 0, non2xx: 0 }));
    const typical = medianRun(tails);
    assert.equal(typical.requestsPerSecond, 200);
    assert.equal(typical.requests, 200);
    // Not the 200 req/s run's own latencies (1.0 and 4.1 ms), nor the outliers': the middles.
    assert.equal(typical.p99Ms, 4.4);
    assert.equal(typical.p50Ms, 1.2);
  });
});

describe('median', () => {
  it('takes the middle value, or the mean of the middle two, in any order', () => {
    assert.equal(median([5, 1, 3]), 3);
    assert.equal(median([4, 1, 3, 2]), 2.5);
    assert.ok(Number.isNaN(median([])));
  });
});

// The live refreshes' metrics (issue 42): refreshes by platform and outcome, and their lag.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ServiceMetrics } from '../../src/metrics/registry.ts';

describe('live refresh metrics', () => {
  it('counts refreshes per platform and outcome and observes their lag', async () => {
    const metrics = new ServiceMetrics({ operationIds: [], storePing: async () => undefined });
    metrics.recordLiveRefresh({ platform: 'sleeper', outcome: 'written', lagSeconds: 31 });
    metrics.recordLiveRefresh({ platform: 'sleeper', outcome: 'unchanged', lagSeconds: 29 });
    metrics.recordLiveRefresh({ platform: 'espn', outcome: 'failed' });
    const { body } = await metrics.scrape();
    assert.match(body, /fantasy_live_refreshes_total\{platform="sleeper",outcome="written"\} 1/);
    assert.match(body, /fantasy_live_refreshes_total\{platform="espn",outcome="failed"\} 1/);
    assert.match(body, /fantasy_live_refresh_lag_seconds_count\{platform="sleeper"\} 2/);
    assert.match(body, /fantasy_live_refresh_lag_seconds_bucket\{le="30",platform="sleeper"\} 1/);
    assert.doesNotMatch(body, /fantasy_live_refresh_lag_seconds_count\{platform="espn"\}/);
  });
});

// The fuzzer's short version (npm run fuzz runs the long one): 2,000 hostile requests to every
// public API operation, against the real server on a demo store, on every backend. No 5xx, no
// dropped connection, no leak.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../src/config.ts';
import { startServer } from '../../src/main.ts';
import type { RunningServer } from '../../src/main.ts';
import { prepareDemoStore } from '../../reliability/demo-target.ts';
import type { DemoTokens } from '../../reliability/demo-target.ts';
import { formatFuzzReport, runFuzz } from '../../reliability/fuzz.ts';

describe('fuzz (short)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'fantasy-fuzz-test-'));
  let server: RunningServer;
  let tokens: DemoTokens;
  before(async () => {
    const config = loadConfig({
      FANTASY_DATA_DIR: dir,
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'silent',
      FANTASY_DEMO_ON_EMPTY: 'false',
      RATE_LIMIT_PER_MINUTE: '100000000',
    });
    server = await startServer(config);
    tokens = await prepareDemoStore(server.store);
  });
  after(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers 2,000 hostile requests without a 5xx, a dropped connection or a leak', async () => {
    const port = Number(new URL(server.url).port);
    const report = await runFuzz(
      { host: '127.0.0.1', port, ...tokens },
      { count: 2000, maxSeconds: 120, seed: 20261123, concurrency: 8 },
    );
    assert.equal(report.failures.length, 0, formatFuzzReport(report));
    // The requests reached every kind of answer, so the run exercised the service.
    for (const status of ['200', '400', '401', '404', '405']) {
      assert.ok((report.statuses[status] ?? 0) > 0, `no ${status} in ${formatFuzzReport(report)}`);
    }
  });
});

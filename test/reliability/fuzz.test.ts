// The fuzzer's short version (npm run fuzz runs the long one): 2,000 hostile requests to every
// public operation of /openapi.json, against the real server on a demo store. No 5xx, no
// dropped connection, no leak, and every operation reached and answered 2xx at least once. The public and admin fuzzers
// together walk every operation the served /openapi.json lists.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../src/config.ts';
import { startServer } from '../../src/main.ts';
import { publicOperations } from '../../src/serving/operations/index.ts';
import type { RunningServer } from '../../src/main.ts';
import { prepareDemoStore } from '../../reliability/demo-target.ts';
import type { DemoTokens } from '../../reliability/demo-target.ts';
import {
  PUBLIC_OPERATIONS,
  formatFuzzReport,
  missingOperations,
  runFuzz,
  unansweredOperations,
} from '../../reliability/fuzz.ts';
import { SURFACE_OPERATIONS } from '../../reliability/fuzz-surfaces.ts';

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
    const text = formatFuzzReport(report, undefined, PUBLIC_OPERATIONS);
    assert.equal(report.failures.length, 0, text);
    assert.deepEqual(missingOperations(report, PUBLIC_OPERATIONS), [], text);
    // Each operation's handler ran through to a body at least once, not only its refusals.
    assert.deepEqual(unansweredOperations(report, PUBLIC_OPERATIONS), [], text);
    // The requests reached every kind of answer, so the run exercised the service.
    for (const status of ['200', '400', '401', '404', '405']) {
      assert.ok((report.statuses[status] ?? 0) > 0, `no ${status} in ${text}`);
    }
  });

  it('walks every operation /openapi.json lists: the public ones here, the admin ones beside', async () => {
    const doc = (await (await fetch(`${server.url}/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { operationId: string }>>;
    };
    const listed = Object.values(doc.paths).flatMap((item) =>
      Object.values(item).map((operation) => operation.operationId),
    );
    const fuzzed = [...PUBLIC_OPERATIONS, ...SURFACE_OPERATIONS.admin];
    assert.deepEqual([...fuzzed].sort(), [...listed].sort());
    // And every operation of the read side's table (which MCP serves too) is among them.
    const table = Object.values(publicOperations(loadConfig({}).supportedSeasons));
    const unfuzzed = table.map((op) => op.id).filter((id) => !PUBLIC_OPERATIONS.includes(id));
    assert.deepEqual(unfuzzed, []);
  });
});

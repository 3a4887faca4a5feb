// `npm run fuzz -- [--count 10000] [--seconds 300] [--seed 1] [--concurrency 8]`: the fuzzer
// against `fantasy-data serve` on a fresh demo store in a temporary folder. Exits 1 on any 5xx,
// dropped connection or leak.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openStore } from '../src/storage/db.ts';
import { prepareDemoStore } from './demo-target.ts';
import { formatFuzzReport, runFuzz } from './fuzz.ts';
import { startServiceProcess } from './service.ts';

const { values } = parseArgs({
  options: {
    count: { type: 'string', default: '10000' },
    seconds: { type: 'string', default: '300' },
    seed: { type: 'string', default: String(Date.now() % 100000) },
    concurrency: { type: 'string', default: '8' },
  },
});

const dataDir = mkdtempSync(join(tmpdir(), 'fantasy-fuzz-'));
try {
  const store = await openStore({ dataDir });
  const tokens = await prepareDemoStore(store);
  await store.close();
  const service = await startServiceProcess({
    FANTASY_DATA_DIR: dataDir,
    FANTASY_DEMO_ON_EMPTY: 'false',
    RATE_LIMIT_PER_MINUTE: '100000000',
  });
  try {
    console.log(`fuzzing ${service.url} (seed ${values.seed})`);
    const report = await runFuzz(
      { host: '127.0.0.1', port: service.port, ...tokens },
      {
        count: Number(values.count),
        maxSeconds: Number(values.seconds),
        seed: Number(values.seed),
        concurrency: Number(values.concurrency),
      },
    );
    console.log(formatFuzzReport(report));
    console.log(`service RSS at the end: ${service.rssMb().toFixed(0)} MB`);
    process.exitCode = report.failures.length > 0 ? 1 : 0;
  } finally {
    await service.stop();
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

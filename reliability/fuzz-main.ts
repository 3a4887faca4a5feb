// `npm run fuzz -- [--part public|surfaces|both] [--store sqlite|postgres|both] [--count 10000]
// [--seconds 300] [--seed 1] [--concurrency 8]`: the fuzzers against `fantasy-data serve` on a
// fresh demo store (a temporary SQLite folder, and a fresh schema of TEST_DATABASE_URL or
// --database-url), its platforms a fake on 127.0.0.1: every public operation of /openapi.json
// (fuzz.ts), then every operation of the admin API and of the connect page (fuzz-surfaces.ts);
// --count and --seconds bound each part. Exits 1 on any failure, or when a part left an
// operation unreached or never carried out (only refused; too small a --count).
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config.ts';
import { openStore } from '../src/storage/db.ts';
import { prepareDemoStore } from './demo-target.ts';
import { assertLoopbackPlatforms, startFuzzPlatforms } from './fuzz-platforms.ts';
import {
  ONLY_REFUSED,
  SURFACE_OPERATIONS,
  checkLog,
  formatSurfacesReport,
  runSurfacesFuzz,
} from './fuzz-surfaces.ts';
import {
  PUBLIC_OPERATIONS,
  formatFuzzReport,
  missingOperations,
  runFuzz,
  unansweredOperations,
} from './fuzz.ts';
import type { FuzzOptions } from './fuzz.ts';
import { freePort, startServiceProcess } from './service.ts';
import { storesToRun } from './store-spots.ts';
import type { StoreSpot } from './store-spots.ts';
import { SURFACES_ENV, prepareSurfaces } from './surfaces-target.ts';

const { values } = parseArgs({
  options: {
    part: { type: 'string', default: 'both' },
    count: { type: 'string', default: '10000' },
    seconds: { type: 'string', default: '300' },
    seed: { type: 'string', default: String(Date.now() % 100000) },
    concurrency: { type: 'string', default: '8' },
    store: { type: 'string', default: 'sqlite' },
    'database-url': { type: 'string', default: process.env.TEST_DATABASE_URL ?? '' },
  },
});
if (!['public', 'surfaces', 'both'].includes(values.part)) {
  throw new Error(`--part is public, surfaces or both, not "${values.part}"`);
}
const options: FuzzOptions = {
  count: Number(values.count),
  maxSeconds: Number(values.seconds),
  seed: Number(values.seed),
  concurrency: Number(values.concurrency),
};

/** Both parts against one service on a fresh store at `spot`; true when anything failed. */
async function fuzzOn(name: string, spot: StoreSpot): Promise<boolean> {
  const platforms = await startFuzzPlatforms();
  const store = await openStore(spot.options);
  try {
    const tokens = await prepareDemoStore(store);
    const port = await freePort();
    const secretKey = randomBytes(32).toString('hex');
    const env = {
      ...platforms.env,
      ...SURFACES_ENV,
      ...spot.env,
      FANTASY_DEMO_ON_EMPTY: 'false',
      FANTASY_SECRET_KEY: secretKey,
      PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
      RATE_LIMIT_PER_MINUTE: '100000000',
      LOG_LEVEL: 'info',
    };
    assertLoopbackPlatforms(loadConfig(env).platforms);
    const log: string[] = [];
    const service = await startServiceProcess(env, { port, onLog: (text) => log.push(text) });
    let failed = false;
    try {
      console.log(`fuzzing ${service.url} on ${name} (seed ${values.seed})`);
      if (values.part !== 'surfaces') {
        const report = await runFuzz({ host: '127.0.0.1', port, ...tokens }, options);
        console.log(`public operations: ${formatFuzzReport(report, undefined, PUBLIC_OPERATIONS)}`);
        failed ||= report.failures.length > 0;
        failed ||= missingOperations(report, PUBLIC_OPERATIONS).length > 0;
        failed ||= unansweredOperations(report, PUBLIC_OPERATIONS).length > 0;
      }
      if (values.part !== 'public') {
        const target = await prepareSurfaces(store, { host: '127.0.0.1', port }, [
          ...platforms.secrets,
          secretKey,
        ]);
        const report = await runSurfacesFuzz(target, store, options);
        // The access lines of the last requests are written at the end of their event-loop turn.
        await new Promise((resolve) => setTimeout(resolve, 500));
        checkLog(report, target, log.join(''));
        console.log(`admin API and connect page: ${formatSurfacesReport(report)}`);
        console.log(`calls to the fake platforms on 127.0.0.1: ${platforms.calls()}`);
        failed ||= report.failures.length > 0;
        const expected = [...SURFACE_OPERATIONS.admin, ...SURFACE_OPERATIONS.connect];
        failed ||= missingOperations(report, expected).length > 0;
        const refusedOnly = unansweredOperations(report, expected);
        failed ||= refusedOnly.some((operation) => !ONLY_REFUSED.includes(operation));
      }
      console.log(`service RSS at the end: ${service.rssMb().toFixed(0)} MB`);
      return failed;
    } finally {
      await service.stop();
    }
  } finally {
    await store.close();
    await platforms.close();
  }
}

let failedAny = false;
for (const [name, makeSpot] of storesToRun(values.store, values['database-url'], 'fuzz')) {
  const spot = await makeSpot();
  try {
    failedAny = (await fuzzOn(name, spot)) || failedAny;
  } finally {
    await spot.remove();
  }
}
process.exitCode = failedAny ? 1 : 0;

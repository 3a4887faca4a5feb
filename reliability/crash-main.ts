// `npm run crash -- [--trials 20] [--store sqlite|postgres|both] [--seed N]`: crash trials
// (reliability/crash.ts) on SQLite and, with TEST_DATABASE_URL (or --database-url), PostgreSQL.
// Exits 1 when any trial finds a problem.
import { parseArgs } from 'node:util';
import { runCrashTrials } from './crash.ts';
import type { TrialResult } from './crash.ts';
import { storesToRun } from './store-spots.ts';

const { values } = parseArgs({
  options: {
    trials: { type: 'string', default: '20' },
    store: { type: 'string', default: 'both' },
    seed: { type: 'string', default: String(Date.now() % 100000) },
    'database-url': { type: 'string', default: process.env.TEST_DATABASE_URL ?? '' },
  },
});

const stores = storesToRun(values.store, values['database-url'], 'crash');

let failed = 0;
for (const [name, makeSpot] of stores) {
  const started = Date.now();
  const results: TrialResult[] = await runCrashTrials({
    trials: Number(values.trials),
    seed: Number(values.seed),
    makeSpot,
    onResult: (r) =>
      console.log(
        `${name} ${r.trial.padEnd(11)} killed after ${String(r.killedAfterMs).padStart(4)} ms: ` +
          (r.problems.length === 0 ? 'ok' : r.problems.join('; ')),
      ),
  });
  const bad = results.filter((r) => r.problems.length > 0).length;
  failed += bad;
  console.log(
    `${name}: ${results.length} kills (seed ${values.seed}), ${bad} with problems, ` +
      `${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
}
process.exitCode = failed > 0 ? 1 : 0;

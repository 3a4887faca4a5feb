// `npm run crash -- [--trials 20] [--store sqlite|postgres|both] [--seed N]`: crash trials
// (reliability/crash.ts) on SQLite and, with TEST_DATABASE_URL (or --database-url), PostgreSQL.
// Exits 1 when any trial finds a problem.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { runCrashTrials } from './crash.ts';
import type { StoreSpot, TrialResult } from './crash.ts';

const { values } = parseArgs({
  options: {
    trials: { type: 'string', default: '20' },
    store: { type: 'string', default: 'both' },
    seed: { type: 'string', default: String(Date.now() % 100000) },
    'database-url': { type: 'string', default: process.env.TEST_DATABASE_URL ?? '' },
  },
});

function sqliteSpot(): Promise<StoreSpot> {
  const dataDir = mkdtempSync(join(tmpdir(), 'fantasy-crash-'));
  return Promise.resolve({
    env: { FANTASY_DATA_DIR: dataDir },
    options: { dataDir },
    remove: async () => rmSync(dataDir, { recursive: true, force: true }),
  });
}

async function admin(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

async function postgresSpot(url: string): Promise<StoreSpot> {
  const schema = `crash_${randomBytes(5).toString('hex')}`;
  await admin(url, `create schema ${schema}`);
  const withSchema = new URL(url);
  withSchema.searchParams.set('options', `-c search_path=${schema}`);
  const dataDir = mkdtempSync(join(tmpdir(), 'fantasy-crash-pg-'));
  return {
    env: { DATABASE_URL: withSchema.toString(), FANTASY_DATA_DIR: dataDir },
    options: { databaseUrl: url, pgSchema: schema, maxConnections: 2 },
    remove: async () => {
      await admin(url, `drop schema ${schema} cascade`);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const stores: Array<['sqlite' | 'postgres', () => Promise<StoreSpot>]> = [];
if (values.store !== 'postgres') stores.push(['sqlite', sqliteSpot]);
if (values.store !== 'sqlite') {
  const url = values['database-url'];
  if (url) stores.push(['postgres', () => postgresSpot(url)]);
  else console.log('postgres: skipped (set TEST_DATABASE_URL or --database-url)');
}

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

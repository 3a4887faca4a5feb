// A first start killed (SIGKILL) at a random moment of its demo load leaves the store with
// nothing of the demo or all of it: never a demo user with some leagues and no token, which the
// next start would neither finish nor announce. SQLite always, PostgreSQL with TEST_DATABASE_URL.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openStore } from '../../src/storage/db.ts';
import type { StoreOptions } from '../../src/storage/db.ts';
import { DEMO_LEAGUE_PLAN } from '../../src/platforms/demo/index.ts';
import { loadDemoIntoEmptyStore } from '../../src/sync/demo.ts';
import { createStoreLocation, testBackends } from '../helpers/store.ts';
import type { StoreLocation } from '../helpers/store.ts';
import { seasonsBetween } from '../../src/domain/seasons.ts';

const CHILD = join(dirname(fileURLToPath(import.meta.url)), 'demo-first-start.child.ts');
const TRIALS = 5;

interface Counts {
  users: number;
  leagues: number;
  tokens: number;
}

async function counts(options: StoreOptions): Promise<Counts> {
  const store = await openStore(options);
  try {
    const count = async (table: 'users' | 'leagues' | 'tokens'): Promise<number> =>
      (await store.db.selectFrom(table).select('id').execute()).length;
    return {
      users: await count('users'),
      leagues: await count('leagues'),
      tokens: await count('tokens'),
    };
  } finally {
    await store.close();
  }
}

/**
 * Starts the child; once it says it is loading, waits `killAfterMs` and kills it. Resolves with
 * how long the load took when the child finished first.
 */
function runChild(
  options: StoreOptions,
  killAfterMs?: number,
): Promise<{ killed: boolean; loadMs: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD, JSON.stringify(options)], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let loadingAt = 0;
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      if (loadingAt === 0 && stdout.includes('loading\n')) {
        loadingAt = Date.now();
        if (killAfterMs !== undefined) setTimeout(() => child.kill('SIGKILL'), killAfterMs);
      }
    });
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (signal === 'SIGKILL') resolve({ killed: true, loadMs: 0 });
      else if (code === 0 && stdout.includes('done token')) {
        resolve({ killed: false, loadMs: Date.now() - loadingAt });
      } else reject(new Error(`child exited ${code}: ${stdout}${stderr}`));
    });
  });
}

for (const dialect of testBackends()) {
  describe(`a first start killed during its demo load (${dialect})`, () => {
    const stores: StoreLocation[] = [];
    const demoLeagues = DEMO_LEAGUE_PLAN.length;

    async function freshStore(): Promise<StoreOptions> {
      const location = await createStoreLocation(dialect, 2);
      stores.push(location);
      return location.options;
    }

    let loadMs = 0;
    before(async () => {
      // How long an uninterrupted load takes, so kills land inside it.
      const timed = await runChild(await freshStore());
      loadMs = timed.loadMs;
    });
    after(async () => {
      for (const store of stores) await store.remove();
    });

    it(`leaves nothing or everything, ${TRIALS} kills at random moments`, async (t) => {
      assert.ok(demoLeagues >= 17, `the demo has ${demoLeagues} leagues`);
      const outcomes: string[] = [];
      for (let trial = 0; trial < TRIALS; trial++) {
        const options = await freshStore();
        // Spread over the load: trial k kills in the k-th slice of it, at a random point.
        const slice = loadMs / TRIALS;
        const killAfterMs = Math.floor(slice * trial + Math.random() * slice);
        const run = await runChild(options, killAfterMs);
        const after = await counts(options);
        const nothing = after.users === 0 && after.leagues === 0 && after.tokens === 0;
        const everything = after.users === 1 && after.leagues === demoLeagues && after.tokens === 1;
        assert.ok(
          nothing || everything,
          `killed after ${killAfterMs} ms of a ${loadMs} ms load: ${JSON.stringify(after)}`,
        );
        outcomes.push(
          `${killAfterMs}ms:${run.killed ? 'killed' : 'finished'}:${nothing ? 'nothing' : 'all'}`,
        );
        // The next start finishes what the killed one did not, and shows a token.
        const store = await openStore(options);
        try {
          const loaded = await loadDemoIntoEmptyStore(store, seasonsBetween(2017, 2021));
          assert.equal(loaded === undefined, everything, outcomes.join(' '));
        } finally {
          await store.close();
        }
        assert.deepEqual(await counts(options), { users: 1, leagues: demoLeagues, tokens: 1 });
      }
      t.diagnostic(`load ${loadMs} ms; kill after, outcome: ${outcomes.join(', ')}`);
    });
  });
}

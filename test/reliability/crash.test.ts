// The crash trials' short version (npm run crash runs 20 kills per kind and store): two kills of
// a first start and two of a Sleeper sync, on SQLite and, with TEST_DATABASE_URL, PostgreSQL. The
// fake Sleeper serves the recordings when ../shared has them (more to write, more kill points),
// else the project's made-up Sleeper data.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCrashTrials, storeProblems } from '../../reliability/crash.ts';
import { openStore } from '../../src/storage/db.ts';
import { loadDemo } from '../../src/sync/demo.ts';
import type { StoreSpot } from '../../reliability/crash.ts';
import { RECORDED_SLEEPER, SYNTHETIC_SLEEPER } from '../helpers/sleeper-data.ts';
import { TEST_DATABASE_URL, createStoreLocation } from '../helpers/store.ts';

const spots: Record<string, () => Promise<StoreSpot>> = {
  sqlite: async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'fantasy-crash-test-'));
    return {
      env: { FANTASY_DATA_DIR: dataDir },
      options: { dataDir },
      remove: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  },
  postgres: async () => {
    const location = await createStoreLocation('postgres', 2);
    const url = new URL(TEST_DATABASE_URL as string);
    url.searchParams.set('options', `-c search_path=${location.options.pgSchema}`);
    const dataDir = mkdtempSync(join(tmpdir(), 'fantasy-crash-test-pg-'));
    return {
      env: { DATABASE_URL: url.toString(), FANTASY_DATA_DIR: dataDir },
      options: location.options,
      remove: async () => {
        await location.remove();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  },
};

for (const [name, makeSpot] of Object.entries(spots)) {
  const skip = name === 'postgres' && !TEST_DATABASE_URL ? 'TEST_DATABASE_URL not set' : false;
  const sleeper = RECORDED_SLEEPER.skip ? SYNTHETIC_SLEEPER : RECORDED_SLEEPER;
  describe(`crash trials (short) [${name}, ${sleeper.label} Sleeper]`, { skip }, () => {
    it('a killed first start or sync leaves a whole store, and the next run completes', async () => {
      const results = await runCrashTrials({ trials: 2, seed: 1123, makeSpot, sleeper });
      const problems = results.flatMap((r) =>
        r.problems.map((p) => `${r.trial} killed after ${r.killedAfterMs} ms: ${p}`),
      );
      assert.deepEqual(problems, []);
      assert.equal(results.length, 4);
    });
  });
}

describe("the crash trials' checks", () => {
  it('find a lineup of no team of its league, which no foreign key prevents', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fantasy-crash-checks-'));
    const store = await openStore({ dataDir: dir });
    try {
      await loadDemo(store, { seasons: [2021] });
      assert.deepEqual(await storeProblems(store), []);
      const lineup = await store.db.selectFrom('lineups').selectAll().limit(1).executeTakeFirst();
      assert.ok(lineup, 'the demo has lineups');
      await store.db
        .insertInto('lineups')
        .values({ ...lineup, roster_id: 'no-such-team' })
        .execute();
      assert.deepEqual(await storeProblems(store), ['1 lineups of no fantasy team']);
    } finally {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

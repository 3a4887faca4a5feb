// The warm-up before the server listens: the most used pools that fit the budget are loaded and
// indexed, every route answers in process, and nothing is written, logged or left cached.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { loadConfig } from '../../src/config.ts';
import type { Config } from '../../src/config.ts';
import type { LeagueSnapshot } from '../../src/domain/records.ts';
import { poolCost } from '../../src/serving/cache/snapshots.ts';
import { warmUp } from '../../src/http/warm.ts';
import { startTestApp } from '../helpers/app.ts';
import type { TestApp } from '../helpers/app.ts';
import { captureLogLines } from '../helpers/log-lines.ts';
import { buildLeagueSnapshot, buildPlayer } from '../helpers/records.ts';
import { testBackends } from '../helpers/store.ts';

const CONFIG: Config = loadConfig({});

/** Leagues on three pools: sleeper football (3 leagues, 40 players), basketball (2, 60), baseball (1, 10). */
async function seed(t: TestApp): Promise<{ userId: number }> {
  const user = await t.createUser('ann');
  const pools = [
    { sport: 'football', leagues: 3, players: 40 },
    { sport: 'basketball', leagues: 2, players: 60 },
    { sport: 'baseball', leagues: 1, players: 10 },
  ] as const;
  for (const { sport, leagues, players } of pools) {
    const roster = Array.from({ length: players }, (_, i) =>
      buildPlayer({ playerId: String(100 + i), fullName: `${sport} Player${i}`, position: 'X' }),
    );
    for (let i = 0; i < leagues; i++) {
      const snapshot: LeagueSnapshot = buildLeagueSnapshot({
        sport,
        platformLeagueKey: `${sport}-${i}`,
        players: roster,
        rosterEntries: [{ rosterId: '1', playerId: '100' }],
      });
      await t.addLeague(snapshot, user.id);
    }
  }
  return { userId: user.id };
}

async function counts(t: TestApp): Promise<number[]> {
  const tables = ['users', 'tokens', 'leagues', 'players'] as const;
  return Promise.all(
    tables.map(async (table) => (await t.store.db.selectFrom(table).selectAll().execute()).length),
  );
}

for (const dialect of testBackends()) {
  describe(`warmUp [${dialect}]`, () => {
    it('loads every pool that fits, runs every route, and writes, logs and keeps no answer', async () => {
      const t = await startTestApp({ dialect });
      try {
        await seed(t);
        const before = await counts(t);
        const { logger, lines } = captureLogLines();
        const summary = await warmUp({ app: t.app, store: t.store, config: CONFIG, logger });
        assert.deepEqual(
          { ...summary, poolsMs: 0, ms: 0 },
          {
            pools: 3,
            players: 110,
            poolsLeft: 0,
            requests: 54, // 18 routes: a miss, a hit and XML each
            poolsMs: 0,
            ms: 0,
          },
        );
        // The requests ran as a member: the league list and a roster were read for them.
        const { users, rosters, pools } = t.app.snapshots?.stats() ?? {};
        assert.deepEqual({ users, rosters, pools }, { users: 1, rosters: 1, pools: 3 });
        // The change feed's first poll came before: it does not drop what was loaded.
        await t.app.refresh();
        assert.equal(t.app.snapshots?.stats().pools, 3);
        assert.deepEqual(await counts(t), before, 'no user, token or anything else written');
        assert.deepEqual(
          lines.map((line) => line.msg),
          ['caches warmed'],
          'one line, no request lines',
        );
        assert.deepEqual(
          t.logs.filter((line) => line.msg === 'request'),
          [],
          'the served app answered nothing',
        );
      } finally {
        await t.close();
      }
    });

    it('stops at the first pool that does not fit, the most used first', async () => {
      // Room for football's 40 players and baseball's 10, not basketball's 60 (used more).
      const poolBytes = poolCost(40 + 10);
      const t = await startTestApp({
        dialect,
        cache: { snapshotLimits: { userBytes: 1 << 20, rosterBytes: 1 << 20, poolBytes } },
      });
      try {
        await seed(t);
        const { logger } = captureLogLines();
        const summary = await warmUp({ app: t.app, store: t.store, config: CONFIG, logger });
        assert.equal(summary?.pools, 1);
        assert.equal(summary?.players, 40);
        assert.equal(summary?.poolsLeft, 2);
        assert.ok((summary?.requests ?? 0) > 0);
        assert.equal(t.app.snapshots?.stats().pools, 1);
      } finally {
        await t.close();
      }
    });

    it('starts no pool past its time limit, and answers nothing then', async () => {
      const t = await startTestApp({ dialect });
      try {
        await seed(t);
        const { logger } = captureLogLines();
        const warmed = await warmUp(
          { app: t.app, store: t.store, config: CONFIG, logger },
          {
            timeMs: 0,
          },
        );
        assert.deepEqual(
          { ...warmed, poolsMs: 0, ms: 0 },
          {
            pools: 0,
            players: 0,
            poolsLeft: 3,
            requests: 0,
            poolsMs: 0,
            ms: 0,
          },
        );
        assert.equal(t.app.snapshots?.stats().pools, 0);
      } finally {
        await t.close();
      }
    });
  });
}

describe('warmUp without a cache', () => {
  it('does nothing', async () => {
    const t = await startTestApp({ dialect: 'sqlite', cache: false });
    try {
      await seed(t);
      const { logger, lines } = captureLogLines();
      assert.equal(await warmUp({ app: t.app, store: t.store, config: CONFIG, logger }), undefined);
      assert.deepEqual(lines, []);
    } finally {
      await t.close();
    }
  });
});

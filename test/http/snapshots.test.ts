// Pool loads in the snapshots: read in pages and indexed in steps, each on its own event-loop
// turn, and never kept when the store changed while they ran.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { PlayerRecord } from '../../src/domain/records.ts';
import {
  DEFAULT_POOL_PAGING,
  POOL_LOADS_AT_ONCE,
  Snapshots,
} from '../../src/serving/cache/snapshots.ts';
import type { PoolPaging } from '../../src/storage/repositories/snapshot-reads.ts';
import { writePlayerPool } from '../../src/storage/repositories/snapshots.ts';
import { buildPlayer } from '../helpers/records.ts';
import { describeEachBackend } from '../storage/backends.ts';

const POOL = { platform: 'sleeper', sport: 'football', season: 0 } as const;
const LIMITS = { userBytes: 1 << 20, rosterBytes: 1 << 20, poolBytes: 64 << 20 };

function players(count: number, prefix: string): PlayerRecord[] {
  return Array.from({ length: count }, (_, i) =>
    buildPlayer({ playerId: String(1000 + i), fullName: `${prefix} Player${i}` }),
  );
}

/** Pages of 10 rows, running `act` at the first pause (after the first page). */
function actingAfterFirstPage(act: () => Promise<void> | void): PoolPaging & { pauses: number } {
  const paging = {
    pauses: 0,
    pageRows: 10,
    async between() {
      paging.pauses += 1;
      if (paging.pauses === 1) await act();
    },
  };
  return paging;
}

describeEachBackend('Snapshots.pool', ({ store }) => {
  it('gives the event loop turns while a large pool loads', async () => {
    await writePlayerPool(store(), { ...POOL, players: players(3000, 'Some') });
    const snapshots = new Snapshots(store().db, LIMITS, undefined, DEFAULT_POOL_PAGING);
    let turns = 0;
    let counting = true;
    const count = (): void => {
      turns += 1;
      if (counting) setImmediate(count);
    };
    setImmediate(count);
    const pool = await snapshots.pool(POOL);
    counting = false;
    assert.equal(pool.players.length, 3000);
    assert.equal(pool.index.search('some player2999').best?.playerId, '3999');
    // Three pages of 1,000 and a dozen steps of the index: other work ran between them.
    assert.ok(turns >= 10, `${turns} turns`);
  });

  it('serves a load that saw an invalidation between pages, but does not keep it', async () => {
    await writePlayerPool(store(), { ...POOL, players: players(30, 'Old') });
    const paging = actingAfterFirstPage(async () => {
      await writePlayerPool(store(), { ...POOL, players: players(30, 'New') });
      // The change feed saw the write before the load ended.
      snapshots.invalidate({ dataSeq: 1, leagueIds: [], userIds: [], pools: [POOL] });
    });
    const snapshots = new Snapshots(store().db, LIMITS, undefined, paging);
    const served = await snapshots.pool(POOL);
    assert.equal(served.players.length, 30);
    assert.equal(snapshots.stats().pools, 0, 'not kept');
    const again = await snapshots.pool(POOL);
    assert.notEqual(again, served, 'read again');
    assert.ok(again.players.every((p) => p.fullName.startsWith('New')));
    assert.equal(snapshots.stats().pools, 1);
  });

  it('keeps no mix of old and new rows when a write falls between pages', async () => {
    await writePlayerPool(store(), { ...POOL, players: players(30, 'Old') });
    // The write is not seen by the change feed yet: only the load itself can notice it.
    const paging = actingAfterFirstPage(async () => {
      await writePlayerPool(store(), { ...POOL, players: players(30, 'New') });
    });
    const snapshots = new Snapshots(store().db, LIMITS, undefined, paging);
    const served = await snapshots.pool(POOL);
    assert.ok(paging.pauses >= 1);
    const held = await snapshots.pool(POOL);
    for (const pool of [served, held]) {
      assert.deepEqual(
        pool.players.filter((p) => !p.fullName.startsWith('New')),
        [],
        'only rows of after the write',
      );
      assert.equal(pool.index.search('old').best, undefined);
    }
  });

  it('loads a few pools at once, the rest in turn, however many are asked for', async () => {
    const sports = ['football', 'baseball', 'basketball'] as const;
    const seasons = [2021, 2022];
    const pools = sports.flatMap((sport) =>
      seasons.map((season) => ({ platform: 'espn', sport, season }) as const),
    );
    for (const pool of pools) {
      await writePlayerPool(store(), { ...pool, players: players(3, pool.sport) });
    }
    // Every load waits at its first pause until let go: the loads past the limit never start.
    const held: Array<() => void> = [];
    const paging: PoolPaging = {
      pageRows: 1,
      between: () => new Promise<void>((resolve) => held.push(resolve)),
    };
    const snapshots = new Snapshots(store().db, LIMITS, undefined, paging);
    const loads = pools.map((pool) => snapshots.pool(pool));
    let finished = false;
    const all = Promise.all(loads).finally(() => {
      finished = true;
    });
    let most = 0;
    for (let round = 0; !finished && round < 400; round++) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      most = Math.max(most, held.length);
      assert.ok(held.length <= POOL_LOADS_AT_ONCE, `${held.length} loads at once`);
      held.splice(0).forEach((resolve) => resolve());
    }
    assert.equal(most, POOL_LOADS_AT_ONCE);
    const loaded = await all;
    assert.deepEqual(
      loaded.map((pool) => pool.players.length),
      pools.map(() => 3),
    );
  });
});

// Pool loads in the snapshots: read in pages and indexed in steps, each on its own event-loop
// turn, and never kept when the store changed while they ran.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { PlayerRecord } from '../../src/domain/records.ts';
import { DEFAULT_POOL_PAGING, Snapshots } from '../../src/serving/cache/snapshots.ts';
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
});

// Redis going away in the middle of a run (every connection of the workers dropped and refused
// for 3 s, through a proxy this test controls, as a Redis restart looks to them): the workers
// reconnect and carry on; every account is synced, none lost, none synced more than once more.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTcpProxy } from '../../helpers/tcp-proxy.ts';
import type { TcpProxy } from '../../helpers/tcp-proxy.ts';
import { SKIP_WITHOUT_REDIS } from '../../http/redis.ts';
import { assertLeaguesWhole, runsOf } from './checks.ts';
import { createQueueWorld, eventually } from './harness.ts';
import type { QueueWorld } from './harness.ts';

const USERS = 12;
const LEAGUES = 5;

describe('Redis restarted mid-run', { skip: SKIP_WITHOUT_REDIS }, () => {
  let world: QueueWorld;
  let proxy: TcpProxy;

  before(async () => {
    world = await createQueueWorld(USERS, LEAGUES);
    const target = new URL(world.redisUrl);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 6379) });
  });
  after(async () => {
    await world?.destroy(); // the workers first, while the proxy still carries their connections
    await proxy?.close();
  });

  it('resumes the jobs: nothing lost, nothing run more than once more', async () => {
    const through = new URL(world.redisUrl);
    through.hostname = '127.0.0.1';
    through.port = String(proxy.port);
    const options = { concurrency: 2, budgetPerWindow: 600, budgetWindowMs: 60_000 };
    await Promise.all([0, 1].map(() => world.spawnWorker(options, through.href)));
    world.fake.delayMs = 150;
    await world.jobs.enqueue(world.accounts, { sports: [], seasons: [], trigger: 'cli' });
    const counts = async () => world.queue().getJobCounts('completed', 'active', 'failed');
    await eventually(
      'some done, some running',
      async () => {
        const c = await counts();
        return (c.completed ?? 0) >= 2 && (c.active ?? 0) > 0;
      },
      60_000,
    );
    await proxy.cut(3000);
    assert.ok(proxy.dropped > 0, 'the workers lost their connections');
    await eventually(
      'every job completed',
      async () => (await counts()).completed === USERS,
      60_000,
    );
    assert.equal((await counts()).failed, 0);
    await assertLeaguesWhole(world, USERS);
    const runs = await runsOf(world);
    for (const account of world.accounts) {
      const ofUser = runs.filter((r) => r.user_id === account.userId);
      assert.ok(
        ofUser.some((r) => r.outcome === 'ok'),
        `user ${account.userId} synced`,
      );
      assert.ok(ofUser.length <= 2, `user ${account.userId}: ${ofUser.length} runs`);
    }
    for (const reads of world.fake.leagueReads.values()) assert.ok(reads <= 2);
    for (const w of world.workers) assert.equal(w.child.exitCode, null, 'the workers are still up');
  });
});

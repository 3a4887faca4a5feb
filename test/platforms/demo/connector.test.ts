import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { PlatformError } from '../../../src/platforms/connector.ts';
import type { PlatformAccount } from '../../../src/platforms/connector.ts';
import {
  DEMO_EXTERNAL_USER_ID,
  DEMO_LEAGUE_PLAN,
  DEMO_USERNAME,
  createDemoConnector,
} from '../../../src/platforms/demo/index.ts';

import { linkWith, poolOf, storeHolding } from '../../helpers/connectors.ts';

const ALL = { sports: [], seasons: [] };
const DEMO_ACCOUNT: PlatformAccount = { platform: 'demo', externalUserId: 'demo-user' };

function isNotFound(error: unknown): boolean {
  return error instanceof PlatformError && error.kind === 'not_found' && error.platform === 'demo';
}

describe('demo connector', () => {
  const connector = createDemoConnector();

  it('resolves the demo username and nothing else', async () => {
    assert.equal(DEMO_USERNAME, 'demo');
    assert.equal(DEMO_EXTERNAL_USER_ID, 'demo-user');
    assert.deepEqual(await linkWith(connector, { username: 'demo' }), {
      platform: 'demo',
      externalUserId: 'demo-user',
      username: 'demo',
    });
    for (const name of ['someone', '', 'demo2']) {
      await assert.rejects(linkWith(connector, { username: name }), isNotFound);
    }
  });

  it('lists every planned league for an empty scope', async () => {
    const account = await linkWith(connector, { username: 'demo' });
    const refs = await connector.listLeagues(account, ALL);
    assert.equal(refs.length, DEMO_LEAGUE_PLAN.length);
    assert.ok(refs.length >= 12);
    assert.deepEqual(
      refs.map((r) => [r.sport, r.season]),
      DEMO_LEAGUE_PLAN.map((p) => [p.sport, p.season]),
    );
    for (const ref of refs) assert.ok(ref.name && ref.name.length > 0);
  });

  it('honours the sports and seasons of the scope', async () => {
    const account = await linkWith(connector, { username: 'demo' });
    const football = await connector.listLeagues(account, { sports: ['football'], seasons: [] });
    assert.equal(football.length, DEMO_LEAGUE_PLAN.filter((p) => p.sport === 'football').length);
    assert.ok(football.every((r) => r.sport === 'football'));

    const scoped = await connector.listLeagues(account, {
      sports: ['baseball', 'basketball'],
      seasons: [2019, 2021],
    });
    const expected = DEMO_LEAGUE_PLAN.filter(
      (p) => p.sport !== 'football' && (p.season === 2019 || p.season === 2021),
    );
    assert.deepEqual(
      scoped.map((r) => [r.sport, r.season]),
      expected.map((p) => [p.sport, p.season]),
    );
    assert.deepEqual(await connector.listLeagues(account, { sports: [], seasons: [2016] }), []);
  });

  it('fetches each listed league with its teams and rosters, and the pool holds its players', async () => {
    const account = await linkWith(connector, { username: 'demo' });
    const refs = await connector.listLeagues(account, ALL);
    for (const ref of refs) {
      const league = await connector.fetchLeague(account, ref, storeHolding());
      assert.equal(league.platformLeagueKey, ref.platformLeagueKey);
      assert.equal(league.season, ref.season);
      assert.equal(league.sport, ref.sport);
      assert.equal(league.name, ref.name);
      assert.equal(league.teams.length, league.numTeams);
      const pool = await connector.fetchPlayerPool(poolOf('demo', ref.sport), account);
      assert.ok(pool);
      const ids = new Set(pool.players.map((p) => p.playerId));
      assert.ok(league.rosterEntries.every((e) => ids.has(e.playerId)));
    }
  });

  it('refuses unknown leagues and other accounts as not found', async () => {
    const account = await linkWith(connector, { username: 'demo' });
    await assert.rejects(
      connector.fetchLeague(
        account,
        { platformLeagueKey: 'fb-2021-1', season: 2020, sport: 'football' },
        storeHolding(),
      ),
      isNotFound,
    );
    await assert.rejects(
      connector.fetchLeague(
        account,
        { platformLeagueKey: 'nope', season: 2021, sport: 'football' },
        storeHolding(),
      ),
      isNotFound,
    );
    const stranger: PlatformAccount = { platform: 'demo', externalUserId: 'someone-else' };
    await assert.rejects(connector.listLeagues(stranger, ALL), isNotFound);
  });

  it('returns copies, so editing one answer does not change the next', async () => {
    const account = await linkWith(connector, { username: 'demo' });
    const ref = { platformLeagueKey: 'fb-2021-1', season: 2021, sport: 'football' as const };
    const first = await connector.fetchLeague(account, ref, storeHolding());
    first.rosterEntries.length = 0;
    first.name = 'changed';
    const second = await connector.fetchLeague(account, ref, storeHolding());
    assert.notEqual(second.name, 'changed');
    assert.ok(second.rosterEntries.length > 0);
    const pool = await connector.fetchPlayerPool(poolOf('demo', 'football'), account);
    pool?.players.splice(0);
    assert.equal(
      (await connector.fetchPlayerPool(poolOf('demo', 'football'), account))?.players.length,
      600,
    );
  });

  it('gives the same records for the same seed and different ones for another', async () => {
    const collect = async (seed: number): Promise<string> => {
      const demo = createDemoConnector({ seed });
      const account = await linkWith(demo, { username: 'demo' });
      const refs = await demo.listLeagues(account, ALL);
      // Fetch in reverse order: a league does not depend on which leagues were fetched before.
      const leagues = [];
      for (const ref of [...refs].reverse())
        leagues.push(await demo.fetchLeague(account, ref, storeHolding()));
      const pools = [];
      for (const sport of ['basketball', 'football', 'baseball'] as const) {
        pools.push(await demo.fetchPlayerPool(poolOf('demo', sport), account));
      }
      return JSON.stringify({ leagues, pools });
    };
    assert.equal(await collect(7), await collect(7));
    assert.notEqual(await collect(7), await collect(8));
  });

  it('stops when the signal is aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    await assert.rejects(
      connector.fetchPlayerPool(poolOf('demo', 'football'), DEMO_ACCOUNT, controller.signal),
    );
    await assert.rejects(linkWith(connector, { username: 'demo' }, controller.signal));
  });
});

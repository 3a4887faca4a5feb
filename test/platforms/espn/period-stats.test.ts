// ESPN's live shared read (fetchPeriodStats) on a loopback fake serving the project's own small
// page of the player pool (test/fixtures/espn, invented players): the call ESPN's player pages
// make, paged by the X-Fantasy-Filter's offset, through the connector's HTTP client and request
// budget; each player's actual stats of the week only, then scored under a league's rules.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import type { LeagueRules } from '../../../src/domain/game.ts';
import { PlatformError } from '../../../src/platforms/connector.ts';
import type { PlatformConnector } from '../../../src/platforms/connector.ts';
import { createEspnConnector } from '../../../src/platforms/espn/index.ts';
import type { EspnConnectorOptions } from '../../../src/platforms/espn/index.ts';
import { MemoryBudgetStore, RequestBudget } from '../../../src/platforms/http-client.ts';
import type { LiveConnector } from '../../../src/platforms/live.ts';
import { rejection } from '../../helpers/failure.ts';
import { reply, startFakePlatform } from '../../helpers/fake-platform.ts';
import type { FakePlatformServer, FakeRequest } from '../../helpers/fake-platform.ts';

const POOL_PATH = '/apis/v3/games/ffl/seasons/2024/segments/0/leaguedefaults/3';
const page = JSON.parse(
  readFileSync(
    new URL('../../fixtures/espn/ffl-2024-pool-stats-week3.json', import.meta.url),
    'utf8',
  ),
) as { players: unknown[] };

interface PoolFilter {
  players: {
    filterActive: { value: boolean };
    filterStatsForCurrentSeasonScoringPeriodId: { value: number[] };
    limit: number;
    offset: number;
  };
}

function filterOf(request: FakeRequest): PoolFilter {
  const header = request.headers['x-fantasy-filter'];
  assert.equal(typeof header, 'string', 'an X-Fantasy-Filter header');
  return JSON.parse(header as string) as PoolFilter;
}

/** Serves the fixture's players as ESPN pages them: `limit` from `offset`. */
function servePool(request: FakeRequest) {
  const { limit, offset } = filterOf(request).players;
  return reply.json({ players: page.players.slice(offset, offset + limit) });
}

/** Counts every call the budget lets through. */
class CountingStore extends MemoryBudgetStore {
  taken = 0;
  override take(key: string, limit: number, windowMs: number): number {
    const wait = super.take(key, limit, windowMs);
    if (wait === 0) this.taken += 1;
    return wait;
  }
}

function liveOf(
  connector: PlatformConnector,
): Required<Pick<LiveConnector, 'fetchPeriodStats'>> & LiveConnector {
  const fetchPeriodStats = connector.live?.fetchPeriodStats;
  assert.ok(fetchPeriodStats, 'ESPN offers a shared read');
  return { ...connector.live, fetchPeriodStats };
}

describe('ESPN fetchPeriodStats on a loopback fake', () => {
  let fake: FakePlatformServer;
  const connect = (options: Partial<EspnConnectorOptions> = {}) =>
    liveOf(
      createEspnConnector({
        baseUrl: `${fake.url}/apis/v3/games`,
        fanBaseUrl: `${fake.url}/apis/v2/fans`,
        backoffBaseMs: 1,
        ...options,
      }),
    );

  before(async () => {
    fake = await startFakePlatform({ [POOL_PATH]: servePool });
  });
  after(() => fake.close());

  test('one call: the week actual stats of every player who has them', async () => {
    const store = new CountingStore();
    const budget = new RequestBudget({ perMinute: 900, key: 'espn', store });
    const before = fake.hits(POOL_PATH);
    const stats = await connect({ budget }).fetchPeriodStats('football', 2024, 3);
    assert.equal(fake.hits(POOL_PATH), before + 1, 'one page holds the pool');
    assert.equal(store.taken, 1, 'the call was counted against the ESPN budget');
    assert.ok(stats);
    assert.equal(stats.period, 3);
    // Not the bye (a projection only), nor last season's week 3, nor another week's line.
    assert.deepEqual([...stats.players.keys()].sort(), ['-16001', '9000001', '9000002']);
    assert.deepEqual(stats.players.get('9000002'), { 41: 5, 42: 70, 47: 14, 53: 5, 58: 8 });
    assert.equal(
      stats.players.get('9000001')?.['3'],
      250,
      'the week, not the season or projection',
    );

    const request = fake.requests.at(-1);
    assert.ok(request);
    assert.equal(request.query.get('view'), 'kona_player_info');
    assert.equal(request.query.get('scoringPeriodId'), '3');
    assert.equal(request.headers.cookie, undefined, 'the public pool needs no cookies');
    const filter = filterOf(request).players;
    assert.deepEqual(filter.filterStatsForCurrentSeasonScoringPeriodId, { value: [3] });
    assert.deepEqual(filter.filterActive, { value: true }, 'players on a roster (D/ST too)');
    assert.equal(filter.offset, 0);
  });

  test('a pool larger than a page is read page by page until one comes back short', async () => {
    const store = new CountingStore();
    const budget = new RequestBudget({ perMinute: 900, key: 'espn', store });
    const before = fake.requests.length;
    const stats = await connect({ budget, poolPageSize: 2 }).fetchPeriodStats('football', 2024, 3);
    const asked = fake.requests.slice(before).map((request) => filterOf(request).players);
    assert.deepEqual(
      asked.map(({ limit, offset }) => [limit, offset]),
      [
        [2, 0],
        [2, 2],
        [2, 4],
      ],
    );
    assert.equal(store.taken, 3);
    assert.deepEqual([...(stats?.players.keys() ?? [])].sort(), ['-16001', '9000001', '9000002']);
  });

  test('a pool that does not end within the pages allowed fails the read', async () => {
    // Five players, one a page: the fifth page is full too, so more might follow.
    const before = fake.hits(POOL_PATH);
    const error = await rejection(
      connect({ poolPageSize: 1 }).fetchPeriodStats('football', 2024, 3),
      PlatformError,
    );
    assert.equal(error.kind, 'invalid_response');
    assert.match(error.message, /more than 5 players/);
    assert.equal(fake.hits(POOL_PATH), before + 5);
  });

  test('the stats score each league under its own rules', async () => {
    const live = connect();
    const stats = await live.fetchPeriodStats('football', 2024, 3);
    assert.ok(stats && live.scorePlayer);
    const rules: LeagueRules = {
      scoringType: 'head_to_head_points',
      scoring: [
        { statId: '3', points: 0.04 },
        { statId: '4', points: 4 },
        { statId: '20', points: -2 },
        { statId: '24', points: 0.1 },
        { statId: '53', points: 1 },
        { statId: '91', points: 3, min: 7, max: 13, bonus: true, positions: ['DEF'] },
        { statId: '95', points: 2, positions: ['DEF'] },
        { statId: '99', points: 1, positions: ['DEF'] },
      ],
      rosterSlots: [],
    };
    const score = (playerId: string, position: string, platformSlot: string) =>
      live.scorePlayer?.(stats.players.get(playerId) ?? {}, rules, {
        playerId,
        position,
        platformSlot,
        period: 3,
      });
    assert.equal(score('9000001', 'QB', 'QB'), 250 * 0.04 + 2 * 4 - 2 + 1.2);
    assert.equal(score('9000002', 'WR', 'BE'), 5);
    assert.equal(score('-16001', 'DEF', 'D/ST'), 3 + 2 * 2 + 3);
    assert.equal(score('9000004', 'RB', 'RB'), 0, 'no line yet: no points');
  });

  test('basketball and baseball have no shared read: undefined, no call', async () => {
    const live = connect();
    const before = fake.totalHits();
    assert.equal(await live.fetchPeriodStats('basketball', 2024, 30), undefined);
    assert.equal(await live.fetchPeriodStats('baseball', 2024, 30), undefined);
    assert.equal(fake.totalHits(), before);
  });

  test('a body that fits no schema is invalid_response, naming the call', async () => {
    fake.route(POOL_PATH, reply.json({ players: [{ id: 'nine', player: {} }] }));
    try {
      const error = await rejection(connect().fetchPeriodStats('football', 2024, 3), PlatformError);
      assert.equal(error.kind, 'invalid_response');
      assert.match(error.message, /leaguedefaults\/3 \(player stats\)/);
    } finally {
      fake.route(POOL_PATH, servePool);
    }
  });
});

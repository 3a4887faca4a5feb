// A sync of many leagues must not pile abort listeners onto one signal: Node warns
// (MaxListenersExceededWarning) past 10, which every sync of 11+ leagues used to print.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { getEventListeners } from 'node:events';
import { whenAborted } from '../../src/platforms/abort.ts';
import type { LeagueSnapshot } from '../../src/domain/records.ts';
import type { LeagueRef, PlatformConnector } from '../../src/platforms/connector.ts';
import { createHttpClient } from '../../src/platforms/http-client.ts';
import { linkAccount } from '../../src/storage/repositories/accounts.ts';
import { createUser } from '../../src/storage/repositories/users.ts';
import { syncUser } from '../../src/sync/engine.ts';
import { startFakePlatform, reply } from '../helpers/fake-platform.ts';
import type { FakePlatformServer } from '../helpers/fake-platform.ts';
import { buildLeagueSnapshot } from '../helpers/records.ts';
import { createTestStore } from '../helpers/store.ts';
import type { TestStore } from '../helpers/store.ts';
import { seasonsBetween } from '../../src/domain/seasons.ts';

const LEAGUES = 30;

/** Like a real connector: each league is three requests at once through the shared client. */
function httpConnector(baseUrl: string): PlatformConnector {
  const client = createHttpClient({ platform: 'sleeper', requestsPerMinute: 0 });
  const snapshots = new Map<string, LeagueSnapshot>();
  for (let i = 1; i <= LEAGUES; i++) {
    const key = String(1000 + i);
    snapshots.set(key, buildLeagueSnapshot({ platformLeagueKey: key, name: `League ${i}` }));
  }
  return {
    platform: 'sleeper',
    async link() {
      throw new Error('not used');
    },
    async listLeagues(): Promise<LeagueRef[]> {
      return [...snapshots.values()].map((s) => ({
        platformLeagueKey: s.platformLeagueKey,
        season: s.season,
        sport: s.sport,
      }));
    },
    async fetchLeague(_account, ref, _context, signal) {
      const paths = ['league', 'rosters', 'users'].map(
        (part) => `/${part}/${ref.platformLeagueKey}`,
      );
      await Promise.all(
        paths.map((path) => client.getJson(`${baseUrl}${path}`, signal ? { signal } : {})),
      );
      return structuredClone(snapshots.get(ref.platformLeagueKey) as LeagueSnapshot);
    },
    async fetchPlayerPool() {
      return null;
    },
  };
}

describe('abort listeners during a sync', () => {
  let store: TestStore;
  let fake: FakePlatformServer;
  let userId: number;

  before(async () => {
    store = await createTestStore('sqlite');
    // Slow answers keep every league's requests in flight together, as on a real network.
    fake = await startFakePlatform(
      {},
      {
        fallback: async () => {
          await new Promise((resolve) => setTimeout(resolve, 20));
          return reply.json({});
        },
      },
    );
    userId = (await createUser(store.db, 'alice')).id;
    await linkAccount(store.db, {
      userId,
      platform: 'sleeper',
      externalUserId: 'A',
      username: 'alice_s',
    });
  });
  after(async () => {
    await fake.close();
    await store.destroy();
  });

  it(`syncs ${LEAGUES} leagues with a cancellable signal and no MaxListenersExceededWarning`, async () => {
    const warnings: Error[] = [];
    const onWarning = (warning: Error): void => {
      warnings.push(warning);
    };
    process.on('warning', onWarning);
    try {
      const summary = await syncUser(
        store,
        { sleeper: httpConnector(fake.url) },
        {
          userId,
          sports: [],
          seasons: [],
          supportedSeasons: seasonsBetween(2017, 2021),
          trigger: 'test',
          signal: new AbortController().signal,
        },
      );
      assert.equal(summary.leaguesFound, LEAGUES);
      assert.equal(summary.leaguesFailed, 0, JSON.stringify(summary.accounts[0]?.leagues[0]));
      // Four leagues at once, three requests each: twelve waiting on the run's cancellation.
      assert.ok(fake.maxInFlight() >= 4, `only ${fake.maxInFlight()} requests ran at once`);
      // Warnings are emitted on the next tick.
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off('warning', onWarning);
    }
    const listenerWarnings = warnings.filter((w) => w.name === 'MaxListenersExceededWarning');
    assert.deepEqual(
      listenerWarnings.map((w) => w.message),
      [],
    );
  });
});

describe('whenAborted', () => {
  it('keeps one listener on the signal for any number of waiters and removes it when done', () => {
    const controller = new AbortController();
    const called: number[] = [];
    const stops = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((n) =>
      whenAborted(controller.signal, () => called.push(n)),
    );
    assert.equal(getEventListeners(controller.signal, 'abort').length, 1);
    stops[0]?.();
    for (const stop of stops) stop();
    assert.equal(getEventListeners(controller.signal, 'abort').length, 0);
    whenAborted(controller.signal, () => called.push(100));
    whenAborted(controller.signal, () => called.push(200));
    controller.abort();
    assert.deepEqual(called, [100, 200]);
    whenAborted(controller.signal, () => called.push(300));
    assert.deepEqual(called, [100, 200, 300], 'an aborted signal calls back at once');
  });
});

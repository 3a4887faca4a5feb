// The response cache's parts on their own: the byte-bounded LRU, Accept-Encoding and
// If-None-Match, the rule that an answer built while the store changed is sent but not kept, and
// the change feed's promise that a poll sees every write committed before it was asked for.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { ChangeFeed } from '../../src/serving/cache/change-feed.ts';
import { ifNoneMatch, preferredCoding } from '../../src/http/cache/conditional.ts';
import { cacheBudgets } from '../../src/http/cache/index.ts';
import { ByteLru } from '../../src/serving/cache/lru.ts';
import { ENTRY_OVERHEAD_BYTES, ResponseCache } from '../../src/http/cache/responses.ts';
import { Snapshots } from '../../src/serving/cache/snapshots.ts';
import { createLogger } from '../../src/logger.ts';
import { writeLeagueSnapshot } from '../../src/storage/repositories/snapshots.ts';
import { startTestApp } from '../helpers/app.ts';
import { buildLeagueSnapshot } from '../helpers/records.ts';
import { testBackends } from '../helpers/store.ts';

/** The budgets of CACHE_MB's default, far above what these tests hold. */
const BUDGETS = cacheBudgets(64);

describe('ByteLru', () => {
  it('stays within its byte budget, dropping the least recently used first', () => {
    const removed: string[] = [];
    const lru = new ByteLru<string, string>(100, (key) => removed.push(key));
    lru.set('a', 'A', 40);
    lru.set('b', 'B', 40);
    assert.equal(lru.get('a'), 'A'); // a was used: b goes first
    lru.set('c', 'C', 40);
    assert.deepEqual(removed, ['b']);
    assert.equal(lru.bytes, 80);
    assert.equal(lru.get('b'), undefined);
    assert.equal(lru.get('a'), 'A');
    assert.equal(lru.get('c'), 'C');
  });

  it('counts growth, refuses a value larger than the budget and reports every removal', () => {
    const removed: string[] = [];
    const lru = new ByteLru<string, string>(100, (key) => removed.push(key));
    lru.set('a', 'A', 60);
    lru.set('b', 'B', 30);
    lru.grow('b', 30); // 120 > 100: the oldest unused goes
    assert.deepEqual(removed, ['a']);
    assert.equal(lru.bytes, 60);
    lru.set('huge', 'H', 101);
    assert.equal(lru.has('huge'), false);
    assert.deepEqual(removed, ['a', 'huge']);
    lru.set('b', 'B2', 10); // replacing reports the old value
    assert.deepEqual(removed, ['a', 'huge', 'b']);
    lru.clear();
    assert.equal(lru.size, 0);
    assert.equal(lru.bytes, 0);
  });
});

describe('preferredCoding', () => {
  it('honours q-values and prefers br on a tie', () => {
    assert.equal(preferredCoding(undefined), 'identity');
    assert.equal(preferredCoding(''), 'identity');
    assert.equal(preferredCoding('gzip'), 'gzip');
    assert.equal(preferredCoding('gzip, deflate, br'), 'br');
    assert.equal(preferredCoding('br;q=0.5, gzip;q=0.8'), 'gzip');
    assert.equal(preferredCoding('BR;Q=0.9, GZIP;q=0.9'), 'br');
    assert.equal(preferredCoding('br;q=0, gzip;q=0'), 'identity');
    assert.equal(preferredCoding('*;q=0.3, br;q=0'), 'gzip');
    assert.equal(preferredCoding('deflate, identity'), 'identity');
    assert.equal(preferredCoding('gzip;q=nonsense'), 'identity');
  });
});

describe('ifNoneMatch', () => {
  it('matches the tag, its weak form, a list holding it, *, and the same content in another coding', () => {
    assert.equal(ifNoneMatch(undefined, '"abc"'), false);
    assert.equal(ifNoneMatch('"abc"', '"abc"'), true);
    assert.equal(ifNoneMatch('W/"abc"', '"abc"'), true);
    assert.equal(ifNoneMatch('"x", "abc"', '"abc"'), true);
    assert.equal(ifNoneMatch('*', '"abc"'), true);
    assert.equal(ifNoneMatch('"abc-gz"', '"abc-br"'), true);
    assert.equal(ifNoneMatch('"abc"', '"abc-gz"'), true);
    assert.equal(ifNoneMatch('"abcd"', '"abc"'), false);
    assert.equal(ifNoneMatch('"ab"', '"abc"'), false);
  });
});

describe('ResponseCache.remember', () => {
  it('keeps an answer only if the store did not change while it was built', async () => {
    const t = await startTestApp({ dialect: 'sqlite', cache: false });
    try {
      const user = await t.createUser('erin');
      const leagueId = await t.addLeague(buildLeagueSnapshot(), user.id);
      const snapshots = new Snapshots(t.store.db, BUDGETS.snapshotLimits);
      const cache = new ResponseCache(snapshots, BUDGETS.maxResponseBytes);
      const scope = { userId: user.id, leagueId };
      const rendered = { contentType: 'application/json', body: '{}', headers: [] };
      await snapshots.userLeagues(user.id);

      const stale = cache.generation;
      snapshots.invalidate({ dataSeq: 99, leagueIds: [], userIds: [], pools: [] });
      await snapshots.userLeagues(user.id);
      const sent = await cache.remember('stale', scope, stale, rendered);
      assert.equal(sent.identity.body.toString(), '{}');
      assert.equal(cache.lookup('stale', user.id), undefined);

      await cache.remember('fresh', scope, cache.generation, rendered);
      assert.ok(cache.lookup('fresh', user.id));
      assert.equal(cache.lookup('fresh', user.id + 1), undefined, 'not a member');
      snapshots.invalidate({ dataSeq: 100, leagueIds: [leagueId], userIds: [], pools: [] });
      assert.equal(cache.stats().entries, 0);
    } finally {
      await t.close();
    }
  });
});

describe('ResponseCache byte accounting', () => {
  // The budget bounds the process only if an entry counts what it really holds: small answers
  // (a player, about 200 bytes) are where the fixed per-entry cost dominates.
  it('counts at least the heap and buffer bytes a small entry really takes', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const t = await startTestApp({ dialect: 'sqlite', cache: false });
    try {
      const user = await t.createUser('erin');
      const leagueId = await t.addLeague(buildLeagueSnapshot(), user.id);
      const snapshots = new Snapshots(t.store.db, BUDGETS.snapshotLimits);
      const cache = new ResponseCache(snapshots, 1024 ** 3);
      const scope = { userId: user.id, leagueId };
      await snapshots.userLeagues(user.id);
      const player = JSON.stringify({
        player_id: '2749',
        full_name: 'D.J. Marlow',
        first_name: 'D.J.',
        last_name: 'Marlow',
        position: 'WR',
        irl_team: 'CAR',
        active: true,
        roster_id: '3',
      });
      const count = 20_000;
      gc();
      const before = process.memoryUsage();
      for (let i = 0; i < count; i++) {
        const key = ResponseCache.key(
          'searchPlayerByName',
          undefined,
          [String(leagueId), `andres penalosa ${i}`],
          undefined,
          'application/json',
        );
        await cache.remember(key, scope, cache.generation, {
          contentType: 'application/json',
          body: player,
          headers: ['X-Match-Count', '1'],
        });
      }
      gc();
      const held = process.memoryUsage();
      assert.equal(cache.stats().entries, count);
      const real =
        (held.heapUsed - before.heapUsed + held.arrayBuffers - before.arrayBuffers) / count;
      const counted = cache.stats().bytes / count;
      assert.ok(
        counted >= real && counted < 2 * real,
        `an entry takes ${real.toFixed(0)} B and counts ${counted.toFixed(0)} B ` +
          `(ENTRY_OVERHEAD_BYTES ${ENTRY_OVERHEAD_BYTES})`,
      );
    } finally {
      await t.close();
    }
  });
});

/**
 * Holds back what queries answer while closed: the query has read the store and let go of its
 * connection, its caller has not seen the answer yet (a reply still unread on a busy machine).
 */
class AnswerGate {
  private open = true;
  private readonly held: Array<() => void> = [];
  /** Resolves when a query has answered while the gate was closed. */
  reached: Promise<void> = Promise.resolve();
  private reach = (): void => {};

  close(): void {
    this.open = false;
    this.reached = new Promise((resolve) => (this.reach = resolve));
  }

  release(): void {
    this.open = true;
    for (const resume of this.held.splice(0)) resume();
  }

  /** `target` with every execute* answer passing this gate, and every builder it returns too. */
  wrap<T extends object>(target: T): T {
    return new Proxy(target, {
      get: (object, property) => {
        const value: unknown = Reflect.get(object, property, object);
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          const result: unknown = value.apply(object, args);
          if (typeof property === 'string' && property.startsWith('execute')) {
            return (result as Promise<unknown>).then((answer) => this.pass(answer));
          }
          return typeof result === 'object' && result !== null ? this.wrap(result) : result;
        };
      },
    });
  }

  private async pass<A>(answer: A): Promise<A> {
    if (!this.open) {
      this.reach();
      await new Promise<void>((resolve) => this.held.push(resolve));
    }
    return answer;
  }
}

for (const dialect of testBackends()) {
  describe(`ChangeFeed (${dialect})`, () => {
    it('resolves a poll only after a check that began after the call, not one already reading', async () => {
      const t = await startTestApp({ dialect, cache: false });
      const gate = new AnswerGate();
      const snapshots = new Snapshots(t.store.db, BUDGETS.snapshotLimits);
      const feed = new ChangeFeed(
        gate.wrap(t.store.db),
        snapshots,
        createLogger({ level: 'silent' }),
      );
      try {
        const user = await t.createUser('frank');
        await t.addLeague(buildLeagueSnapshot({ platformLeagueKey: 'feed-1' }), user.id);
        await feed.poll(); // the baseline
        assert.equal((await snapshots.userLeagues(user.id)).leagues.length, 1);

        // A check reads data_seq, and its answer is held back while the user joins a league.
        gate.close();
        const inFlight = feed.poll();
        await gate.reached;
        await writeLeagueSnapshot(t.store, buildLeagueSnapshot({ platformLeagueKey: 'feed-2' }), {
          userId: user.id,
          accountId: null,
        });
        const refreshed = feed.poll();
        gate.release();
        await inFlight;
        await refreshed;
        assert.equal(snapshots.heldUserLeagues(user.id), undefined, 'the join was seen');
        assert.equal((await snapshots.userLeagues(user.id)).leagues.length, 2);
      } finally {
        gate.release();
        await feed.stop();
        await t.close();
      }
    });
  });
}

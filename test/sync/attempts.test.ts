// The attempt stores give the same answers in memory and in Redis (TEST_REDIS_URL): take checks
// every rule and counts on all or none, add counts past any limit, hold makes a key refuse, clear
// forgets. Then the link limits on a fake clock: the wait after each refusal doubles, a link
// clears it, and the session's and the user's caps hold.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { silentLogger } from '../../src/logger.ts';
import { MemoryAttemptStore } from '../../src/sync/attempts.ts';
import type { AttemptStore } from '../../src/sync/attempts.ts';
import { RedisAttemptStore } from '../../src/sync/attempts-redis.ts';
import {
  LINK_BACKOFF_MAX_MS,
  LinkAttempts,
  LinkAttemptsError,
} from '../../src/sync/link-attempts.ts';
import { eventually } from '../helpers/eventually.ts';
import { SKIP_WITHOUT_REDIS, TEST_REDIS_URL, deleteKeys, uniquePrefix } from '../http/redis.ts';

const MINUTE = 60_000;

function contract(name: string, open: () => AttemptStore, skip: string | false = false): void {
  describe(`${name} attempt store`, { skip }, () => {
    const store = skip === false ? open() : (undefined as unknown as AttemptStore);
    after(() => store?.close());

    it('take counts on every rule only while all allow, and answers the wait when one refuses', async () => {
      const a = { key: 'a', limit: 2, windowMs: MINUTE };
      const b = { key: 'b', limit: 3, windowMs: MINUTE };
      assert.equal(await store.take([a, b]), 0);
      assert.equal(await store.take([a, b]), 0);
      const wait = await store.take([a, b]);
      assert.ok(wait > 0 && wait <= MINUTE, String(wait));
      // b was counted twice, not three times: one more is allowed on it alone.
      assert.equal(await store.take([b]), 0);
      assert.ok((await store.take([b])) > 0);
    });

    it('a rule that is only checked counts nothing', async () => {
      const checked = { key: 'c', limit: 1, windowMs: MINUTE, count: false };
      for (let i = 0; i < 3; i++) assert.equal(await store.take([checked]), 0);
    });

    it('add counts past any limit; hold refuses until it ends; clear forgets', async () => {
      assert.equal((await store.add('d', MINUTE)).count, 1);
      const second = await store.add('d', MINUTE);
      assert.equal(second.count, 2);
      assert.ok(second.resetMs > 0 && second.resetMs <= MINUTE);
      await store.hold('e', 150);
      const wait = await store.take([{ key: 'e', limit: 1, windowMs: MINUTE, count: false }]);
      assert.ok(wait > 0 && wait <= 150, String(wait));
      await eventually(
        'the hold ends',
        async () => (await store.take([{ key: 'e', limit: 1, windowMs: MINUTE }])) === 0,
      );
      await store.clear(['d']);
      assert.equal((await store.add('d', MINUTE)).count, 1);
    });

    it('a window ends and counting starts again', async () => {
      const short = { key: 'f', limit: 1, windowMs: 100 };
      assert.equal(await store.take([short]), 0);
      assert.ok((await store.take([short])) > 0);
      await eventually('the window ends', async () => (await store.take([short])) === 0);
    });
  });
}

contract('memory', () => new MemoryAttemptStore());
const prefix = uniquePrefix();
contract(
  'Redis',
  () =>
    new RedisAttemptStore(TEST_REDIS_URL as string, { logger: silentLogger(), keyPrefix: prefix }),
  SKIP_WITHOUT_REDIS,
);
after(() => deleteKeys(prefix));

describe('link limits', () => {
  const time = { now: 0 };
  const limits = () =>
    new LinkAttempts(new MemoryAttemptStore(() => time.now), { perSession: 3, perUser: 4 });
  const waitOf = async (attempt: Promise<void>): Promise<number> => {
    try {
      await attempt;
      return 0;
    } catch (error) {
      assert.ok(error instanceof LinkAttemptsError);
      return error.retryAfterSeconds;
    }
  };

  it('each refusal after the first doubles the wait before the next attempt, up to the cap; a link clears it', async () => {
    const attempts = limits();
    await attempts.refused(1, 'mfl');
    assert.equal(await waitOf(attempts.begin(1, 'mfl', {})), 0, 'the first refusal is free');
    const waits: number[] = [];
    for (let i = 0; i < 12; i++) {
      await attempts.refused(1, 'mfl');
      const wait = await waitOf(attempts.begin(1, 'mfl', {}));
      waits.push(wait);
      time.now += wait * 1000;
    }
    assert.deepEqual(waits, [1, 2, 4, 8, 16, 32, 64, 128, 256, 300, 300, 300]);
    assert.equal(LINK_BACKOFF_MAX_MS, 300_000);
    // Other users and other platforms do not wait.
    await attempts.refused(1, 'mfl');
    assert.equal(await waitOf(attempts.begin(2, 'mfl', {})), 0);
    assert.equal(await waitOf(attempts.begin(1, 'sleeper', {})), 0);
    await attempts.linked(1, 'mfl');
    assert.equal(await waitOf(attempts.begin(1, 'mfl', {})), 0);
  });

  it("a session's and a user's attempts are capped per platform, and a refused one counts nothing", async () => {
    time.now = 0;
    const attempts = limits();
    for (let i = 0; i < 3; i++)
      assert.equal(await waitOf(attempts.begin(7, 'mfl', { connectSessionId: 1 })), 0);
    assert.equal(await waitOf(attempts.begin(7, 'mfl', { connectSessionId: 1 })), 15 * 60);
    // The user's fourth attempt, from another session, is still allowed; the fifth is not.
    assert.equal(await waitOf(attempts.begin(7, 'mfl', { connectSessionId: 2 })), 0);
    assert.ok((await waitOf(attempts.begin(7, 'mfl', {}))) > 0);
    assert.equal(await waitOf(attempts.begin(7, 'espn', { connectSessionId: 1 })), 0);
    time.now += 15 * MINUTE;
    assert.equal(await waitOf(attempts.begin(7, 'mfl', { connectSessionId: 1 })), 0);
  });
});

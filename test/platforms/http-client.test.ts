import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  RequestBudget,
  createHttpClient,
  parseRetryAfter,
} from '../../src/platforms/http-client.ts';
import type { HttpClientOptions } from '../../src/platforms/http-client.ts';
import { reply, startFakePlatform } from '../helpers/fake-platform.ts';
import type { FakePlatformServer, FakeReply } from '../helpers/fake-platform.ts';
import { failure } from '../helpers/failure.ts';

/** A sleep that only records what it was asked for, so retries cost no real time. */
function recordingSleep(): { sleep: (ms: number) => Promise<void>; asked: number[] } {
  const asked: number[] = [];
  return { asked, sleep: async (ms) => void asked.push(ms) };
}

describe('http client against a fake platform server', () => {
  let server: FakePlatformServer;
  let path = 0;
  /** A fresh path per test, so hit counts never mix. */
  const route = (...replies: FakeReply[]): string => {
    const name = `/t${++path}`;
    server.route(name, replies);
    return `${server.url}${name}`;
  };
  const hits = (url: string): number => server.hits(new URL(url).pathname);
  const client = (extra: Partial<HttpClientOptions> = {}) => {
    const recorded = recordingSleep();
    return {
      ...recorded,
      http: createHttpClient({
        platform: 'sleeper',
        sleep: recorded.sleep,
        backoffBaseMs: 10,
        timeoutMs: 2_000,
        ...extra,
      }),
    };
  };

  before(async () => {
    server = await startFakePlatform();
  });
  after(() => server.close());

  test('a 500 is retried and the next answer is returned', async () => {
    const url = route(reply.status(500), reply.json({ ok: 'yes' }));
    const { http, asked } = client({ random: () => 0.5 });
    assert.deepEqual(await http.getJson(url), { ok: 'yes' });
    assert.equal(hits(url), 2);
    assert.deepEqual(asked, [5]); // full jitter: random * base * 2^0
  });

  test('backoff doubles per retry up to its ceiling', async () => {
    const url = route(reply.status(503));
    const { http, asked } = client({ random: () => 0.999, backoffMaxMs: 25, maxAttempts: 4 });
    const error = await failure(http.getJson(url));
    assert.equal(error.kind, 'unavailable');
    assert.match(error.message, /^sleeper: GET \/t\d+ answered HTTP 503$/);
    assert.deepEqual(asked, [9, 19, 24]);
    assert.equal(hits(url), 4);
  });

  test('429 with Retry-After in seconds waits exactly that long', async () => {
    const url = route(reply.rateLimited('3'), reply.json([1, 2]));
    const { http, asked } = client();
    assert.deepEqual(await http.getJson(url), [1, 2]);
    assert.deepEqual(asked, [3000]);
  });

  test('429 with Retry-After as an HTTP date waits until then', async () => {
    const now = Date.UTC(2021, 8, 12, 17, 0, 0);
    const url = route(reply.rateLimited(new Date(now + 7000).toUTCString()), reply.json({}));
    const { http, asked } = client({ now: () => now });
    await http.getJson(url);
    assert.deepEqual(asked, [7000]);
  });

  test('a Retry-After beyond the cap fails at once as rate_limited', async () => {
    const url = route(reply.rateLimited('3600'), reply.json({}));
    const { http, asked } = client({ retryAfterMaxMs: 60_000 });
    const error = await failure(http.getJson(url));
    assert.equal(error.kind, 'rate_limited');
    assert.match(error.message, /3600 s/);
    assert.deepEqual(asked, []);
    assert.equal(hits(url), 1);
  });

  test('429 every time ends as rate_limited after maxAttempts', async () => {
    const url = route(reply.rateLimited());
    const { http } = client({ maxAttempts: 3 });
    assert.equal((await failure(http.getJson(url))).kind, 'rate_limited');
    assert.equal(hits(url), 3);
  });

  test('a hanging answer times out, is retried, then fails as timeout', async () => {
    const url = route(reply.hang());
    const { http } = client({ timeoutMs: 50, maxAttempts: 2 });
    const error = await failure(http.getJson(url));
    assert.equal(error.kind, 'timeout');
    assert.match(error.message, /within 50 ms/);
    assert.equal(hits(url), 2);
  });

  test('a timeout followed by an answer succeeds', async () => {
    const url = route(reply.hang(), reply.json({ late: true }));
    const { http } = client({ timeoutMs: 50 });
    assert.deepEqual(await http.getJson(url), { late: true });
  });

  test('a dropped connection is retried, then reported as unavailable', async () => {
    const url = route(reply.reset());
    const { http } = client({ maxAttempts: 2 });
    const error = await failure(http.getJson(url));
    assert.equal(error.kind, 'unavailable');
    assert.equal(hits(url), 2);
  });

  test('truncated JSON is invalid_response and not retried', async () => {
    const url = route(reply.truncated(JSON.stringify({ league_id: '1', name: 'League' })));
    const { http } = client();
    const error = await failure(http.getJson(url));
    assert.equal(error.kind, 'invalid_response');
    assert.match(error.message, /not valid JSON/);
    assert.equal(hits(url), 1);
  });

  test('malformed JSON is invalid_response', async () => {
    const url = route(reply.malformed());
    const { http } = client();
    assert.equal((await failure(http.getJson(url))).kind, 'invalid_response');
  });

  test('404 is not_found and not retried', async () => {
    const url = route(reply.status(404));
    const { http } = client();
    const error = await failure(http.getJson(url));
    assert.equal(error.kind, 'not_found');
    assert.equal(hits(url), 1);
  });

  test('other 4xx fail at once', async () => {
    const url = route(reply.status(400));
    const { http } = client();
    assert.equal((await failure(http.getJson(url))).kind, 'unavailable');
    assert.equal(hits(url), 1);
  });

  test('401 and 403 are forbidden, once, with the body kept for the connector but not shown', async () => {
    for (const status of [401, 403]) {
      const url = route(reply.raw('{"messages":["AUTH_LEAGUE_NOT_VISIBLE"]}', status));
      const { http } = client();
      const error = await failure(http.getJson(url));
      assert.equal(error.kind, 'forbidden');
      assert.equal(hits(url), 1);
      assert.deepEqual(error.response, {
        status,
        body: '{"messages":["AUTH_LEAGUE_NOT_VISIBLE"]}',
      });
      assert.doesNotMatch(error.message + JSON.stringify(error), /AUTH_LEAGUE/);
    }
  });

  test("Yahoo's 999 is throttling: retried like 429", async () => {
    const url = route(reply.status(999), reply.json({ ok: 1 }));
    const { http } = client();
    assert.deepEqual(await http.getJson(url), { ok: 1 });
    assert.equal(hits(url), 2);
  });

  test('sends per-request headers and a POST body, and reads text', async () => {
    const url = route(reply.raw('<ok/>'));
    const { http } = client({ headers: { 'user-agent': 'fld-test' } });
    const text = await http.getText(url, {
      method: 'POST',
      body: 'grant_type=refresh_token',
      headers: { cookie: 'espn_s2=abc', 'content-type': 'application/x-www-form-urlencoded' },
    });
    assert.equal(text, '<ok/>');
    const request = server.requests.at(-1);
    assert.equal(request?.method, 'POST');
    assert.equal(request?.body, 'grant_type=refresh_token');
    assert.equal(request?.headers.cookie, 'espn_s2=abc');
    assert.equal(request?.headers['user-agent'], 'fld-test');
  });

  test('errors name the path but never the query or the headers', async () => {
    const url = route(reply.status(500));
    const { http } = client({ maxAttempts: 1, headers: { authorization: 'Bearer hush-123' } });
    const error = await failure(http.getJson(`${url}?access_token=hush-456`));
    assert.doesNotMatch(error.message, /hush/);
    assert.equal(server.requests.at(-1)?.headers.authorization, 'Bearer hush-123');
  });

  test("the caller's abort ends the request with the caller's reason", async () => {
    const url = route(reply.hang());
    const { http } = client({ timeoutMs: 60_000 });
    const controller = new AbortController();
    const pending = http.getJson(url, { signal: controller.signal });
    controller.abort(new Error('shutting down'));
    await assert.rejects(pending, { message: 'shutting down' });
  });
});

describe('http client limits', () => {
  /** A fetch whose answers the test releases one at a time. */
  function heldFetch() {
    const waiting: Array<() => void> = [];
    let inFlight = 0;
    let most = 0;
    let started = 0;
    const fetchImpl = (async () => {
      started++;
      inFlight++;
      most = Math.max(most, inFlight);
      await new Promise<void>((resolve) => waiting.push(resolve));
      inFlight--;
      return new Response('{}', { status: 200 });
    }) as typeof fetch;
    return {
      fetchImpl,
      releaseOne: () => waiting.shift()?.(),
      started: () => started,
      most: () => most,
    };
  }
  /** Lets every pending callback run (fetch answers, body reads, slot hand-overs). */
  const settle = async () => {
    for (let i = 0; i < 10; i++) await new Promise<void>((resolve) => setImmediate(resolve));
  };

  test('no more than maxConcurrency requests are in flight', async () => {
    const held = heldFetch();
    const http = createHttpClient({
      platform: 'sleeper',
      fetch: held.fetchImpl,
      maxConcurrency: 3,
    });
    let finished = false;
    const all = Promise.all(Array.from({ length: 8 }, () => http.getJson('http://127.0.0.1/x')));
    void all.then(() => (finished = true));
    await settle();
    assert.equal(held.started(), 3);
    held.releaseOne();
    await settle();
    assert.equal(held.started(), 4);
    while (!finished) {
      held.releaseOne();
      await settle();
    }
    assert.equal(held.started(), 8);
    assert.equal(held.most(), 3);
  });

  test('the budget keeps every sliding minute within requestsPerMinute', async () => {
    let clock = 1_000_000;
    const calls: number[] = [];
    const asked: number[] = [];
    const sleep = async (ms: number) => {
      asked.push(ms);
      clock += ms;
    };
    const http = createHttpClient({
      platform: 'sleeper',
      // The window alone: no calls kept for links (the reserve, wait-limits.test.ts).
      budget: new RequestBudget({ perMinute: 3, reserve: 0, now: () => clock, sleep }),
      now: () => clock,
      sleep,
      fetch: (async () => {
        calls.push(clock);
        clock += 1000;
        return new Response('[]');
      }) as typeof fetch,
    });
    for (let i = 0; i < 7; i++) await http.getJson('http://127.0.0.1/x');
    assert.equal(calls.length, 7);
    for (const start of calls) {
      assert.ok(calls.filter((t) => t >= start && t < start + 60_000).length <= 3);
    }
    assert.deepEqual(asked, [57_000, 57_000]); // the 4th waits for the 1st call to leave the window
  });

  test('a shared budget counts the calls of every client', async () => {
    let clock = 0;
    const budget = new RequestBudget({
      perMinute: 2,
      reserve: 0,
      now: () => clock,
      sleep: async (ms) => void (clock += ms),
    });
    await budget.take();
    await budget.take();
    await budget.take();
    assert.equal(clock, 60_000);
  });
});

test('Retry-After parsing', () => {
  const now = Date.UTC(2021, 0, 1);
  assert.equal(parseRetryAfter('120', now), 120_000);
  assert.equal(parseRetryAfter(' 0 ', now), 0);
  assert.equal(parseRetryAfter(new Date(now + 30_000).toUTCString(), now), 30_000);
  assert.equal(parseRetryAfter(new Date(now - 30_000).toUTCString(), now), 0);
  assert.equal(parseRetryAfter('1.5', now), undefined);
  assert.equal(parseRetryAfter('soon', now), undefined);
  assert.equal(parseRetryAfter(null, now), undefined);
});

describe('network failures name the host that could not be reached', () => {
  /** A fetch failing the way undici does: TypeError('fetch failed') with the socket error as cause. */
  const failingFetch = (code: string): typeof fetch =>
    (async () => {
      const cause = Object.assign(new Error(`getaddrinfo ${code} api.example.test`), {
        code,
        syscall: 'getaddrinfo',
        hostname: 'api.example.test',
      });
      throw new TypeError('fetch failed', { cause });
    }) as typeof fetch;
  const client = (code: string) =>
    createHttpClient({
      platform: 'sleeper',
      fetch: failingFetch(code),
      maxAttempts: 1,
      requestsPerMinute: 0,
    });

  test('an unknown host (no network or DNS) reads as unreachable, not as "not found"', async () => {
    const error = await failure(
      client('ENOTFOUND').getJson('https://api.example.test/v1/user/somebody'),
    );
    assert.equal(error.kind, 'unavailable');
    assert.match(error.message, /could not reach api\.example\.test/);
    assert.match(error.message, /name does not resolve/);
    assert.doesNotMatch(error.message, /fetch failed/);
  });

  test('a refused connection names the host and port', async () => {
    // A port nobody listens on: bind one, note it, close it.
    const server = await startFakePlatform();
    const { url } = server;
    await server.close();
    const http = createHttpClient({ platform: 'sleeper', maxAttempts: 1, requestsPerMinute: 0 });
    const error = await failure(http.getJson(`${url}/v1/user/somebody?key=secret`));
    assert.match(error.message, new RegExp(`could not reach ${new URL(url).host}`));
    assert.match(error.message, /connection refused/);
    assert.doesNotMatch(error.message, /secret/);
  });

  test('other codes still name the host and keep the code', async () => {
    const error = await failure(client('EPROTO').getJson('https://api.example.test/x'));
    assert.match(error.message, /could not reach api\.example\.test: EPROTO/);
  });
});

// HTTP behaviour shared by every route: unknown paths, other methods, HEAD, request ids, the log
// line, rate limits and unexpected failures, on every backend.
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { MemoryRateLimitStore } from '../../src/serving/rate-limit.ts';
import type { RateLimitStore } from '../../src/serving/rate-limit.ts';
import { createHttpServer } from '../../src/http/wire/server.ts';
import { startTestApp } from '../helpers/app.ts';
import type { TestApp } from '../helpers/app.ts';
import { testBackends } from '../helpers/store.ts';
import { expectInvalidParam, expectProblem } from './expect.ts';
import { asResponse, sendRaw, sendRawAll } from './raw.ts';
import { buildWorld } from './world.ts';
import type { World } from './world.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

for (const dialect of testBackends()) {
  describe(`protocol (${dialect})`, () => {
    let t: TestApp;
    let w: World;
    let paths: string[];

    before(async () => {
      t = await startTestApp({ dialect });
      w = await buildWorld(t);
      const league = w.leagues.main;
      paths = [
        '/league/findAllLeagues',
        `/league/settings/${league}`,
        `/players/${league}/searchPlayer/player_id/4046`,
        `/players/${league}/searchPlayer/name/mahomes`,
        `/players/getAllRostered/${league}/names`,
      ];
    });
    after(() => t.close());

    it('answers 404 to unknown paths, with or without a token', async () => {
      for (const path of [
        '/league',
        '/league/findAllLeagues/',
        '/League/findAllLeagues',
        '//league/findAllLeagues',
        '/players/1/searchPlayer/team/1',
        '/nope?x=1',
      ]) {
        await expectProblem(await t.request(path), 'route_not_found');
        await expectProblem(await t.request(path, { token: w.tokens.alice }), 'route_not_found');
      }
    });

    it('answers / with where to start, and sends /docs/ to /docs', async () => {
      const index = await t.request('/');
      assert.equal(index.status, 200);
      assert.deepEqual(await index.json(), {
        service: 'Fantasy League Data Service',
        docs: '/docs',
        openapi: '/openapi.json',
        health: '/healthz',
      });
      const slash = await t.request('/docs/', { redirect: 'manual' });
      assert.equal(slash.status, 308);
      assert.equal(slash.headers.get('location'), '/docs');
      await slash.arrayBuffer();
      const doc = (await (await t.request('/openapi.json')).json()) as { servers: unknown };
      assert.deepEqual(doc.servers, [{ url: '/', description: 'This service' }]);
    });

    it('answers 405 with Allow: GET, HEAD to other methods on known paths, before authentication', async () => {
      for (const path of [...paths, '/', '/healthz', '/readyz', '/openapi.json', '/docs']) {
        for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']) {
          const response = await t.request(path, { method });
          assert.equal(response.headers.get('allow'), 'GET, HEAD', `${method} ${path}`);
          await expectProblem(response, 'method_not_allowed');
        }
      }
    });

    it('rejects any query on the endpoints that take none, naming the parameter', async () => {
      for (const path of paths.slice(1)) {
        const bogus = await expectInvalidParam(
          await t.request(`${path}?bogus=1`, { token: w.tokens.alice }),
          'bogus',
          'query',
        );
        assert.match(bogus.detail, /accepted: none/);
        await expectInvalidParam(
          await t.request(`${path}?%zz`, { token: w.tokens.alice }),
          'query string',
          'query',
        );
        // A bare '?' carries no parameter.
        const bare = await t.request(`${path}?`, { token: w.tokens.alice });
        assert.equal(bare.status, 200, path);
        await bare.arrayBuffer();
      }
    });

    it('answers oversize and unparseable requests with a problem document, then closes', async () => {
      const longPath = await t.request(`/league/settings/${'1'.repeat(20_000)}`, {
        token: w.tokens.alice,
      });
      await expectProblem(longPath, 'headers_too_large');
      const bigHeader = await t.request('/healthz', {
        headers: { 'X-Padding': 'x'.repeat(20_000) },
      });
      const body = await expectProblem(bigHeader, 'headers_too_large');
      assert.match(body.detail, /16 KB/);
      const garbage = await sendRaw(t.baseUrl, 'NOT HTTP AT ALL\r\n\r\n');
      assert.equal(garbage?.headers.get('connection'), 'close');
      await expectProblem(asResponse(garbage), 'malformed_request');
      // A header line without a colon, pipelined behind requests answered at once and later: the
      // problem follows their answers on the connection.
      for (const first of ['/healthz', '/readyz']) {
        const answers = await sendRawAll(
          t.baseUrl,
          `GET ${first} HTTP/1.1\r\nHost: x\r\n\r\nGET /healthz HTTP/1.1\r\nbroken\r\n\r\n`,
        );
        assert.deepEqual(
          answers.map((answer) => answer.status),
          [200, 400],
          first,
        );
        assert.equal(answers[0]?.body, '{"status":"ok"}');
        await expectProblem(asResponse(answers[1]), 'malformed_request');
      }
    });

    it('answers a request whose headers do not arrive in time with 408, then closes', async () => {
      const server = createHttpServer(t.app, {
        headersTimeout: 100,
        requestTimeout: 200,
        connectionsCheckingInterval: 25,
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      try {
        const { port } = server.address() as AddressInfo;
        const answer = await sendRaw(
          `http://127.0.0.1:${port}`,
          'GET /healthz HTTP/1.1\r\nHost: x\r\n',
        );
        await expectProblem(asResponse(answer), 'request_timeout');
      } finally {
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      }
    });

    it('lets a graceful stop finish when a peer never closes after an error answer', async () => {
      const server = createHttpServer(t.app, { answeredLingerMs: 50 });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const { port } = server.address() as AddressInfo;
      // A peer that reads the 400 and the end of the connection but never closes its own side.
      const peer = connect({ port, host: '127.0.0.1', allowHalfOpen: true });
      let answer = '';
      peer.on('data', (chunk: Buffer) => (answer += chunk.toString()));
      try {
        await new Promise<void>((resolve) => {
          peer.once('end', resolve);
          peer.write('BREW /pot HTTP/1.1\r\n\r\n');
        });
        assert.match(answer, /^HTTP\/1\.1 400 /);
        const stopped = new Promise<'stopped'>((resolve) => server.close(() => resolve('stopped')));
        const stuck = new Promise<'stuck'>((resolve) => setTimeout(() => resolve('stuck'), 3000));
        assert.equal(await Promise.race([stopped, stuck]), 'stopped');
      } finally {
        peer.destroy();
        server.closeAllConnections();
      }
    });

    it('answers CONNECT with 405 and Allow instead of closing the connection', async () => {
      const answer = await sendRaw(
        t.baseUrl,
        'CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\nX-Request-Id: tunnel-1\r\n\r\n',
      );
      assert.equal(answer?.headers.get('allow'), 'GET, HEAD');
      const body = await expectProblem(asResponse(answer), 'method_not_allowed');
      assert.equal(body.request_id, 'tunnel-1');
      assert.match(body.detail, /CONNECT/);
      const logged = t.logs.find((line) => line.request_id === 'tunnel-1');
      assert.equal(logged?.status, 405);
      assert.equal(logged?.method, 'CONNECT');
    });

    it('answers HEAD like GET, without a body', async () => {
      for (const path of [...paths, '/healthz', '/openapi.json', '/docs']) {
        const got = await t.request(path, { token: w.tokens.alice });
        const getBody = Buffer.from(await got.arrayBuffer());
        const head = await t.request(path, { method: 'HEAD', token: w.tokens.alice });
        assert.equal(head.status, got.status, path);
        assert.equal((await head.arrayBuffer()).byteLength, 0);
        assert.equal(head.headers.get('content-length'), String(getBody.length), path);
        for (const name of [
          'content-type',
          'x-match-count',
          'vary',
          'cache-control',
          'ratelimit-limit',
        ]) {
          assert.equal(head.headers.get(name), got.headers.get(name), `${path} ${name}`);
        }
      }
      const refused = await t.request(paths[0] as string, { method: 'HEAD' });
      assert.equal(refused.status, 401);
      assert.equal((await refused.arrayBuffer()).byteLength, 0);
    });

    it('echoes a sane X-Request-Id and replaces any other with a fresh one', async () => {
      const echoed = await t.request('/league/settings/999999', {
        token: w.tokens.alice,
        headers: { 'X-Request-Id': 'client-42.a:b_c' },
      });
      assert.equal(echoed.headers.get('x-request-id'), 'client-42.a:b_c');
      assert.equal((await expectProblem(echoed, 'league_not_found')).request_id, 'client-42.a:b_c');
      for (const insane of ['has space', 'x'.repeat(129), 'quote"d']) {
        const response = await t.request('/healthz', { headers: { 'X-Request-Id': insane } });
        assert.match(response.headers.get('x-request-id') ?? '', UUID);
        await response.arrayBuffer();
      }
      const fresh = await t.request('/healthz');
      assert.match(fresh.headers.get('x-request-id') ?? '', UUID);
      await fresh.arrayBuffer();
    });

    it('logs one line per request: id, method, path without query, route, status, duration', async () => {
      const response = await t.request('/league/findAllLeagues?sport=football&note=secret-ish', {
        token: w.tokens.alice,
        headers: { 'X-Request-Id': 'log-line-check' },
      });
      await response.arrayBuffer();
      const lines = t.logs.filter((line) => line.request_id === 'log-line-check');
      assert.equal(lines.length, 1);
      const [line] = lines as [Record<string, unknown>];
      assert.equal(line.msg, 'request');
      assert.equal(line.method, 'GET');
      assert.equal(line.path, '/league/findAllLeagues');
      assert.equal(line.route, 'findAllLeagues');
      assert.equal(line.status, 400);
      assert.equal(line.user_id, w.aliceId);
      assert.equal(typeof line.duration_ms, 'number');
      assert.ok(!JSON.stringify(line).includes('secret-ish'));
      assert.ok(!JSON.stringify(line).includes(w.tokens.alice));
    });

    it('answers 500 without internals when a read fails, and logs the error', async () => {
      const failing = await startTestApp({
        dialect,
        readModel: (defaults) => ({
          ...defaults,
          findLeagues: () => Promise.reject(new Error('disk on fire at /var/lib/secret.sqlite')),
        }),
      });
      try {
        const user = await failing.createUser('carol');
        const token = await failing.issueToken(user.id);
        const response = await failing.request('/league/findAllLeagues', { token });
        const text = await response.clone().text();
        const body = await expectProblem(response, 'internal_error');
        assert.ok(
          !text.includes('disk on fire') && !text.includes('/var/lib') && !text.includes('at '),
        );
        assert.match(body.detail, new RegExp(body.request_id));
        const logged = failing.logs.find((line) => line.msg === 'request failed');
        assert.equal(logged?.request_id, body.request_id);
        assert.match(JSON.stringify(logged), /disk on fire/);
      } finally {
        await failing.close();
      }
    });

    it('answers 500 when the token lookup itself fails', async () => {
      const failing = await startTestApp({
        dialect,
        readModel: (defaults) => ({
          ...defaults,
          findToken: () => Promise.reject(new Error('gone')),
        }),
      });
      try {
        const user = await failing.createUser('dave');
        const token = await failing.issueToken(user.id);
        await expectProblem(
          await failing.request('/league/findAllLeagues', { token }),
          'internal_error',
        );
      } finally {
        await failing.close();
      }
    });
  });

  describe(`rate limit (${dialect})`, () => {
    it('counts per token and answers 429 with Retry-After and RateLimit headers', async () => {
      const t = await startTestApp({ dialect, config: { rateLimitPerMinute: 2 } });
      try {
        const user = await t.createUser('erin');
        const token = await t.issueToken(user.id);
        const other = await t.issueToken(user.id);
        const remaining: Array<string | null> = [];
        for (let i = 0; i < 2; i++) {
          const response = await t.request('/league/findAllLeagues', { token });
          assert.equal(response.status, 200);
          assert.equal(response.headers.get('ratelimit-limit'), '2');
          assert.equal(response.headers.get('ratelimit-policy'), '2;w=60');
          remaining.push(response.headers.get('ratelimit-remaining'));
          await response.arrayBuffer();
        }
        assert.deepEqual(remaining, ['1', '0']);
        const limited = await t.request('/league/findAllLeagues', { token });
        const retryAfter = Number(limited.headers.get('retry-after'));
        assert.ok(retryAfter >= 1 && retryAfter <= 60, String(retryAfter));
        assert.equal(limited.headers.get('ratelimit-remaining'), '0');
        assert.equal(limited.headers.get('ratelimit-reset'), String(retryAfter));
        await expectProblem(limited, 'rate_limited');
        // Another token of the same user has its own allowance; unauthenticated requests use none.
        await expectProblem(await t.request('/league/findAllLeagues'), 'token_missing');
        const fresh = await t.request('/league/findAllLeagues', { token: other });
        assert.equal(fresh.status, 200);
        assert.equal(fresh.headers.get('ratelimit-remaining'), '1');
        await fresh.arrayBuffer();
      } finally {
        await t.close();
      }
    });

    it('sends no RateLimit headers when the limit is off', async () => {
      const t = await startTestApp({ dialect, config: { rateLimitPerMinute: 0 } });
      try {
        const user = await t.createUser('frank');
        const token = await t.issueToken(user.id);
        for (let i = 0; i < 3; i++) {
          const response = await t.request('/league/findAllLeagues', { token });
          assert.equal(response.status, 200);
          assert.equal(response.headers.get('ratelimit-limit'), null);
          await response.arrayBuffer();
        }
      } finally {
        await t.close();
      }
    });

    it('works with a store that answers asynchronously (as a shared store would)', async () => {
      const memory = new MemoryRateLimitStore();
      let calls = 0;
      const asyncStore: RateLimitStore = {
        async hit(key, limit, windowMs) {
          calls += 1;
          return memory.hit(key, limit, windowMs);
        },
        close: () => memory.close(),
      };
      const t = await startTestApp({
        dialect,
        config: { rateLimitPerMinute: 1 },
        rateLimitStore: asyncStore,
      });
      try {
        const user = await t.createUser('gina');
        const token = await t.issueToken(user.id);
        const first = await t.request('/league/findAllLeagues', { token });
        assert.equal(first.status, 200);
        await first.arrayBuffer();
        await expectProblem(await t.request('/league/findAllLeagues', { token }), 'rate_limited');
        assert.equal(calls, 2);
      } finally {
        await t.close();
      }
    });
  });
}

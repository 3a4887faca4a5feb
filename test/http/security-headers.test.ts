// Every answer carries its surface's security fields (src/http/security-headers.ts): every
// operation of /openapi.json (the API, the admin API, the service's own), the connect page's
// routes, /docs and its files and unknown paths, each with GET, HEAD, POST, PUT, DELETE, PATCH
// and OPTIONS; then the answers only some requests get: a 304, a CORS preflight, a 429, a 500, a
// 503, what node:http's parser refused, CONNECT, and the metrics listener.
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { pino } from 'pino';
import { DOCS_CSP } from '../../src/http/docs/page.ts';
import type { OpenApiDocument } from '../../src/http/openapi.ts';
import { createMetricsServer } from '../../src/metrics/server.ts';
import { ServiceMetrics } from '../../src/metrics/registry.ts';
import { startTestApp } from '../helpers/app.ts';
import type { TestApp } from '../helpers/app.ts';
import { createSession, csrfOf, postForm } from '../connect/page-helpers.ts';
import { adminClient } from './admin-helpers.ts';
import type { AdminClient } from './admin-helpers.ts';
import { sendRaw } from './raw.ts';
import { buildWorld } from './world.ts';
import type { World } from './world.ts';

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'] as const;

type Surface = 'api' | 'connect' | 'docs';

/** What an answer of each surface must carry; `undefined`: any value, but present. */
const EXPECTED: Record<Surface, Record<string, string | RegExp>> = {
  api: { 'x-content-type-options': 'nosniff' },
  connect: {
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'same-origin',
    // A session's page widens form-action and img-src; never framed, nothing from elsewhere.
    'content-security-policy': /^default-src 'none';.*frame-ancestors 'none'/,
  },
  docs: {
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'same-origin',
    'content-security-policy': DOCS_CSP,
  },
};

function surfaceOf(path: string): Surface {
  if (path === '/connect' || path.startsWith('/connect/')) return 'connect';
  if (path === '/docs' || path === '/docs/') return 'docs';
  return 'api';
}

/** Asserts the fields of `path`'s surface on an answer; returns its status. */
function assertGuarded(
  what: string,
  path: string,
  status: number,
  headers: { get(name: string): string | null | undefined },
): number {
  for (const [name, want] of Object.entries(EXPECTED[surfaceOf(path)])) {
    const got = headers.get(name) ?? undefined;
    if (typeof want === 'string') assert.equal(got, want, `${what} (${status}): ${name}`);
    else assert.match(got ?? '(missing)', want, `${what} (${status}): ${name}`);
  }
  return status;
}

describe('security header fields on every answer', () => {
  let t: TestApp;
  let w: World;
  let admin: AdminClient;
  let connectToken: string;
  let throwawayUser: number;
  let document: OpenApiDocument;

  before(async () => {
    t = await startTestApp({
      dialect: 'sqlite',
      config: { corsOrigins: ['https://app.example'], authFailuresPerMinute: 0 },
    });
    w = await buildWorld(t);
    admin = await adminClient(t);
    // The walk's DELETEs land on this user, not on the world's.
    throwawayUser = (await t.createUser('walked')).id;
    connectToken = (
      await createSession(admin, w.aliceId, {
        platforms: ['sleeper', 'demo'],
        return_url: 'https://app.example.com/back',
      })
    ).token;
    document = (await (await t.request('/openapi.json')).json()) as OpenApiDocument;
  });
  after(() => t.close());

  /** A path of `template` with a value each parameter can take in this world. */
  function pathOf(template: string): string {
    return template.replace(/\{([^}]+)\}/g, (_, name: string) => {
      switch (name) {
        case 'league_id':
          return String(w.leagues.main);
        case 'user_id':
          return String(throwawayUser);
        case 'player_id':
          return '4046';
        case 'player_name':
          return 'mahomes';
        case 'token':
          return connectToken;
        case 'platform':
          return 'sleeper';
        default:
          return '1';
      }
    });
  }

  async function walk(paths: readonly string[]): Promise<Set<number>> {
    const statuses = new Set<number>();
    for (const path of paths) {
      for (const method of METHODS) {
        const admin = path.startsWith('/admin/');
        const response = await fetch(t.baseUrl + path, {
          method,
          redirect: 'manual',
          headers: {
            ...(admin
              ? { authorization: `Bearer ${adminKey()}` }
              : { 'x-auth-token': w.tokens.alice }),
            ...(method === 'POST' || method === 'PUT' || method === 'PATCH'
              ? { 'content-type': 'application/json' }
              : {}),
          },
          ...((method === 'POST' || method === 'PUT' || method === 'PATCH') && { body: '{}' }),
        });
        await response.arrayBuffer();
        statuses.add(assertGuarded(`${method} ${path}`, path, response.status, response.headers));
      }
    }
    return statuses;
  }

  const adminKey = (): string => admin.key;

  it('every operation of /openapi.json, with every method', async () => {
    const paths = Object.keys(document.paths).map(pathOf);
    assert.ok(
      paths.some((p) => p.startsWith('/admin/')),
      'the document lists the admin API',
    );
    assert.ok(paths.includes('/docs') && paths.includes('/healthz'), 'and the service own');
    const statuses = await walk(paths);
    for (const status of [200, 204, 400, 404, 405]) {
      assert.ok(statuses.has(status), `the walk met a ${status}: ${[...statuses].join(', ')}`);
    }
  });

  it("the connect page's routes, with every method", async () => {
    const statuses = await walk(
      [
        '/connect/{token}',
        '/connect/{token}/platform/{platform}',
        '/connect/{token}/logo',
        '/connect/{token}/finish',
        '/connect/{token}/cancel',
        '/connect/{token}/link/{platform}',
        '/connect/oauth/yahoo/callback?state=x&code=y',
        '/connect/not-a-token',
        '/connect/not-a-token/nowhere/at/all',
        '/connect',
      ].map(pathOf),
    );
    for (const status of [200, 404, 405, 415]) {
      assert.ok(statuses.has(status), `the walk met a ${status}: ${[...statuses].join(', ')}`);
    }
    // A form as the page posts it: its answer is a redirect.
    const page = await (await t.request(`/connect/${connectToken}`)).text();
    const path = `/connect/${connectToken}/cancel`;
    const cancelled = await postForm(t, path, { csrf: csrfOf(page) });
    assert.equal(assertGuarded('cancel', path, cancelled.status, cancelled.headers), 303);
  });

  it('/docs, its redirect, its files and unknown paths, with every method', async () => {
    const html = await (await t.request('/docs')).text();
    const asset = /<script src="([^"]+)"/.exec(html)?.[1];
    assert.ok(asset !== undefined, 'the page names its script');
    const statuses = await walk([
      '/docs',
      '/docs/',
      new URL(asset, `${t.baseUrl}/docs`).pathname,
      '/docs/assets/nothing.js',
      '/nope',
    ]);
    for (const status of [200, 308, 404, 405]) {
      assert.ok(statuses.has(status), `the walk met a ${status}: ${[...statuses].join(', ')}`);
    }
  });

  it('a 304, a CORS preflight and a cross-origin answer', async () => {
    const path = `/league/settings/${w.leagues.main}`;
    const first = await t.request(path, { token: w.tokens.alice });
    const etag = first.headers.get('etag') ?? '';
    const again = await t.request(path, {
      token: w.tokens.alice,
      headers: { 'if-none-match': etag },
    });
    assert.equal(assertGuarded('304', path, again.status, again.headers), 304);
    const preflight = await fetch(t.baseUrl + path, {
      method: 'OPTIONS',
      headers: { origin: 'https://app.example', 'access-control-request-method': 'GET' },
    });
    assert.equal(assertGuarded('preflight', path, preflight.status, preflight.headers), 204);
    const crossed = await t.request(path, {
      token: w.tokens.alice,
      headers: { origin: 'https://app.example' },
    });
    assert.equal(assertGuarded('CORS', path, crossed.status, crossed.headers), 200);
  });

  it("what node:http's parser refused, and CONNECT", async () => {
    const refused = await sendRaw(t.baseUrl, 'NOT HTTP AT ALL\r\n\r\n');
    assert.ok(refused);
    assert.equal(assertGuarded('parse error', '', refused.status, refused.headers), 400);
    const tunnel = await sendRaw(t.baseUrl, 'CONNECT example.com:443 HTTP/1.1\r\nHost: x\r\n\r\n');
    assert.ok(tunnel);
    assert.equal(assertGuarded('CONNECT', '/', tunnel.status, tunnel.headers), 405);
  });
});

describe('security header fields on 429 and 5xx answers', () => {
  it('the rate limit, a failure and a store that does not answer', async () => {
    const t = await startTestApp({
      dialect: 'sqlite',
      config: { rateLimitPerMinute: 1 },
      readModel: (defaults) => ({
        ...defaults,
        ping: () => Promise.reject(new Error('the store is away')),
        findLeagues: () => Promise.reject(new Error('a fault')),
      }),
      cache: false,
    });
    try {
      const w = await buildWorld(t);
      const path = '/league/findAllLeagues';
      const failed = await t.request(path, { token: w.tokens.alice });
      assert.equal(assertGuarded('500', path, failed.status, failed.headers), 500);
      const limited = await t.request(path, { token: w.tokens.alice });
      assert.equal(assertGuarded('429', path, limited.status, limited.headers), 429);
      const notReady = await t.request('/readyz');
      assert.equal(assertGuarded('503', '/readyz', notReady.status, notReady.headers), 503);
      const session = await createSession(await adminClient(t), w.aliceId, {
        platforms: ['demo'],
      });
      const page = `/connect/${session.token}`;
      await t.request(page);
      const pageLimited = await t.request(page);
      assert.equal(assertGuarded('429 page', page, pageLimited.status, pageLimited.headers), 429);
    } finally {
      await t.close();
    }
  });
});

describe('security header fields on the metrics listener', () => {
  it('every answer of it carries nosniff', async () => {
    const metrics = new ServiceMetrics({ operationIds: [], storePing: async () => undefined });
    const server = createMetricsServer(metrics, { key: 'k', logger: pino({ level: 'silent' }) });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const answers = [
        await fetch(`${base}/metrics`, { headers: { authorization: 'Bearer k' } }),
        await fetch(`${base}/metrics`),
        await fetch(`${base}/metrics`, { method: 'POST' }),
        await fetch(`${base}/elsewhere`),
      ];
      assert.deepEqual(
        answers.map((a) => a.status),
        [200, 401, 405, 404],
      );
      for (const answer of answers)
        assertGuarded('metrics', '/metrics', answer.status, answer.headers);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

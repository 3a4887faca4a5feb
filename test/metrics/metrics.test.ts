// /metrics: a separate listener (METRICS_PORT) of the real server on the demo store, scraped and
// parsed as Prometheus text; requests by route and status with latency, cache hits and misses,
// rate-limit refusals, store health; admin and connect requests by operation; syncs and upstream
// calls through their hooks; the key.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../../src/config.ts';
import { PLATFORMS } from '../../src/domain/catalog.ts';
import { startServer } from '../../src/main.ts';
import type { RunningServer } from '../../src/main.ts';
import { ServiceMetrics } from '../../src/metrics/registry.ts';
import { RequestMetrics } from '../../src/metrics/requests.ts';
import { createHttpClient, observeUpstreamCalls } from '../../src/platforms/http-client.ts';
import { openStore } from '../../src/storage/db.ts';
import { createAdminKey } from '../../src/storage/repositories/admin-keys.ts';
import { createConnectorRegistry } from '../../src/sync/connectors.ts';
import { loadDemo } from '../../src/sync/demo.ts';
import { syncAll } from '../../src/sync/engine.ts';
import { AUTH_SURFACES } from '../../src/serving/auth-throttle.ts';
import { tempDataDir } from '../cli/run-cli.ts';
import type { TempDir } from '../cli/run-cli.ts';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** Parses the Prometheus text format strictly: any line it cannot read fails the test. */
function parseExposition(text: string): { samples: Sample[]; types: Map<string, string> } {
  const samples: Sample[] = [];
  const types = new Map<string, string>();
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const type =
      /^# TYPE ([a-zA-Z_:][a-zA-Z0-9_:]*) (counter|gauge|histogram|summary|untyped)$/.exec(line);
    if (type !== null) {
      types.set(type[1] as string, type[2] as string);
      continue;
    }
    if (line.startsWith('# HELP ')) continue;
    // prom-client writes an unset gauge (the event-loop lag before its first sample) as "Nan";
    // Prometheus parses floats case-insensitively (Go's ParseFloat), so it reads it as NaN.
    const sample =
      /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (-?[0-9.e+-]+|[Nn]a[Nn]|\+Inf|-Inf)$/.exec(line);
    assert.ok(sample !== null, `not Prometheus text: ${line}`);
    const labels: Record<string, string> = {};
    const pairs = sample[2] ?? '';
    const pair = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)",?/gy;
    let matched: RegExpExecArray | null;
    let consumed = 0;
    while ((matched = pair.exec(pairs)) !== null) {
      labels[matched[1] as string] = matched[2] as string;
      consumed = pair.lastIndex;
    }
    assert.equal(consumed, pairs.length, `bad labels in ${line}`);
    samples.push({ name: sample[1] as string, labels, value: Number(sample[3]) });
  }
  return { samples, types };
}

function value(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  const found = samples.filter(
    (s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v),
  );
  assert.equal(found.length, 1, `${name} ${JSON.stringify(labels)}: ${found.length} samples`);
  return (found[0] as Sample).value;
}

async function scrape(url: string, init: RequestInit = {}): Promise<Sample[]> {
  const response = await fetch(url, init);
  assert.equal(response.status, 200);
  assert.match(response.headers.get('content-type') ?? '', /^text\/plain; version=0\.0\.4/);
  const text = await response.text();
  const { samples, types } = parseExposition(text);
  assert.equal(types.get('fantasy_http_request_duration_seconds'), 'histogram');
  return samples;
}

/** A scrape's request counts, by route and status. */
function requestCounts(samples: Sample[]): (route: string, status: string) => number {
  return (route, status) =>
    value(samples, 'fantasy_http_request_duration_seconds_count', { route, status });
}

describe('/metrics of a running server on the demo store', () => {
  let dir: TempDir;
  let server: RunningServer;
  let token: string;
  let metricsUrl: string;
  let sessionToken = 'fcs_none';

  before(async () => {
    dir = tempDataDir();
    server = await startServer(
      loadConfig({
        FANTASY_DATA_DIR: dir.path,
        HOST: '127.0.0.1',
        PORT: '0',
        METRICS_PORT: '0',
        RATE_LIMIT_PER_MINUTE: '5',
      }),
    );
    token = server.demoToken ?? assert.fail('no demo token');
    metricsUrl = server.metricsUrl ?? assert.fail('no metrics listener');
  });
  after(async () => {
    await server.close();
    dir.remove();
  });

  it('listens apart from the API, on loopback', async () => {
    assert.match(metricsUrl, /^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    assert.notEqual(new URL(metricsUrl).port, new URL(server.url).port);
    assert.equal((await fetch(`${server.url}/metrics`)).status, 404, 'not on the public port');
    assert.equal((await fetch(new URL('/other', metricsUrl))).status, 404);
  });

  it('counts requests by route and status with latency, cache lookups and refusals', async () => {
    const get = (path: string, headers: Record<string, string> = {}) =>
      fetch(server.url + path, { headers: { 'X-Auth-Token': token, ...headers } });
    const first = await get('/league/findAllLeagues');
    const etag = first.headers.get('etag') ?? '';
    await first.arrayBuffer();
    await (await get('/league/findAllLeagues')).arrayBuffer();
    assert.equal((await get('/league/findAllLeagues', { 'If-None-Match': etag })).status, 304);
    assert.equal((await get('/league/settings/999999')).status, 404);
    assert.equal((await get('/no/such/path/12345')).status, 404);
    assert.equal((await fetch(`${server.url}/league/settings/11`)).status, 401);
    assert.equal((await get('/league/settings/11')).status, 200);
    assert.equal((await get('/league/settings/11')).status, 429, 'the sixth request of the token');

    const samples = await scrape(metricsUrl);
    const count = requestCounts(samples);
    assert.equal(count('findAllLeagues', '200'), 2);
    assert.equal(count('findAllLeagues', '304'), 1);
    assert.equal(count('getLeagueSettings', '404'), 1);
    assert.equal(count('getLeagueSettings', '401'), 1);
    assert.equal(count('getLeagueSettings', '429'), 1);
    assert.equal(count('unmatched', '404'), 2, 'this path and /metrics on the public port');
    const inf = value(samples, 'fantasy_http_request_duration_seconds_bucket', {
      route: 'findAllLeagues',
      status: '200',
      le: '+Inf',
    });
    assert.equal(inf, 2);
    const buckets = samples
      .filter(
        (s) =>
          s.name === 'fantasy_http_request_duration_seconds_bucket' &&
          s.labels.route === 'findAllLeagues' &&
          s.labels.status === '200',
      )
      .map((s) => s.value);
    assert.deepEqual(
      buckets,
      [...buckets].sort((a, b) => a - b),
      'cumulative buckets',
    );
    assert.ok(
      value(samples, 'fantasy_http_request_duration_seconds_sum', {
        route: 'findAllLeagues',
        status: '200',
      }) > 0,
    );
    // One miss (the first list), then hits: the second list, the 304 and the league.
    assert.equal(value(samples, 'fantasy_response_cache_lookups_total', { result: 'miss' }), 3);
    assert.equal(value(samples, 'fantasy_response_cache_lookups_total', { result: 'hit' }), 2);
    assert.equal(value(samples, 'fantasy_rate_limit_refusals_total'), 1);
    assert.equal(value(samples, 'fantasy_store_up'), 1);
    assert.ok(samples.some((s) => s.name === 'process_cpu_user_seconds_total'));
  });

  it('counts admin and connect requests by operation, never by id or token', async () => {
    const { key } = await createAdminKey(server.store.db, 'metrics');
    const admin = (method: string, path: string, body?: unknown, auth = true) =>
      fetch(server.url + path, {
        method,
        headers: {
          ...(auth && { authorization: `Bearer ${key}` }),
          ...(body !== undefined && { 'content-type': 'application/json' }),
        },
        ...(body !== undefined && { body: JSON.stringify(body) }),
      });
    const created = await admin('POST', '/admin/users', { name: 'metered' });
    assert.equal(created.status, 201);
    const { user_id: userId } = (await created.json()) as { user_id: number };
    assert.equal((await admin('GET', '/admin/users')).status, 200);
    assert.equal((await admin('GET', '/admin/users', undefined, false)).status, 401);
    assert.equal((await admin('GET', '/admin/users/999999')).status, 404);
    assert.equal((await admin('PUT', '/admin/users')).status, 405);
    const session = await admin('POST', `/admin/users/${userId}/connect-sessions`, {
      platforms: ['sleeper'],
    });
    assert.equal(session.status, 201);
    const { url } = (await session.json()) as { url: string };
    sessionToken = new URL(url).pathname.split('/')[2] as string;
    const page = await fetch(url);
    assert.equal(page.status, 200);
    const csrf = /name="csrf" value="([^"]+)"/.exec(await page.text())?.[1] ?? '';
    const finish = await fetch(`${url}/finish`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `csrf=${encodeURIComponent(csrf)}`,
    });
    assert.equal(finish.status, 200);
    assert.equal((await fetch(url)).status, 410);
    assert.equal((await fetch(`${url}/link/sleeper/extra`)).status, 404);

    const count = requestCounts(await scrape(metricsUrl));
    assert.equal(count('adminCreateUser', '201'), 1);
    assert.equal(count('adminListUsers', '200'), 1);
    assert.equal(count('adminListUsers', '401'), 1);
    assert.equal(count('adminGetUser', '404'), 1);
    assert.equal(count('adminCreateConnectSession', '201'), 1);
    assert.equal(count('connectPage', '200'), 1);
    assert.equal(count('connectFinish', '200'), 1);
    assert.equal(count('connectPage', '410'), 1);
    // No operation has these: a method no admin path takes, a path the page does not have.
    assert.equal(count('unmatched', '405'), 1);
    assert.equal(count('unmatched', '404'), 3);
  });

  it('never puts an id or a token in a label', async () => {
    const response = await fetch(metricsUrl);
    const text = await response.text();
    assert.ok(!text.includes(token) && !text.includes('fld_'), 'no token');
    assert.ok(!text.includes(sessionToken.slice(10)) && !/fla_|fcs_/.test(text), 'no key');
    const { samples } = parseExposition(text);
    const allowed: Record<string, (v: string) => boolean> = {
      route: (v) => /^[a-zA-Z]+$/.test(v),
      status: (v) => /^([1-5]\d\d|other|timeout|network_error)$/.test(v),
      le: (v) => /^([0-9.]+|\+Inf)$/.test(v),
      result: (v) => v === 'hit' || v === 'miss',
      platform: (v) => (PLATFORMS as readonly string[]).includes(v),
      outcome: (v) => ['ok', 'unchanged', 'partial', 'failed'].includes(v),
      surface: (v) => (AUTH_SURFACES as readonly string[]).includes(v),
    };
    for (const sample of samples.filter((s) => s.name.startsWith('fantasy_'))) {
      for (const [label, labelValue] of Object.entries(sample.labels)) {
        assert.ok(allowed[label]?.(labelValue), `${sample.name} ${label}="${labelValue}"`);
      }
    }
  });
});

describe('/metrics: off unless asked, and the key', () => {
  it('has no listener without METRICS_PORT, and asks for the key when METRICS_KEY is set', async () => {
    const dir = tempDataDir();
    try {
      const plain = await startServer(
        loadConfig({ FANTASY_DATA_DIR: dir.path, HOST: '127.0.0.1', PORT: '0' }),
      );
      assert.equal(plain.metricsUrl, undefined);
      await plain.close();
      const key = 'k'.repeat(12) + 'secret-key';
      const keyed = await startServer(
        loadConfig({
          FANTASY_DATA_DIR: dir.path,
          HOST: '127.0.0.1',
          PORT: '0',
          METRICS_PORT: '0',
          METRICS_KEY: key,
        }),
      );
      try {
        const url = keyed.metricsUrl ?? assert.fail('no metrics listener');
        assert.equal((await fetch(url)).status, 401);
        const wrong = await fetch(url, { headers: { Authorization: `Bearer ${key}x` } });
        assert.equal(wrong.status, 401);
        await scrape(url, { headers: { Authorization: `Bearer ${key}` } });
      } finally {
        await keyed.close();
      }
    } finally {
      dir.remove();
    }
    assert.throws(() => loadConfig({ METRICS_KEY: 'short' }), /METRICS_KEY/);
    assert.throws(() => loadConfig({ METRICS_PORT: 'x' }), /METRICS_PORT/);
  });
});

describe('metrics of syncs, upstream calls and Redis', () => {
  it('records account syncs by platform and outcome, and upstream calls by status', async () => {
    const metrics = new ServiceMetrics({ operationIds: [], storePing: async () => undefined });
    const dir = tempDataDir();
    const store = await openStore({ databaseUrl: undefined, dataDir: dir.path });
    try {
      const { supportedSeasons } = loadConfig({});
      await loadDemo(store, { seasons: supportedSeasons });
      await syncAll(store, createConnectorRegistry(loadConfig({})), {
        sports: [],
        seasons: [],
        supportedSeasons,
        trigger: 'test',
        onAccountSynced: (account, ms) =>
          metrics.recordSync(account.platform, account.outcome, ms / 1000),
      });
    } finally {
      await store.close();
      dir.remove();
    }

    const upstream = createServer((req, res) => {
      res.writeHead(req.url === '/found' ? 200 : 404, { 'Content-Type': 'application/json' });
      res.end('{}');
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
    const stop = observeUpstreamCalls((call) =>
      metrics.recordUpstreamCall(call.platform, call.status),
    );
    try {
      const client = createHttpClient({ platform: 'sleeper', maxAttempts: 1 });
      await client.getJson(`${base}/found`, { endpoint: 'found' });
      await assert.rejects(client.getJson(`${base}/missing`, { endpoint: 'missing' }));
    } finally {
      stop();
      upstream.close();
    }
    metrics.watchRedis(() => false);

    const { samples } = parseExposition((await metrics.scrape()).body);
    assert.equal(
      value(samples, 'fantasy_sync_duration_seconds_count', {
        platform: 'demo',
        outcome: 'unchanged',
      }),
      1,
      'the demo, already loaded, syncs unchanged',
    );
    const upstreamCount = (status: string) =>
      value(samples, 'fantasy_upstream_requests_total', { platform: 'sleeper', status });
    assert.equal(upstreamCount('200'), 1);
    assert.equal(upstreamCount('404'), 1);
    assert.equal(value(samples, 'fantasy_redis_up'), 0);
  });
});

describe('RequestMetrics', () => {
  it('files each response under its route and status, unknown ones as unmatched and other', () => {
    const metrics = new RequestMetrics(['findAllLeagues']);
    metrics.responded('findAllLeagues', 200, 0.0001);
    metrics.responded('findAllLeagues', 200, 0.003);
    metrics.responded('findAllLeagues', 200, 99);
    metrics.responded('nonsense', 418, 0.2);
    metrics.responded(undefined, 404, 0.0007);
    const cells = metrics.latencyCells();
    assert.deepEqual(
      cells.map((c) => [c.route, c.status, c.count]),
      [
        ['findAllLeagues', '200', 3],
        ['unmatched', '404', 1],
        ['unmatched', 'other', 1],
      ],
    );
    const first = cells[0] ?? assert.fail();
    // Buckets 0.0005 (0.0001), 0.005 (0.003), and above every bound (99).
    assert.deepEqual(
      first.buckets.map((n, i) => (n > 0 ? i : -1)).filter((i) => i >= 0),
      [0, 3, 12],
    );
    assert.ok(Math.abs(first.sum - 99.0031) < 1e-9);
  });
});

describe('docs/grafana-dashboard.json', () => {
  it('queries only metrics the service exports', async () => {
    const dashboard = readFileSync(
      new URL('../../docs/grafana-dashboard.json', import.meta.url),
      'utf8',
    );
    const metrics = new ServiceMetrics({ operationIds: [], storePing: async () => undefined });
    metrics.watchRedis(() => true);
    const exported = new Set(metrics.registry.getMetricsAsArray().map((metric) => metric.name));
    const used = new Set(dashboard.match(/\b(fantasy|nodejs|process)_[a-z0-9_]+/g) ?? []);
    assert.ok(used.size >= 8);
    for (const name of used) {
      const base = name.replace(/_(bucket|count|sum)$/, '');
      assert.ok(exported.has(name) || exported.has(base), `${name} is not exported`);
    }
  });
});

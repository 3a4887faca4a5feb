// Guessing admin keys, connect links, form tokens and API tokens is limited per client address:
// past AUTH_FAILURES_PER_MINUTE failures on a surface the address gets 429 with Retry-After there,
// before any lookup (a valid key never seen from it is held back too), while a credential that
// worked keeps working and other addresses are not touched. The metrics count both; with Redis,
// two instances count together.
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, afterEach, beforeEach, describe, it } from 'node:test';
import { loadConfig } from '../../src/config.ts';
import { addressOf } from '../../src/serving/auth-throttle.ts';
import { generateAdminKey, generateConnectToken, generateToken } from '../../src/domain/tokens.ts';
import { startServer } from '../../src/main.ts';
import type { RunningServer } from '../../src/main.ts';
import { createAdminKey } from '../../src/storage/repositories/admin-keys.ts';
import { startTestApp } from '../helpers/app.ts';
import type { TestApp } from '../helpers/app.ts';
import { testBackends } from '../helpers/store.ts';
import { createSession, csrfOf, postForm } from '../connect/page-helpers.ts';
import { adminClient } from './admin-helpers.ts';
import { SKIP_WITHOUT_REDIS, TEST_REDIS_URL, deleteKeys, uniquePrefix } from './redis.ts';

/** AUTH_FAILURES_PER_MINUTE's default (test/config.test.ts). */
const LIMIT = 20;

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A GET from a chosen loopback address (127.0.0.2 is another client to the server). */
function get(
  url: string,
  headers: Record<string, string>,
  localAddress = '127.0.0.1',
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers, localAddress, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

function assertThrottled(answer: Answer, page = false): void {
  assert.equal(answer.status, 429, answer.body.slice(0, 300));
  assert.ok(Number(answer.headers['retry-after']) >= 1, 'Retry-After in seconds');
  if (page) assert.match(answer.body, /Too many tries.*Wait \d+ seconds and try again\./s);
  else assert.equal((JSON.parse(answer.body) as { code: string }).code, 'auth_throttled');
}

for (const dialect of testBackends()) {
  describe(`failed authentications are limited per client address (${dialect})`, () => {
    // Each test has an app of its own: the address's counts of one would hold back the next.
    let t: TestApp;
    beforeEach(async () => {
      t = await startTestApp({ dialect });
    });
    afterEach(() => t?.close());

    it('admin API: 429 after the limit of wrong keys; a key that worked still works, another address too', async () => {
      const { key } = await createAdminKey(t.store.db, 'worked');
      const users = `${t.baseUrl}/admin/users`;
      assert.equal((await get(users, bearer(key))).status, 200);
      for (let i = 0; i < LIMIT; i++) {
        assert.equal((await get(users, bearer(generateAdminKey()))).status, 401, `failure ${i}`);
      }
      assertThrottled(await get(users, bearer(generateAdminKey())));
      assert.equal((await get(users, bearer(key))).status, 200, 'the key that worked');
      // A key never seen from this address is not even looked up: no guess is told apart.
      const fresh = (await createAdminKey(t.store.db, 'fresh')).key;
      assertThrottled(await get(users, bearer(fresh)));
      assert.equal((await get(users, bearer(fresh), '127.0.0.2')).status, 200, 'other address');
    });

    it('connect page: unknown links and forged forms past the limit get a 429 page; an opened link still works', async () => {
      const user = await t.createUser('carol');
      const session = await createSession(await adminClient(t), user.id, {
        platforms: ['sleeper'],
      });
      const page = await get(session.url, {});
      assert.equal(page.status, 200);
      const csrf = csrfOf(page.body);
      for (let i = 0; i < LIMIT; i++) {
        assert.equal((await get(`${t.baseUrl}/connect/${generateConnectToken()}`, {})).status, 404);
      }
      assertThrottled(await get(`${t.baseUrl}/connect/${generateConnectToken()}`, {}), true);
      assert.equal((await get(session.url, {})).status, 200, 'the link opened before');

      for (let i = 0; i < LIMIT; i++) {
        const forged = await postForm(t, `${session.path}/link/sleeper`, { csrf: `x${i}` });
        assert.equal(forged.status, 403);
        await forged.arrayBuffer();
      }
      const held = await postForm(t, `${session.path}/link/sleeper`, { csrf: 'guess' });
      assertThrottled(
        {
          status: held.status,
          headers: { 'retry-after': held.headers.get('retry-after') ?? undefined },
          body: await held.text(),
        },
        true,
      );
      const real = await postForm(t, `${session.path}/link/sleeper`, { csrf, username: '' });
      assert.notEqual(real.status, 429, 'the right form token goes through');
      await real.arrayBuffer();
    });

    it('API: 429 after the limit of unknown tokens; a token that worked still works', async () => {
      const user = await t.createUser('dave');
      const token = await t.issueToken(user.id);
      const leagues = `${t.baseUrl}/league/findAllLeagues`;
      assert.equal((await get(leagues, { 'x-auth-token': token })).status, 200);
      for (let i = 0; i < LIMIT; i++) {
        assert.equal((await get(leagues, { 'x-auth-token': generateToken() })).status, 401);
      }
      assertThrottled(await get(leagues, { 'x-auth-token': generateToken() }));
      // Past the token cache's second too: a token that worked is never held back.
      await new Promise((resolve) => setTimeout(resolve, 1100));
      assert.equal((await get(leagues, { 'x-auth-token': token })).status, 200);
      assertThrottled(await get(leagues, { 'x-auth-token': await t.issueToken(user.id) }));
    });
  });
}

describe('failed authentications in the metrics, and across instances with Redis', () => {
  const prefix = uniquePrefix();
  const dir = mkdtempSync(join(tmpdir(), 'fantasy-auth-throttle-'));
  const servers: RunningServer[] = [];
  after(async () => {
    for (const server of servers) await server.close();
    rmSync(dir, { recursive: true, force: true });
    await deleteKeys(prefix);
  });
  const config = (redis: boolean) =>
    loadConfig({
      FANTASY_DATA_DIR: dir,
      HOST: '127.0.0.1',
      PORT: '0',
      METRICS_PORT: '0',
      SYNC_INTERVAL_MINUTES: '0',
      SYNC_WORKER_IN_SERVE: 'false',
      FANTASY_DEMO_ON_EMPTY: 'false',
      ...(redis && { REDIS_URL: TEST_REDIS_URL }),
    });
  const options = {
    queuePrefix: `${prefix}q`,
    budgetKeyPrefix: `${prefix}budget:`,
    rateLimitKeyPrefix: `${prefix}rl:`,
    attemptKeyPrefix: `${prefix}attempts:`,
  };

  it('/metrics counts the failures and the 429s by surface', async () => {
    const server = await startServer(config(false));
    try {
      for (let i = 0; i <= LIMIT; i++)
        await get(`${server.url}/admin/users`, bearer(generateAdminKey()));
      const text = await (await fetch(server.metricsUrl as string)).text();
      assert.match(
        text,
        new RegExp(`^fantasy_auth_failures_total\\{surface="admin"\\} ${LIMIT}$`, 'm'),
      );
      assert.match(text, /^fantasy_auth_throttled_total\{surface="admin"\} 1$/m);
      assert.match(text, /^fantasy_auth_failures_total\{surface="api"\} 0$/m);
    } finally {
      await server.close();
    }
  });

  it('two instances count one limit in Redis', { skip: SKIP_WITHOUT_REDIS }, async () => {
    servers.push(await startServer(config(true), options));
    servers.push(await startServer(config(true), options));
    const [one, two] = servers as [RunningServer, RunningServer];
    for (let i = 0; i < LIMIT; i++) {
      const server = i % 2 === 0 ? one : two;
      assert.equal(
        (await get(`${server.url}/admin/users`, bearer(generateAdminKey()))).status,
        401,
      );
    }
    assertThrottled(await get(`${one.url}/admin/users`, bearer(generateAdminKey())));
    assertThrottled(await get(`${two.url}/admin/users`, bearer(generateAdminKey())));
  });
});

describe('the address a client is counted under', () => {
  it('is IPv4 as it is, and IPv6 by its /64', () => {
    const of = (remoteAddress: string) => addressOf({ socket: { remoteAddress } });
    assert.equal(of('203.0.113.9'), '203.0.113.9');
    assert.equal(of('::ffff:203.0.113.9'), '203.0.113.9');
    assert.equal(of('2001:db8:1:2:3:4:5:6'), '2001:db8:1:2::/64');
    assert.equal(of('2001:db8:1:2::9'), '2001:db8:1:2::/64');
    assert.equal(of('2001:DB8:0001::'), '2001:db8:1:0::/64');
    assert.equal(of('fe80::1%eth0'), 'fe80:0:0:0::/64');
    assert.equal(of('::1'), '0:0:0:0::/64');
  });
});

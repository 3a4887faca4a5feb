// CORS_ORIGINS: off by default; when set, the public API answers a listed origin's requests and
// preflights (cached answers, 304s and problems alike), never another origin's, and the admin API
// never answers cross-origin.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { writeLeagueSnapshot, writePlayerPool } from '../../src/storage/repositories/snapshots.ts';
import { buildLeagueSnapshot, buildPlayerPool } from '../helpers/records.ts';
import { startTestApp } from '../helpers/app.ts';
import type { TestApp } from '../helpers/app.ts';

const APP = 'https://app.example.com';
const OTHER = 'https://evil.example.net';

async function world(corsOrigins: readonly string[]) {
  const t = await startTestApp({ dialect: 'sqlite', config: { corsOrigins } });
  const user = await t.createUser('alice');
  await writePlayerPool(t.store, buildPlayerPool());
  const { leagueId } = await writeLeagueSnapshot(t.store, buildLeagueSnapshot(), {
    userId: user.id,
    accountId: null,
  });
  return { t, leagueId, token: await t.issueToken(user.id) };
}

describe('CORS', () => {
  describe('off by default', () => {
    let w: Awaited<ReturnType<typeof world>>;
    before(async () => (w = await world([])));
    after(() => w.t.close());

    it('grants no origin and answers a preflight 405', async () => {
      const path = `/league/settings/${w.leagueId}`;
      const answer = await w.t.request(path, { token: w.token, headers: { Origin: APP } });
      assert.equal(answer.status, 200);
      assert.equal(answer.headers.get('access-control-allow-origin'), null);
      await answer.arrayBuffer();
      const preflight = await w.t.request(path, {
        method: 'OPTIONS',
        headers: { Origin: APP, 'Access-Control-Request-Method': 'GET' },
      });
      assert.equal(preflight.status, 405);
      await preflight.arrayBuffer();
    });
  });

  describe('with CORS_ORIGINS', () => {
    let w: Awaited<ReturnType<typeof world>>;
    let t: TestApp;
    before(async () => {
      w = await world([APP]);
      t = w.t;
    });
    after(() => t.close());

    it('grants a listed origin on answers built, cached, 304 and problems', async () => {
      const path = `/league/settings/${w.leagueId}`;
      const headers = { Origin: APP };
      const first = await t.request(path, { token: w.token, headers });
      const etag = first.headers.get('etag') ?? '';
      await first.arrayBuffer();
      const again = await t.request(path, { token: w.token, headers });
      await again.arrayBuffer();
      const notModified = await t.request(path, {
        token: w.token,
        headers: { ...headers, 'If-None-Match': etag },
      });
      assert.equal(notModified.status, 304);
      const refused = await t.request(path, { headers });
      assert.equal(refused.status, 401);
      await refused.arrayBuffer();
      for (const answer of [first, again, notModified, refused]) {
        assert.equal(answer.headers.get('access-control-allow-origin'), APP);
        assert.match(answer.headers.get('vary') ?? '', /Origin/);
        assert.match(answer.headers.get('access-control-expose-headers') ?? '', /ETag/);
      }
    });

    it('grants no other origin, and says the answer varies by origin', async () => {
      const answer = await t.request(`/league/settings/${w.leagueId}`, {
        token: w.token,
        headers: { Origin: OTHER },
      });
      assert.equal(answer.status, 200);
      assert.equal(answer.headers.get('access-control-allow-origin'), null);
      assert.match(answer.headers.get('vary') ?? '', /Origin/);
      await answer.arrayBuffer();
    });

    it("answers a listed origin's preflight, and no other", async () => {
      const path = `/league/settings/${w.leagueId}`;
      const ask = (origin: string) =>
        t.request(path, {
          method: 'OPTIONS',
          headers: {
            Origin: origin,
            'Access-Control-Request-Method': 'GET',
            'Access-Control-Request-Headers': 'x-auth-token',
          },
        });
      const granted = await ask(APP);
      assert.equal(granted.status, 204);
      assert.equal(granted.headers.get('access-control-allow-origin'), APP);
      assert.match(granted.headers.get('access-control-allow-methods') ?? '', /GET/);
      assert.match(granted.headers.get('access-control-allow-headers') ?? '', /X-Auth-Token/);
      assert.match(granted.headers.get('access-control-allow-headers') ?? '', /Authorization/);
      await granted.arrayBuffer();
      const other = await ask(OTHER);
      assert.equal(other.status, 405);
      assert.equal(other.headers.get('access-control-allow-origin'), null);
      await other.arrayBuffer();
    });

    it('never answers the admin API cross-origin', async () => {
      const answer = await t.request('/admin/users', { headers: { Origin: APP } });
      assert.equal(answer.headers.get('access-control-allow-origin'), null);
      await answer.arrayBuffer();
    });
  });

  it('takes exact origins only, naming the variable otherwise', () => {
    assert.deepEqual(loadConfig({ CORS_ORIGINS: `${APP}, http://localhost:5173` }).corsOrigins, [
      APP,
      'http://localhost:5173',
    ]);
    assert.deepEqual(loadConfig({}).corsOrigins, []);
    for (const bad of ['*', 'https://app.example.com/path', 'app.example.com']) {
      assert.throws(() => loadConfig({ CORS_ORIGINS: bad }), ConfigError);
    }
  });
});

// The one security suite, run against every API route: missing, malformed, unknown, expired and
// revoked tokens; a token without the route's product; another user's league; both headers.
// Then every admin operation: no key, a user token, a revoked, unknown or wrong kind of key,
// another user's objects, the per-key rate limit; and admin keys refused on the five endpoints.
// Nothing of it may change the store.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { PRODUCTS } from '../../src/domain/catalog.ts';
import { generateAdminKey, generateConnectToken, generateToken } from '../../src/domain/tokens.ts';
import { loadConfig } from '../../src/config.ts';
import { apiRoutes } from '../../src/http/routes/index.ts';
import { ADMIN_ROUTES } from '../../src/http/admin/routes/index.ts';
import { createAdminKey, revokeAdminKey } from '../../src/storage/repositories/admin-keys.ts';
import { listTokensForUser } from '../../src/storage/repositories/tokens.ts';
import { startTestApp } from '../helpers/app.ts';
import type { TestApp } from '../helpers/app.ts';
import { testBackends } from '../helpers/store.ts';
import { expectProblem } from './expect.ts';
import { asResponse, sendRaw } from './raw.ts';
import { buildWorld } from './world.ts';
import type { World } from './world.ts';

/** A request each route answers 200 to for Alice, given the league to ask about. */
const API_ROUTES = apiRoutes(loadConfig({}).supportedSeasons);

const PATHS: Record<string, (leagueId: number) => string> = {
  findAllLeagues: () => '/league/findAllLeagues',
  getLeagueSettings: (leagueId) => `/league/settings/${leagueId}`,
  getPlayerById: (leagueId) => `/players/${leagueId}/searchPlayer/player_id/4046`,
  searchPlayerByName: (leagueId) => `/players/${leagueId}/searchPlayer/name/mahomes`,
  getAllRosteredByName: (leagueId) => `/players/getAllRostered/${leagueId}/names`,
  listTeams: (leagueId) => `/league/teams/${leagueId}`,
  getTeam: (leagueId) => `/league/teams/${leagueId}/1`,
  getStandings: (leagueId) => `/league/standings/${leagueId}`,
  listMatchups: (leagueId) => `/league/matchups/${leagueId}?week=1`,
  listTransactions: (leagueId) => `/league/transactions/${leagueId}?type=trade&limit=5`,
  getDraft: (leagueId) => `/league/draft/${leagueId}`,
  getRules: (leagueId) => `/league/rules/${leagueId}`,
  listLineups: (leagueId) => `/league/lineups/${leagueId}?week=1&roster_id=1`,
  getHistory: (leagueId) => `/league/history/${leagueId}`,
  getPlayerInjury: (leagueId) => `/players/${leagueId}/injury/4046`,
  searchPlayers: (leagueId) => `/players/${leagueId}/search?name=mahomes`,
  getPlayerIds: (leagueId) => `/players/${leagueId}/ids/4046`,
  getUser: () => '/user',
  getMeta: () => '/meta',
};

/** The leagues a user-scoped route's answer (no league_id in its path) shows. */
const SHOWN_LEAGUES: Record<string, (body: unknown) => number[]> = {
  findAllLeagues: (body) => (body as Array<{ league_id: number }>).map((l) => l.league_id),
  getMeta: (body) =>
    (body as { leagues: Array<{ league_id: number }> }).leagues.map((l) => l.league_id),
};

/** The next step a person without a working token needs: the two ways tokens are issued. */
function assertSaysWhereTokensComeFrom(detail: string): void {
  assert.match(detail, /fantasy-data tokens create --user NAME --products/);
  assert.match(detail, /POST \/admin\/users\/\{user_id\}\/tokens/);
}

const RATE_HEADERS = [
  'ratelimit-limit',
  'ratelimit-remaining',
  'ratelimit-reset',
  'ratelimit-policy',
];

describe('the security suite covers every route', () => {
  it('has a path for each route of the app', () => {
    assert.deepEqual(
      Object.keys(PATHS).sort(),
      API_ROUTES.map((route) => route.doc.operationId).sort(),
    );
  });
});

for (const dialect of testBackends()) {
  describe(`security (${dialect})`, () => {
    let t: TestApp;
    let w: World;
    let seqBefore: number;

    before(async () => {
      // Many refused credentials from one address: past AUTH_FAILURES_PER_MINUTE they would be
      // answered 429 (test/http/auth-throttle.test.ts), so the limit is off here.
      t = await startTestApp({ dialect, config: { authFailuresPerMinute: 0 } });
      w = await buildWorld(t);
      seqBefore = await t.dataSeq();
    });
    after(async () => {
      // Every refused request was a read: the store's change counter has not moved.
      assert.equal(await t.dataSeq(), seqBefore);
      await t.close();
    });

    for (const route of API_ROUTES) {
      const { operationId, product } = route.doc;
      const pathFor = PATHS[operationId] as (leagueId: number) => string;
      const path = () => pathFor(w.leagues.main);
      const send = (headers: Record<string, string>) => t.request(path(), { headers });

      describe(operationId, () => {
        it('answers 200 with either header name', async () => {
          for (const header of ['X-Auth-Token', 'auth_token']) {
            const response = await send({ [header]: w.tokens.alice });
            assert.equal(response.status, 200, header);
            for (const name of RATE_HEADERS) assert.ok(response.headers.has(name), name);
            await response.arrayBuffer();
          }
          const same = await send({ 'X-Auth-Token': w.tokens.alice, auth_token: w.tokens.alice });
          assert.equal(same.status, 200);
          await same.arrayBuffer();
        });

        it('answers 401 with WWW-Authenticate when no token is sent, saying where one comes from', async () => {
          const cases: Array<Record<string, string>> = [{}, { 'X-Auth-Token': '' }];
          for (const headers of cases) {
            const response = await send(headers);
            const body = await expectProblem(response, 'token_missing');
            assertSaysWhereTokensComeFrom(body.detail);
            assert.equal(
              response.headers.get('www-authenticate'),
              'Token realm="fantasy-league-data", header="X-Auth-Token"',
            );
            for (const name of RATE_HEADERS) assert.equal(response.headers.get(name), null, name);
          }
        });

        it('answers 401 to a malformed or unknown token, without echoing it', async () => {
          for (const token of ['garbage', `${generateToken()}x`, generateToken()]) {
            const response = await send({ auth_token: token });
            assert.match(response.headers.get('www-authenticate') ?? '', /error="invalid_token"/);
            const body = await expectProblem(response, 'token_invalid');
            assert.ok(!JSON.stringify(body).includes(token));
            assertSaysWhereTokensComeFrom(body.detail);
          }
        });

        it('answers 401 to an expired token', async () => {
          const body = await expectProblem(
            await send({ 'X-Auth-Token': w.tokens.aliceExpired }),
            'token_expired',
          );
          assert.match(body.detail, /2021-01-01T00:00:00.000Z/);
          assertSaysWhereTokensComeFrom(body.detail);
        });

        it('answers 401 to a revoked token', async () => {
          const body = await expectProblem(
            await send({ 'X-Auth-Token': w.tokens.aliceRevoked }),
            'token_revoked',
          );
          assertSaysWhereTokensComeFrom(body.detail);
        });

        it(`answers 403 naming "${product}" to a token with every other product`, async () => {
          const others = PRODUCTS.filter((other) => other !== product);
          const token = await t.issueToken(w.aliceId, { products: others });
          const response = await send({ 'X-Auth-Token': token });
          const body = await expectProblem(response, 'product_missing');
          assert.equal(body.required_product, product);
          assert.match(body.detail, new RegExp(`"${product}"`));
          assert.match(body.detail, /new token/);
          assert.match(body.detail, new RegExp(`--products "${product} \\.\\.\\."`));
          assert.match(body.detail, /POST \/admin\/users\/\{user_id\}\/tokens/);
          for (const name of RATE_HEADERS) assert.ok(response.headers.has(name), name);
        });

        it('takes the token as Authorization: Bearer too, and says how to send one', async () => {
          const ok = await send({ authorization: `Bearer ${w.tokens.alice}` });
          assert.equal(ok.status, 200);
          await ok.arrayBuffer();
          const same = await send({
            authorization: `bearer ${w.tokens.alice}`,
            auth_token: w.tokens.alice,
          });
          assert.equal(same.status, 200);
          await same.arrayBuffer();
          const other = await send({
            authorization: `Bearer ${w.tokens.bob}`,
            'X-Auth-Token': w.tokens.alice,
          });
          await expectProblem(other, 'conflicting_tokens');
          const basic = await expectProblem(
            await send({ authorization: 'Basic YTpi' }),
            'token_missing',
          );
          assert.match(basic.detail, /Bearer <token>/);
        });

        it('answers 400 when the two headers carry different tokens', async () => {
          const response = await send({ 'X-Auth-Token': w.tokens.alice, auth_token: w.tokens.bob });
          const body = await expectProblem(response, 'conflicting_tokens');
          assert.ok(!body.detail.includes(w.tokens.alice) && !body.detail.includes(w.tokens.bob));
        });

        it('reads a token header line sent twice with one token as one; two tokens are a 400', async () => {
          const get = (lines: Array<[string, string]>) =>
            sendRaw(
              t.baseUrl,
              `GET ${path()} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n` +
                `${lines.map(([name, value]) => `${name}: ${value}\r\n`).join('')}\r\n`,
            );
          const { alice, bob } = w.tokens;
          for (const header of ['X-Auth-Token', 'auth_token']) {
            const twice = await get([
              [header, alice],
              [header, alice],
            ]);
            assert.equal(twice?.status, 200, header);
            const differing = await get([
              [header, alice],
              [header, bob],
            ]);
            const body = await expectProblem(asResponse(differing), 'conflicting_tokens');
            assert.match(body.detail, new RegExp(`${header} was sent more than once`));
            assert.ok(!body.detail.includes(alice) && !body.detail.includes(bob));
          }
          const mixed = await get([
            ['auth_token', alice],
            ['X-Auth-Token', alice],
            ['auth_token', alice],
          ]);
          assert.equal(mixed?.status, 200);
        });

        const shown = SHOWN_LEAGUES[operationId];
        if (shown !== undefined) {
          it("never shows another user's league", async () => {
            const response = await t.request(path(), { token: w.tokens.bob });
            assert.deepEqual(shown(await response.json()), [w.leagues.bobs]);
          });
        } else if (operationId === 'getUser') {
          it("shows the token's own user only", async () => {
            const response = await t.request(path(), { token: w.tokens.bob });
            const body = (await response.json()) as { user_id: number; accounts: unknown[] };
            assert.equal(body.user_id, w.bobId);
          });
        } else {
          it("answers 404 for another user's league, as for one that does not exist", async () => {
            const foreign = await t.request(pathFor(w.leagues.bobs), { token: w.tokens.alice });
            await expectProblem(foreign, 'league_not_found');
            const back = await t.request(pathFor(w.leagues.main), { token: w.tokens.bob });
            await expectProblem(back, 'league_not_found');
            const espn = await t.request(pathFor(w.leagues.carolsEspn), { token: w.tokens.alice });
            await expectProblem(espn, 'league_not_found');
          });
        }
      });
    }

    it('never writes a token into the log', () => {
      const lines = JSON.stringify(t.logs);
      for (const token of Object.values(w.tokens)) assert.ok(!lines.includes(token));
      assert.ok(t.logs.length > 0);
    });
  });
}

/** A concrete path of an admin operation: the template with the world's ids filled in. */
function adminPath(template: string, ids: { userId: number; tokenId: number }): string {
  return template
    .replace('{user_id}', String(ids.userId))
    .replace('{token_id}', String(ids.tokenId))
    .replace('{platform}', 'sleeper')
    .replace('{sync_id}', '1')
    .replace('{webhook_id}', '1')
    .replace('{delivery_id}', '1');
}

for (const dialect of testBackends()) {
  describe(`admin security (${dialect})`, () => {
    let t: TestApp;
    let w: World;
    let key: string;
    let revokedKey: string;
    let seqBefore: number;
    let aliceTokenId: number;
    let bobTokenId: number;

    before(async () => {
      // Many refused credentials from one address: past AUTH_FAILURES_PER_MINUTE they would be
      // answered 429 (test/http/auth-throttle.test.ts), so the limit is off here.
      t = await startTestApp({ dialect, config: { authFailuresPerMinute: 0 } });
      w = await buildWorld(t);
      key = (await createAdminKey(t.store.db, 'app')).key;
      const revoked = await createAdminKey(t.store.db, 'old app');
      await revokeAdminKey(t.store.db, revoked.stored.id);
      revokedKey = revoked.key;
      aliceTokenId = (await listTokensForUser(t.store.db, w.aliceId))[0]?.id as number;
      bobTokenId = (await listTokensForUser(t.store.db, w.bobId))[0]?.id as number;
      seqBefore = await t.dataSeq();
    });
    after(async () => {
      assert.equal(await t.dataSeq(), seqBefore, 'no refused admin call changed the store');
      await t.close();
    });

    for (const route of ADMIN_ROUTES) {
      const { operationId, method } = route.doc;
      const send = (headers: Record<string, string>) =>
        t.request(adminPath(route.doc.path, { userId: w.aliceId, tokenId: aliceTokenId }), {
          method,
          headers: { ...headers, 'content-type': 'application/json' },
          ...(method === 'POST' && { body: JSON.stringify(route.doc.example.body ?? {}) }),
        });

      describe(`${method} ${operationId}`, () => {
        it('answers 401 without an admin key, and to a user token in either place', async () => {
          const missing = await send({});
          await expectProblem(missing, 'admin_key_missing');
          assert.match(missing.headers.get('www-authenticate') ?? '', /^Bearer /);
          const userToken = await expectProblem(
            await send({ 'X-Auth-Token': w.tokens.alice }),
            'admin_key_missing',
          );
          assert.match(userToken.detail, /does not accept user tokens/);
          const asBearer = await expectProblem(
            await send({ authorization: `Bearer ${w.tokens.alice}` }),
            'admin_key_invalid',
          );
          assert.match(asBearer.detail, /user token/);
          // An admin key in the user token's header is not where admin keys go.
          await expectProblem(await send({ 'X-Auth-Token': key }), 'admin_key_missing');
        });

        it('answers 401 to a revoked, an unknown and a wrong kind of key', async () => {
          await expectProblem(
            await send({ authorization: `Bearer ${revokedKey}` }),
            'admin_key_revoked',
          );
          await expectProblem(
            await send({ authorization: `Bearer ${generateAdminKey()}` }),
            'admin_key_invalid',
          );
          await expectProblem(
            await send({ authorization: `Bearer ${generateConnectToken()}` }),
            'admin_key_invalid',
          );
          await expectProblem(await send({ authorization: 'Bearer garbage' }), 'admin_key_invalid');
        });
      });
    }

    it("answers 404 for another user's token, which stays untouched", async () => {
      const path = `/admin/users/${w.aliceId}/tokens/${bobTokenId}`;
      const headers = { authorization: `Bearer ${key}` };
      await expectProblem(await t.request(path, { headers }), 'token_not_found');
      await expectProblem(await t.request(path, { method: 'DELETE', headers }), 'token_not_found');
      const bobs = await t.request('/league/findAllLeagues', { token: w.tokens.bob });
      assert.equal(bobs.status, 200);
      await bobs.arrayBuffer();
    });

    it('refuses an admin key on the five endpoints, in either token header or as Bearer', async () => {
      for (const route of API_ROUTES) {
        const path = (PATHS[route.doc.operationId] as (leagueId: number) => string)(w.leagues.main);
        for (const headers of [
          { 'X-Auth-Token': key } as Record<string, string>,
          { auth_token: key },
          { authorization: `Bearer ${key}` },
        ]) {
          const body = await expectProblem(await t.request(path, { headers }), 'token_invalid');
          assert.match(body.detail, /an admin key is not accepted here/);
          assertSaysWhereTokensComeFrom(body.detail);
        }
      }
    });

    it('rate limits per admin key', async () => {
      const limited = await startTestApp({ dialect, config: { rateLimitPerMinute: 2 } });
      try {
        const first = (await createAdminKey(limited.store.db, 'a')).key;
        const second = (await createAdminKey(limited.store.db, 'b')).key;
        const get = (k: string) =>
          limited.request('/admin/users', { headers: { authorization: `Bearer ${k}` } });
        for (let i = 0; i < 2; i++) {
          const ok = await get(first);
          assert.equal(ok.status, 200);
          assert.equal(ok.headers.get('ratelimit-limit'), '2');
          await ok.arrayBuffer();
        }
        const refused = await get(first);
        await expectProblem(refused, 'rate_limited');
        assert.ok(refused.headers.has('retry-after'));
        const other = await get(second);
        assert.equal(other.status, 200, 'another key has its own budget');
        await other.arrayBuffer();
      } finally {
        await limited.close();
      }
    });

    it('never writes a key or a token into the log', () => {
      const lines = JSON.stringify(t.logs);
      for (const secret of [key, revokedKey, ...Object.values(w.tokens)]) {
        assert.ok(!lines.includes(secret));
      }
    });
  });
}

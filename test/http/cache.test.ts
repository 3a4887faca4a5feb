// The response cache through the real app and store: repeated requests served from memory,
// conditional requests, compression, membership checks on shared entries, and invalidation after
// writes in this process, through a second store handle (another process), to pools and to
// memberships; a revoked token stops working within the token cache's TTL.
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { Config } from '../../src/config.ts';
import type { PlayerRecord } from '../../src/domain/records.ts';
import type { CacheOptions } from '../../src/http/app.ts';
import { TOKEN_CACHE_TTL_MS } from '../../src/serving/auth.ts';
import { MIN_COMPRESSED_BYTES } from '../../src/http/cache/responses.ts';
import type { ReadModel } from '../../src/serving/read-model.ts';
import { openStore } from '../../src/storage/db.ts';
import {
  detachLeagues,
  writeLeagueSnapshot,
  writePlayerPool,
} from '../../src/storage/repositories/snapshots.ts';
import { startTestApp } from '../helpers/app.ts';
import { eventually } from '../helpers/eventually.ts';
import type { TestApp } from '../helpers/app.ts';
import { buildLeagueSnapshot, buildPlayer } from '../helpers/records.ts';
import { testBackends } from '../helpers/store.ts';
import { expectProblem } from './expect.ts';
import { OTHER_JOSH_ALLEN, buildWorld } from './world.ts';
import type { World } from './world.ts';

const POLL_MS = 50;

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A GET that shows the bytes on the wire (fetch would decompress them). */
function rawGet(t: TestApp, path: string, headers: Record<string, string>): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request(`${t.baseUrl}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

/** `count` rostered players: a body well above the compression threshold. */
function manyPlayers(count: number): PlayerRecord[] {
  return Array.from({ length: count }, (_, i) =>
    buildPlayer({
      playerId: String(9000 + i),
      fullName: `Bulk Player ${i}`,
      firstName: 'Bulk',
      lastName: `Player ${i}`,
    }),
  );
}

for (const dialect of testBackends()) {
  describe(`response cache (${dialect})`, () => {
    let t: TestApp;
    let w: World;
    const paths = (league: number) => [
      '/league/findAllLeagues',
      `/league/settings/${league}`,
      `/players/${league}/searchPlayer/player_id/4046`,
      `/players/${league}/searchPlayer/name/mahomes`,
      `/players/getAllRostered/${league}/names`,
    ];

    before(async () => {
      t = await startTestApp({ dialect, cache: { pollIntervalMs: POLL_MS } });
      w = await buildWorld(t);
      await t.app.refresh();
    });
    after(() => t.close());

    /** A second app on its own store, its read model wrapped (to count calls), the world in it. */
    async function withWrappedApp(
      readModel: (defaults: ReadModel) => ReadModel,
      work: (app: TestApp, world: World) => Promise<void>,
    ): Promise<void> {
      const app = await startTestApp({ dialect, cache: { pollIntervalMs: POLL_MS }, readModel });
      try {
        const world = await buildWorld(app);
        await app.app.refresh();
        await work(app, world);
      } finally {
        await app.close();
      }
    }

    it('asks the read model once for a repeated request', async () => {
      const calls: string[] = [];
      await withWrappedApp(
        (defaults): ReadModel => ({
          ...defaults,
          findLeague: (userId, leagueId) => {
            calls.push('findLeague');
            return defaults.findLeague(userId, leagueId);
          },
          listRostered: (league) => {
            calls.push('listRostered');
            return defaults.listRostered(league);
          },
        }),
        async (counted, world) => {
          const path = `/players/getAllRostered/${world.leagues.main}/names`;
          const first = await counted.request(path, { token: world.tokens.alice });
          const second = await counted.request(path, { token: world.tokens.alice });
          assert.equal(first.status, 200);
          assert.equal(second.status, 200);
          assert.equal(await second.text(), await first.text());
          assert.equal(second.headers.get('etag'), first.headers.get('etag'));
          assert.deepEqual(calls, ['findLeague', 'listRostered']);
        },
      );
    });

    it('keeps no entry for a junk query, and one for queries that mean the same', async () => {
      const calls: string[] = [];
      await withWrappedApp(
        (defaults): ReadModel => ({
          ...defaults,
          findLeagues: (userId, filter) => {
            calls.push('findLeagues');
            return defaults.findLeagues(userId, filter);
          },
          listRostered: (league) => {
            calls.push('listRostered');
            return defaults.listRostered(league);
          },
        }),
        async (counted, world) => {
          const get = (path: string) => counted.request(path, { token: world.tokens.alice });
          const rostered = `/players/getAllRostered/${world.leagues.main}/names`;
          for (const query of ['', '?', '?&', '?bogus=1', '?bogus=2', '?%zz', '?a&b']) {
            const response = await get(rostered + query);
            assert.equal(response.status, query.length > 2 ? 400 : 200, query);
            await response.arrayBuffer();
          }
          assert.deepEqual(calls, ['listRostered'], 'one entry for the map, none for junk');
          calls.length = 0;
          const list = '/league/findAllLeagues';
          const etags = new Set<string | null>();
          for (const query of [
            '?sport=football&season=2021',
            '?season=2021&sport=football',
            '?sport=football&sport=football&season=2021&season=2021',
          ]) {
            const response = await get(list + query);
            assert.equal(response.status, 200, query);
            etags.add(response.headers.get('etag'));
            await response.arrayBuffer();
          }
          for (const query of ['?sports=football', '?sport=hockey', '?season=2021&nope=1']) {
            await expectProblem(await get(list + query), 'invalid_parameter');
          }
          assert.equal(etags.size, 1);
          assert.deepEqual(calls, ['findLeagues'], 'the same filter is one entry, junk none');
        },
      );
    });

    it('keeps one entry for name searches that differ only as normalised (case, accents, dots)', async () => {
      const calls: string[] = [];
      await withWrappedApp(
        (defaults): ReadModel => ({
          ...defaults,
          searchPlayers: (league, name) => {
            calls.push(name);
            return defaults.searchPlayers(league, name);
          },
        }),
        async (counted, world) => {
          const search = (name: string) =>
            counted.request(`/players/${world.leagues.main}/searchPlayer/name/${name}`, {
              token: world.tokens.alice,
            });
          const etags = new Set<string | null>();
          for (const name of ['dj%20moore', 'DJ%20MOORE', 'D.J.%20Moore', 'd%20j%20m%C3%B3ore']) {
            const response = await search(name);
            assert.equal(response.status, 200, name);
            assert.equal(((await response.json()) as { player_id: string }).player_id, '4983');
            etags.add(response.headers.get('etag'));
          }
          assert.equal(etags.size, 1);
          assert.deepEqual(calls, ['dj moore'], 'four spellings, one search, one entry');
          // Parameters that fail their check are never looked up under a normalised key.
          await expectProblem(await search(`dj%20moore${'x'.repeat(100)}`), 'invalid_parameter');
          await expectProblem(await search('%21%2C%21'), 'invalid_parameter');
          await expectProblem(await search('dj%zzmoore'), 'invalid_parameter');
          assert.equal(calls.length, 1);
          assert.equal((await search('dj%20mo')).status, 200, 'another name, another search');
          assert.equal(calls.length, 2);
        },
      );
    });

    it('sends ETag, Last-Modified and Cache-Control: private, and 304 to a matching If-None-Match', async () => {
      for (const path of paths(w.leagues.main)) {
        const response = await t.request(path, { token: w.tokens.alice });
        assert.equal(response.status, 200, path);
        const body = await response.text();
        const etag = response.headers.get('etag') ?? '';
        assert.match(etag, /^"[A-Za-z0-9_-]+"$/, path);
        assert.equal(response.headers.get('cache-control'), 'private', path);
        assert.match(response.headers.get('vary') ?? '', /Accept-Encoding/, path);
        const modified = response.headers.get('last-modified') ?? '';
        assert.ok(!Number.isNaN(Date.parse(modified)), `${path} Last-Modified ${modified}`);

        for (const condition of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
          const again = await t.request(path, {
            token: w.tokens.alice,
            headers: { 'If-None-Match': condition },
          });
          assert.equal(again.status, 304, `${path} If-None-Match: ${condition}`);
          assert.equal(await again.text(), '');
          assert.equal(again.headers.get('etag'), etag);
          assert.equal(again.headers.get('cache-control'), 'private');
          assert.ok(again.headers.get('ratelimit-limit'));
        }
        const changed = await t.request(path, {
          token: w.tokens.alice,
          headers: { 'If-None-Match': '"not-this-one"' },
        });
        assert.equal(changed.status, 200);
        assert.equal(await changed.text(), body);
      }
    });

    it('answers errors with Cache-Control: no-store and no ETag', async () => {
      const response = await t.request('/league/settings/999999', { token: w.tokens.alice });
      assert.equal(response.headers.get('cache-control'), 'no-store');
      assert.equal(response.headers.get('etag'), null);
      await expectProblem(response, 'league_not_found');
    });

    it('compresses a large body once per coding: gzip and br decode to the identical JSON', async () => {
      const players = manyPlayers(40);
      await t.addPool({ platform: 'sleeper', sport: 'football', season: 0, players });
      const league = await t.addLeague(
        buildLeagueSnapshot({
          platformLeagueKey: 'bulk-1',
          name: 'Bulk League',
          rosterEntries: players.map((p) => ({ rosterId: '1', playerId: p.playerId })),
          players: [],
        }),
        w.aliceId,
      );
      await t.app.refresh();
      const path = `/players/getAllRostered/${league}/names`;
      const token = { 'X-Auth-Token': w.tokens.alice };
      const plain = await rawGet(t, path, token);
      assert.equal(plain.headers['content-encoding'], undefined);
      assert.ok(plain.body.length > MIN_COMPRESSED_BYTES);
      const decoders = { gzip: gunzipSync, br: brotliDecompressSync };
      for (const [acceptEncoding, coding] of [
        ['gzip', 'gzip'],
        ['br', 'br'],
        ['gzip, deflate, br', 'br'],
        ['gzip;q=1, br;q=0.5', 'gzip'],
        ['br;q=0, gzip', 'gzip'],
        ['*', 'br'],
        ['identity', undefined],
        ['gzip;q=0, br;q=0', undefined],
      ] as const) {
        for (let repeat = 0; repeat < 2; repeat++) {
          const response = await rawGet(t, path, { ...token, 'Accept-Encoding': acceptEncoding });
          assert.equal(response.headers['content-encoding'], coding, acceptEncoding);
          const decoded = coding === undefined ? response.body : decoders[coding](response.body);
          assert.deepEqual(decoded, plain.body, acceptEncoding);
          assert.equal(Number(response.headers['content-length']), response.body.length);
          if (coding !== undefined) {
            assert.ok(response.body.length < plain.body.length);
            assert.equal(
              response.headers.etag,
              `${String(plain.headers.etag).slice(0, -1)}-${coding === 'gzip' ? 'gz' : 'br'}"`,
            );
          }
        }
      }
      const small = await rawGet(t, `/league/settings/${league}`, {
        ...token,
        'Accept-Encoding': 'gzip, br',
      });
      assert.ok(small.body.length < MIN_COMPRESSED_BYTES);
      assert.equal(small.headers['content-encoding'], undefined);
    });

    it("never serves a league's cached answer to someone who is not a member", async () => {
      for (const path of paths(w.leagues.main).slice(1)) {
        assert.equal((await t.request(path, { token: w.tokens.alice })).status, 200, path);
        await expectProblem(await t.request(path, { token: w.tokens.bob }), 'league_not_found');
      }
    });

    it('keeps the product check on cached answers', async () => {
      const path = `/players/getAllRostered/${w.leagues.main}/names`;
      assert.equal((await t.request(path, { token: w.tokens.alice })).status, 200);
      await expectProblem(
        await t.request(path, { token: w.tokens.aliceNoProducts }),
        'product_missing',
      );
    });

    it('shows a league re-synced in this process: at once after refresh(), else within the poll interval', async () => {
      const snapshot = buildLeagueSnapshot({ platformLeagueKey: 'resync-1', name: 'Before' });
      const league = await t.addLeague(snapshot, w.aliceId);
      await t.app.refresh();
      const settings = async () =>
        (await (
          await t.request(`/league/settings/${league}`, { token: w.tokens.alice })
        ).json()) as {
          name: string;
        };
      const listNames = async () =>
        (
          (await (
            await t.request('/league/findAllLeagues', { token: w.tokens.alice })
          ).json()) as Array<{ name: string }>
        ).map((l) => l.name);
      assert.equal((await settings()).name, 'Before');
      assert.ok((await listNames()).includes('Before'));

      await writeLeagueSnapshot(t.store, { ...snapshot, name: 'After' });
      await t.app.refresh();
      assert.equal((await settings()).name, 'After');
      assert.ok((await listNames()).includes('After'));

      await writeLeagueSnapshot(t.store, { ...snapshot, name: 'Polled' });
      await eventually('the poll sees the write', async () => (await settings()).name === 'Polled');
      assert.ok((await listNames()).includes('Polled'));
    });

    it('drops player answers when the pool changes', async () => {
      const pool = { platform: 'espn' as const, sport: 'football' as const, season: 2020 };
      const player = buildPlayer({
        playerId: '-16033',
        fullName: 'Buffalo Bills',
        position: 'DEF',
      });
      await t.addPool({ ...pool, players: [player] });
      const league = await t.addLeague(
        buildLeagueSnapshot({
          ...pool,
          platformLeagueKey: 'espn-pool-1',
          rosterEntries: [],
          players: [],
        }),
        w.aliceId,
      );
      await t.app.refresh();
      const byId = `/players/${league}/searchPlayer/player_id/-16033`;
      const byName = `/players/${league}/searchPlayer/name/bills`;
      const name = async (path: string) =>
        ((await (await t.request(path, { token: w.tokens.alice })).json()) as { full_name: string })
          .full_name;
      assert.equal(await name(byId), 'Buffalo Bills');
      assert.equal(await name(byName), 'Buffalo Bills');
      await writePlayerPool(t.store, {
        ...pool,
        players: [{ ...player, fullName: 'Bills Defense' }],
      });
      await t.app.refresh();
      assert.equal(await name(byId), 'Bills Defense');
      assert.equal(await name(byName), 'Bills Defense');
    });

    it('follows membership changes: the league list and access to the league', async () => {
      const carol = await t.createUser(`carol_${dialect}`);
      const token = await t.issueToken(carol.id);
      const league = await t.addLeague(
        buildLeagueSnapshot({ platform: 'demo', platformLeagueKey: 'carol-1', name: 'Carol One' }),
        carol.id,
      );
      await t.app.refresh();
      const list = async () =>
        (
          (await (await t.request('/league/findAllLeagues', { token })).json()) as Array<{
            league_id: number;
          }>
        ).map((l) => l.league_id);
      assert.deepEqual(await list(), [league]);
      assert.equal((await t.request(`/league/settings/${league}`, { token })).status, 200);

      // carol joins alice's main league (the same snapshot, so only the membership is new)
      const main = buildLeagueSnapshot();
      const { outcome } = await writeLeagueSnapshot(
        t.store,
        {
          ...main,
          rosterEntries: [...main.rosterEntries, { rosterId: '2', playerId: '3321' }],
          players: [...main.players, OTHER_JOSH_ALLEN],
        },
        { userId: carol.id, accountId: null },
      );
      assert.equal(outcome, 'unchanged');
      await t.app.refresh();
      assert.deepEqual((await list()).sort(), [league, w.leagues.main].sort());
      assert.equal((await t.request(`/league/settings/${w.leagues.main}`, { token })).status, 200);

      await detachLeagues(t.store, {
        userId: carol.id,
        platform: 'demo',
        sports: [],
        seasons: [],
        keepLeagueIds: [],
      });
      await t.app.refresh();
      assert.deepEqual(await list(), [w.leagues.main]);
      await expectProblem(
        await t.request(`/league/settings/${league}`, { token }),
        'league_not_found',
      );
    });

    it(`stops accepting a revoked token within the token cache TTL (${TOKEN_CACHE_TTL_MS} ms)`, async () => {
      const token = await t.issueToken(w.aliceId);
      const path = `/league/settings/${w.leagues.main}`;
      assert.equal((await t.request(path, { token })).status, 200);
      await t.revokeToken(token);
      // Bounded by the TTL plus generous slack for a busy machine; never faster than the store.
      await eventually(
        'the revocation takes effect',
        async () => (await t.request(path, { token })).status === 401,
        TOKEN_CACHE_TTL_MS + 4000,
      );
      await expectProblem(await t.request(path, { token }), 'token_revoked');
    });
  });
}

describe('response cache budgets (sqlite)', () => {
  /** How often the read model is asked for alice's league list over two identical requests. */
  async function listReads(config: Partial<Config>, cache: CacheOptions): Promise<number> {
    let reads = 0;
    const t = await startTestApp({
      dialect: 'sqlite',
      config,
      cache,
      readModel: (defaults): ReadModel => ({
        ...defaults,
        findLeagues: (userId, filter) => {
          reads += 1;
          return defaults.findLeagues(userId, filter);
        },
      }),
    });
    try {
      const w = await buildWorld(t);
      await t.app.refresh();
      for (let i = 0; i < 2; i++) {
        const response = await t.request('/league/findAllLeagues', { token: w.tokens.alice });
        assert.equal(response.status, 200);
        await response.arrayBuffer();
      }
      return reads;
    } finally {
      await t.close();
    }
  }

  it('takes the budgets of CACHE_MB, with cache options or without, unless the caller sets its own', async () => {
    // 1 KB of CACHE_MB: no answer fits in 40% of it (an entry counts 900 B beyond its body).
    const tiny = { cacheMegabytes: 1 / 1024 };
    const polling = { pollIntervalMs: POLL_MS };
    assert.equal(await listReads(tiny, polling), 2, 'nothing kept');
    assert.equal(await listReads(tiny, { ...polling, maxResponseBytes: 1024 ** 2 }), 1);
    assert.equal(await listReads({}, polling), 1, "CACHE_MB's default keeps the answer");
  });
});

describe('response cache across processes (sqlite)', () => {
  it('sees a write through a second store handle on the same file within the poll interval', async () => {
    const t = await startTestApp({ dialect: 'sqlite', cache: { pollIntervalMs: POLL_MS } });
    const other = await openStore({ sqliteFile: t.store.location });
    try {
      const w = await buildWorld(t);
      const path = `/league/settings/${w.leagues.alpha}`;
      const name = async () =>
        ((await (await t.request(path, { token: w.tokens.alice })).json()) as { name: string })
          .name;
      await eventually('the first poll', async () => (await name()) === 'Alpha League');
      const etag = (await t.request(path, { token: w.tokens.alice })).headers.get('etag');
      await writeLeagueSnapshot(
        other,
        buildLeagueSnapshot({
          platformLeagueKey: '900000000000000001',
          name: 'Alpha League (other process)',
          leagueUrl: undefined,
          leagueAvatar: 'https://sleepercdn.com/avatars/abc',
          rosterEntries: [],
          players: [],
        }),
      );
      await eventually('the poll sees the other handle', async () =>
        (await name()).endsWith('(other process)'),
      );
      const after = await t.request(path, { token: w.tokens.alice });
      assert.notEqual(after.headers.get('etag'), etag);
    } finally {
      await other.close();
      await t.close();
    }
  });
});

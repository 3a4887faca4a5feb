// The scale bench's store builder: a template written by the store code, copied in bulk at the
// SQL level. A tiny store (10 template leagues copied to 100) must be served by the real app as
// if every league had been synced: distinct ids and keys, each copy's rosters and league data
// those of its template, each bulk user seeing exactly its leagues, and the next league written
// by the store code getting the next id.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { buildScaledStore } from '../../bench/scale/build.ts';
import type { ScaledStore } from '../../bench/scale/build.ts';
import { generateDemoDataset } from '../../src/platforms/demo/index.ts';
import { writeLeagueSnapshot } from '../../src/storage/repositories/snapshots.ts';
import { startTestApp } from '../helpers/app.ts';
import type { TestApp } from '../helpers/app.ts';
import { testBackends } from '../helpers/store.ts';

const TEMPLATE = 10;
const LEAGUES = 100;
/** One user per ten leagues: user n (1-based) is a member of leagues n, n + 10, ..., n + 90. */
const USERS = 10;

for (const dialect of testBackends()) {
  describe(`the scaled bench store [${dialect}]`, () => {
    let t: TestApp;
    let built: ScaledStore;
    const tokens = new Map<number, string>();

    before(async () => {
      t = await startTestApp({ dialect });
      built = await buildScaledStore({
        backend: dialect,
        leagues: LEAGUES,
        templateLeagues: TEMPLATE,
        playersPerSport: 15_000,
        coldUsers: 2,
        location: t.store.options,
      });
      for (const n of [1, 2]) {
        const user = await t.store.db
          .selectFrom('users')
          .select('id')
          .where('name', '=', `bench-u${n}`)
          .executeTakeFirstOrThrow();
        tokens.set(n, await t.issueToken(Number(user.id)));
      }
    });
    after(async () => {
      await t?.close();
    });

    const get = async (path: string, user: number): Promise<{ status: number; body: unknown }> => {
      const response = await t.request(path, { token: tokens.get(user) as string });
      return { status: response.status, body: await response.json() };
    };

    it('has every league once, with distinct ids and platform keys', async () => {
      assert.equal(built.leagues, LEAGUES);
      assert.equal(built.users, USERS);
      const rows = await t.store.db
        .selectFrom('leagues')
        .select(['id', 'platform', 'platform_league_key', 'season'])
        .execute();
      assert.equal(rows.length, LEAGUES);
      assert.deepEqual(
        rows.map((r) => Number(r.id)).sort((a, b) => a - b),
        Array.from({ length: LEAGUES }, (_, i) => i + 1),
      );
      const keys = new Set(rows.map((r) => `${r.platform}/${r.platform_league_key}/${r.season}`));
      assert.equal(keys.size, LEAGUES);
    });

    it("lists each bulk user's leagues, and only those", async () => {
      const list = await get('/league/findAllLeagues', 1);
      assert.equal(list.status, 200);
      const ids = (list.body as Array<{ league_id: number }>).map((l) => l.league_id);
      assert.deepEqual(
        ids.sort((a, b) => a - b),
        Array.from({ length: LEAGUES / USERS }, (_, i) => 1 + i * USERS),
      );
      assert.equal((await get('/league/settings/2', 1)).status, 404);
      assert.equal((await get('/league/settings/2', 2)).status, 200);
    });

    it("serves a copy's settings, rosters and league data as its template's", async () => {
      // League 1 is template 0 (with league data), league 11 its first copy: both user 1's.
      const paths = (id: number) => [
        `/players/getAllRostered/${id}/names`,
        `/league/teams/${id}`,
        `/league/matchups/${id}?week=1`,
        `/league/transactions/${id}?limit=50`,
        `/league/draft/${id}`,
        `/league/lineups/${id}?week=1`,
        `/league/lineups/${id}`,
        `/league/rules/${id}`,
      ];
      const template = paths(1);
      const copy = paths(11);
      for (const [i, path] of template.entries()) {
        const original = await get(path, 1);
        const copied = await get(copy[i] as string, 1);
        assert.equal(original.status, 200, path);
        assert.equal(copied.status, 200, copy[i]);
        assert.deepEqual(withoutLeagueId(copied.body), withoutLeagueId(original.body), copy[i]);
      }
      const lineups = (await get('/league/lineups/11?week=1', 1)).body as { teams: unknown[] };
      assert.ok(lineups.teams.length >= 10, 'the copy has a box score');
      // The copy's seasons name the copy's own platform key, so they lead back to it.
      const history = (await get('/league/history/11', 1)).body as Array<Record<string, unknown>>;
      const key = await t.store.db
        .selectFrom('leagues')
        .select('platform_league_key')
        .where('id', '=', 11)
        .executeTakeFirstOrThrow();
      assert.deepEqual(
        history.map((s) => [s.platform_league_id, s.league_id]),
        [[key.platform_league_key, 11]],
      );
      const rostered = (await get('/players/getAllRostered/11/names', 1)).body as object;
      assert.ok(Object.keys(rostered).length > 50, 'the copy has a roster');
      const settings = (await get('/league/settings/11', 1)).body as Record<string, unknown>;
      const original = (await get('/league/settings/1', 1)).body as Record<string, unknown>;
      assert.equal(settings.league_id, 11);
      assert.equal(settings.name, original.name);
    });

    it('issues working tokens for its cold users and knows the re-synced leagues', async () => {
      assert.equal(built.cold.length, 2);
      for (const { token } of built.cold) {
        const response = await t.request('/league/findAllLeagues', { token });
        assert.equal(response.status, 200);
      }
      const [resync] = built.resync;
      assert.ok(resync !== undefined);
      // The copy's snapshot names the copied league: writing it changes that league, no other.
      const before = await t.store.db.selectFrom('leagues').select('id').execute();
      const written = await writeLeagueSnapshot(t.store, {
        ...resync.snapshot,
        name: 'renamed',
      });
      assert.equal(written.leagueId, resync.leagueId);
      assert.equal(
        (await t.store.db.selectFrom('leagues').select('id').execute()).length,
        before.length,
      );
    });

    it('lets the store code write the next league with the next id', async () => {
      const [league] = generateDemoDataset({
        seed: 99,
        leagues: 1,
        playersPerSport: 100,
        platforms: ['demo'],
      }).leagues;
      const { leagueId } = await writeLeagueSnapshot(t.store, league as never);
      assert.equal(leagueId, LEAGUES + 1);
    });
  });
}

/** The body with every league_id field dropped (copies differ from their template only there). */
function withoutLeagueId(body: unknown): unknown {
  if (Array.isArray(body)) return body.map(withoutLeagueId);
  if (body !== null && typeof body === 'object') {
    return Object.fromEntries(
      Object.entries(body)
        .filter(([key]) => key !== 'league_id')
        .map(([key, value]) => [key, withoutLeagueId(value)]),
    );
  }
  return body;
}
